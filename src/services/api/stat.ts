// Play statistics (docs/protocol.md#play-statistics): plays reported with POST /api/stat (a JSON
// array), read back as history and counts. Answers are narrowed here; a row of another shape is
// left out rather than trusted.
import { isPositiveWhole, isRecord, readTrackIdentity } from '@/rules/narrow';
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

/** one track's plays in a period */
export interface TrackCount {
  track: TrackIdentity;
  count: number;
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

/** a track's identity as the server sends it; album ids compared in lower case */
function identity(value: unknown): TrackIdentity | null {
  const track = readTrackIdentity(value);
  return track && { ...track, albumId: track.albumId.toLowerCase() };
}

/** the listener's plays newest first: `limit` of them after the first `offset` */
export async function readHistory(api: ApiClient, limit: number, offset: number): Promise<PlayedTrack[]> {
  const rows = await api.get<unknown>('/api/stat/self/history', { query: { limit, offset } });
  if (rows === null) return [];
  if (!Array.isArray(rows)) throw new TypeError('the play history is not a list');
  return rows.flatMap((row) => {
    const track = isRecord(row) ? identity(row.track) : null;
    return track && isRecord(row) && isPositiveWhole(row.at) ? [{ track, at: row.at }] : [];
  });
}

/**
 * The listener's plays per track in [from, to] (Unix seconds), most played first. With `albumId`
 * only that album's: the reference server narrows the answer itself, anniv-go answers every
 * track, so the rows are picked here either way.
 */
export async function readCounts(
  api: ApiClient,
  period: { from: number; to?: number },
  albumId?: string,
): Promise<TrackCount[]> {
  const query: Record<string, string | number> = { from: period.from };
  if (period.to !== undefined) query.to = period.to;
  if (albumId !== undefined) query.albumId = albumId;
  const rows = await api.get<unknown>('/api/stat/self', { query });
  // anniv-go answers `null` for no plays at all (a nil slice)
  if (rows === null) return [];
  if (!Array.isArray(rows)) throw new TypeError('the play counts are not a list');
  const wanted = albumId?.toLowerCase();
  return rows.flatMap((row) => {
    const track = isRecord(row) ? identity(row.track) : null;
    if (!track || !isRecord(row) || !isPositiveWhole(row.count)) return [];
    return wanted === undefined || track.albumId === wanted ? [{ track, count: row.count }] : [];
  });
}
