import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ALBUMS } from '../../server/demo/catalog.js';
import { acceptedCodings } from '../../server/encoding.js';
import type { AnnivServer } from '../../server/index.js';
import { compressDir } from '../../build/compressAssets.js';
import { Client, makeDataDir, makeServer, removeDir } from './support/fixture.js';

/*
 * Compressed delivery: the build writes .br and .gz copies of text files (compressDir, the Vite
 * plugin's work); the server picks one by Accept-Encoding, says Vary: Accept-Encoding, keeps the
 * caching rules, answers HEAD and ranges; JSON answers of the API over 1 KiB are compressed.
 */

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 20}`))};\n`;
const SMALL = `export const field = ${JSON.stringify(Array.from({ length: 60 }, (_, i) => `code-${i % 6}`))};\n`;
const INDEX = `<!doctype html><html><head><title>Anniv</title><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>\n`;

let dir: string;
let dist: string;
let server: AnnivServer;
let written: number;

beforeAll(async () => {
  dir = await makeDataDir('meta');
  dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-1.js'), 'console.log(1);\n');
  // under 1 KiB, as a page's own chunk can be, and fetched on the first page all the same
  fs.writeFileSync(path.join(dist, 'assets', 'small-1.js'), SMALL);
  fs.writeFileSync(path.join(dist, 'assets', 'cover-1.png'), Buffer.alloc(4096, 7));
  written = await compressDir(dist);
  server = await makeServer(dir, { DIST_DIR: dist });
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> =>
  Promise.resolve(server.apiApp.request(pathname, { method, headers }));
const bytes = async (res: Response): Promise<Buffer> => Buffer.from(await res.arrayBuffer());

describe('Accept-Encoding', () => {
  test.each([
    [undefined, []],
    ['', []],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['BR;q=0.5', ['br']],
    ['*', ['br', 'gzip']],
    ['*, br;q=0', ['gzip']],
    ['identity', []],
    ['gzip;q=0', []],
  ])('%s → %j', (header, codings) => {
    expect(acceptedCodings(header)).toEqual(codings);
  });
});

describe('the build writes compressed copies', () => {
  test('brotli and gzip of every text file whose copy is smaller, small ones too; binary files left alone', () => {
    expect(SMALL.length).toBeLessThan(1024);
    const names = fs.readdirSync(path.join(dist, 'assets')).sort();
    expect(names).toEqual([
      'app-1.js',
      'app-1.js.br',
      'app-1.js.gz',
      'cover-1.png',
      'small-1.js',
      'small-1.js.br',
      'small-1.js.gz',
      'tiny-1.js',
    ]);
    expect(fs.existsSync(path.join(dist, 'index.html.br'))).toBe(true);
    expect(written).toBe(6);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets', 'small-1.js.br'))).toString()).toBe(
      SMALL,
    );
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets', 'app-1.js.br'))).toString()).toBe(
      SCRIPT,
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'assets', 'app-1.js.gz'))).toString()).toBe(SCRIPT);
  });
});

describe('static files', () => {
  test('br when offered: Content-Encoding, its own length, Vary, immutable caching, the same bytes once decoded', async () => {
    const res = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = await bytes(res);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(body.length).toBeLessThan(SCRIPT.length / 5);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  test('gzip when only gzip is offered, or br is refused', async () => {
    for (const header of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await get('/assets/app-1.js', { 'accept-encoding': header });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(zlib.gunzipSync(await bytes(res)).toString()).toBe(SCRIPT);
    }
  });

  test('nothing offered: the plain file, still with Vary', async () => {
    const res = await get('/assets/app-1.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect((await bytes(res)).toString()).toBe(SCRIPT);
  });

  test('a file without a copy goes plain; a binary file has no Vary', async () => {
    const tiny = await get('/assets/tiny-1.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1);\n');
    const png = await get('/assets/cover-1.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
  });

  test('HEAD: the same headers as GET, no body', async () => {
    const res = await get('/assets/app-1.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBe(String(fs.statSync(path.join(dist, 'assets', 'app-1.js.br')).size));
    expect((await bytes(res)).length).toBe(0);
  });

  test('a Range is answered from the plain file: 206 with exactly those bytes; past the end 416', async () => {
    const res = await get('/assets/app-1.js', { 'accept-encoding': 'br', range: 'bytes=10-29' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-range')).toBe(`bytes 10-29/${SCRIPT.length}`);
    expect((await bytes(res)).toString()).toBe(SCRIPT.slice(10, 30));
    const past = await get('/assets/app-1.js', { range: `bytes=${SCRIPT.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${SCRIPT.length}`);
  });

  test('the page (any client route) goes compressed, never cached without asking, with its policy', async () => {
    const res = await get('/album/some-id', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(zlib.brotliDecompressSync(await bytes(res)).toString()).toBe(INDEX);
  });
});

describe('API answers', () => {
  let c: Client;
  beforeAll(async () => {
    c = new Client(server);
    await c.login();
  });
  const albums = `/api/meta/album?${DEMO_ALBUMS.map((a) => `id=${a.album_id}`).join('&')}`;

  test('JSON over 1 KiB goes brotli (or gzip) when offered, and decodes to the same answer', async () => {
    const plain = await c.raw(albums);
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');

    const br = await c.raw(albums, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('application/json');
    const brBody = await bytes(br);
    expect(brBody.length).toBeLessThan(plainText.length / 2);
    expect(zlib.brotliDecompressSync(brBody).toString()).toBe(plainText);

    const gz = await c.raw(albums, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await bytes(gz)).toString()).toBe(plainText);
  });

  test('small answers go plain; cookies set by the answer are kept', async () => {
    const info = await c.raw('/api/info', { headers: { 'accept-encoding': 'br' } });
    expect(info.headers.get('content-encoding')).toBeNull();
    expect((await info.json()).status).toBe(0);
    const fresh = new Client(server);
    const login = await fresh.raw('/api/user/info', { headers: { 'accept-encoding': 'br' } });
    expect(login.headers.getSetCookie().some((line) => line.startsWith('XSRF-TOKEN='))).toBe(true);
  });
});

describe('route pages (the build names each route’s files in its own copy of index.html)', () => {
  let routesDir: string;
  let routeServer: AnnivServer;
  const ALBUM_PAGE = INDEX.replace(
    '</head>',
    '<link rel="modulepreload" crossorigin href="/assets/AlbumPage-1.js"></head>',
  );
  beforeAll(async () => {
    routesDir = await makeDataDir('none');
    const d = path.join(routesDir, 'dist');
    fs.mkdirSync(path.join(d, 'routes'), { recursive: true });
    fs.writeFileSync(path.join(d, 'index.html'), INDEX);
    fs.writeFileSync(path.join(d, 'routes', 'AlbumPage.html'), ALBUM_PAGE);
    fs.writeFileSync(
      path.join(d, 'routes', 'routes.json'),
      JSON.stringify([
        { path: '/album/:id', file: 'routes/AlbumPage.html' },
        { path: '/album', file: 'routes/AlbumPage.html' },
        { path: '/tags', file: 'routes/TagsPage.html' }, // listed, but its file is missing
        { path: '/escape', file: '../../etc/passwd' },
      ]),
    );
    routeServer = await makeServer(routesDir, { DIST_DIR: d });
  });
  afterAll(async () => {
    await routeServer.close();
    removeDir(routesDir);
  });
  const page = async (pathname: string, headers: Record<string, string> = {}): Promise<Response> =>
    Promise.resolve(routeServer.apiApp.request(pathname, { headers }));

  test('a client route gets its page, never cached without asking, with the policy', async () => {
    for (const pathname of ['/album/3f8a2c1e', '/album']) {
      const res = await page(pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toBe(ALBUM_PAGE);
    }
  });

  test('other paths, a listed page whose file is missing and a file outside the build get index.html', async () => {
    for (const pathname of ['/album/a/b', '/library', '/tags', '/escape'])
      expect(await (await page(pathname)).text()).toBe(INDEX);
  });

  describe('the page names the API answers the app starts with (Link: rel=preload)', () => {
    const links = (res: Response): string[] => (res.headers.get('link') ?? '').split(', ').filter(Boolean);
    test('site info and the user for everyone; credentials and favourites with a session cookie; Vary: Cookie', async () => {
      const anonymous = await page('/album/x', { 'accept-encoding': 'br' });
      expect(links(anonymous)).toEqual([
        '</api/info>; rel=preload; as=fetch; crossorigin=use-credentials',
        '</api/user/info>; rel=preload; as=fetch; crossorigin=use-credentials',
      ]);
      expect(anonymous.headers.get('vary')).toBe('Cookie, Accept-Encoding');
      const signedIn = await page('/', { cookie: 'session=abc' });
      expect(links(signedIn).map((l) => l.slice(0, l.indexOf('>') + 1))).toEqual([
        '</api/info>',
        '</api/user/info>',
        '</api/credential>',
        '</api/favorite/music>',
        '</api/favorite/album>',
      ]);
    });

    test("the album page, signed in, also names its album's metadata, as the app asks for it", async () => {
      const id = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
      const signedIn = await page(`/album/${id}`, { cookie: 'session=abc' });
      expect(links(signedIn).at(-1)).toBe(
        `</api/meta/album?id%5B%5D=${id}>; rel=preload; as=fetch; crossorigin=use-credentials`,
      );
      expect(links(await page(`/album/${id}`))).toHaveLength(2); // signed out: the guard sends the visitor to sign in
      expect(links(await page('/album/not-an-id', { cookie: 'session=abc' }))).toHaveLength(5);
    });

    test('other files, and a build without route pages, carry no Link', async () => {
      expect((await page('/routes/routes.json')).headers.get('link')).toBeNull();
      // a build without route pages is another client (a benchmark serves the original one)
      expect((await get('/album/x', { cookie: 'session=abc' })).headers.get('link')).toBeNull();
    });
  });
});
