// Sharing (docs/behaviour.md#sharing, docs/protocol.md#shares): the share wizard, the shared page that
// plays through the share's tokens, and the user's share links.
export { startShare } from './start';
export { ShareProvider } from './context';
