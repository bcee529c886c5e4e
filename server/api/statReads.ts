import type { Context, Hono } from 'hono';
import { nowSeconds } from '../db.js';
import { requireUser, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, ok, okJson } from './envelope.js';
import { UUID_PATTERN, type TrackId } from './input.js';
import { LIMITS } from './limits.js';
import { periodCountsJson } from './periodCounts.js';

/*
 * Reading play statistics back, as anniv-go answers them (docs/protocol.md#play-statistics):
 * a user's counts per track in a period, their history newest first, and one track's count for
 * everyone or for the user. Where anniv-go reads a bad number as a default or as "everything",
 * this server refuses it with 902003 and says which parameter and what it takes.
 */

/** the most digits a time or an id may have: Unix seconds stay under 10^12 until the year 33658 */
const MAX_DIGITS = 12;
/** anniv-go's page when `limit` is absent */
const HISTORY_DEFAULT_LIMIT = 10;
const MAX_DISC_OR_TRACK = 65_535;

function wholeNumber(c: Context, name: string, range: { min: number; max: number }, fallback?: number): number {
  const raw = c.req.query(name);
  if (raw === undefined && fallback !== undefined) return fallback;
  const value = raw !== undefined && new RegExp(`^\\d{1,${MAX_DIGITS}}$`).test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= range.min && value <= range.max)) {
    throw new ApiError(Status.IllegalParams, `${name} must be a whole number from ${range.min} to ${range.max}`);
  }
  return value;
}

const time = (c: Context, name: string, fallback?: number): number =>
  wholeNumber(c, name, { min: 0, max: 10 ** MAX_DIGITS - 1 }, fallback);

function albumId(c: Context, name = 'album_id'): string {
  const raw = c.req.query(name);
  if (raw === undefined || !UUID_PATTERN.test(raw))
    throw new ApiError(Status.IllegalParams, `${name} must be an album id`);
  return raw.toLowerCase();
}

function track(c: Context): TrackId {
  const range = { min: 1, max: MAX_DISC_OR_TRACK };
  return {
    album_id: albumId(c),
    disc_id: wholeNumber(c, 'disc_id', range),
    track_id: wholeNumber(c, 'track_id', range),
  };
}

const asTrack = (row: TrackId): TrackId => ({ album_id: row.album_id, disc_id: row.disc_id, track_id: row.track_id });

export function registerStatReadRoutes(app: Hono<ApiEnv>, { db, config }: ApiDeps): void {
  /**
   * Counts per track in [from, to], most played first (the latest play breaks ties, then the
   * track's album, disc and number), counted from the user's days of plays (periodCounts.ts).
   * `album_id` is this server's addition: only that album's tracks, read from stats_track. anniv-go
   * ignores it and answers all, and so does the strict mode, so the client's own filtering is
   * tested too.
   */
  app.get('/api/stat/self', (c) => {
    const user = requireUser(c);
    const from = time(c, 'from');
    const to = time(c, 'to', nowSeconds());
    const album = c.req.query('album_id') === undefined || config.strict ? null : albumId(c);
    if (album === null) return okJson(c, periodCountsJson(db, user.id, from, to));
    const rows = db
      .prepare(
        // named: without ANALYZE's figures SQLite would walk the user's every play instead
        `SELECT album_id, disc_id, track_id, COUNT(*) AS count, MAX(at) AS last FROM stats INDEXED BY stats_track
         WHERE album_id = ? AND user_id = ? AND at BETWEEN ? AND ?
         GROUP BY album_id, disc_id, track_id ORDER BY count DESC, last DESC, album_id, disc_id, track_id`,
      )
      .all(album, user.id, from, to) as (TrackId & { count: number })[];
    return ok(
      c,
      rows.map((r) => ({ track: asTrack(r), count: r.count })),
    );
  });

  /** the user's plays newest first; plays in the same second come in one fixed order, so pages never overlap */
  app.get('/api/stat/self/history', (c) => {
    const user = requireUser(c);
    const limit = wholeNumber(c, 'limit', { min: 1, max: LIMITS.statHistoryPage }, HISTORY_DEFAULT_LIMIT);
    const offset = wholeNumber(c, 'offset', { min: 0, max: LIMITS.statHistoryOffset }, 0);
    const rows = db
      .prepare(
        `SELECT album_id, disc_id, track_id, at FROM stats WHERE user_id = ?
         ORDER BY at DESC, album_id DESC, disc_id DESC, track_id DESC LIMIT ? OFFSET ?`,
      )
      .all(user.id, limit, offset) as (TrackId & { at: number })[];
    return ok(
      c,
      rows.map((r) => ({ track: asTrack(r), at: r.at })),
    );
  });

  /** one track's plays by every user, all time */
  app.get('/api/stat/song', (c) => {
    requireUser(c);
    const t = track(c);
    const row = db
      .prepare('SELECT COUNT(*) AS count FROM stats WHERE album_id = ? AND disc_id = ? AND track_id = ?')
      .get(t.album_id, t.disc_id, t.track_id) as { count: number };
    return ok(c, { count: row.count });
  });

  /** one track's plays by the user in [from, to] (from defaults to 0, to to now) */
  app.get('/api/stat/self/song', (c) => {
    const user = requireUser(c);
    const t = track(c);
    const from = time(c, 'from', 0);
    const to = time(c, 'to', nowSeconds());
    const row = db
      .prepare(
        `SELECT COUNT(*) AS count FROM stats
         WHERE album_id = ? AND disc_id = ? AND track_id = ? AND user_id = ? AND at BETWEEN ? AND ?`,
      )
      .get(t.album_id, t.disc_id, t.track_id, user.id, from, to) as { count: number };
    return ok(c, { count: row.count });
  });
}
