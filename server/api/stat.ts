import type { Hono } from 'hono';
import { nowSeconds } from '../db.js';
import { requireUser, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, malformed, ok } from './envelope.js';
import { asObject, maxEntries, readJson, trackId, type TrackId } from './input.js';
import { LIMITS } from './limits.js';

const FORM = 'stat form';
/** anniv-go refuses a time more than an hour ahead with 901000 (docs/protocol.md#play-statistics). */
const MAX_FUTURE_SECONDS = 3600;

/**
 * Validates the whole report before anything is stored: counts first (so a huge array is refused
 * without looking at its entries), then types, then the time window.
 */
function parseReports(body: unknown): { track: TrackId; at: number[] }[] {
  if (!Array.isArray(body)) throw malformed(FORM);
  maxEntries(body, LIMITS.statEntriesPerRequest, 'stat entries');
  let plays = 0;
  const reports = body.map((entry) => {
    const o = asObject(entry, FORM);
    const at = o.at;
    if (!Array.isArray(at)) throw malformed(FORM);
    if (at.length > LIMITS.statTimesPerEntry) {
      throw new ApiError(
        Status.IllegalParams,
        `too many play times in one stat entry (at most ${LIMITS.statTimesPerEntry})`,
      );
    }
    plays += at.length;
    if (plays > LIMITS.statPlaysPerRequest) {
      throw new ApiError(
        Status.IllegalParams,
        `too many play times in one request (at most ${LIMITS.statPlaysPerRequest})`,
      );
    }
    if (!at.every((t) => typeof t === 'number' && Number.isSafeInteger(t))) throw malformed(FORM);
    return { track: trackId(o.track, FORM), at: at as number[] };
  });
  return reports;
}

const playsIn = (reports: { at: number[] }[]): number => reports.reduce((sum, r) => sum + r.at.length, 0);

function checkTimes(reports: { at: number[] }[], now: number): void {
  const latest = now + MAX_FUTURE_SECONDS;
  const earliest = now - LIMITS.statMaxAgeSeconds;
  for (const r of reports) {
    for (const t of r.at) {
      if (t > latest) throw new ApiError(Status.WriteErr, 'stat time is in the future');
      if (t < earliest) throw new ApiError(Status.IllegalParams, 'stat time too old (at most 1 year ago)');
    }
  }
}

export function registerStatRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { db, statBudget } = deps;

  app.post('/api/stat', async (c) => {
    const user = requireUser(c);
    const reports = parseReports(await readJson(c, FORM));
    checkTimes(reports, nowSeconds());
    // Last, so only a report that would be stored uses the budget.
    if (!statBudget.take(user.id, playsIn(reports))) {
      throw new ApiError(
        Status.WriteErr,
        `too many plays reported (at most ${statBudget.playsPerWindow} an hour); try again later`,
      );
    }
    // a play stored already (the same track at the same second: its report sent again after a lost
    // answer) is kept once, so a client that retries never counts a play twice
    const insert = db.prepare(
      'INSERT OR IGNORE INTO stats (user_id, album_id, disc_id, track_id, at) VALUES (?, ?, ?, ?, ?)',
    );
    // One transaction: the whole report is stored or nothing.
    db.transaction(() => {
      for (const r of reports)
        for (const t of r.at) insert.run(user.id, r.track.album_id, r.track.disc_id, r.track.track_id, t);
    })();
    return ok(c, null);
  });
}
