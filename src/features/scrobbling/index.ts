// Scrobbling to ListenBrainz (docs/behaviour.md#listenbrainz). The app starts it after the first
// page, once somebody is signed in; its panel loads with the 设置 tab (components.ts).
export { ScrobblingProvider } from './context';
