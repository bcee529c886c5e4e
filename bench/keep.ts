/**
 * Where audio kept on the device should live (listening offline): Cache Storage against the origin
 * private file system (OPFS), in real headless Chromium on the reference server's origin, signed in
 * as the demo user. For each store, with the same bytes:
 *
 * - write: a 32 MB file (about 13 minutes of lossless audio) from memory into the store;
 * - to a playable URL: from the store to an object URL the <audio> element can play and seek;
 * - to `playing`: a demo track (FLAC, fetched once from the demo library with the user's token)
 *   from the store to the element firing `playing`, a fresh element each run;
 * - the same track played from its library URL over loopback, for comparison;
 * - download throughput: the demo's longest track (漫长的潮汐, 10:30) fetched whole, against the
 *   same fetch streamed into Cache Storage as the app keeps it;
 * - storage per hour of audio at each quality: that track's bytes at each quality, per hour of its
 *   length (the reference server transcodes with ffmpeg when the machine has it);
 * - in the real app: a row's play button → the audio `playing`, for a kept track and a streamed one
 *   (the same album, before and after 保存到本机), a fresh document each run.
 *
 * Reports medians; it decides nothing by itself (docs/architecture.md says what was chosen, why).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { DEMO_ALBUMS } from '../server/demo/catalog';
import { QUALITIES } from '../src/shared/constants';
import { launchBrowser } from '../tools/browser';
import { signInAsDemo } from '../tools/signIn';
import { spawnServer } from '../tools/serverProcess';
import { REPO_ROOT } from './lib/paths';
import { collectErrors, row } from './lib/stats';
import type { BenchModule } from './lib/types';

const RUNS = 10;
const KEPT_PLAY_TARGET_MS = 30;
const LONG_TRACK = '漫长的潮汐 (Extended)';
const BIG_FILE_BYTES = 32 * 1024 * 1024;
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
/** the first disc's titles: the clicks take them in turn */
const TWO_DISC_TRACKS = DEMO_ALBUMS.find((album) => album.album_id === TWO_DISC_ALBUM)!.discs[0]!.tracks.map((track) => track.title);

interface StoreTimings {
  writeBigMs: number[];
  toUrlBigMs: number[];
  toPlayingMs: number[];
}

interface KeepTimings {
  trackBytes: number;
  cache: StoreTimings;
  opfs: StoreTimings;
  streamedToPlayingMs: number[];
}

/** runs in the page: every measurement, both stores, the same bytes */
async function measureInPage({ trackUrl, runs, bigBytes }: { trackUrl: string; runs: number; bigBytes: number }): Promise<KeepTimings> {
  const track = await (await fetch(trackUrl)).arrayBuffer();
  const big = new Uint8Array(bigBytes);
  for (let at = 0; at < big.length; at += 65_536) crypto.getRandomValues(big.subarray(at, Math.min(at + 65_536, big.length)));

  const playing = (url: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const audio = new Audio();
      audio.muted = true;
      audio.addEventListener('playing', () => {
        const ms = performance.now() - started;
        audio.pause();
        audio.removeAttribute('src');
        audio.load();
        resolve(ms);
      });
      audio.addEventListener('error', () => reject(new Error(`cannot play ${url}`)));
      audio.src = url;
      void audio.play().catch(reject);
    });

  interface Store {
    write(name: string, bytes: Uint8Array<ArrayBuffer> | ArrayBuffer): Promise<void>;
    url(name: string): Promise<string>;
    clear(): Promise<void>;
  }
  const cacheStore: Store = {
    async write(name, bytes) {
      const cache = await caches.open('keep-bench');
      await cache.put(`/keep-bench/${name}`, new Response(bytes, { headers: { 'content-type': 'audio/flac' } }));
    },
    async url(name) {
      const cache = await caches.open('keep-bench');
      const response = await cache.match(`/keep-bench/${name}`);
      return URL.createObjectURL(await response!.blob());
    },
    async clear() {
      await caches.delete('keep-bench');
    },
  };
  const opfsStore: Store = {
    async write(name, bytes) {
      const root = await navigator.storage.getDirectory();
      const file = await root.getFileHandle(name, { create: true });
      const writable = await file.createWritable();
      await writable.write(bytes);
      await writable.close();
    },
    async url(name) {
      const root = await navigator.storage.getDirectory();
      return URL.createObjectURL(await (await root.getFileHandle(name)).getFile());
    },
    async clear() {
      const root = await navigator.storage.getDirectory();
      for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) await root.removeEntry(name);
    },
  };

  const measure = async (store: Store): Promise<StoreTimings> => {
    const timings: StoreTimings = { writeBigMs: [], toUrlBigMs: [], toPlayingMs: [] };
    await store.clear();
    for (let i = 0; i < runs; i++) {
      let started = performance.now();
      await store.write(`big-${i}`, big);
      timings.writeBigMs.push(performance.now() - started);
      started = performance.now();
      const url = await store.url(`big-${i}`);
      timings.toUrlBigMs.push(performance.now() - started);
      URL.revokeObjectURL(url);
    }
    await store.write('track', track);
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const url = await store.url('track');
      await playing(url);
      timings.toPlayingMs.push(performance.now() - started);
      URL.revokeObjectURL(url);
    }
    await store.clear();
    return timings;
  };

  const cache = await measure(cacheStore);
  const opfs = await measure(opfsStore);
  const streamedToPlayingMs: number[] = [];
  for (let i = 0; i < runs; i++) streamedToPlayingMs.push(await playing(`${trackUrl}&run=${i}`));
  return { trackBytes: track.byteLength, cache, opfs, streamedToPlayingMs };
}

async function libraryOf(page: Page): Promise<{ url: string; token: string }> {
  const answer = await page.evaluate(async () => (await (await fetch('/api/credential')).json()) as { data: { url: string; token: string }[] });
  const [library] = answer.data;
  if (!library) throw new Error('the demo user has no library');
  return library;
}

const trackUrl = (library: { url: string; token: string }, albumId: string, discId: number, trackId: number, quality: string) =>
  `${library.url}/${albumId}/${discId}/${trackId}?auth=${encodeURIComponent(library.token)}&quality=${quality}`;

/** the demo's longest track: where it is */
function longTrack(): { albumId: string; discId: number; trackId: number } {
  for (const album of DEMO_ALBUMS) {
    for (const [d, disc] of album.discs.entries()) {
      const t = disc.tracks.findIndex((track) => track.title === LONG_TRACK);
      if (t >= 0) return { albumId: album.album_id, discId: d + 1, trackId: t + 1 };
    }
  }
  throw new Error(`no demo track ${LONG_TRACK}`);
}

interface Throughput {
  bytes: number;
  plainMs: number[];
  keptMs: number[];
  /** quality → bytes per hour of audio */
  perHour: Record<string, number>;
}

/** runs in the page: the long track fetched whole, and streamed into Cache Storage; its size at each quality */
async function throughputInPage({ urls, runs, seconds }: { urls: Record<string, string>; runs: number; seconds: number }): Promise<Throughput> {
  const lossless = urls.lossless!;
  const plainMs: number[] = [];
  const keptMs: number[] = [];
  let bytes = 0;
  const cache = await caches.open('keep-bench-throughput');
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    bytes = (await (await fetch(`${lossless}&plain=${i}`)).arrayBuffer()).byteLength;
    plainMs.push(performance.now() - started);
    started = performance.now();
    const answer = await fetch(`${lossless}&kept=${i}`);
    await cache.put(`/keep-bench/${i}`, new Response(answer.body, { headers: { 'content-type': answer.headers.get('content-type') ?? '' } }));
    keptMs.push(performance.now() - started);
  }
  await caches.delete('keep-bench-throughput');
  const perHour: Record<string, number> = {};
  for (const [quality, url] of Object.entries(urls)) {
    const size = (await (await fetch(url)).arrayBuffer()).byteLength;
    perHour[quality] = (size / seconds) * 3600;
  }
  return { bytes, plainMs, keptMs, perHour };
}

/** instruments the page: a capture-phase click stamps the time, every element's `playing` is recorded */
const CLICK_TO_PLAYING = `(() => {
  window.__keep = { click: null, playing: [] };
  window.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button')) window.__keep.click = performance.now();
  }, true);
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!this.__keepWatched) {
      this.__keepWatched = true;
      this.addEventListener('playing', () => window.__keep.playing.push(performance.now()));
    }
    return play.call(this);
  };
})();`;

/** a row's play button → `playing`, in the real app on the two-disc album, a fresh document each run */
async function clickToPlaying(page: Page, baseUrl: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${baseUrl}/album/${TWO_DISC_ALBUM}`);
    const title = TWO_DISC_TRACKS[i % TWO_DISC_TRACKS.length]!;
    const play = page.locator('main').getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) }).getByRole('button', { name: '播放', exact: true });
    await play.click();
    const ms = await page.waitForFunction(() => {
      const keep = (window as unknown as { __keep: { click: number | null; playing: number[] } }).__keep;
      return keep.click !== null && keep.playing.length > 0 ? keep.playing[0]! - keep.click : null;
    }, undefined, { timeout: 30_000 });
    times.push((await ms.jsonValue()) as number);
  }
  return times;
}

export const keepBench: BenchModule = {
  name: 'keep',
  title: `Audio kept on the device: Cache Storage vs the origin private file system (Chromium, median of ${RUNS})`,
  async run() {
    await build({ root: REPO_ROOT, logLevel: 'error' });
    const dataDir = await mkdtemp(join(tmpdir(), 'anniv-keep-bench-'));
    const [server, browser] = await Promise.all([spawnServer({ dataDir, removeDataDir: true }), launchBrowser()]);
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      collectErrors(page, errors);
      await signInAsDemo(page, server);
      const library = await libraryOf(page);
      // tsx names the nested functions through a helper the page does not have
      await page.evaluate('globalThis.__name = (fn) => fn');
      const t = await page.evaluate(measureInPage, { trackUrl: trackUrl(library, TWO_DISC_ALBUM, 1, 1, 'lossless'), runs: RUNS, bigBytes: BIG_FILE_BYTES });
      const long = longTrack();
      const urls = Object.fromEntries(QUALITIES.map((quality) => [quality, trackUrl(library, long.albumId, long.discId, long.trackId, quality)]));
      const throughput = await page.evaluate(throughputInPage, { urls, runs: 5, seconds: 630 });
      await context.close();

      // the real app: streamed first, then the album kept and the same clicks played from the device
      const app = await browser.newContext();
      const appPage = await app.newPage();
      collectErrors(appPage, errors);
      await appPage.addInitScript(CLICK_TO_PLAYING);
      await signInAsDemo(appPage, server);
      const streamedClickMs = await clickToPlaying(appPage, server.baseUrl, RUNS);
      await appPage.goto(`${server.baseUrl}/album/${TWO_DISC_ALBUM}`);
      await appPage.getByRole('button', { name: '保存到本机' }).click({ timeout: 30_000 });
      // the dialog: 开始保存 once the size is known
      await appPage.getByRole('dialog', { name: '保存到本机' }).getByRole('button', { name: '开始保存' }).click({ timeout: 30_000 });
      await appPage.getByText('已保存到本机', { exact: true }).first().waitFor({ timeout: 120_000 });
      const keptClickMs = await clickToPlaying(appPage, server.baseUrl, RUNS);
      await app.close();
      if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
      const mb = BIG_FILE_BYTES / 1024 / 1024;
      const rows = [
        row(`Cache Storage: write ${mb} MB`, t.cache.writeBigMs, null),
        row(`OPFS: write ${mb} MB`, t.opfs.writeBigMs, null),
        row(`Cache Storage: ${mb} MB file → playable object URL`, t.cache.toUrlBigMs, null),
        row(`OPFS: ${mb} MB file → playable object URL`, t.opfs.toUrlBigMs, null),
        row('Cache Storage: kept track → audio `playing`', t.cache.toPlayingMs, null),
        row('OPFS: kept track → audio `playing`', t.opfs.toPlayingMs, null),
        row('library URL over loopback → audio `playing`', t.streamedToPlayingMs, null),
        row(`download ${(throughput.bytes / 1024 / 1024).toFixed(1)} MB, plain fetch (whole body)`, throughput.plainMs, null),
        row(`download ${(throughput.bytes / 1024 / 1024).toFixed(1)} MB, kept as the app keeps it (streamed into Cache Storage)`, throughput.keptMs, null),
        row('app: click a row’s play → `playing`, kept track', keptClickMs, KEPT_PLAY_TARGET_MS),
        row('app: click a row’s play → `playing`, streamed track', streamedClickMs, null),
      ];
      const mbPerHour = QUALITIES.map((quality) => `${quality} ${(throughput.perHour[quality]! / 1024 / 1024).toFixed(0)} MB`).join(', ');
      return {
        rows,
        notes: [
          `The kept track: 港灯夜曲 disc 1 track 1, lossless, ${(t.trackBytes / 1024).toFixed(0)} kB. Write throughput = ${mb} MB / write time.`,
          `Throughput: ${LONG_TRACK} (10:30) at lossless over loopback, median of 5; MB/s = size / time.`,
          `Storage per hour of audio (${LONG_TRACK} at each quality, scaled to an hour): ${mbPerHour}.`,
          'App clicks: a fresh document each run on 港灯夜曲, the first six rows in turn; the streamed runs come before 保存到本机.',
        ],
        data: { ...t, throughput, keptClickMs, streamedClickMs },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
