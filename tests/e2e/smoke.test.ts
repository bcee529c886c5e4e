import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from '../../harness/browser';
import { signInAsDemo } from '../../harness/signIn';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

test('the app opens with the site name as title and no errors', async () => {
  const info = (await (await fetch(`${suite.server.baseUrl}/api/info`)).json()) as { data: { site_name: string } };
  const siteName = info.data.site_name;
  expect(siteName).toBeTruthy();
  const { page, expectNoErrors, close } = await newPage(suite.browser);
  await page.goto(suite.server.baseUrl);
  await expect.poll(() => page.title(), { timeout: 15_000 }).toContain(siteName);
  expectNoErrors();
  await close();
});

test('delivery: the icon is an icon, assets come compressed, a route page names its files, start requests are preloaded once', async () => {
  const icon = await fetch(`${suite.server.baseUrl}/favicon.ico`);
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toBe('image/x-icon');
  expect((await icon.arrayBuffer()).byteLength).toBeGreaterThan(500);

  const { page, close } = await newPage(suite.browser);
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(url.pathname);
  });
  const encodings = new Map<string, string>();
  page.on('response', async (response) => {
    if (/\/assets\/.+\.(js|css)$/.test(response.url()))
      encodings.set(response.url(), (await response.allHeaders())['content-encoding'] ?? 'none');
  });
  const document = await page.goto(`${suite.server.baseUrl}/album/3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01`);
  const html = await document!.text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/AlbumPage-[^"]+\.js">/);
  // the album page has a chunk of what it needs: the code only other pages use stays out of its load
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/album-[^"]+\.js">/);
  expect(html).not.toMatch(/\/assets\/lazy-/);
  // rows' menus load when first wanted, not with the page
  expect(html).not.toMatch(/\/assets\/menu-/);
  await page.getByRole('button', { name: '登录' }).waitFor(); // the guard sent the visitor to sign in
  await expect.poll(() => encodings.size).toBeGreaterThan(2);
  expect(new Set(encodings.values())).toEqual(new Set(['br']));
  // the page's Link header preloads what the app asks for first; the app uses those answers
  expect(apiRequests.filter((p) => p === '/api/info')).toHaveLength(1);
  expect(apiRequests.filter((p) => p === '/api/user/info')).toHaveLength(1);
  await close();
});

// Stately's inspector window, faked (no internet here): it says it is connected to the page that
// opened it, as the real one does, and keeps what the page sends it.
const STATELY_INSPECTOR = 'https://stately.ai/inspect';
const FAKE_INSPECTOR = `<!doctype html><title>inspector</title><script>
  window.received = [];
  addEventListener('message', (event) => { if (event.data && event.data._version) window.received.push(event.data); });
  opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;
const ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲, tagged 港灯乐团
const inspectorChunks = (requests: string[]) => requests.filter((url) => /\/assets\/inspect-[^/]+\.js$/.test(url));
/** the names the inspector lists the actors by (its own rule: the actor's id, else its machine's) */
const actorNames = (inspector: Page) =>
  inspector.evaluate(() =>
    (window as unknown as { received: { type: string; name?: string }[] }).received
      .filter((event) => event.type === '@xstate.actor')
      .map((event) => event.name ?? ''),
  );

test('?inspect on the built site: asked first, then every actor in the inspector window under a name of its own; nothing of it loads otherwise', async () => {
  // with the service worker, whose precache must not fetch the inspector either
  const { page, context, close, expectNoErrors } = await newPage(suite.browser, { serviceWorkers: 'allow' });
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(request.url()));
  await context.route(`${STATELY_INSPECTOR}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: FAKE_INSPECTOR }),
  );
  const dialogs: string[] = [];
  let accept = false;
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void (accept ? dialog.accept() : dialog.dismiss());
  });
  await signInAsDemo(page, suite.server);
  // without ?inspect: no question, nothing of the inspector fetched, and the service worker does not precache it
  expect(dialogs).toEqual([]);
  expect(inspectorChunks(scripts)).toEqual([]);
  expect(await (await fetch(`${suite.server.baseUrl}/sw.js`)).text()).not.toMatch(/inspect-/);

  // asked, and refused: the app opens as usual, without the inspector
  await page.goto(`${suite.server.baseUrl}/album/${ALBUM}?inspect`);
  await page.getByRole('heading', { name: '港灯夜曲' }).waitFor();
  expect(dialogs).toEqual([expect.stringContaining('Stately')]);
  expect(inspectorChunks(scripts)).toEqual([]);
  expect(context.pages()).toHaveLength(1);

  // accepted: the inspector window opens and hears every actor, each page's loader by its own name
  accept = true;
  const opened = context.waitForEvent('page');
  await page.goto(`${suite.server.baseUrl}/album/${ALBUM}?inspect`);
  const inspector = await opened;
  expect(inspector.url()).toBe(STATELY_INSPECTOR);
  await page.getByRole('heading', { name: '港灯夜曲' }).waitFor();
  expect(inspectorChunks(scripts)).toHaveLength(1);
  await page.getByRole('link', { name: '港灯乐团' }).first().click();
  await page.getByRole('heading', { name: '港灯乐团' }).waitFor();
  await expect
    .poll(() => actorNames(inspector), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        'session',
        'siteLoader',
        'player',
        'albumInfoLoader',
        'loadAlbumInfo',
        'albumAvailabilityLoader',
        'tagGraphLoader',
        'tagAlbumsLoader',
        'loadTagAlbums',
      ]),
    );
  const names = await actorNames(inspector);
  // no actor left under the shared loader's names or under a bare session id (`x:12`)
  expect(names.filter((name) => name === 'loader' || name === 'load' || /^x:\d+$/.test(name))).toEqual([]);
  expectNoErrors();
  await close();
});
