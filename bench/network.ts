/**
 * The app over a phone's connection, against the real server and the built client: headless
 * Chromium with a mid-range mobile profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, as
 * Lighthouse's "slow 4G") and a 4× CPU slowdown, each run in a new browser context (cold HTTP cache,
 * empty IndexedDB) of a signed-in user:
 *
 * - home: navigation start → the home page's text;
 * - album: navigation start → the album page's first track row with its play button;
 * - play: click on 播放全部 → the audio element's `playing`;
 * - repeat visit: the album page reloaded in the same context, JS/CSS bytes that crossed the network.
 *
 * Bytes are what crossed the wire (compressed, headers included, from the DevTools protocol);
 * requests exclude data: and blob: URLs. The same scenarios run on loopback without throttling.
 * Medians; nothing here asserts speed (page errors fail the run).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../tests/e2e/support/browser';
import { spawnServer, type TestServer } from '../tests/e2e/support/serverProcess';
import { REPO_ROOT } from './lib/paths';
import { collectErrors, median, round } from './lib/stats';
import type { BenchModule, Cell } from './lib/types';

const THROTTLED_RUNS = Number(process.env.NETWORK_RUNS ?? 3);
const LOOPBACK_RUNS = 5;
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const HOME_TEXT = '空无一物的主页';
const TARGETS_MS = { home: 1500, album: 2500 } as const;

interface Profile {
  name: string;
  /** null: no throttling (loopback) */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
  cpuSlowdown: number;
  runs: number;
}

const PROFILES: Profile[] = [
  { name: 'mobile (150 ms RTT, 1.6 Mbit/s, CPU ×4)', network: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 }, cpuSlowdown: 4, runs: THROTTLED_RUNS },
  { name: 'loopback', network: null, cpuSlowdown: 1, runs: LOOPBACK_RUNS },
];

/** stamps, from navigation start: the home text, the first track row; and click → playing */
const INSTRUMENT = `(() => {
  const bench = { home: null, row: null, click: null, playing: null };
  window.__bench = bench;
  const observer = new MutationObserver(() => {
    const main = document.querySelector('main');
    if (bench.home === null && main && main.textContent.includes(${JSON.stringify(HOME_TEXT)})) bench.home = performance.now();
    if (bench.row === null && document.querySelector('main ul > li') && document.querySelector('main button[aria-label="播放"]')) bench.row = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  window.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button')) bench.click = performance.now();
  }, true);
  const NativeAudio = window.Audio;
  const SpyAudio = function (src) {
    const element = src === undefined ? new NativeAudio() : new NativeAudio(src);
    element.addEventListener('playing', () => { if (bench.playing === null) bench.playing = performance.now(); });
    return element;
  };
  SpyAudio.prototype = NativeAudio.prototype;
  window.Audio = SpyAudio;
})();`;

interface Stamps {
  home: number | null;
  row: number | null;
  click: number | null;
  playing: number | null;
}

/** what one page moved over the network since the last reset */
class Traffic {
  bytes = 0;
  requests = 0;
  /** JS and CSS bytes that came over the network (not from the HTTP cache) */
  assetBytes = 0;
  private readonly urls = new Map<string, string>();
  private readonly cached = new Set<string>();

  static async attach(context: BrowserContext, page: Page, profile: Profile): Promise<Traffic> {
    const traffic = new Traffic();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    if (profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    cdp.on('Network.requestWillBeSent', (e) => {
      if (/^(data|blob):/.test(e.request.url)) return;
      traffic.urls.set(e.requestId, e.request.url);
      traffic.requests += 1;
    });
    cdp.on('Network.requestServedFromCache', (e) => traffic.cached.add(e.requestId));
    cdp.on('Network.loadingFinished', (e) => {
      const url = traffic.urls.get(e.requestId);
      if (url === undefined) return;
      traffic.bytes += e.encodedDataLength;
      if (!traffic.cached.has(e.requestId) && /\/assets\/.+\.(js|css)$/.test(new URL(url).pathname)) traffic.assetBytes += e.encodedDataLength;
    });
    return traffic;
  }

  reset(): void {
    this.bytes = 0;
    this.requests = 0;
    this.assetBytes = 0;
  }
}

async function stamps(page: Page): Promise<Stamps> {
  return page.evaluate(() => (window as unknown as { __bench: Stamps }).__bench);
}

async function waitFor(page: Page, key: keyof Stamps): Promise<number> {
  // a function, not a string: the page's CSP forbids eval
  const handle = await page.waitForFunction((k) => (window as unknown as { __bench?: Stamps }).__bench?.[k], key, { timeout: 60_000 });
  return (await handle.jsonValue()) as number;
}

interface Run {
  homeMs: number;
  homeBytes: number;
  homeRequests: number;
  albumMs: number;
  albumBytes: number;
  albumRequests: number;
  playMs: number;
  repeatAssetBytes: number;
  repeatAlbumMs: number;
}

async function oneRun(browser: Browser, server: TestServer, signedIn: Awaited<ReturnType<BrowserContext['storageState']>>, profile: Profile, errors: string[]): Promise<Run> {
  const open = async () => {
    const context = await browser.newContext({ storageState: signedIn });
    const page = await context.newPage();
    collectErrors(page, errors);
    await page.addInitScript(INSTRUMENT);
    const traffic = await Traffic.attach(context, page, profile);
    return { context, page, traffic };
  };

  const home = await open();
  await home.page.goto(`${server.baseUrl}/`);
  const homeMs = await waitFor(home.page, 'home');
  await home.page.waitForLoadState('networkidle');
  const homeTraffic = { bytes: home.traffic.bytes, requests: home.traffic.requests };
  await home.context.close();

  const album = await open();
  await album.page.goto(`${server.baseUrl}/album/${TWO_DISC_ALBUM}`);
  const albumMs = await waitFor(album.page, 'row');
  await album.page.waitForLoadState('networkidle');
  const albumTraffic = { bytes: album.traffic.bytes, requests: album.traffic.requests };
  await album.page.getByRole('button', { name: '播放全部' }).click();
  await waitFor(album.page, 'playing');
  const played = await stamps(album.page);

  album.traffic.reset();
  await album.page.reload();
  const repeatAlbumMs = await waitFor(album.page, 'row');
  await album.page.waitForLoadState('networkidle');
  const repeatAssetBytes = album.traffic.assetBytes;
  await album.context.close();

  return {
    homeMs,
    homeBytes: homeTraffic.bytes,
    homeRequests: homeTraffic.requests,
    albumMs,
    albumBytes: albumTraffic.bytes,
    albumRequests: albumTraffic.requests,
    playMs: played.playing! - played.click!,
    repeatAssetBytes,
    repeatAlbumMs,
  };
}

async function signedInState(browser: Browser, server: TestServer) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/user/login`);
  await page.getByLabel('Email', { exact: true }).fill(server.demo.email);
  await page.getByLabel('密码', { exact: true }).fill(server.demo.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  const state = await context.storageState();
  await context.close();
  return state;
}

const kB = (bytes: number): number => Math.round(bytes / 100) / 10;

function rowsOf(profile: Profile, runs: Run[]): Record<string, Cell>[] {
  const med = (pick: (r: Run) => number): number => round(median(runs.map(pick)));
  const target = (ms: number, limit: number | null): Cell => (limit === null ? '-' : ms < limit ? 'yes' : 'NO');
  const throttled = profile.network !== null;
  return [
    { profile: profile.name, measurement: 'home: navigation → home text', 'median ms': med((r) => r.homeMs), 'kB over wire': kB(median(runs.map((r) => r.homeBytes))), requests: median(runs.map((r) => r.homeRequests)), target: throttled ? `< ${TARGETS_MS.home} ms` : '(info)', met: target(med((r) => r.homeMs), throttled ? TARGETS_MS.home : null) },
    { profile: profile.name, measurement: 'album: navigation → first track row', 'median ms': med((r) => r.albumMs), 'kB over wire': kB(median(runs.map((r) => r.albumBytes))), requests: median(runs.map((r) => r.albumRequests)), target: throttled ? `< ${TARGETS_MS.album} ms` : '(info)', met: target(med((r) => r.albumMs), throttled ? TARGETS_MS.album : null) },
    { profile: profile.name, measurement: 'play: click 播放全部 → playing', 'median ms': med((r) => r.playMs), 'kB over wire': '', requests: '', target: '(info)', met: '-' },
    { profile: profile.name, measurement: 'repeat visit: album reload → first row', 'median ms': med((r) => r.repeatAlbumMs), 'kB over wire': kB(median(runs.map((r) => r.repeatAssetBytes))), requests: '', target: 'JS+CSS 0 kB', met: runs.every((r) => r.repeatAssetBytes === 0) ? 'yes' : 'NO' },
  ];
}

export const networkBench: BenchModule = {
  name: 'network',
  title: 'Over a phone connection (150 ms RTT, 1.6 Mbit/s, CPU ×4) and on loopback: home, album rows, play, repeat visit (cold cache, signed in)',
  async run() {
    await build({ root: REPO_ROOT, logLevel: 'error' });
    const dataDir = await mkdtemp(join(tmpdir(), 'anniv-network-bench-'));
    const [server, browser] = await Promise.all([spawnServer({ dataDir, removeDataDir: true }), launchBrowser()]);
    const errors: string[] = [];
    try {
      const signedIn = await signedInState(browser, server);
      const rows: Record<string, Cell>[] = [];
      const data: Record<string, Run[]> = {};
      for (const profile of PROFILES) {
        const runs: Run[] = [];
        for (let i = 0; i < profile.runs; i++) runs.push(await oneRun(browser, server, signedIn, profile, errors));
        data[profile.name] = runs;
        rows.push(...rowsOf(profile, runs));
      }
      if (errors.length > 0) throw new Error(`page errors:\n${errors.join('\n')}`);
      return {
        rows,
        notes: [
          '"kB over wire" for repeat visit is the JS+CSS that came from the network (0 = all from the HTTP cache); the other rows count every request of the page until the network is idle.',
          'The album row includes the first sync of the demo library (a new context has empty IndexedDB), as a first visit on a new phone would.',
        ],
        data,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
