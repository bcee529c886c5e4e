/**
 * Library sync in real Chromium: the app's sync machine with its real actors (bench/sync/entry.ts)
 * syncs a fake annil library of 10 000 albums over fetch into real IndexedDB, re-syncs it with an
 * unchanged last_update, then the logout cleanup clears it. Each run uses a fresh browser context,
 * so the first sync starts from empty databases. Reports medians; nothing here asserts speed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import { launchBrowser } from '../tests/e2e/support/browser';
import type { SyncTimings } from './sync/entry';
import { REPO_ROOT } from './lib/paths';
import type { BenchModule } from './lib/types';

export const ALBUM_COUNT = 10_000;
export const RUNS = 5;
const RUN_TIMEOUT_MS = 60_000;
const TARGETS_MS = { firstSyncMs: 1100, resyncMs: 50, cleanupMs: 500 } as const;
const LABELS = {
  firstSyncMs: `first sync, ${ALBUM_COUNT} albums`,
  resyncMs: 're-sync, unchanged last_update',
  cleanupMs: 'logout cleanup',
} as const;

/** bundles the entry with the project's `@` alias into `outDir` (one ES module, plus any chunks) */
async function buildEntry(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: REPO_ROOT,
    // errors only: the app's own build (bundle bench) already reports its warnings
    logLevel: 'error',
    resolve: { alias: { '@': join(REPO_ROOT, 'src') } },
    // library mode leaves process.env alone; the app build replaces it the same way
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      lib: { entry: join(REPO_ROOT, 'bench/sync/entry.ts'), formats: ['es'], fileName: 'entry' },
    },
  });
}

const PAGE = '<!doctype html><meta charset="utf-8"><title>sync bench</title><script type="module" src="/entry.js"></script>';

/**
 * One origin for the page and the library (so no CORS preflight is measured): `/info` and
 * `/albums` answer like annil, anything else is a file from the bundle directory.
 */
function serve(outDir: string, albumsJson: string, lastUpdate: number, counts: Record<string, number>): Promise<Server> {
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

export const syncBench: BenchModule = {
  name: 'sync',
  title: `Library sync in Chromium (${ALBUM_COUNT} albums, median of ${RUNS} runs)`,
  async run() {
    const outDir = await mkdtemp(join(tmpdir(), 'anniv-sync-bench-'));
    const counts: Record<string, number> = {};
    const albumsJson = JSON.stringify(Array.from({ length: ALBUM_COUNT }, () => randomUUID()));
    let server: Server | undefined;
    const browser = await launchBrowser();
    try {
      await buildEntry(outDir);
      server = await serve(outDir, albumsJson, 1_716_000_000, counts);
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const runs: SyncTimings[] = [];
      for (let i = 0; i < RUNS; i++) {
        // a fresh context: empty IndexedDB and localStorage, like a new private window
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          await page.goto(`${origin}/`);
          await page.waitForFunction(() => 'syncBench' in window);
          const timeout = new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`run ${i + 1} took over ${RUN_TIMEOUT_MS} ms`)), RUN_TIMEOUT_MS).unref(),
          );
          runs.push(await Promise.race([page.evaluate((url) => window.syncBench.run(url), origin), timeout]));
          if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
        } finally {
          await context.close();
        }
      }
      if (runs.some((r) => r.albumCount !== ALBUM_COUNT)) throw new Error(`stored album counts: ${runs.map((r) => r.albumCount).join(', ')}`);
      const keys = Object.keys(TARGETS_MS) as (keyof typeof TARGETS_MS)[];
      const rows = keys.map((key) => {
        const values = runs.map((r) => r[key]);
        const med = median(values);
        return {
          measurement: LABELS[key],
          'median ms': round(med),
          'min ms': round(Math.min(...values)),
          'max ms': round(Math.max(...values)),
          target: `< ${TARGETS_MS[key]} ms`,
          met: med < TARGETS_MS[key] ? 'yes' : 'NO',
        };
      });
      return {
        rows,
        notes: [
          `Requests per run: /info ${(counts['/info'] ?? 0) / RUNS}, /albums ${(counts['/albums'] ?? 0) / RUNS} (the re-sync skips /albums).`,
        ],
        data: { albumCount: ALBUM_COUNT, runs, targetsMs: TARGETS_MS, requests: counts },
      };
    } finally {
      await browser.close();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      await rm(outDir, { recursive: true, force: true });
    }
  },
};
