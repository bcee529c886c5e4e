/**
 * Where audio kept on the device should live (listening offline): Cache Storage against the origin
 * private file system (OPFS), in real headless Chromium on the reference server's origin, signed in
 * as the demo user. For each store, with the same bytes:
 *
 * - write: a 32 MB file (about four minutes of CD-format lossless audio) from memory into the store;
 * - to a playable URL: from the store to an object URL the <audio> element can play and seek;
 * - to `playing`: a demo track (FLAC, fetched once from the demo library with the user's token)
 *   from the store to the element firing `playing`, a fresh element each run;
 * - the same track played from its library URL over loopback, for comparison;
 * - download throughput: the app keeping the two-disc album (开始保存 → all kept), against a plain
 *   fetch of the same files one after another;
 * - storage per hour of audio at each quality: a minute of CD-format audio as annil sends it
 *   (lossless the file, the others AAC from ffmpeg), per hour (`storagePerHour`);
 * - in the real app: a row's play button → the audio `playing`, for a kept track and a streamed one
 *   (the same album, before and after 保存到本机), a fresh document each run, reported by the page
 *   itself so that nothing of the bench runs there in between.
 *
 * Reports medians; it decides nothing by itself (docs/architecture.md says what was chosen, why).
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { DEMO_ALBUMS } from '../server/demo/catalog';
import { hasFfmpeg, Transcoder } from '../server/library/transcode';
import { transcodeLimits } from '../server/library/app';
import { QUALITIES } from '../src/shared/constants';
import { launchBrowser } from '../harness/browser';
import { signInAsDemo } from '../harness/signIn';
import { spawnServer } from '../harness/serverProcess';
import { REPO_ROOT } from './lib/paths';
import { collectErrors, median, row } from './lib/stats';
import type { BenchModule } from './lib/types';

const RUNS = 10;
const KEPT_PLAY_TARGET_MS = 30;
/** how long a hand holds a mouse button down in a click (ms): the audio output starts at the press */
const HAND_PRESS_MS = 100;
const PER_HOUR_SOURCE_SECONDS = 60;
const RECORD_SIZED_SECONDS = 30;
const BIG_FILE_BYTES = 32 * 1024 * 1024;
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const KEEP_RUNS = 5;
/** every track's [disc, track] numbers, as the app keeps them */
const TWO_DISC_TRACK_PATHS = DEMO_ALBUMS.find((album) => album.album_id === TWO_DISC_ALBUM)!.discs.flatMap((disc, d) =>
  disc.tracks.map((_, t) => [d + 1, t + 1] as const),
);
/** the first disc's titles: the clicks take them in turn */
const TWO_DISC_TRACKS = DEMO_ALBUMS.find((album) => album.album_id === TWO_DISC_ALBUM)!.discs[0]!.tracks.map(
  (track) => track.title,
);

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
async function measureInPage({
  trackUrl,
  runs,
  bigBytes,
}: {
  trackUrl: string;
  runs: number;
  bigBytes: number;
}): Promise<KeepTimings> {
  const track = await (await fetch(trackUrl)).arrayBuffer();
  const big = new Uint8Array(bigBytes);
  for (let at = 0; at < big.length; at += 65_536)
    crypto.getRandomValues(big.subarray(at, Math.min(at + 65_536, big.length)));

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
      for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys())
        await root.removeEntry(name);
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
  const answer = await page.evaluate(
    async () => (await (await fetch('/api/credential')).json()) as { data: { url: string; token: string }[] },
  );
  const [library] = answer.data;
  if (!library) throw new Error('the demo user has no library');
  return library;
}

const trackUrl = (
  library: { url: string; token: string },
  albumId: string,
  discId: number,
  trackId: number,
  quality: string,
) => `${library.url}/${albumId}/${discId}/${trackId}?auth=${encodeURIComponent(library.token)}&quality=${quality}`;

/** runs in the page: the files fetched whole, one after another (as the app keeps them) */
async function plainFetchInPage({
  urls,
  runs,
}: {
  urls: string[];
  runs: number;
}): Promise<{ bytes: number; ms: number[] }> {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    bytes = 0;
    const started = performance.now();
    for (const url of urls) bytes += (await (await fetch(`${url}&plain=${i}`)).arrayBuffer()).byteLength;
    ms.push(performance.now() - started);
  }
  return { bytes, ms };
}

/**
 * The app keeping the two-disc album: 开始保存 in the 保存到本机 dialog → the toast saying every
 * track is kept (timed in the page), then 移除本机副本 before the next run; the last run's copy
 * stays for the kept clicks.
 */
async function keepInApp(page: Page, reports: PageReports, baseUrl: string, runs: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${baseUrl}/album/${TWO_DISC_ALBUM}`);
    await page.getByRole('button', { name: '保存到本机' }).click({ timeout: 30_000 });
    const start = page.getByRole('dialog', { name: '保存到本机' }).getByRole('button', { name: '开始保存' });
    // the dialog: 开始保存 once the size is known
    await start.and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
    ms.push(await reports.next('kept', () => start.click(), 120_000));
    if (i === runs - 1) break;
    await page.getByRole('button', { name: '移除本机副本' }).click();
    await page.getByRole('button', { name: '保存到本机' }).waitFor({ timeout: 30_000 });
  }
  return ms;
}

/** `seconds` of CD-format audio (44.1 kHz, 16-bit, two channels of independent pink noise) as FLAC at `file` */
function makeCdFormatFlac(file: string, seconds: number): void {
  const noise = (seed: number) =>
    `anoisesrc=color=pink:amplitude=0.3:duration=${seconds}:sample_rate=44100:seed=${seed}`;
  const made = spawnSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    noise(1),
    '-f',
    'lavfi',
    '-i',
    noise(2),
    '-filter_complex',
    '[0][1]amerge=inputs=2,aformat=sample_fmts=s16:channel_layouts=stereo',
    '-c:a',
    'flac',
    file,
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make ${file}: ${made.stderr.toString()}`);
}

/**
 * Bytes per hour of audio at each quality, as a library that transcodes as annil does sends them:
 * lossless is the stored file, the others AAC from the reference server's own `Transcoder` (annil's
 * ffmpeg command at 128 / 192 / 256 kbit/s). The demo's audio is synthesised chimes, 22 kHz mono,
 * far from a record's bytes, so the source is a minute of CD-format audio made here. Noise
 * compresses worse than music, so its lossless figure is an upper bound. Null without ffmpeg.
 */
async function storagePerHour(): Promise<Record<string, number> | null> {
  if (!hasFfmpeg()) return null;
  const dir = await mkdtemp(join(tmpdir(), 'anniv-keep-bench-audio-'));
  try {
    const file = join(dir, 'cd-format.flac');
    makeCdFormatFlac(file, PER_HOUR_SOURCE_SECONDS);
    const perHour: Record<string, number> = { lossless: ((await stat(file)).size / PER_HOUR_SOURCE_SECONDS) * 3600 };
    const transcoder = new Transcoder(transcodeLimits());
    for (const quality of ['low', 'medium', 'high'] as const) {
      const slot = transcoder.reserve('bench', 'bench')!;
      const bytes = (
        await new Response(
          transcoder.stream({ file, quality, signal: new AbortController().signal, slot }),
        ).arrayBuffer()
      ).byteLength;
      perHour[quality] = (bytes / PER_HOUR_SOURCE_SECONDS) * 3600;
    }
    return perHour;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The demo's files are a few hundred kB, so a download of them measures what each track costs
 * more than bytes: the two-disc album's second disc is given files of a record's size (30 s of
 * CD-format audio each, about 4 MB) on the running server, which notices a file replaced. False
 * without ffmpeg (the demo's files stay).
 */
async function recordSizedSecondDisc(dataDir: string): Promise<boolean> {
  if (!hasFfmpeg()) return false;
  const [albumDir] = (await readdir(join(dataDir, 'library'), { recursive: true })).filter((entry) =>
    entry.endsWith(TWO_DISC_ALBUM),
  );
  if (!albumDir) throw new Error(`no folder of ${TWO_DISC_ALBUM} in the demo library`);
  const disc = join(dataDir, 'library', albumDir, '2');
  const files = (await readdir(disc)).filter((name) => name.endsWith('.flac'));
  makeCdFormatFlac(join(dataDir, 'record-sized.flac'), RECORD_SIZED_SECONDS);
  for (const name of files) await copyFile(join(dataDir, 'record-sized.flac'), join(disc, name));
  return files.length > 0;
}

/**
 * Instruments the page, which reports its own times through a binding, so nothing of the bench
 * runs in the page in between (a `waitForFunction` there compiled Playwright's script into each
 * fresh document, 5–6 ms on the page's thread, right inside the time it measured):
 * - `playing`: a capture-phase click on a button → the first element `playing` after it;
 * - `kept`: a click on 开始保存 → the toast saying the tracks are kept (an alert added to the page).
 */
const PAGE_REPORTS = `(() => {
  let click = null;
  const report = (kind, ms) => window.__benchReport(kind, ms);
  window.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    click = performance.now();
    if (button.textContent.trim() !== '开始保存') return;
    const started = click;
    const toasts = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          const alert = node instanceof Element ? (node.matches('[role="alert"]') ? node : node.querySelector('[role="alert"]')) : null;
          if (alert && alert.textContent.includes('首歌曲已保存到本机')) {
            toasts.disconnect();
            report('kept', performance.now() - started);
            return;
          }
        }
      }
    });
    toasts.observe(document.body, { childList: true, subtree: true });
  }, true);
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!this.__benchWatched) {
      this.__benchWatched = true;
      this.addEventListener('playing', () => {
        if (click === null) return;
        const ms = performance.now() - click;
        click = null;
        report('playing', ms);
      });
    }
    return play.call(this);
  };
})();`;

type ReportKind = 'playing' | 'kept';

/** what the page reports through the binding, one at a time */
class PageReports {
  private waiting: { kind: ReportKind; resolve: (ms: number) => void } | null = null;
  async install(page: Page): Promise<void> {
    await page.exposeBinding('__benchReport', (_source, kind: ReportKind, ms: number) => {
      if (this.waiting?.kind === kind) this.waiting.resolve(ms);
    });
    await page.addInitScript(PAGE_REPORTS);
  }
  /** the next report of this kind; `act` is the click that should cause it */
  async next(kind: ReportKind, act: () => Promise<void>, timeoutMs = 30_000): Promise<number> {
    const reported = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${kind} report within ${timeoutMs} ms of the click`)),
        timeoutMs,
      );
      this.waiting = {
        kind,
        resolve: (ms) => {
          clearTimeout(timer);
          this.waiting = null;
          resolve(ms);
        },
      };
    });
    await act();
    return reported;
  }
}

/** a row's play button → `playing`, in the real app on the two-disc album, a fresh document each run */
async function clickToPlaying(
  page: Page,
  reports: PageReports,
  baseUrl: string,
  runs: number,
  pressMs = 0,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${baseUrl}/album/${TWO_DISC_ALBUM}`);
    const title = TWO_DISC_TRACKS[i % TWO_DISC_TRACKS.length]!;
    const play = page
      .locator('main')
      .getByRole('listitem')
      .filter({ has: page.getByText(title, { exact: true }) })
      .getByRole('button', { name: '播放', exact: true });
    times.push(await reports.next('playing', () => play.click({ delay: pressMs })));
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
      const recordSized = await recordSizedSecondDisc(dataDir);
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      collectErrors(page, errors);
      await signInAsDemo(page, server);
      const library = await libraryOf(page);
      // tsx names the nested functions through a helper the page does not have
      await page.evaluate('globalThis.__name = (fn) => fn');
      const t = await page.evaluate(measureInPage, {
        trackUrl: trackUrl(library, TWO_DISC_ALBUM, 1, 1, 'lossless'),
        runs: RUNS,
        bigBytes: BIG_FILE_BYTES,
      });
      await context.close();
      const perHour = await storagePerHour();

      // the real app: streamed first, then the album kept and the same clicks played from the device
      const app = await browser.newContext();
      const appPage = await app.newPage();
      collectErrors(appPage, errors);
      const reports = new PageReports();
      await reports.install(appPage);
      await signInAsDemo(appPage, server);
      const streamedClickMs = await clickToPlaying(appPage, reports, server.baseUrl, RUNS);
      const streamedPressMs = await clickToPlaying(appPage, reports, server.baseUrl, RUNS, HAND_PRESS_MS);
      const albumUrls = TWO_DISC_TRACK_PATHS.map(([disc, track]) =>
        trackUrl(library, TWO_DISC_ALBUM, disc, track, 'lossless'),
      );
      const plain = await appPage.evaluate(plainFetchInPage, { urls: albumUrls, runs: KEEP_RUNS });
      const keptInAppMs = await keepInApp(appPage, reports, server.baseUrl, KEEP_RUNS);
      const keptClickMs = await clickToPlaying(appPage, reports, server.baseUrl, RUNS);
      const keptPressMs = await clickToPlaying(appPage, reports, server.baseUrl, RUNS, HAND_PRESS_MS);
      await app.close();
      if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
      const mb = BIG_FILE_BYTES / 1024 / 1024;
      const albumTracks = `港灯夜曲, ${TWO_DISC_TRACK_PATHS.length} tracks, ${(plain.bytes / 1024 / 1024).toFixed(1)} MB lossless${recordSized ? ' (disc 2 record-sized)' : ''}`;
      const mbPerSecond = (ms: number[]) => (plain.bytes / 1024 / 1024 / (median(ms) / 1000)).toFixed(1);
      const rows = [
        row(`Cache Storage: write ${mb} MB`, t.cache.writeBigMs, null),
        row(`OPFS: write ${mb} MB`, t.opfs.writeBigMs, null),
        row(`Cache Storage: ${mb} MB file → playable object URL`, t.cache.toUrlBigMs, null),
        row(`OPFS: ${mb} MB file → playable object URL`, t.opfs.toUrlBigMs, null),
        row('Cache Storage: kept track → audio `playing`', t.cache.toPlayingMs, null),
        row('OPFS: kept track → audio `playing`', t.opfs.toPlayingMs, null),
        row('library URL over loopback → audio `playing`', t.streamedToPlayingMs, null),
        row(`${albumTracks}: plain fetch of each file, one after another`, plain.ms, null),
        row(`${albumTracks}: kept by the app (开始保存 → all kept)`, keptInAppMs, null),
        row('app: click a row’s play → `playing`, kept track', keptClickMs, KEPT_PLAY_TARGET_MS),
        row('app: click a row’s play → `playing`, streamed track', streamedClickMs, null),
        row(`app: the same, pressed ${HAND_PRESS_MS} ms as a hand clicks, kept track`, keptPressMs, null),
        row(`app: the same, pressed ${HAND_PRESS_MS} ms as a hand clicks, streamed track`, streamedPressMs, null),
      ];
      const mbPerHour = perHour
        ? `${QUALITIES.map((quality) => `${quality} ${(perHour[quality]! / 1024 / 1024).toFixed(1)} MB`).join(', ')} (a minute of CD-format pink noise, stereo: lossless is its FLAC, an upper bound for music; the others annil's AAC from ffmpeg)`
        : 'not measured: this machine has no ffmpeg, so no library here transcodes';
      return {
        rows,
        notes: [
          `The kept track: 港灯夜曲 disc 1 track 1, lossless, ${(t.trackBytes / 1024).toFixed(0)} kB. Write throughput = ${mb} MB / write time.`,
          `Download throughput over loopback, median of ${KEEP_RUNS}: plain fetch ${mbPerSecond(plain.ms)} MB/s, kept by the app ${mbPerSecond(keptInAppMs)} MB/s (it also writes each body to Cache Storage, and the pieces of a body longer than a megabyte to IndexedDB as they come, so a cut-off download resumes). ${recordSized ? `Disc 2's ${TWO_DISC_TRACK_PATHS.length - TWO_DISC_TRACKS.length} files are ${RECORD_SIZED_SECONDS} s of CD-format audio each (recordSizedSecondDisc); disc 1's are the demo's.` : "No ffmpeg: every file is the demo's (a few hundred kB), so this is mostly what each track costs."}`,
          `Storage per hour of audio at each quality: ${mbPerHour}.`,
          'App clicks: a fresh document each run on 港灯夜曲, the first six rows in turn; the streamed runs come before 保存到本机.',
          `A click is Playwright's (the button pressed and let go at once) or held ${HAND_PRESS_MS} ms as a hand holds it; times run from the click (the release). The audio output starts at the press, so only the held click leaves it out of the time.`,
        ],
        data: { ...t, plain, keptInAppMs, perHour, keptClickMs, streamedClickMs, keptPressMs, streamedPressMs },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
