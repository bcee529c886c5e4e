// Lyrics on /now (beyond the spec, issue 15.2): the machine, its actor and the panel (loaded with /now).
export { lyricsMachine, type LyricsRef } from './lyricsMachine';
export { startLyrics } from './start';
export { LyricsProvider } from './context';
