// Play statistics (docs/protocol.md#play-statistics): POST /api/stat with a JSON array of one entry.
import type { ApiClient } from './client';
import type { TrackIdentity } from '@/shared/track';

export interface PlayReport {
  track: TrackIdentity;
  /** Unix seconds of the plays: the moment a track started counting (now − 10 s when sent) */
  at: number[];
}

/** sends one play report; keys go out snake_case (`album_id`, `disc_id`, `track_id`) */
export async function reportPlay(api: ApiClient, report: PlayReport): Promise<void> {
  const { albumId, discId, trackId } = report.track;
  await api.post('/api/stat', { body: [{ track: { albumId, discId, trackId }, at: report.at }] });
}
