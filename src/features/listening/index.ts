// What the listener played (docs/behaviour.md#play-reports, #listening-history): the waiting plays
// and 最近播放. The app starts it after the first page and routes to its page lazily.
export { ListeningProvider } from './context';
