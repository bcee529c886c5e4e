/**
 * The app over a phone's connection, against the real server and the built client: headless
 * Chromium with a mid-range mobile profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, as
 * Lighthouse's "slow 4G") and a 4× CPU slowdown, each run in a new browser context (cold HTTP cache,
 * empty IndexedDB) of a signed-in user:
 *
 * - home: navigation start → the home page's text;
 * - album: navigation start → the album page's first track row with its play button;
 * - play: click on 播放全部 → the audio element's `playing`;
 * - repeat visit: the album page reloaded in the same context, JS/CSS bytes that crossed the network
 *   (ours: once its service worker controls the page; docs/architecture.md#8-routing-and-the-frame);
 * - offline (ours): the same page reloaded with the network off, from the service worker's
 *   precache and IndexedDB: navigation start → first track row.
 *
 * Bytes are what crossed the wire (compressed, headers included, from the DevTools protocol);
 * requests exclude data: and blob: URLs. The same scenarios run on loopback without throttling.
 * Medians; nothing here asserts speed (page errors of our client fail the run).
 *
 * The yardstick: with ORIGINAL_CLIENT_DIST=<a build of the original web client, ProjectAnni/anniw>
 * the same scenarios also run against it, served by the same server from a second process (its
 * pages have the same login labels, home text, `main ul > li` rows and 播放全部 button). Not part
 * of the repo: build anniw from its own repository (`npm run build`) and point the variable at its
 * output folder.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../harness/browser';
import { logIn } from '../harness/signIn';
import { spawnServer, type TestServer } from '../harness/serverProcess';
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
  {
    name: 'mobile (150 ms RTT, 1.6 Mbit/s, CPU ×4)',
    network: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
    cpuSlowdown: 4,
    runs: THROTTLED_RUNS,
  },
  { name: 'loopback', network: null, cpuSlowdown: 1, runs: LOOPBACK_RUNS },
];

/** stamps, from navigation start: the home text, the first track row; and click → playing */
const instrument = (rowNeedsPlayButton: boolean): string => `(() => {
  const bench = { home: null, row: null, click: null, playing: null };
  window.__bench = bench;
  const observer = new MutationObserver(() => {
    const main = document.querySelector('main');
    if (bench.home === null && main && main.textContent.includes(${JSON.stringify(HOME_TEXT)})) bench.home = performance.now();
    if (bench.row === null && document.querySelector('main ul > li') && (${!rowNeedsPlayButton} || document.querySelector('main button[aria-label="播放"]'))) bench.row = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  window.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button')) bench.click = performance.now();
  }, true);
  // whatever element plays (ours is made with new Audio(), the original's may be elsewhere)
  const mark = () => { if (bench.playing === null) bench.playing = performance.now(); };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    this.addEventListener('playing', mark);
    return play.call(this);
  };
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
      if (!traffic.cached.has(e.requestId) && /\/assets\/.+\.(js|css)$/.test(new URL(url).pathname))
        traffic.assetBytes += e.encodedDataLength;
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
  const handle = await page
    .waitForFunction((k) => (window as unknown as { __bench?: Stamps }).__bench?.[k], key, { timeout: 60_000 })
    .catch((error: unknown) => {
      throw new Error(`${page.url()}: "${key}" not reached in 60 s`, { cause: error });
    });
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
  /** ours: reload with the network off → first row; null for a client without a service worker */
  offlineAlbumMs: number | null;
}

/** what Chromium logs by itself for requests that cannot reach the network (offline phase only) */
const OFFLINE_CONSOLE = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/;

interface Client {
  label: string;
  server: TestServer;
  /** our rows carry a play button from the first render; the original's rows are the measure */
  rowNeedsPlayButton: boolean;
  /** where page errors go: ours fail the run, the original's are only counted */
  errors: string[];
  /** the address of a route: the original client routes in the hash (`/#/album/…`) */
  url(path: string): string;
  /**
   * The original syncs libraries only when one signs in: in a new context its tracks cannot play
   * until then, so before its play measurement it signs in once more in that context.
   */
  syncsOnlyAtSignIn: boolean;
}

async function oneRun(
  browser: Browser,
  client: Client,
  signedIn: Awaited<ReturnType<BrowserContext['storageState']>>,
  profile: Profile,
): Promise<Run> {
  /** a new context, signed in unless `signedOut` */
  const open = async (signedOut = false) => {
    const context = await browser.newContext(signedOut ? {} : { storageState: signedIn });
    const page = await context.newPage();
    collectErrors(page, client.errors);
    await page.addInitScript(instrument(client.rowNeedsPlayButton));
    const traffic = await Traffic.attach(context, page, profile);
    return { context, page, traffic };
  };

  const home = await open();
  await home.page.goto(client.url('/'));
  const homeMs = await waitFor(home.page, 'home');
  await home.page.waitForLoadState('networkidle');
  const homeTraffic = { bytes: home.traffic.bytes, requests: home.traffic.requests };
  await home.context.close();

  const album = await open();
  await album.page.goto(client.url(`/album/${TWO_DISC_ALBUM}`));
  const albumMs = await waitFor(album.page, 'row');
  await album.page.waitForLoadState('networkidle');
  const albumTraffic = { bytes: album.traffic.bytes, requests: album.traffic.requests };
  let played: Stamps;
  if (client.syncsOnlyAtSignIn) {
    // a context signed in afresh, so the original syncs; its album page then plays
    const fresh = await open(true);
    await signInOn(fresh.page, client);
    await load(fresh.page, client.url(`/album/${TWO_DISC_ALBUM}`));
    await fresh.page.locator('main ul > li button:not([disabled])').first().waitFor({ timeout: 60_000 });
    await fresh.page.getByRole('button', { name: '播放全部' }).click();
    // best effort: in this setup the original's 播放全部 did not always start playback
    await waitFor(fresh.page, 'playing').catch(() => undefined);
    played = await stamps(fresh.page);
    await fresh.context.close();
  } else {
    await album.page.getByRole('button', { name: '播放全部' }).click();
    await waitFor(album.page, 'playing');
    played = await stamps(album.page);
  }

  // ours: the service worker has precached the app (it registers after the first load)
  const withWorker = client.rowNeedsPlayButton;
  if (withWorker)
    await album.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 120_000,
    });

  album.traffic.reset();
  await album.page.reload();
  const repeatAlbumMs = await waitFor(album.page, 'row');
  await album.page.waitForLoadState('networkidle');
  const repeatAssetBytes = album.traffic.assetBytes;

  let offlineAlbumMs: number | null = null;
  const beforeOffline = client.errors.length;
  if (withWorker) {
    await album.context.setOffline(true);
    await album.page.reload();
    offlineAlbumMs = await waitFor(album.page, 'row');
  }
  await album.context.close();
  // the browser's own complaints about the missing network are not page errors, those logged after
  // the first row (the stores' calls, answered by nobody) as much as those before it
  if (withWorker) {
    const during = client.errors.splice(beforeOffline);
    client.errors.push(...during.filter((e) => !OFFLINE_CONSOLE.test(e)));
  }

  return {
    homeMs,
    homeBytes: homeTraffic.bytes,
    homeRequests: homeTraffic.requests,
    albumMs,
    albumBytes: albumTraffic.bytes,
    albumRequests: albumTraffic.requests,
    playMs: played.playing === null || played.click === null ? Number.NaN : played.playing - played.click,
    repeatAssetBytes,
    repeatAlbumMs,
    offlineAlbumMs,
  };
}

/** a full page load (the original's router does not follow a hash-only change) */
async function load(page: Page, address: string): Promise<void> {
  if (page.url().split('#')[0] === address.split('#')[0]) await page.goto('about:blank');
  await page.goto(address);
}

async function signInOn(page: Page, { server, rowNeedsPlayButton: ours, url }: Client): Promise<void> {
  await load(page, url('/user/login'));
  if (ours) {
    // by the client's own address form: a files-only server has no /user/login to load
    await logIn(page, server.demo.email, server.demo.password);
    await page.getByRole('button', { name: '注销', exact: true }).waitFor();
    return;
  }
  // the original's fields have no label tied to them: found by name
  await page.locator('input[name="email"]').fill(server.demo.email);
  await page.locator('input[name="password"]').fill(server.demo.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL((address) => !address.href.includes('/user/login'));
}

async function signedInState(browser: Browser, client: Client) {
  const context = await browser.newContext();
  await signInOn(await context.newPage(), client);
  const state = await context.storageState();
  await context.close();
  return state;
}

const kB = (bytes: number): number => Math.round(bytes / 100) / 10;

function rowsOf(client: string, profile: Profile, runs: Run[]): Record<string, Cell>[] {
  const med = (pick: (r: Run) => number): number => round(median(runs.map(pick)));
  const target = (ms: number, limit: number | null): Cell => (limit === null ? '-' : ms < limit ? 'yes' : 'NO');
  const throttled = profile.network !== null;
  return [
    {
      client,
      profile: profile.name,
      measurement: 'home: navigation → home text',
      'median ms': med((r) => r.homeMs),
      'kB over wire': kB(median(runs.map((r) => r.homeBytes))),
      requests: median(runs.map((r) => r.homeRequests)),
      target: throttled ? `< ${TARGETS_MS.home} ms` : '(info)',
      met: target(
        med((r) => r.homeMs),
        throttled ? TARGETS_MS.home : null,
      ),
    },
    {
      client,
      profile: profile.name,
      measurement: 'album: navigation → first track row',
      'median ms': med((r) => r.albumMs),
      'kB over wire': kB(median(runs.map((r) => r.albumBytes))),
      requests: median(runs.map((r) => r.albumRequests)),
      target: throttled ? `< ${TARGETS_MS.album} ms` : '(info)',
      met: target(
        med((r) => r.albumMs),
        throttled ? TARGETS_MS.album : null,
      ),
    },
    {
      client,
      profile: profile.name,
      measurement: 'play: click 播放全部 → playing',
      'median ms': runs.some((r) => Number.isNaN(r.playMs)) ? 'n/a' : med((r) => r.playMs),
      'kB over wire': '',
      requests: '',
      target: '(info)',
      met: '-',
    },
    {
      client,
      profile: profile.name,
      measurement: 'repeat visit: album reload → first row',
      'median ms': med((r) => r.repeatAlbumMs),
      'kB over wire': kB(median(runs.map((r) => r.repeatAssetBytes))),
      requests: '',
      target: 'JS+CSS 0 kB',
      met: runs.every((r) => r.repeatAssetBytes === 0) ? 'yes' : 'NO',
    },
    ...(runs.every((r) => r.offlineAlbumMs !== null)
      ? [
          {
            client,
            profile: profile.name,
            measurement: 'offline: album reload → first row',
            'median ms': med((r) => r.offlineAlbumMs!),
            'kB over wire': 0,
            requests: '',
            target: '(info)',
            met: '-',
          },
        ]
      : []),
  ];
}

export const networkBench: BenchModule = {
  name: 'network',
  title:
    'Over a phone connection (150 ms RTT, 1.6 Mbit/s, CPU ×4) and on loopback: home, album rows, play, repeat visit (cold cache, signed in)',
  async run() {
    await build({ root: REPO_ROOT, logLevel: 'error' });
    const original = process.env.ORIGINAL_CLIENT_DIST;
    const servers: TestServer[] = [];
    const browser = await launchBrowser();
    try {
      const ourServer = await spawnServer({
        dataDir: await mkdtemp(join(tmpdir(), 'anniv-network-bench-')),
        removeDataDir: true,
      });
      const ours: Client = {
        label: 'ours',
        server: ourServer,
        rowNeedsPlayButton: true,
        errors: [],
        url: (path) => `${ourServer.baseUrl}${path}`,
        syncsOnlyAtSignIn: false,
      };
      servers.push(ours.server);
      // the same build by hash address (what a server that serves files only gets): on our server,
      // where the route pages' preloads are lost, and on a strict one (ANNIV_STRICT=1: files only)
      const oursByHash: Client = {
        ...ours,
        label: 'ours, /#/ address',
        errors: ours.errors,
        url: (path) => `${ourServer.baseUrl}/#${path}`,
      };
      const strictServer = await spawnServer({
        dataDir: await mkdtemp(join(tmpdir(), 'anniv-network-bench-strict-')),
        removeDataDir: true,
        env: { ANNIV_STRICT: '1' },
      });
      servers.push(strictServer);
      const oursStrict: Client = {
        ...ours,
        label: 'ours, files-only server',
        server: strictServer,
        errors: ours.errors,
        url: (path) => `${strictServer.baseUrl}/#${path}`,
      };
      const clients = [ours, oursByHash, oursStrict];
      if (original) {
        const dataDir = await mkdtemp(join(tmpdir(), 'anniv-network-bench-original-'));
        const server = await spawnServer({ dataDir, removeDataDir: true, distDir: original });
        servers.push(server);
        clients.push({
          label: 'original',
          server,
          rowNeedsPlayButton: false,
          errors: [],
          url: (path) => `${server.baseUrl}/#${path}`,
          syncsOnlyAtSignIn: true,
        });
      }
      const rows: Record<string, Cell>[] = [];
      const data: Record<string, Run[]> = {};
      for (const profile of PROFILES) {
        // each client signs in on its own login page (same labels), as its listeners would
        const states = [];
        for (const client of clients) states.push(await signedInState(browser, client));
        const runs: Run[][] = clients.map(() => []);
        // the clients take turns, run by run, so a warming server or a busy moment weighs on all alike
        for (let i = 0; i < profile.runs; i++) {
          for (const [k, client] of clients.entries())
            runs[k]!.push(await oneRun(browser, client, states[k]!, profile));
        }
        for (const [k, client] of clients.entries()) {
          data[`${client.label} · ${profile.name}`] = runs[k]!;
          rows.push(...rowsOf(client.label, profile, runs[k]!));
        }
      }
      if (ours.errors.length > 0) throw new Error(`page errors:\n${ours.errors.join('\n')}`);
      return {
        rows,
        notes: [
          '"kB over wire" for repeat visit is the JS+CSS that came from the network (0 = all from the service worker or the HTTP cache); the other rows count every request of the page until the network is idle.',
          "Offline: the network is switched off and the album page reloaded; the app comes from the service worker's precache, the album from IndexedDB.",
          'The album row includes the first sync of the demo library (a new context has empty IndexedDB), as a first visit on a new phone would.',
          'Ours three ways: path addresses on the reference server (route pages with their preloads), the same by a /#/ address (the server sees only /), and by a /#/ address on a files-only server (ANNIV_STRICT=1, as anniv-go serves the client).',
          original
            ? `Original client from ${original}; its page errors (not ours): ${clients.find((c) => c.label === 'original')!.errors.length}.`
            : 'Set ORIGINAL_CLIENT_DIST to a build of the original web client to run it beside ours.',
        ],
        data,
      };
    } finally {
      await browser.close();
      await Promise.all(servers.map((s) => s.stop()));
    }
  },
};
