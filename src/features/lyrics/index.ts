// Lyrics on /now (ours, beyond the original client; docs/architecture.md#7-playback): the machine, its actor and the panel (loaded with /now).
export { LyricsProvider } from './context';
