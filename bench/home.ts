/**
 * 主页 of a heavy listener in real headless Chromium against the real reference server (spawned with
 * bench/home/server.ts, which serves the synthetic albums' metadata beside the demo's) and the built
 * client:
 *
 * - the listener of bench/smartLists/listener.ts over 100,000 synthetic albums: about 1,000,000
 *   plays of 50,000 tracks (the last ones this week, this month's among them), 2,000 liked albums
 *   and 5,000 liked tracks, written into the server's database before it starts;
 * - a second library (harness/albumListLibrary.ts) listing the 100,000 albums beside the demo's,
 *   added to the account and synced by the app once before the runs;
 * - a saved queue (localStorage `playlist` and where its track stopped, written before each load),
 *   so 继续播放 shows.
 *
 * Each run loads `/` in a new document and times, from navigation start, the home frame (the first
 * shelf heading in the DOM), 继续播放, each expected shelf's first cover (`ul[aria-label=…] > li`)
 * and all of them, with the longest main-thread task until then (longtask observer, from 50 ms).
 * 已保存到本机 stays empty (nothing is kept) and is not on the page. Reports medians; nothing here
 * asserts speed. Page errors, a missing shelf or an empty one fail the run.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { drawCover } from '../server/demo/cover';
import { serveAlbumList } from '../harness/albumListLibrary';
import { launchBrowser } from '../harness/browser';
import { cachedDemoLibrary, copyDemoLibrary } from '../harness/demoLibrary';
import { spawnServer } from '../harness/serverProcess';
import { signInAsDemo } from '../harness/signIn';
import { syntheticCatalogue } from './lib/catalogue';
import { addLibrary, openLibraries } from './lib/library';
import { REPO_ROOT } from './lib/paths';
import { playWriter, seedDemoAccount } from './lib/seed';
import { collectErrors, median, round, row } from './lib/stats';
import type { BenchModule } from './lib/types';
import { heavyListener, heavyListenerPlays } from './smartLists/listener';

const ALBUMS = 100_000;
const RUNS = 9;
/** no main-thread task longer than this until the shelves are filled */
const LONG_TASK_TARGET_MS = 50;
const LIBRARY_NAME = '十万专辑仓库';
const CONTINUE = '继续播放';
/** the shelves that must fill (已保存到本机 has nothing: no track is kept) */
const SHELVES = ['最近播放', '最近添加', '本月最常播放', '随便听听', '喜欢的专辑'];
const SERVER_ENTRY = join(REPO_ROOT, 'bench/home/server.ts');
const RUN_TIMEOUT_MS = 60_000;

interface LongTask {
  start: number;
  duration: number;
}

interface HomeRun {
  /** ms from navigation start: the first shelf heading in the DOM */
  frameMs: number;
  continueMs: number;
  /** each shelf's first cover, by title */
  shelfMs: Record<string, number>;
  /** every expected shelf has its covers */
  filledMs: number;
  /** the longest task that started before the shelves were filled; 0 when none reached 50 ms */
  longestTaskMs: number;
  /** the longest task's CPU time on the page's main thread from navigation until read (trace); 0 when none reached 20 ms */
  longestTaskCpuMs: number;
  /** every long task seen until read (after the fill too), for finding where one comes from */
  tasks: LongTask[];
  /** covers per shelf once filled */
  covers: Record<string, number>;
}

// Kept a string: a function would be serialised after the tsx transform (see bench/player.ts).
/** watches the document from its start: the home frame, 继续播放, each shelf, the long tasks */
const MEASURE = `(() => {
  const shelves = ${JSON.stringify(SHELVES)};
  const seen = { frameMs: null, continueMs: null, shelfMs: {}, filledMs: null, tasks: [], covers: {} };
  window.__homeBench = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    const now = performance.now();
    const headings = document.querySelectorAll('main h2');
    if (seen.frameMs === null && headings.length > 0) seen.frameMs = now;
    if (seen.continueMs === null && [...headings].some((h) => h.textContent === ${JSON.stringify(CONTINUE)})) seen.continueMs = now;
    for (const shelf of shelves) {
      if (seen.shelfMs[shelf] === undefined && document.querySelector('ul[aria-label="' + shelf + '"] > li')) seen.shelfMs[shelf] = now;
    }
    if (seen.continueMs !== null && shelves.every((s) => seen.shelfMs[s] !== undefined)) {
      seen.filledMs = now;
      for (const shelf of shelves) seen.covers[shelf] = document.querySelectorAll('ul[aria-label="' + shelf + '"] > li').length;
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** the saved queue: the ten tracks of the album played last, stopped 83 s into its third */
function savedQueue(albumId: string, album: { title: string; artist: string; tracks: string[] }): string {
  const tracks = album.tracks.map((title, t) => ({
    albumId,
    discId: 1,
    trackId: t + 1,
    title,
    artist: album.artist,
    albumTitle: album.title,
    type: 'normal',
  }));
  const position = { key: `${albumId}-1-3`, seconds: 83 };
  return `localStorage.setItem('playlist', ${JSON.stringify(JSON.stringify({ tracks, index: 2 }))});
    localStorage.setItem('player.position', ${JSON.stringify(JSON.stringify(position))});`;
}

/** the listener's plays and likes, into the server's database */
function seedListener(ids: string[], now: number) {
  const listener = heavyListener(ids, now);
  const counted = { plays: 0, thisMonth: 0 };
  const monthStart = Math.floor(new Date(new Date().getFullYear(), new Date().getMonth(), 1).getTime() / 1000);
  const seed = (db: Database.Database, userId: number) => {
    const write = playWriter(db);
    for (const play of heavyListenerPlays(listener)) {
      write(userId, play);
      counted.plays += 1;
      if (play.at >= monthStart) counted.thisMonth += 1;
    }
    const likeAlbum = db.prepare('INSERT INTO favourite_album (user_id, album_id, created_at) VALUES (?, ?, ?)');
    for (const [i, albumId] of listener.likedAlbums.entries()) likeAlbum.run(userId, albumId, now - i * 60);
    // keys drawn at random: a few twice
    const likeTrack = db.prepare(
      'INSERT OR IGNORE INTO favourite_music (user_id, album_id, disc_id, track_id, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    for (const [i, key] of listener.likedTracks.entries()) {
      const [, albumId, disc, track] = /^(.+)-(\d+)-(\d+)$/.exec(key)!;
      likeTrack.run(userId, albumId, Number(disc), Number(track), now - i * 60);
    }
  };
  return { listener, counted, seed };
}

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  /** thread (CPU) time in microseconds */
  tdur?: number;
  args?: { name?: string };
}

/** the longest task's CPU time (ms) on the new document's main thread in a trace; 0 when none reaches 20 ms */
function longestTaskCpu(trace: Buffer): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => main.has(`${e.pid}:${e.tid}`);
  // the old document's last tasks (beforeunload) are not the home page's
  const started = Math.max(0, ...events.filter((e) => e.name === 'navigationStart' && onMain(e)).map((e) => e.ts));
  const cpu = events
    .filter((e) => e.name.endsWith('RunTask') && onMain(e) && e.ts >= started)
    .map((e) => (e.tdur ?? 0) / 1000);
  const longest = Math.max(0, ...cpu);
  return longest >= 20 ? longest : 0;
}

/** one load of `/` in a new document, until every shelf is filled, traced */
async function loadHome(browser: Browser, page: Page, baseUrl: string): Promise<HomeRun> {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', '__metadata'] });
  await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
  // a function, not a string: the app's CSP refuses the page an eval
  await page.waitForFunction(
    () => {
      const seen = (window as { __homeBench?: { filledMs: number | null } }).__homeBench;
      return seen !== undefined && seen.filledMs !== null;
    },
    undefined,
    { timeout: RUN_TIMEOUT_MS, polling: 100 },
  );
  // the observer reports a task once it has ended
  await new Promise((resolve) => setTimeout(resolve, 500));
  const seen = (await page.evaluate('window.__homeBench')) as Omit<HomeRun, 'longestTaskMs' | 'longestTaskCpuMs'>;
  const longestTaskCpuMs = longestTaskCpu(await browser.stopTracing());
  const longestTaskMs = Math.max(0, ...seen.tasks.filter((t) => t.start < seen.filledMs).map((t) => t.duration));
  return { ...seen, longestTaskMs, longestTaskCpuMs };
}

export const homeBench: BenchModule = {
  name: 'home',
  title: `主页 of a heavy listener with ${ALBUMS.toLocaleString('en')} albums, in Chromium on loopback (median of ${RUNS} loads)`,
  async run() {
    const [demoContent] = await Promise.all([cachedDemoLibrary(), build({ root: REPO_ROOT, logLevel: 'error' })]);
    const dataDir = await mkdtemp(join(tmpdir(), 'anniv-home-bench-'));
    copyDemoLibrary(demoContent, dataDir);
    const { ids, meta } = syntheticCatalogue(ALBUMS);
    const idsFile = join(dataDir, 'home-bench-albums.json');
    await writeFile(idsFile, JSON.stringify(ids));
    const now = Math.floor(Date.now() / 1000);
    const { listener, counted, seed } = seedListener(ids, now);
    const { seedMs } = await seedDemoAccount(dataDir, seed);
    const server = await spawnServer({
      dataDir,
      removeDataDir: true,
      entry: SERVER_ENTRY,
      env: { HOME_BENCH_ALBUMS: idsFile },
    });
    const library = await serveAlbumList(ids, { cover: drawCover({ hue: 200, pattern: 'rings', size: 64 }) });
    const browser = await launchBrowser();
    const errors: string[] = [];
    try {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      collectErrors(page, errors);
      await signInAsDemo(page, server);
      await addLibrary(page, LIBRARY_NAME, library.url);
      await openLibraries(page, server.baseUrl, LIBRARY_NAME, ALBUMS);

      const queued = listener.lastPlayedAt[0]![0].replace(/-\d+-\d+$/, '');
      const album = meta.albums.get(queued)!;
      await context.addInitScript(
        savedQueue(queued, {
          title: album.title,
          artist: album.artist,
          tracks: album.discs[0]!.tracks.map((t) => t.title),
        }),
      );
      await context.addInitScript(MEASURE);
      // the first load fills the HTTP cache with the home page's files, as an earlier visit would have
      await loadHome(browser, page, server.baseUrl);
      const runs: HomeRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        runs.push(await loadHome(browser, page, server.baseUrl));
      }
      await context.close();
      if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
      const empty = runs.flatMap((r) => SHELVES.filter((s) => !(r.covers[s]! > 0)));
      if (empty.length > 0) throw new Error(`shelves without covers: ${empty.join(', ')}`);

      const longTasks = runs.flatMap((r, run) =>
        r.tasks
          .filter((t) => t.start < r.filledMs)
          .map((t) => `run ${run + 1}: ${round(t.duration)} ms at ${round(t.start)}`),
      );
      return {
        rows: [
          row(
            'navigation → the home frame (first shelf heading)',
            runs.map((r) => r.frameMs),
            null,
          ),
          row(
            `navigation → ${CONTINUE}`,
            runs.map((r) => r.continueMs),
            null,
          ),
          ...SHELVES.map((shelf) =>
            row(
              `navigation → ${shelf} filled`,
              runs.map((r) => r.shelfMs[shelf]!),
              null,
            ),
          ),
          row(
            `navigation → all ${SHELVES.length} shelves and ${CONTINUE} filled`,
            runs.map((r) => r.filledMs),
            null,
          ),
          row(
            'longest main-thread task until filled (0 = none over 50 ms)',
            runs.map((r) => r.longestTaskMs),
            LONG_TASK_TARGET_MS,
          ),
          row(
            "the longest task's CPU time, navigation → 0.5 s after filled (trace; 0 = none over 20 ms)",
            runs.map((r) => r.longestTaskCpuMs),
            null,
          ),
        ],
        notes: [
          `The listener: ${counted.plays.toLocaleString('en')} plays (${counted.thisMonth.toLocaleString('en')} this month) of ${listener.plays.length.toLocaleString('en')} tracks, ${listener.likedAlbums.length.toLocaleString('en')} liked albums, ${listener.likedTracks.length.toLocaleString('en')} liked tracks; written in ${round(seedMs / 1000)} s.`,
          `Covers per shelf: ${SHELVES.map((s) => `${s} ${runs[0]!.covers[s]}`).join(', ')}.`,
          `Long tasks until filled: ${longTasks.length === 0 ? 'none' : longTasks.join('; ')}. Longest in any run: ${round(Math.max(...runs.map((r) => r.longestTaskMs)))} ms (median ${round(median(runs.map((r) => r.longestTaskMs)))}).`,
        ],
        data: { runs, albums: ALBUMS, longTaskTargetMs: LONG_TASK_TARGET_MS, seedMs, counted },
      };
    } finally {
      await browser.close();
      await library.close();
      await server.stop();
    }
  },
};
