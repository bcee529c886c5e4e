/**
 * The player in real headless Chromium against the real reference server (started as the e2e
 * tests start it, on loopback, demo content generated into a temporary DATA_DIR) and the built
 * client (vite build into dist/ first, as the bundle bench does):
 *
 * - click → playing: the demo account on the two-disc album page clicks a track row's play
 *   button; measured inside the page with performance.now() from a capture-phase click listener
 *   (it runs before the app's handler) to the player's <audio> element firing `playing` (the
 *   element is reached by wrapping window.Audio). Each run loads the album page afresh (nothing
 *   playing, nothing preloaded) and clicks another track than the run before.
 * - a 5 000-track queue page: a 5 000-item `playlist` in localStorage (real album ids, track ids
 *   1..5000 so every key differs; the rows render, they would not play), then /queue until its
 *   list's first row is in the DOM (MutationObserver): by a client-side route change
 *   (history.pushState, which wouter follows), and by a full page load from navigation start.
 *
 * - gap between tracks: gapless hand-overs between the demo's two halves of one chord (see
 *   gapsBetweenTracks).
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
import { lastGap, SAMPLE_AUDIO_CLOCKS, waitForPreparedTrack } from '../harness/gap';
import { signInAsDemo } from '../harness/signIn';
import { spawnServer, type TestServer } from '../harness/serverProcess';
import { REPO_ROOT } from './lib/paths';
import { loudnessBench } from './loudness';
import { collectErrors, round, row } from './lib/stats';
import type { BenchModule } from './lib/types';

export const CLICK_RUNS = 20;
export const QUEUE_RUNS = 10;
export const QUEUE_LENGTH = 5_000;
export const GAP_RUNS = 8;
const GAP_TARGET_MS = 20;
const DAY_NIGHT_ALBUM = 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04'; // 昼/夜: 黄昏 → 夜 is one chord cut in two
const CLICK_TARGET_MS = 150;
/** how long a hand holds a mouse button down in a click (ms) */
const HAND_PRESS_MS = 100;
const QUEUE_TARGET_MS = 100;
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲, 6 + 5 tracks
const QUEUE_ROW = 'ul[aria-label="播放队列"] > li';

/**
 * Installed before the app's scripts. Every Audio element reports `playing` into
 * __bench.playing; a capture-phase click on a button stamps __bench.click. For the page-load
 * measurement it also watches for the queue's first row from the very start.
 */
const INSTRUMENT = `(() => {
  const bench = { click: null, playCalls: [], playing: [], firstRow: null };
  window.__bench = bench;
  window.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button')) bench.click = performance.now();
  }, true);
  const NativeAudio = window.Audio;
  const SpyAudio = function (src) {
    const element = src === undefined ? new NativeAudio() : new NativeAudio(src);
    element.addEventListener('playing', () => bench.playing.push(performance.now()));
    return element;
  };
  SpyAudio.prototype = NativeAudio.prototype;
  window.Audio = SpyAudio;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    bench.playCalls.push(performance.now());
    return play.call(this);
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector(${JSON.stringify(QUEUE_ROW)})) {
      bench.firstRow = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

interface BenchWindow {
  __bench: { click: number | null; playCalls: number[]; playing: number[]; firstRow: number | null };
}

/** the tracks of 港灯夜曲 in album order, with their disc and track numbers */
function twoDiscTracks(): { title: string; discId: number; trackId: number }[] {
  const album = DEMO_ALBUMS.find((a) => a.album_id === TWO_DISC_ALBUM)!;
  return album.discs.flatMap((disc, d) =>
    disc.tracks.map((t, i) => ({ title: t.title, discId: d + 1, trackId: i + 1 })),
  );
}

/** a saved queue of `length` items over the demo albums: real album ids, track ids 1..length */
export function bigQueue(length: number) {
  const tracks = Array.from({ length }, (_, i) => {
    const album = DEMO_ALBUMS[i % DEMO_ALBUMS.length]!;
    const pool = album.discs.flatMap((d) => d.tracks);
    const base = pool[Math.floor(i / DEMO_ALBUMS.length) % pool.length]!;
    return {
      albumId: album.album_id,
      discId: 1,
      trackId: i + 1,
      title: `${base.title} #${i + 1}`,
      artist: base.artist ?? album.artist,
      albumTitle: album.title,
      type: base.type ?? 'normal',
    };
  });
  return { tracks, index: 0 };
}

interface ClickTimings {
  /** click → the element's `playing` */
  latencies: number[];
  /** click → play() called on the element (source resolved, HEAD probe answered, src set) */
  toPlayCall: number[];
  /** play() → `playing` (the element loads and starts the FLAC) */
  playCallToPlaying: number[];
  /** disc/track clicked in each run */
  tracks: string[];
}

/** `pressMs`: how long the button is held down (0: Playwright's click, pressed and let go at once) */
async function clickToPlaying(browser: Browser, server: TestServer, pressMs = 0): Promise<ClickTimings> {
  const context = await browser.newContext();
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    collectErrors(page, errors);
    await page.addInitScript(INSTRUMENT);
    await signInAsDemo(page, server);
    const tracks = twoDiscTracks();
    const timings: ClickTimings = { latencies: [], toPlayCall: [], playCallToPlaying: [], tracks: [] };
    for (let i = 0; i < CLICK_RUNS; i++) {
      const track = tracks[i % tracks.length]!;
      await page.goto(`${server.baseUrl}/album/${TWO_DISC_ALBUM}`);
      const button = page
        .locator('main')
        .getByRole('listitem')
        .filter({ has: page.getByText(track.title, { exact: true }) })
        .getByRole('button', { name: '播放', exact: true });
      // click() waits until the button is enabled: once the album's library is known
      await button.click({ delay: pressMs });
      const handle = await page.waitForFunction(
        () => {
          const bench = (window as unknown as BenchWindow).__bench;
          if (bench.click === null) return null;
          const click = bench.click;
          const playing = bench.playing.find((t) => t >= click);
          const playCall = bench.playCalls.find((t) => t >= click);
          return playing === undefined || playCall === undefined
            ? null
            : { playing: playing - click, playCall: playCall - click };
        },
        undefined,
        { timeout: 30_000 },
      );
      const run = (await handle.jsonValue()) as { playing: number; playCall: number };
      timings.latencies.push(run.playing);
      timings.toPlayCall.push(run.playCall);
      timings.playCallToPlaying.push(run.playing - run.playCall);
      timings.tracks.push(`${track.discId}/${track.trackId}`);
    }
    if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
    return timings;
  } finally {
    await context.close();
  }
}

/**
 * Hand-overs between 黄昏 and 夜 (one chord cut in two), the queue holding just those two, in
 * 单曲循环 (夜 into itself) and 队列循环 (one into the other) alternately: the time jumps to 2 s
 * before the end once the next track is loaded, and the gap is read off both elements' clocks.
 */
async function gapsBetweenTracks(browser: Browser, server: TestServer): Promise<number[]> {
  const context = await browser.newContext();
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    collectErrors(page, errors);
    await page.addInitScript(SAMPLE_AUDIO_CLOCKS);
    await signInAsDemo(page, server);
    const album = DEMO_ALBUMS.find((a) => a.album_id === DAY_NIGHT_ALBUM)!;
    const titles = album.discs[0]!.tracks.map((t) => t.title);
    const queue = ['黄昏', '夜'].map((title) => {
      const trackId = titles.indexOf(title) + 1;
      return {
        albumId: album.album_id,
        discId: 1,
        trackId,
        title,
        artist: album.artist,
        albumTitle: album.title,
        type: 'normal',
      };
    });
    await page.evaluate((saved) => localStorage.setItem('playlist', JSON.stringify(saved)), {
      tracks: queue,
      index: 0,
    });
    await page.reload();
    const bar = page.locator('footer');
    await bar.locator('img[alt="黄昏"][src^="blob:"]').waitFor({ timeout: 30_000 });
    await bar.getByRole('button', { name: '播放', exact: true }).click();
    const slider = bar.getByRole('slider', { name: '播放进度' });
    const gaps: number[] = [];
    const loopButton = bar.getByRole('button', { name: /^(队列循环|单曲循环|队列随机)$/ });
    const pathOf = (trackId: number) => `/${DAY_NIGHT_ALBUM}/1/${trackId}`;
    for (let i = 0; i < GAP_RUNS; i++) {
      // even runs in 队列循环 (into the other track), odd ones in 单曲循环 (into itself)
      const mode = i % 2 === 0 ? '队列循环' : '单曲循环';
      while ((await loopButton.getAttribute('aria-label')) !== mode) await loopButton.click();
      const playing = await page.waitForFunction(
        () => {
          const e = (window as unknown as { __lastPlayed: HTMLMediaElement | null }).__lastPlayed;
          return e && !e.paused && e.currentTime > 0.3 ? e : null;
        },
        undefined,
        { timeout: 30_000 },
      );
      const current = (await playing.evaluate((e) => (e as HTMLMediaElement).src)) as string;
      const next =
        mode === '单曲循环'
          ? queue.find((t) => current.includes(pathOf(t.trackId)))!
          : queue.find((t) => !current.includes(pathOf(t.trackId)))!;
      await waitForPreparedTrack(page, pathOf(next.trackId));
      const duration = (await playing.evaluate((e) => (e as HTMLMediaElement).duration)) as number;
      const box = (await slider.boundingBox())!;
      await slider.click({ position: { x: box.width * ((duration - 2) / duration), y: box.height / 2 } });
      await page.waitForFunction(
        (before) => {
          const w = window as unknown as { __lastPlayed: HTMLMediaElement };
          return w.__lastPlayed !== before && !w.__lastPlayed.paused && w.__lastPlayed.currentTime > 1.3;
        },
        playing,
        { timeout: 30_000 },
      );
      gaps.push(Math.abs(await lastGap(page)));
    }
    if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
    return gaps;
  } finally {
    await context.close();
  }
}

interface QueueTimings {
  /** route change → first row in the DOM, the page's chunk already loaded */
  routeWarm: number[];
  /** route change → the next animation frame after the first row appeared */
  routeWarmFrame: number[];
  /** the first route change of a freshly loaded document (loads the page's lazy chunk too) */
  routeFirst: number[];
  /** full load of /queue: navigation start → first row in the DOM */
  pageLoad: number[];
}

/**
 * pushState to /queue; resolves with ms to the first row in the DOM and to the next frame.
 * A string: tsx would name the inner functions with a helper the page does not have.
 */
function routeToQueue(page: Page): Promise<{ dom: number; frame: number }> {
  return page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(${JSON.stringify(QUEUE_ROW)})) return;
      observer.disconnect();
      const dom = performance.now() - start;
      requestAnimationFrame(() => resolve({ dom, frame: performance.now() - start }));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    history.pushState(null, '', '/queue');
  })`);
}

async function routeAway(page: Page): Promise<void> {
  await page.evaluate(() => history.pushState(null, '', '/'));
  await page.waitForFunction((selector) => !document.querySelector(selector), QUEUE_ROW);
}

async function queueRender(browser: Browser, server: TestServer): Promise<QueueTimings> {
  const context = await browser.newContext();
  const errors: string[] = [];
  const timings: QueueTimings = { routeWarm: [], routeWarmFrame: [], routeFirst: [], pageLoad: [] };
  try {
    const page = await context.newPage();
    collectErrors(page, errors);
    await page.addInitScript(INSTRUMENT);
    await page.goto(`${server.baseUrl}/`);
    const queue = bigQueue(QUEUE_LENGTH);
    await page.evaluate((value) => localStorage.setItem('playlist', value), JSON.stringify(queue));
    const firstTitle = queue.tracks[0]!.title;
    const restored = () =>
      page.waitForFunction((title) => document.querySelector('footer p')?.textContent === title, firstTitle);

    for (let i = 0; i < QUEUE_RUNS; i++) {
      // a fresh document: the first route change also loads the queue page's chunk
      await page.goto(`${server.baseUrl}/`);
      await restored();
      timings.routeFirst.push((await routeToQueue(page)).dom);
    }
    // then in one document, the page's chunk loaded: route changes only render
    await routeAway(page);
    for (let i = 0; i < QUEUE_RUNS; i++) {
      const { dom, frame } = await routeToQueue(page);
      timings.routeWarm.push(dom);
      timings.routeWarmFrame.push(frame);
      await routeAway(page);
    }
    for (let i = 0; i < QUEUE_RUNS; i++) {
      await page.goto(`${server.baseUrl}/queue`);
      const firstRow = await page.waitForFunction(() => (window as unknown as BenchWindow).__bench.firstRow);
      timings.pageLoad.push((await firstRow.jsonValue()) as number);
    }
    // the whole queue was restored and is what the page lists
    const total = await page.evaluate(
      (selector) => document.querySelector(selector)?.getAttribute('aria-setsize'),
      QUEUE_ROW,
    );
    if (total !== String(QUEUE_LENGTH))
      throw new Error(`the queue page lists ${total} items, expected ${QUEUE_LENGTH}`);
    if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
    return timings;
  } finally {
    await context.close();
  }
}

export const playerBench: BenchModule = {
  name: 'player',
  title: `Player in Chromium on loopback (click → playing, median of ${CLICK_RUNS}; ${QUEUE_LENGTH}-track queue page, median of ${QUEUE_RUNS})`,
  async run() {
    // the built client the server serves, fresh (as the bundle bench builds it)
    await build({ root: REPO_ROOT, logLevel: 'error' });
    // a fresh DATA_DIR: the server generates the demo content, then holds only the demo account
    const dataDir = await mkdtemp(join(tmpdir(), 'anniv-player-bench-'));
    const [server, browser] = await Promise.all([spawnServer({ dataDir, removeDataDir: true }), launchBrowser()]);
    try {
      const click = await clickToPlaying(browser, server);
      const held = await clickToPlaying(browser, server, HAND_PRESS_MS);
      const queue = await queueRender(browser, server);
      const gaps = await gapsBetweenTracks(browser, server);
      // 音量均衡's meter, measured as `npm run bench -- loudness` does (its own page and worker)
      const loudness = await loudnessBench.run();
      const rows = [
        row('gap between tracks (|ms| from the last sample to the next first)', gaps, GAP_TARGET_MS),
        row('click track play → audio `playing`', click.latencies, CLICK_TARGET_MS),
        row('  of which click → play() (resolve source, HEAD probe)', click.toPlayCall, null),
        row('  of which play() → `playing` (element loads FLAC)', click.playCallToPlaying, null),
        row(`the same, the button held ${HAND_PRESS_MS} ms as a hand clicks`, held.latencies, CLICK_TARGET_MS),
        row(`queue ${QUEUE_LENGTH}: route change → first row in DOM`, queue.routeWarm, QUEUE_TARGET_MS),
        row(`queue ${QUEUE_LENGTH}: route change → next frame`, queue.routeWarmFrame, QUEUE_TARGET_MS),
        row(`queue ${QUEUE_LENGTH}: first route change (+ page chunk) → first row`, queue.routeFirst, QUEUE_TARGET_MS),
        row(`queue ${QUEUE_LENGTH}: page load, navigation start → first row`, queue.pageLoad, null),
        ...loudness.rows.map((r) => ({ ...r, measurement: `loudness: ${String(r.measurement)}` })),
      ];
      return {
        rows,
        notes: [
          `Click → playing includes resolving the source (album DB lookup, HEAD probe) and the element loading the FLAC over loopback; first run ${round(click.latencies[0]!)} ms.`,
          'Route changes are history.pushState in the page; "page load" counts from navigation start (boot, JS, restore of the saved queue included) and has no target.',
          `Gapless: ${GAP_RUNS} hand-overs 黄昏 → 夜 / 夜 → 夜 (队列循环 and 单曲循环 alternately), each read off both elements' clocks; a start lands on one of the audio output's callbacks (23 ms in headless Chromium), which bounds a single hand-over's error; an ended → play() hand-over leaves 100-300 ms.`,
          'A first route change to a lazy page shows the Suspense fallback; React then reveals the page no sooner than ~300 ms after that fallback (its fallback throttle), whatever the queue length.',
          'Every track plays through the Web Audio graph (音效): click → playing and the gap are measured with it.',
          `The audio output starts at the press: a click pressed and let go at once (Playwright's, or a key) waits for it; one held ${HAND_PRESS_MS} ms, as a hand clicks, does not. Times run from the click (the release).`,
          ...(loudness.notes ?? []).map((note) => `Loudness: ${note}`),
        ],
        data: {
          click,
          held,
          queue,
          gaps,
          loudness: loudness.data,
          targetsMs: { clickToPlaying: CLICK_TARGET_MS, queueRender: QUEUE_TARGET_MS, gap: GAP_TARGET_MS },
          queueLength: QUEUE_LENGTH,
        },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
