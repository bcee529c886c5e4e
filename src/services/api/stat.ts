// Play statistics (docs/protocol.md#play-statistics): plays reported with POST /api/stat (a JSON
// array), read back as history and counts. Answers are narrowed here; a row of another shape is
// left out rather than trusted.
import { isRecord } from '@/rules/narrow';
import type { ApiClient } from './client';
import { ALBUM_ID_PATTERN, trackKey, type TrackIdentity } from '@/shared/track';

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

const positiveWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function identity(value: unknown): TrackIdentity | null {
  if (!isRecord(value)) return null;
  const { albumId, discId, trackId } = value;
  return typeof albumId === 'string' &&
    ALBUM_ID_PATTERN.test(albumId) &&
    positiveWhole(discId) &&
    positiveWhole(trackId)
    ? { albumId: albumId.toLowerCase(), discId, trackId }
    : null;
}

/** the listener's plays newest first: `limit` of them after the first `offset` */
export async function readHistory(api: ApiClient, limit: number, offset: number): Promise<PlayedTrack[]> {
  const rows = await api.get<unknown>('/api/stat/self/history', { query: { limit, offset } });
  if (rows === null) return [];
  if (!Array.isArray(rows)) throw new TypeError('the play history is not a list');
  return rows.flatMap((row) => {
    const track = isRecord(row) ? identity(row.track) : null;
    return track && isRecord(row) && positiveWhole(row.at) ? [{ track, at: row.at }] : [];
  });
}
