/**
 * The shared page signed out, in real headless Chromium against the real reference server and the
 * built client: the demo account shares three tracks (through the API, as the wizard does), then a
 * fresh browser context (cold cache, nobody signed in) loads /s/{id} until the first track row is in
 * the DOM (MutationObserver from an init script, navigation start = 0). Reports the time and what
 * the page fetched: every JS and CSS file, measured gzip -9 as the bundle bench measures the
 * signed-in first page, against that first page plus 20 KB.
 *
 * Reports medians; nothing here asserts speed. Page errors do fail the run.
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../harness/browser';
import { signInAsDemo } from '../harness/signIn';
import { spawnServer, type TestServer } from '../harness/serverProcess';
import { firstPageAssets, measure } from './bundle';
import { REPO_ROOT } from './lib/paths';
import { collectErrors, row } from './lib/stats';
import type { BenchModule } from './lib/types';

const RUNS = 10;
const TIME_TARGET_MS = 500;
const EXTRA_BYTES_ALLOWED = 20_000;
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const FIRST_ROW = 'main ul > li';

const INSTRUMENT = `(() => {
  window.__firstRow = null;
  const observer = new MutationObserver(() => {
    if (document.querySelector(${JSON.stringify(FIRST_ROW)}) && document.querySelector('main button[aria-label="播放"]')) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** the demo account shares three tracks; resolves with the share id (a string: see bench/player.ts) */
async function createShare(page: Page, server: TestServer): Promise<string> {
  await signInAsDemo(page, server);
  return page.evaluate(`(async () => {
    const credentials = (await (await fetch('/api/credential')).json()).data;
    const body = {
      info: { name: '港灯夜曲', description: 'bench', cover: { album_id: '${TWO_DISC_ALBUM}', disc_id: 1 }, songs: [{ album_id: '${TWO_DISC_ALBUM}', disc_id: 1, tracks: [1, 2, 3] }] },
      albums: { '${TWO_DISC_ALBUM}': credentials[0].id },
    };
    const answer = await (await fetch('/api/share', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    if (answer.status !== 0) throw new Error('POST /api/share: ' + answer.status + ' ' + answer.message);
    return answer.data;
  })()`);
}

interface ColdLoad {
  ms: number;
  /** the JS and CSS files the page fetched, paths in dist/ */
  assets: string[];
}

async function coldLoad(browser: Browser, server: TestServer, id: string, errors: string[]): Promise<ColdLoad> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    collectErrors(page, errors);
    const assets = new Set<string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/^\/assets\/.+\.(js|css)$/.test(path)) assets.add(path.slice(1));
    });
    await page.addInitScript(INSTRUMENT);
    await page.goto(`${server.baseUrl}/s/${id}`);
    const firstRow = await page.waitForFunction(() => (window as unknown as { __firstRow: number | null }).__firstRow);
    return { ms: (await firstRow.jsonValue()) as number, assets: [...assets].sort() };
  } finally {
    await context.close();
  }
}

export const shareBench: BenchModule = {
  name: 'share',
  title: `Shared page signed out, cold (navigation start → first track row, median of ${RUNS})`,
  async run() {
    await build({ root: REPO_ROOT, logLevel: 'error' });
    const html = await readFile(join(REPO_ROOT, 'dist', 'index.html'), 'utf8');
    const firstPage = await Promise.all(firstPageAssets(html).map(measure));
    const firstPageGzip = firstPage.reduce((sum, a) => sum + a.gzipBytes, 0);

    const dataDir = await mkdtemp(join(tmpdir(), 'anniv-share-bench-'));
    const [server, browser] = await Promise.all([spawnServer({ dataDir, removeDataDir: true }), launchBrowser()]);
    const errors: string[] = [];
    try {
      const owner = await browser.newContext();
      const id = await createShare(await owner.newPage(), server);
      await owner.close();
      const loads: ColdLoad[] = [];
      for (let i = 0; i < RUNS; i++) loads.push(await coldLoad(browser, server, id, errors));
      if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
      const assets = loads[0]!.assets;
      const sizes = await Promise.all(assets.map(measure));
      const gzip = sizes.reduce((sum, a) => sum + a.gzipBytes, 0);
      const limit = firstPageGzip + EXTRA_BYTES_ALLOWED;
      const kb = (bytes: number) => Math.round(bytes / 10) / 100;
      return {
        rows: [
          row(
            '/s/{id} signed out, cold: navigation start → first track row',
            loads.map((l) => l.ms),
            TIME_TARGET_MS,
          ),
          {
            measurement: `JS+CSS fetched: ${kb(gzip)} kB gzip (${assets.length} files); limit ${kb(limit)} kB (first page ${kb(firstPageGzip)} + 20)`,
            runs: 1,
            'median ms': '',
            'min ms': '',
            'max ms': '',
            target: `≤ ${kb(limit)} kB`,
            met: gzip <= limit ? 'yes' : 'NO',
          },
        ],
        notes: [
          'Cold: a new browser context each run (empty HTTP cache and storage), nobody signed in. Sizes are gzip -9 of the built files the page fetched.',
        ],
        data: {
          loads,
          assets: sizes,
          gzipBytes: gzip,
          firstPageGzipBytes: firstPageGzip,
          limitBytes: limit,
          targetMs: TIME_TARGET_MS,
        },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
