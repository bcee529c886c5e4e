// 淡入淡出's rule (docs/behaviour.md#sound): which hand-overs overlap, and by how long. Loaded with
// the audio graph, which applies it.
import type { CrossfadeSettings } from './sound';

/** a track as the graph knows it */
interface Placed {
  albumId: string;
  discId: number;
  trackId: number;
}

/** whether `next` is the track after `track` on their album (the next number, or the next disc's first) */
function followsOnAlbum(track: Placed, next: Placed): boolean {
  if (track.albumId !== next.albumId) return false;
  return (
    (next.discId === track.discId && next.trackId === track.trackId + 1) ||
    (next.discId === track.discId + 1 && next.trackId === 1)
  );
}

/**
 * Seconds `next` overlaps the end of `track`: the setting's, but 0 (gapless) for the track after
 * it on their album while the listener keeps those gapless, and 0 for a track the player could not name
 */
export function crossfadeSeconds(settings: CrossfadeSettings, track: Placed | null, next: Placed | null): number {
  if (!track || !next || settings.seconds <= 0) return 0;
  return settings.albumsGapless && followsOnAlbum(track, next) ? 0 : settings.seconds;
}
