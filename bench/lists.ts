/**
 * Favourites and playlists in real headless Chromium against the real reference server (started as
 * the e2e tests start it, on loopback) and the built client:
 *
 * - a 5 000-item playlist: the demo account creates it through the API (tracks of the demo albums,
 *   1 000 per append, the server's limit per request), then the page routes to /playlist/{id}
 *   (history.pushState, which wouter follows) until the list's first row is in the DOM
 *   (MutationObserver). The first route change of a document also loads the page's chunk.
 * - a heart: on the album page, a row's heart is clicked; measured from a capture-phase click
 *   listener to the heart showing filled (aria-pressed, the asked state shows at once) and to the
 *   server's answer having landed (aria-busy gone). Likes and unlikes alternate.
 *
 * Reports medians; nothing here asserts speed. Page errors do fail the run.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { DEMO_ALBUMS } from '../server/demo/catalog';
import { launchBrowser } from '../harness/browser';
import { signInAsDemo } from '../harness/signIn';
import { spawnServer, type TestServer } from '../harness/serverProcess';
import { REPO_ROOT } from './lib/paths';
import { collectErrors, row } from './lib/stats';
import { measureSmartLists, SMART_LIST_ALBUMS } from './smartLists/measure';
import type { BenchModule } from './lib/types';

export const PLAYLIST_LENGTH = 5_000;
const PLAYLIST_RUNS = 10;
const HEART_RUNS = 20;
const PLAYLIST_TARGET_MS = 150;
const HEART_TARGET_MS = 50;
/** a smart list worked out over a million tracks */
const SMART_LIST_TARGET_MS = 300;
/** no main-thread task longer than this while lists are worked out */
const LONG_TASK_TARGET_MS = 50;
const PLAYLIST_NAME = 'Bench 5000';
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const FIRST_ROW = `ul[aria-label="${PLAYLIST_NAME}"] > li`;

/** the demo tracks, cycled to `length` playlist items */
function items(length: number) {
  const tracks = DEMO_ALBUMS.flatMap((album) =>
    album.discs.flatMap((disc, d) =>
      disc.tracks.map((_, t) => ({ album_id: album.album_id, disc_id: d + 1, track_id: t + 1 })),
    ),
  );
  return Array.from({ length }, (_, i) => ({ type: 'normal', description: '', info: tracks[i % tracks.length]! }));
}

/** creates the big list through the API from the signed-in page; resolves with its id (a string: see bench/player.ts) */
async function createBigPlaylist(page: Page): Promise<string> {
  return page.evaluate(`(async () => {
    const all = ${JSON.stringify(items(PLAYLIST_LENGTH))};
    async function call(method, body) {
      const response = await fetch('/api/playlist', { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = await response.json();
      if (json.status !== 0) throw new Error(method + ' /api/playlist: ' + json.status + ' ' + json.message);
      return json.data;
    }
    const created = await call('PUT', { name: ${JSON.stringify(PLAYLIST_NAME)}, description: '', is_public: false, cover: { album_id: '', disc_id: 1 }, items: [] });
    for (let i = 0; i < all.length; i += 1000) await call('PATCH', { id: created.id, command: 'append', payload: all.slice(i, i + 1000) });
    return String(created.id);
  })()`);
}

/** pushState to the list; resolves with ms to its first row in the DOM (a string: see bench/player.ts) */
function routeToList(page: Page, path: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(${JSON.stringify(FIRST_ROW)})) return;
      observer.disconnect();
      resolve(performance.now() - start);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    history.pushState(null, '', ${JSON.stringify(path)});
  })`);
}

async function routeAway(page: Page): Promise<void> {
  await page.evaluate(() => history.pushState(null, '', '/'));
  await page.waitForFunction((selector) => !document.querySelector(selector), FIRST_ROW);
}

interface ListTimings {
  routeFirst: number[];
  routeWarm: number[];
}

async function playlistOpen(page: Page, server: TestServer, id: string): Promise<ListTimings> {
  const path = `/playlist/${id}`;
  const timings: ListTimings = { routeFirst: [], routeWarm: [] };
  for (let i = 0; i < PLAYLIST_RUNS; i++) {
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: '演示用户' }).waitFor();
    timings.routeFirst.push(await routeToList(page, path));
  }
  await routeAway(page);
  for (let i = 0; i < PLAYLIST_RUNS; i++) {
    timings.routeWarm.push(await routeToList(page, path));
    await routeAway(page);
  }
  // the whole list is what the page lists
  await routeToList(page, path);
  const total = await page.evaluate(
    (selector) => document.querySelector(selector)?.getAttribute('aria-setsize'),
    FIRST_ROW,
  );
  if (total !== String(PLAYLIST_LENGTH))
    throw new Error(`the playlist page lists ${total} items, expected ${PLAYLIST_LENGTH}`);
  return timings;
}

interface HeartTimings {
  toFilled: number[];
  toAnswered: number[];
}

/** clicks the first row's heart; resolves with ms to its new pressed state and to the answer */
function toggleHeart(page: Page): Promise<{ shown: number; answered: number }> {
  return page.evaluate(`new Promise((resolve) => {
    const heart = () => document.querySelector('main li button[aria-pressed]');
    const before = heart().getAttribute('aria-pressed');
    let start = 0;
    let shown = null;
    const check = () => {
      const now = heart();
      if (shown === null && now.getAttribute('aria-pressed') !== before) shown = performance.now() - start;
      if (shown !== null && !now.hasAttribute('aria-busy') && now.getAttribute('aria-pressed') !== before) {
        observer.disconnect();
        resolve({ shown, answered: performance.now() - start });
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.querySelector('main'), { attributes: true, subtree: true, childList: true });
    window.addEventListener('click', () => { start = performance.now(); }, { capture: true, once: true });
    heart().click();
  })`);
}

async function heartToggle(page: Page, server: TestServer): Promise<HeartTimings> {
  await page.goto(`${server.baseUrl}/album/${TWO_DISC_ALBUM}`);
  await page
    .getByText('音频仓库同步成功')
    .first()
    .waitFor()
    .catch(() => {});
  await page.waitForFunction(() => {
    const heart = document.querySelector('main li button[aria-pressed]');
    return heart instanceof HTMLButtonElement && !heart.disabled;
  });
  const timings: HeartTimings = { toFilled: [], toAnswered: [] };
  for (let i = 0; i < HEART_RUNS; i++) {
    const { shown, answered } = await toggleHeart(page);
    timings.toFilled.push(shown);
    timings.toAnswered.push(answered);
  }
  return timings;
}

export const listsBench: BenchModule = {
  name: 'lists',
  title: `Favourites, playlists and smart playlists in Chromium on loopback (${PLAYLIST_LENGTH}-item playlist, median of ${PLAYLIST_RUNS}; heart, median of ${HEART_RUNS})`,
  async run() {
    await build({ root: REPO_ROOT, logLevel: 'error' });
    const dataDir = await mkdtemp(join(tmpdir(), 'anniv-lists-bench-'));
    const [server, browser]: [TestServer, Browser] = await Promise.all([
      spawnServer({ dataDir, removeDataDir: true }),
      launchBrowser(),
    ]);
    const context = await browser.newContext();
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      collectErrors(page, errors);
      await signInAsDemo(page, server);
      const id = await createBigPlaylist(page);
      const list = await playlistOpen(page, server, id);
      const heart = await heartToggle(page, server);
      if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
      const smart = await measureSmartLists();
      return {
        rows: [
          row(`playlist ${PLAYLIST_LENGTH}: route change → first row in DOM`, list.routeWarm, PLAYLIST_TARGET_MS),
          row(`playlist ${PLAYLIST_LENGTH}: first route change (+ page chunk) → first row`, list.routeFirst, null),
          row('heart: click → shown filled / empty', heart.toFilled, HEART_TARGET_MS),
          row('heart: click → server answer landed', heart.toAnswered, null),
          row(
            `smart list over ${SMART_LIST_ALBUMS} albums (1,000,000 tracks), table held (worker)`,
            smart.listMs,
            SMART_LIST_TARGET_MS,
          ),
          row("smart list: the editor's count as a rule changes (worker)", smart.countMs, SMART_LIST_TARGET_MS),
          row('smart list: the first after the facts (worker reads and indexes them)', [smart.firstListMs], null),
          row(
            `smart list: longest main-thread task meanwhile (0 = none over 50 ms)`,
            [smart.longestTaskMs],
            LONG_TASK_TARGET_MS,
          ),
          row(
            `album facts of ${SMART_LIST_ALBUMS} albums read from /api/meta/album (first time)`,
            [smart.factsSyncMs],
            null,
          ),
          row('album facts: a sync with nothing new', [smart.resyncMs], null),
        ],
        notes: [
          'A route change to the playlist includes GET /api/playlist of all its items (loopback) and parsing them; only the rows in view render.',
          `Smart lists: three rule sets in turn (plays and an artist, likes or a title, never played and a date), a heavy listener's data (50,000 tracks played, 5,000 liked); matched ${[...new Set(smart.matched)].join(', ')} tracks.`,
          'The heart shows the asked state at once and keeps it when the server agrees; "answer landed" is the PUT or DELETE round trip.',
        ],
        data: {
          list,
          heart,
          smart,
          targetsMs: { playlistOpen: PLAYLIST_TARGET_MS, heart: HEART_TARGET_MS },
          playlistLength: PLAYLIST_LENGTH,
        },
      };
    } finally {
      await context.close();
      await browser.close();
      await server.stop();
    }
  },
};
