/**
 * The album list of a big library in the real app, for the sync bench: the
 * reference server in this process with the built client and a synthetic catalogue of every album
 * (ServerOptions.meta), a fake annil on another origin listing those albums, and the demo account
 * with that library added. The app syncs it as it would any library.
 *
 * Each run opens /library in a fresh document, waits until the start's sync of both libraries is
 * over, then changes the route (history.pushState, which wouter follows) to the library's album
 * list, page 1 or page 3,000, and times until the first album card is in the DOM (MutationObserver).
 * The first route change of a document also loads the page's chunk, as a click on the library would.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { drawCover } from '../../server/demo/cover';
import { demoPaths } from '../../server/demo/generate';
import { createServer, loadConfig, type AnnivServer } from '../../server/index';
import type { MetaRepo } from '../../server/meta/load';
import { serveAlbumList, type AlbumListLibrary } from '../../harness/albumListLibrary';
import { logIn } from '../../harness/signIn';
import { addLibrary, openLibraries } from '../lib/library';
import { REPO_ROOT } from '../lib/paths';

export interface AlbumListTimings {
  /** route change → first album card of page 1, a fresh document each run */
  firstPageMs: number[];
  /** the same for ?page=3000 (or the last page of a smaller library) */
  farPageMs: number[];
  /** the page number measured as the far page */
  farPage: number;
}

const LIBRARY_NAME = 'bench library';
const FIRST_CARD = 'main section ul > li a[href^="/album/"]';

/** pushState to `path`; resolves with ms to the first album card in the DOM */
async function routeToList(page: Page, path: string): Promise<number> {
  const ms = await page.evaluate(
    ({ path, selector }) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          observer.disconnect();
          resolve(performance.now() - start);
        });
        observer.observe(document.body, { childList: true, subtree: true });
        history.pushState(null, '', path);
      }),
    { path, selector: FIRST_CARD },
  );
  return ms;
}

export async function measureAlbumList(
  browser: Browser,
  { albumIds, meta, runs }: { albumIds: readonly string[]; meta: MetaRepo; runs: number },
): Promise<AlbumListTimings> {
  const dataDir = await mkdtemp(join(tmpdir(), 'anniv-album-list-bench-'));
  let anniv: AnnivServer | null = null;
  let library: AlbumListLibrary | null = null;
  try {
    await mkdir(demoPaths(dataDir).libraryDir, { recursive: true });
    const config = { ...loadConfig({ DATA_DIR: dataDir, DIST_DIR: join(REPO_ROOT, 'dist') }), port: 0, libraryPort: 0 };
    anniv = await createServer(config, { demoContent: false, log: () => {}, meta });
    const { apiUrl } = await anniv.start();
    library = await serveAlbumList(albumIds, { cover: drawCover({ hue: 200, pattern: 'rings', size: 64 }) });
    const libraryUrl = library.url;

    const context = await browser.newContext({ baseURL: apiUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${apiUrl}/user/login`);
    await logIn(page, config.demoEmail, config.demoPassword);
    await page.waitForURL(`${apiUrl}/`);
    await addLibrary(page, LIBRARY_NAME, libraryUrl);

    const listPath = `/album/list?url=${encodeURIComponent(libraryUrl)}`;
    const pages = Math.floor(albumIds.length / 30) + 1;
    const farPage = Math.min(3000, pages);
    const timings: AlbumListTimings = { firstPageMs: [], farPageMs: [], farPage };
    // the first open syncs the library for the first time
    await openLibraries(page, apiUrl, LIBRARY_NAME, albumIds.length);
    for (let i = 0; i < runs; i++) {
      await openLibraries(page, apiUrl, LIBRARY_NAME, albumIds.length);
      timings.firstPageMs.push(await routeToList(page, listPath));
      await openLibraries(page, apiUrl, LIBRARY_NAME, albumIds.length);
      timings.farPageMs.push(await routeToList(page, `${listPath}&page=${farPage}`));
    }
    // the far page shows that page's albums: its first card is the album at its offset
    const shown = await page.evaluate((selector) => document.querySelector(selector)?.getAttribute('href'), FIRST_CARD);
    const expected = `/album/${albumIds[(farPage - 1) * 30]}`;
    if (shown !== expected) throw new Error(`page ${farPage} starts with ${shown}, expected ${expected}`);
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    await context.close();
    return timings;
  } finally {
    await library?.close();
    await anniv?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
