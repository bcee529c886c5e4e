/**
 * Where audio kept on the device should live (listening offline): Cache Storage against the origin
 * private file system (OPFS), in real headless Chromium on the reference server's origin, signed in
 * as the demo user. For each store, with the same bytes:
 *
 * - write: a 32 MB file (about 13 minutes of lossless audio) from memory into the store;
 * - to a playable URL: from the store to an object URL the <audio> element can play and seek;
 * - to `playing`: a demo track (FLAC, fetched once from the demo library with the user's token)
 *   from the store to the element firing `playing`, a fresh element each run;
 * - the same track played from its library URL over loopback, for comparison.
 *
 * Reports medians; it decides nothing by itself (docs/architecture.md says what was chosen, why).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../tools/browser';
import { signInAsDemo } from '../tools/signIn';
import { spawnServer } from '../tools/serverProcess';
import { REPO_ROOT } from './lib/paths';
import { collectErrors, row } from './lib/stats';
import type { BenchModule } from './lib/types';

const RUNS = 10;
const BIG_FILE_BYTES = 32 * 1024 * 1024;
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲

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

async function trackUrlOf(page: Page): Promise<string> {
  const answer = await page.evaluate(async () => (await (await fetch('/api/credential')).json()) as { data: { url: string; token: string }[] });
  const [library] = answer.data;
  if (!library) throw new Error('the demo user has no library');
  return `${library.url}/${TWO_DISC_ALBUM}/1/1?auth=${encodeURIComponent(library.token)}&quality=lossless`;
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
      const trackUrl = await trackUrlOf(page);
      // tsx names the nested functions through a helper the page does not have
      await page.evaluate('globalThis.__name = (fn) => fn');
      const t = await page.evaluate(measureInPage, { trackUrl, runs: RUNS, bigBytes: BIG_FILE_BYTES });
      await context.close();
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
      ];
      return {
        rows,
        notes: [`The kept track: 港灯夜曲 disc 1 track 1, lossless, ${(t.trackBytes / 1024).toFixed(0)} kB. Write throughput = ${mb} MB / write time.`],
        data: t,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
