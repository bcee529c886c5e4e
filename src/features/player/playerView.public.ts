// What another feature follows of the player (scrobbling), without the player's views. Here, not
// in selectors.ts, so it loads with the feature that follows, not with the first page.
import { isPlaying } from './selectors';
import type { PlayerSnapshot } from './playerMachine';

export type { PlayerRef } from './playerMachine';

/** which play this is (a count that moves each time a track becomes current), the track, whether it plays, its length */
export const playerViewOf = (s: PlayerSnapshot) => ({
  play: s.context.plays,
  track: s.context.nowPlaying,
  playing: isPlaying(s),
  duration: s.context.duration,
});
