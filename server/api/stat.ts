import type { Hono } from 'hono';
import { nowSeconds } from '../db.js';
import { requireUser, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, malformed, ok } from './envelope.js';
import { asObject, readJson, trackId, type TrackId } from './input.js';

const FORM = 'stat form';
const MAX_FUTURE_SECONDS = 3600;

function parseReports(body: unknown): { track: TrackId; at: number[] }[] {
  if (!Array.isArray(body)) throw malformed(FORM);
  return body.map((entry) => {
    const o = asObject(entry, FORM);
    const at = o.at;
    if (!Array.isArray(at) || !at.every((t) => typeof t === 'number' && Number.isSafeInteger(t))) throw malformed(FORM);
    return { track: trackId(o.track, FORM), at: at as number[] };
  });
}

export function registerStatRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { db } = deps;

  app.post('/api/stat', async (c) => {
    const user = requireUser(c);
    const reports = parseReports(await readJson(c, FORM));
    const limit = nowSeconds() + MAX_FUTURE_SECONDS;
    if (reports.some((r) => r.at.some((t) => t > limit))) throw new ApiError(Status.WriteErr, 'stat time is in the future');
    const insert = db.prepare('INSERT INTO stats (user_id, album_id, disc_id, track_id, at) VALUES (?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const r of reports) for (const t of r.at) insert.run(user.id, r.track.album_id, r.track.disc_id, r.track.track_id, t);
    })();
    return ok(c, null);
  });

  // Optional in the brief; cheap to offer: play counts of the user in [from, to].
  app.get('/api/stat/self', (c) => {
    const user = requireUser(c);
    const from = c.req.query('from');
    const to = c.req.query('to');
    if (from === undefined || !/^\d+$/.test(from) || (to !== undefined && !/^\d+$/.test(to))) {
      throw new ApiError(Status.IllegalParams, 'malformed stat query');
    }
    const rows = db
      .prepare(
        `SELECT album_id, disc_id, track_id, COUNT(*) AS count FROM stats
         WHERE user_id = ? AND at >= ? AND at <= ?
         GROUP BY album_id, disc_id, track_id ORDER BY count DESC, MAX(at) DESC`,
      )
      .all(user.id, Number(from), to === undefined ? nowSeconds() : Number(to)) as (TrackId & { count: number })[];
    return ok(
      c,
      rows.map((r) => ({ track: { album_id: r.album_id, disc_id: r.disc_id, track_id: r.track_id }, count: r.count })),
    );
  });
}
