// Sharing (spec 2.8, 2.9, 4.2, 4.5; protocol.md 1.6.10): the share wizard, the shared page that
// plays through the share's tokens, and the user's share links.
export { shareWizardMachine } from './shareWizardMachine';
export { mySharesMachine } from './mySharesMachine';
export { startShare, type ShareFeature } from './start';
export { ShareProvider } from './context';
