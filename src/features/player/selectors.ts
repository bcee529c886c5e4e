// What views and the app read of the player: narrow selectors, never state names.
import { trackKey } from '@/shared/track';
import { loopModeOf, playbackStatus, type PlayerSnapshot } from './playerMachine';

export { loopModeOf, playbackStatus };

export const isPlaying = (s: PlayerSnapshot): boolean => playbackStatus(s) === 'playing';

/** whether the track with this key is the loaded or selected one */
export const isCurrent =
  (key: string) =>
  (s: PlayerSnapshot): boolean =>
    nowPlayingKeyOf(s) === key;

export const nowPlayingOf = (s: PlayerSnapshot) => s.context.nowPlaying;

/** the shown track's time, seconds */
export const currentTimeOf = (s: PlayerSnapshot): number => s.context.currentTime;

/** the current track's key, or null */
export const nowPlayingKeyOf = (s: PlayerSnapshot): string | null =>
  s.context.nowPlaying ? trackKey(s.context.nowPlaying) : null;

/** the page title (docs/behaviour.md#player): the title of the track while one plays */
export const playingTitleOf = (s: PlayerSnapshot): string | null =>
  isPlaying(s) ? (s.context.nowPlaying?.title ?? null) : null;

/** where the track with this key is in the queue; -1 when it is not */
export const queuedIndexOf =
  (key: string) =>
  (s: PlayerSnapshot): number =>
    s.context.queue.findIndex((t) => trackKey(t) === key);
