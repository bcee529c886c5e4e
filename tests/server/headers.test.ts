import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import { contentSecurityPolicy } from '../../server/static.js';
import { Client, makeDataDir, makeServer, removeDir } from './support/fixture.js';

/*
 * Security headers on every answer of the API and the static client (nosniff, Referrer-Policy),
 * and the Content-Security-Policy of the HTML document.
 */

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' blob: data: http: https:; " +
  "media-src 'self' blob: http: https:; connect-src 'self' http: https:; frame-ancestors 'none'; base-uri 'self'; " +
  "form-action 'self'; object-src 'none'";

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>Anniv</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

let dir: string;
let dist: string;
let server: AnnivServer;

beforeAll(async () => {
  dir = await makeDataDir('none');
  dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.css'), 'body{}\n');
  server = await makeServer(dir, { DIST_DIR: dist });
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

function expectCommon(res: Response, what: string): void {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

describe('every answer', () => {
  test.each([
    ['GET /api/info', 'GET', '/api/info', {}, undefined, 200],
    ['an unknown API path', 'GET', '/api/nope', {}, undefined, 200],
    [
      'a CSRF refusal',
      'POST',
      '/api/credential',
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      '{}',
      200,
    ],
    ['a body too large', 'POST', '/api/user/login', { 'content-type': 'application/json' }, 'x'.repeat(20000), 413],
    ['an auth refusal', 'GET', '/api/user/info', {}, undefined, 200],
    ['index.html', 'GET', '/', {}, undefined, 200],
    ['a client route (SPA fallback)', 'GET', '/album/123', {}, undefined, 200],
    ['a script', 'GET', '/assets/index-abc.js', {}, undefined, 200],
    ['a style sheet', 'GET', '/assets/index-abc.css', {}, undefined, 200],
    ['a missing asset', 'GET', '/assets/missing.js', {}, undefined, 404],
    ['HEAD of the page', 'HEAD', '/', {}, undefined, 200],
  ])('%s has nosniff and Referrer-Policy', async (name, method, pathname, headers, body, status) => {
    const res = await new Client(server).raw(pathname, { method, headers, body });
    expect(res.status).toBe(status);
    expectCommon(res, name);
  });

  test('an internal error (900000) too', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const other = await makeServer(dir, { DIST_DIR: dist });
    other.db.close();
    const res = await new Client(other).raw('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.c","password":"x"}',
    });
    expect(await res.json()).toMatchObject({ status: 900000 });
    expectCommon(res, 'internal error');
    await other.close();
    quiet.mockRestore();
  });

  test('the "not built" page too', async () => {
    const bare = await makeServer(dir); // DIST_DIR points at a folder that does not exist
    const res = await new Client(bare).raw('/');
    expect(res.status).toBe(503);
    expectCommon(res, 'not built');
    await bare.close();
  });
});

describe('Content-Security-Policy', () => {
  test.each(['/', '/index.html', '/album/123', '/tag/artist:x'])(
    'the HTML document %s carries the policy',
    async (pathname) => {
      const res = await new Client(server).raw(pathname);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toBe(CSP);
    },
  );

  test('HEAD of the document carries it too', async () => {
    const res = await new Client(server).raw('/', { method: 'HEAD' });
    expect(res.headers.get('content-security-policy')).toBe(CSP);
  });

  test('each directive', () => {
    const d = Object.fromEntries(CSP.split('; ').map((x) => [x.split(' ')[0], x.split(' ').slice(1).join(' ')]));
    expect(d).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' blob: data: http: https:",
      'media-src': "'self' blob: http: https:",
      'connect-src': "'self' http: https:",
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'object-src': "'none'",
    });
  });

  test('an inline script in the page is allowed by its hash, nothing else inline', () => {
    const code = 'window.__boot = 1;';
    const html = INDEX.replace('</head>', `<script>${code}</script><script src="/x.js"></script></head>`);
    const hash = createHash('sha256').update(code).digest('base64');
    expect(contentSecurityPolicy(html)).toBe(CSP.replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`));
    expect(contentSecurityPolicy(INDEX)).toBe(CSP);
  });

  test('a rebuilt page with an inline script gets the new hash', async () => {
    const file = path.join(dist, 'index.html');
    const code = 'globalThis.rebuilt = true;';
    fs.writeFileSync(file, INDEX.replace('</head>', `  <script type="module">${code}</script>\n  </head>`));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    try {
      const res = await new Client(server).raw('/');
      const hash = createHash('sha256').update(code).digest('base64');
      expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}';`);
    } finally {
      fs.writeFileSync(file, INDEX);
    }
  });

  test('scripts, styles and JSON answers do not carry the document policy', async () => {
    for (const p of ['/assets/index-abc.js', '/assets/index-abc.css', '/api/info']) {
      expect((await new Client(server).raw(p)).headers.get('content-security-policy'), p).toBeNull();
    }
  });

  // The client's page (index.html, which the build keeps as it is but for asset URLs; the browser
  // suite runs the built one under this policy and fails on any console error): every script it
  // loads must be allowed by the policy.
  const sourceIndex = path.resolve('index.html');
  test("the client's index.html needs nothing the policy forbids", () => {
    const html = fs.readFileSync(sourceIndex, 'utf8');
    const policy = contentSecurityPolicy(html);
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      const src = /\ssrc\s*=\s*["']?([^"' >]+)/i.exec(` ${m[1]}`)?.[1];
      if (src) expect(src, 'scripts load from this origin').toMatch(/^\/(?!\/)/);
      else expect(policy).toContain(`'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers (no hash can allow them)
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe('over HTTPS the browser is told to keep to it (Strict-Transport-Security)', () => {
  test('not on a plain-http site', async () => {
    const res = await server.apiApp.request('/api/info');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  test('on every answer of a site whose public origin is https (API, page, errors), and behind a trusted proxy that says https', async () => {
    const https = await makeServer(dir, { DIST_DIR: dist, PUBLIC_ORIGIN: 'https://music.example' });
    const proxied = await makeServer(dir, { DIST_DIR: dist, TRUST_PROXY: '1' });
    try {
      for (const path of ['/api/info', '/', '/api/no-such-endpoint']) {
        expect((await https.apiApp.request(path)).headers.get('strict-transport-security'), path).toBe(
          'max-age=31536000',
        );
      }
      const forwarded = await proxied.apiApp.request('/api/info', { headers: { 'x-forwarded-proto': 'https' } });
      expect(forwarded.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect((await proxied.apiApp.request('/api/info')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await https.close();
      await proxied.close();
    }
  });
});

describe('the library origin', () => {
  test('never lets a browser sniff an answer into a page (nosniff), found or not, and says HSTS only when it is public over https', async () => {
    for (const path of ['/info', '/albums', '/no-such-album/1/1']) {
      const res = await server.libraryApp.request(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
    const https = await makeServer(dir, { DIST_DIR: dist, LIBRARY_PUBLIC_URL: 'https://library.example' });
    try {
      expect((await https.libraryApp.request('/info')).headers.get('strict-transport-security')).toBe(
        'max-age=31536000',
      );
    } finally {
      await https.close();
    }
  });
});
