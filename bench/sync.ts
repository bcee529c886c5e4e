/**
 * Library sync in real Chromium: the app's sync machine with its real actors (bench/sync/entry.ts)
 * syncs a fake annil library of 10,000 and of 100,000 albums over fetch into real IndexedDB, re-syncs it with an
 * unchanged last_update, then the logout cleanup clears it. Each run uses a fresh browser context,
 * so the first sync starts from empty databases. Then the same library in the real app
 * (bench/sync/albumList.ts): its album list's first page and page 3,000 after the route change.
 * Reports medians; nothing here asserts speed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { launchBrowser } from '../harness/browser';
import type { LookupTimings, SyncTimings } from './sync/entry';
import { measureAlbumList, type AlbumListTimings } from './sync/albumList';
import { build } from 'vite';
import { buildEntry } from './lib/buildEntry';
import { syntheticCatalogue } from './lib/catalogue';
import { REPO_ROOT } from './lib/paths';
import { median, round } from './lib/stats';
import type { BenchModule } from './lib/types';

interface Size {
  albums: number;
  runs: number;
  targetsMs: { firstSyncMs: number | null; resyncMs: number | null; cleanupMs: number | null };
  /** the real app's album list is measured too (a synthetic catalogue of every album on the server) */
  albumList: boolean;
}

/** the library sizes measured: the 10,000 of the first benchmark and 100,000 (a big library) */
const SIZES: Size[] = [
  { albums: 10_000, runs: 5, targetsMs: { firstSyncMs: 1100, resyncMs: 50, cleanupMs: 300 }, albumList: true },
  { albums: 100_000, runs: 3, targetsMs: { firstSyncMs: 2000, resyncMs: 100, cleanupMs: 300 }, albumList: true },
];
/**
 * SYNC_MILLION=1 adds a library of 1,000,000 albums (39 MB of album list JSON): one run, sync only
 * (no album list: its catalogue would take the server minutes to build). Off by default, so a
 * plain `npm run bench -- sync` stays a few minutes.
 */
const MILLION: Size = {
  albums: 1_000_000,
  runs: 1,
  targetsMs: { firstSyncMs: null, resyncMs: 100, cleanupMs: 300 },
  albumList: false,
};
const RUN_TIMEOUT_MS = 300_000;
/** growth 10k → 100k at most this factor (linear, with room) */
const GROWTH_TARGET = 12;
/** one look-up of "which libraries hold album X" at 100,000 albums in three libraries */
const LOOKUP_TARGET_MS = 1;
/** no main-thread task longer than this while a sync runs (the page must not freeze) */
const LONG_TASK_TARGET_MS = 50;
/** the album list's first page and page 3,000 after the route change (both cost the same) */
const ALBUM_LIST_TARGET_MS = 300;
const ALBUM_LIST_RUNS = 5;
type Measured =
  | 'firstSyncMs'
  | 'resyncMs'
  | 'cleanupMs'
  | 'longestTaskMs'
  | 'heapAfterSyncMb'
  | 'albumListFirstPageMs'
  | 'albumListFarPageMs';
const LABELS: Record<Measured, string> = {
  firstSyncMs: 'first sync (from /info)',
  resyncMs: 're-sync, unchanged last_update',
  cleanupMs: 'logout cleanup',
  longestTaskMs: 'longest main-thread task during the first sync (ms, 0 = none over 50)',
  heapAfterSyncMb: 'JS heap after the first sync (MB, no forced GC)',
  albumListFirstPageMs: 'album list, route change → first album of page 1 (real app)',
  albumListFarPageMs: 'album list, route change → first album of page 3,000 (real app)',
};

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>sync bench</title><script type="module" src="/entry.js"></script>';

/**
 * One origin for the page and the library (so no CORS preflight is measured): `/info` and
 * `/albums` answer like annil, anything else is a file from the bundle directory.
 */
function serve(
  outDir: string,
  albumsJson: string,
  lastUpdate: number,
  counts: Record<string, number>,
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    counts[path] = (counts[path] ?? 0) + 1;
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    };
    if (path === '/') return send(200, 'text/html', PAGE);
    if (path === '/info') return send(200, 'application/json', JSON.stringify({ last_update: lastUpdate }));
    if (path === '/albums') return send(200, 'application/json', albumsJson);
    const file = join(outDir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    readFile(file).then(
      (body) => send(200, extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream', body),
      () => send(404, 'text/plain', 'not found'),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** `runs` runs against a library of `albums` albums, each in a fresh context (empty IndexedDB) */
async function measure(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  outDir: string,
  ids: readonly string[],
  runs: number,
  counts: Record<string, number>,
) {
  const albums = ids.length;
  const albumsJson = JSON.stringify(ids);
  const server = await serve(outDir, albumsJson, 1_716_000_000, counts);
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const results: SyncTimings[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${origin}/`);
        await page.waitForFunction(() => 'syncBench' in window);
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`${albums} albums, run ${i + 1} took over ${RUN_TIMEOUT_MS} ms`)),
            RUN_TIMEOUT_MS,
          ).unref(),
        );
        results.push(await Promise.race([page.evaluate((url) => window.syncBench.run(url), origin), timeout]));
        if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
      } finally {
        await context.close();
      }
    }
    if (results.some((r) => r.albumCount !== albums))
      throw new Error(`stored album counts: ${results.map((r) => r.albumCount).join(', ')} of ${albums}`);
    const lookupContext = await browser.newContext();
    try {
      const page = await lookupContext.newPage();
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => 'syncBench' in window);
      const lookups = await page.evaluate((url) => window.syncBench.lookups(url), origin);
      return { results, lookups };
    } finally {
      await lookupContext.close();
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

function sizes(): Size[] {
  return process.env.SYNC_MILLION ? [...SIZES, MILLION] : SIZES;
}

function lookupRows(albums: number, lookups: LookupTimings): Record<string, string | number>[] {
  const row = (measurement: string, ms: number, target: number | null) => ({
    albums: `${albums} × 3 libraries`,
    measurement,
    median: round(ms),
    min: '',
    max: '',
    target: target === null ? '(info)' : `< ${target}`,
    met: target === null ? '-' : ms < target ? 'yes' : 'NO',
  });
  return [
    row('storing two more libraries (worker)', lookups.storeTwoMoreMs, null),
    row('one look-up, first in the tab (opens the database, reads 3 blocks)', lookups.coldMs, null),
    row(
      'one look-up, blocks not yet read (median of 20)',
      lookups.uncachedMs,
      albums === 100_000 ? LOOKUP_TARGET_MS : null,
    ),
    row(
      'one look-up, blocks read before (median of 200)',
      lookups.cachedMs,
      albums === 100_000 ? LOOKUP_TARGET_MS : null,
    ),
  ];
}

export const syncBench: BenchModule = {
  name: 'sync',
  title: `Library sync in Chromium (${sizes()
    .map((s) => `${s.albums} albums, median of ${s.runs}`)
    .join('; ')})`,
  async run() {
    const outDir = await mkdtemp(join(tmpdir(), 'anniv-sync-bench-'));
    const counts: Record<string, number> = {};
    const browser = await launchBrowser();
    try {
      await buildEntry('bench/sync/entry.ts', outDir);
      // the app itself, for the album list
      await build({ root: REPO_ROOT, logLevel: 'error' });
      const data: Record<string, { sync: SyncTimings[]; albumList: AlbumListTimings | null; lookups: LookupTimings }> =
        {};
      const rows: Record<string, string | number>[] = [];
      const medians: Record<number, Record<Measured, number>> = {};
      for (const size of sizes()) {
        const catalogue = size.albumList
          ? syntheticCatalogue(size.albums)
          : { ids: Array.from({ length: size.albums }, () => randomUUID()), meta: null };
        const { results: runs, lookups } = await measure(browser, outDir, catalogue.ids, size.runs, counts);
        const albumList = catalogue.meta
          ? await measureAlbumList(browser, { albumIds: catalogue.ids, meta: catalogue.meta, runs: ALBUM_LIST_RUNS })
          : null;
        data[size.albums] = { sync: runs, albumList, lookups };
        const targets: Record<Measured, number | null> = {
          ...size.targetsMs,
          longestTaskMs: LONG_TASK_TARGET_MS,
          heapAfterSyncMb: null,
          albumListFirstPageMs: ALBUM_LIST_TARGET_MS,
          albumListFarPageMs: ALBUM_LIST_TARGET_MS,
        };
        const valuesOf = (key: Measured): number[] =>
          key === 'albumListFirstPageMs'
            ? (albumList?.firstPageMs ?? [])
            : key === 'albumListFarPageMs'
              ? (albumList?.farPageMs ?? [])
              : runs.map((r) => r[key]);
        medians[size.albums] = {} as Record<Measured, number>;
        for (const key of Object.keys(LABELS) as Measured[]) {
          const values = valuesOf(key);
          if (values.length === 0) continue;
          const med = median(values);
          medians[size.albums]![key] = med;
          const target = targets[key];
          rows.push({
            albums: size.albums,
            measurement: LABELS[key],
            median: round(med),
            min: round(Math.min(...values)),
            max: round(Math.max(...values)),
            target: target === null ? '(info)' : `< ${target}`,
            met: target === null ? '-' : med < target ? 'yes' : 'NO',
          });
        }
      }
      const [small, large] = SIZES.map((s) => medians[s.albums]!);
      for (const key of Object.keys(LABELS) as Measured[]) {
        const growth = small![key] > 0 ? large![key] / small![key] : null;
        const target = key === 'firstSyncMs' ? GROWTH_TARGET : null;
        rows.push({
          albums: '10k → 100k',
          measurement: `growth: ${LABELS[key]}`,
          median: growth === null ? 'n/a' : `×${round(growth)}`,
          min: '',
          max: '',
          target: target === null ? '' : `≤ ×${target}`,
          met: target === null || growth === null ? '' : growth <= target ? 'yes' : 'NO',
        });
      }
      for (const size of sizes()) rows.push(...lookupRows(size.albums, data[size.albums]!.lookups));
      return {
        rows,
        notes: [
          `Look-ups: the synced library plus two more of the same size stored beside it (three libraries), in a fresh context; "uncached" reads the three blocks that could hold the album, "cached" reuses the blocks this tab has read. ${process.env.SYNC_MILLION ? '' : 'SYNC_MILLION=1 adds the 1,000,000-album row.'}`,
          "JS heap: the page's main thread (performance.memory); the worker that writes has its own heap, not counted.",
          "Each run: a fresh browser context, the app's own sync machine and actors (the IndexedDB writes in their worker), a fake annil on the same origin.",
          `Album list: the real app and server with a synthetic catalogue, the library on its own origin, median of ${ALBUM_LIST_RUNS} fresh documents each (the first route change also loads the page's chunk); the far page is page 3,000 at 100,000 albums, the last page at 10,000.`,
          `Requests: /info ${counts['/info'] ?? 0}, /albums ${counts['/albums'] ?? 0} in all (the re-sync skips /albums).`,
        ],
        data: { runs: data, sizes: sizes(), longTaskTargetMs: LONG_TASK_TARGET_MS, requests: counts },
      };
    } finally {
      await browser.close();
      await rm(outDir, { recursive: true, force: true });
    }
  },
};
