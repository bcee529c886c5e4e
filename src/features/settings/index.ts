// Local playback preferences (spec 3, player.*): quality and what closing the page does.
export { settingsMachine, type SettingsContext, type SettingsRef } from './settingsMachine';
export { startSettings } from './start';
export { SettingsProvider } from './context';
