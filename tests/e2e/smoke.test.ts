import { expect, test } from 'vitest';
import { newPage } from '../../tools/browser';
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
    if (/\/assets\/.+\.(js|css)$/.test(response.url())) encodings.set(response.url(), (await response.allHeaders())['content-encoding'] ?? 'none');
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
