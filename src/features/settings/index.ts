// Local playback preferences (docs/behaviour.md#local-storage, player.*): quality and what closing the page does.
export type { SettingsRef } from './settingsMachine';
export { startSettings } from './start';
export { SettingsProvider, useSettings } from './context';
