import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import { APP_PAGE, withAddressMarker } from '../../build/routePages.js';
import { ADDRESS_MARKER } from '../../src/services/addresses.js';
import { makeDataDir, makeServer, removeDir } from './support/fixture.js';

/*
 * How the built client is served, and so which addresses the app takes (src/services/addresses.ts):
 * by default every route loads the app from a page carrying the path-address marker; in strict mode
 * (ANNIV_STRICT=1) only files that exist, `/` giving index.html and anything else gin's plain 404,
 * as anniv-go serves its `frontend` folder, so the app finds no marker and takes hash addresses.
 */

const INDEX =
  '<!doctype html><html><head><title>Anniv</title><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>\n';
const APP = withAddressMarker(INDEX);
const ALBUM_PAGE = APP.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/AlbumPage-1.js"></head>',
);

let dir: string;
let dist: string;
let byDefault: AnnivServer;
let strict: AnnivServer;

beforeAll(async () => {
  dir = await makeDataDir('none');
  dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'routes'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1);\n');
  fs.writeFileSync(path.join(dist, 'routes', APP_PAGE), APP);
  fs.writeFileSync(path.join(dist, 'routes', 'AlbumPage.html'), ALBUM_PAGE);
  fs.writeFileSync(
    path.join(dist, 'routes', 'routes.json'),
    JSON.stringify([{ path: '/album/:id', file: 'routes/AlbumPage.html' }]),
  );
  byDefault = await makeServer(dir, { DIST_DIR: dist });
  strict = await makeServer(dir, { DIST_DIR: dist, ANNIV_STRICT: '1' });
});
afterAll(async () => {
  await byDefault.close();
  await strict.close();
  removeDir(dir);
});

const get = async (server: AnnivServer, pathname: string) => {
  const res = await server.apiApp.request(pathname);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
};

describe('the marker', () => {
  test('is one meta element in the head, and index.html has none', () => {
    expect(APP).toContain(`<meta name="${ADDRESS_MARKER}" content="path">`);
    expect(APP.indexOf(ADDRESS_MARKER)).toBeLessThan(APP.indexOf('</head>'));
    expect(INDEX).not.toContain(ADDRESS_MARKER);
    expect(() => withAddressMarker('<html><body></body></html>')).toThrow(/no <\/head>/);
  });
});

describe('by default every address loads the app with the path-address marker', () => {
  test.each(['/', '/library', '/s/AbCdEfGh', '/tag/a%3Ab', '/album/a/b', '/no/such/page'])(
    '%s → the app page',
    async (pathname) => {
      const res = await get(byDefault, pathname);
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^text\/html/);
      expect(res.body).toBe(APP);
    },
  );

  test('a route with its own page gets that page, marker included', async () => {
    expect((await get(byDefault, '/album/3f8a2c1e')).body).toBe(ALBUM_PAGE);
  });

  test('a page load says so (Sec-Fetch-Dest: document) and gets the app', async () => {
    const res = await byDefault.apiApp.request('/user/index', { headers: { 'Sec-Fetch-Dest': 'document' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(APP);
  });

  // an avatar typed as `a.png` on /user/index: the browser asks for /user/a.png as an image
  test.each(['image', 'script', 'empty'])('a missing file asked for as %s → 404, no app, no preloads', async (dest) => {
    const res = await byDefault.apiApp.request('/user/a.png', { headers: { 'Sec-Fetch-Dest': dest } });
    expect(res.status).toBe(404);
    expect(res.headers.get('link')).toBeNull();
    expect(await res.text()).not.toContain(ADDRESS_MARKER);
  });

  test('index.html asked for by name stays as built (the service worker precaches it)', async () => {
    expect((await get(byDefault, '/index.html')).body).toBe(INDEX);
  });
});

describe('ANNIV_STRICT=1 serves files only, as anniv-go does', () => {
  test('/ gives index.html, without the marker', async () => {
    const res = await get(strict, '/');
    expect(res.status).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  test('files that exist are served', async () => {
    expect((await get(strict, '/assets/app-1.js')).status).toBe(200);
    expect((await get(strict, '/index.html')).body).toBe(INDEX);
  });

  test.each(['/library', '/s/AbCdEfGh', '/album/3f8a2c1e', '/tag/a%3Ab', '/user/login'])(
    '%s → gin’s plain 404',
    async (pathname) => {
      const res = await get(strict, pathname);
      expect(res.status).toBe(404);
      expect(res.type).toMatch(/^text\/plain/);
      expect(res.body).toBe('404 page not found');
    },
  );

  test('the API still answers', async () => {
    const res = await strict.apiApp.request('/api/info');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: number }).status).toBe(0);
  });
});
