/**
 * Reading play statistics back from the real reference server on loopback, for a listener with
 * 1,000,000 plays: ten years of about 274 plays a day over 20,000 tracks (a few played often, most
 * rarely), beside four other listeners with 50,000 each. The plays are written straight into the
 * server's SQLite file before it starts (POST /api/stat takes at most 10,000 an hour per user); the
 * schema's triggers put them into their days (stat_days) as they are written.
 *
 * Each row is a whole HTTP call as the client makes it (session cookie, JSON answer read), median
 * of RUNS after one warm-up call. Targets: a page of history and a year's counts under 50 ms. The
 * last two rows report new plays (POST /api/stat), after the reads: what storing a play costs.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { sha256Hex } from '../server/auth';
import { mulberry32 } from '../server/demo/synth';
import { spawnServer, type TestServer } from '../harness/serverProcess';
import { call } from './lib/hostileAccounts';
import { playWriter, seedDemoAccount } from './lib/seed';
import { round, row } from './lib/stats';
import type { BenchModule, Cell } from './lib/types';

const PLAYS = 1_000_000;
const OTHER_LISTENERS = 4;
const OTHER_PLAYS = 50_000;
const TRACKS = 20_000;
const YEARS = 10;
const RUNS = 15;
const TARGET_MS = 50;
const DAY = 86_400;

const albumOf = (k: number): string => `00000000-0000-4000-8000-${(k % 2000).toString(16).padStart(12, '0')}`;

/** the heavy listener's plays, beside four other listeners' */
function seedPlays(db: Database.Database, userId: number): void {
  const write = playWriter(db);
  const addUser = db.prepare(
    "INSERT INTO users (email, nickname, avatar, password_hash, created_at) VALUES (?, 'other', '', 'x', 0)",
  );
  const rnd = mulberry32(7);
  const now = Math.floor(Date.now() / 1000);
  const span = YEARS * 365 * DAY;
  for (let i = 0; i < PLAYS; i++) {
    // squared: track 0 is played about 140 times as often as track 19,999
    const k = Math.floor(TRACKS * rnd() ** 2);
    write(userId, {
      albumId: albumOf(k),
      discId: 1,
      trackId: 1 + Math.floor(k / 2000),
      at: now - Math.floor((span * i) / PLAYS) - 60,
    });
  }
  for (let u = 0; u < OTHER_LISTENERS; u++) {
    const other = Number(addUser.run(`other${u}@bench.local`).lastInsertRowid);
    for (let i = 0; i < OTHER_PLAYS; i++) {
      const k = Math.floor(TRACKS * rnd());
      write(other, {
        albumId: albumOf(k),
        discId: 1,
        trackId: 1 + Math.floor(k / 2000),
        at: now - Math.floor(rnd() * span),
      });
    }
  }
}

async function timed(server: TestServer, cookie: string, path: string): Promise<{ ms: number[]; size: number }> {
  const once = async (): Promise<{ ms: number; size: number }> => {
    const start = performance.now();
    const answer = await call(server.baseUrl, path, { cookie });
    const ms = performance.now() - start;
    if (answer.status !== 0) throw new Error(`GET ${path}: ${answer.status} ${answer.message}`);
    return { ms, size: Array.isArray(answer.data) ? answer.data.length : 1 };
  };
  const first = await once();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push((await once()).ms);
  return { ms, size: first.size };
}

/** POST /api/stat as the client sends it, a new report each run (a report sent again stores nothing). */
async function timedReport(
  server: TestServer,
  cookie: string,
  report: (run: number) => { track: { album_id: string; disc_id: number; track_id: number }; at: number[] }[],
): Promise<number[]> {
  const ms: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const body = report(run);
    const start = performance.now();
    const answer = await call(server.baseUrl, '/api/stat', { method: 'POST', body, cookie });
    if (run > 0) ms.push(performance.now() - start);
    if (answer.status !== 0) throw new Error(`POST /api/stat: ${answer.status} ${answer.message}`);
  }
  return ms;
}

export const statsBench: BenchModule = {
  name: 'stats',
  title: `Play statistics read back on loopback: a listener with ${PLAYS.toLocaleString('en')} plays over ${YEARS} years (median of ${RUNS})`,
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'anniv-bench-stats-'));
    // a first start creates the demo account; the plays are written while the server is stopped
    const { email, password, seedMs } = await seedDemoAccount(dataDir, seedPlays);
    const album = albumOf(0);
    const server = await spawnServer({ dataDir, removeDataDir: true });
    try {
      const login = await call(server.baseUrl, '/api/user/login', {
        method: 'POST',
        body: { email, password: sha256Hex(password) },
      });
      if (login.status !== 0) throw new Error(`sign-in refused: ${login.status}`);
      const cookie = login.cookies.map((c) => c.split(';')[0]).join('; ');
      const now = Math.floor(Date.now() / 1000);
      const cases: [string, string, number | null][] = [
        ['history: the newest page (50 plays)', '/api/stat/self/history?limit=50&offset=0', TARGET_MS],
        ['history: a page 100,000 plays back', '/api/stat/self/history?limit=50&offset=100000', TARGET_MS],
        ['history: the oldest page (offset 999,950)', `/api/stat/self/history?limit=50&offset=${PLAYS - 50}`, null],
        ['counts: the last 7 days', `/api/stat/self?from=${now - 7 * DAY}`, TARGET_MS],
        ['counts: the last 30 days', `/api/stat/self?from=${now - 30 * DAY}`, TARGET_MS],
        ['counts: the last year', `/api/stat/self?from=${now - 365 * DAY}`, TARGET_MS],
        ['counts: all time (ten years)', '/api/stat/self?from=0', null],
        ["counts: one album's tracks, all time (album_id)", `/api/stat/self?from=0&album_id=${album}`, TARGET_MS],
        [
          'one track, every listener (/api/stat/song)',
          `/api/stat/song?album_id=${album}&disc_id=1&track_id=1`,
          TARGET_MS,
        ],
        [
          'one track, the listener (/api/stat/self/song)',
          `/api/stat/self/song?album_id=${album}&disc_id=1&track_id=1`,
          TARGET_MS,
        ],
      ];
      const rows: Record<string, Cell>[] = [];
      const sizes: string[] = [];
      for (const [label, path, target] of cases) {
        const { ms, size } = await timed(server, cookie, path);
        rows.push(row(label, ms, target));
        sizes.push(`${label}: ${size.toLocaleString('en')} ${size === 1 ? 'answer' : 'rows'}`);
      }
      // last, so the plays they add are not in the reads above; each at its own seconds
      rows.push(
        row(
          'report: one play (POST /api/stat)',
          await timedReport(server, cookie, (run) => [
            { track: { album_id: album, disc_id: 1, track_id: 1 + (run % 10) }, at: [now - 7200 - run] },
          ]),
          null,
        ),
        row(
          'report: 100 plays of 100 tracks over 3 days',
          await timedReport(server, cookie, (run) =>
            Array.from({ length: 100 }, (_, i) => ({
              track: { album_id: albumOf(i * 37 + run), disc_id: 1, track_id: 1 + (i % 10) },
              at: [now - 3 * DAY + i * 2500 + run],
            })),
          ),
          null,
        ),
      );
      return {
        rows,
        notes: [
          `Writing the ${(PLAYS + OTHER_LISTENERS * OTHER_PLAYS).toLocaleString('en')} plays into SQLite took ${round(seedMs / 1000)} s.`,
          ...sizes,
          'A whole HTTP call each (session, handler, JSON), the server a separate process on loopback.',
        ],
      };
    } finally {
      await server.stop();
    }
  },
};
