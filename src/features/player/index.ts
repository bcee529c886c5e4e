// The player (docs/behaviour.md#player, #streaming-and-library-choice): queue, playback, loop modes, the player bar, /queue and /now. What the
// app composes; the track controls other features' pages render are in components.ts.
export type { PlayerRef } from './playerMachine';
export { startPlayer, forgetSavedQueue } from './start';
export { attachPlayerToWindow } from './window';
export { playingTitleOf } from './selectors';
export { PlayerProvider } from './context';
export { PlayerBar } from './components/PlayerBar';
