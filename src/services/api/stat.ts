// Play statistics (docs/protocol.md#play-statistics): plays reported with POST /api/stat (a JSON
// array), read back as history and counts. Answers are narrowed here; a row of another shape is
// left out rather than trusted.
import type { ApiClient } from './client';
import { trackKey, type TrackIdentity } from '@/shared/track';

interface PlayReport {
  track: TrackIdentity;
  /** Unix seconds of the plays: the moment each began */
  at: number[];
}

/** one play: a track and the moment (Unix seconds) it began */
export interface PlayedTrack {
  track: TrackIdentity;
  /** Unix seconds */
  at: number;
}

/** sends plays, one entry per track (keys go out snake_case: `album_id`, `disc_id`, `track_id`) */
export async function reportPlays(api: ApiClient, plays: PlayedTrack[]): Promise<void> {
  const byTrack = new Map<string, PlayReport>();
  for (const { track, at } of plays) {
    const key = trackKey(track);
    const entry = byTrack.get(key);
    if (entry) entry.at.push(at);
    else
      byTrack.set(key, { track: { albumId: track.albumId, discId: track.discId, trackId: track.trackId }, at: [at] });
  }
  await api.post('/api/stat', { body: [...byTrack.values()] });
}
