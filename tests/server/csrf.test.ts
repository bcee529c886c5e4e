import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import { Client, makeDataDir, makeServer, removeDir } from './support/fixture.js';

let dir: string;
let server: AnnivServer;

beforeAll(async () => {
  dir = await makeDataDir('none');
  server = await makeServer(dir);
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

const credential = { name: 'Home', url: 'https://annil.example.com', token: 't', priority: 1 };
const countCredentials = (): number =>
  (server.db.prepare('SELECT COUNT(*) AS n FROM credentials WHERE controlled = 0').get() as { n: number }).n;

describe('XSRF-TOKEN cookie', () => {
  test('every API answer hands one out when the request had none (not HttpOnly, SameSite=Lax)', async () => {
    const c = new Client(server);
    await c.get('/api/info');
    const line = c.setCookieLine('XSRF-TOKEN')!;
    expect(line).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{16,};/);
    expect(line).not.toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    await c.get('/api/info');
    expect(c.setCookieLine('XSRF-TOKEN')).toBeUndefined(); // already carried
  });

  test('also on refused and unknown-path answers', async () => {
    const c = new Client(server);
    await c.call('POST', '/api/nope', {});
    expect(c.setCookieLine('XSRF-TOKEN')).toBeDefined();
  });
});

describe('state-changing requests', () => {
  let c: Client;
  beforeAll(async () => {
    c = new Client(server);
    await c.get('/api/info'); // receive XSRF-TOKEN
    await c.login();
  });

  test('a JSON request echoing the cookie works', async () => {
    const before = countCredentials();
    const res = await c.call('POST', '/api/credential', credential, { 'x-xsrf-token': c.cookies.get('XSRF-TOKEN')! });
    expect(res.status).toBe(0);
    expect(countCredentials()).toBe(before + 1);
  });

  test('a plain JSON request without the header still works (other Anniv clients)', async () => {
    const before = countCredentials();
    expect((await c.call('POST', '/api/credential', credential)).status).toBe(0);
    expect(countCredentials()).toBe(before + 1);
  });

  test('same-origin Origin header is fine', async () => {
    const res = await c.call('POST', '/api/credential', credential, { origin: 'http://localhost', host: 'localhost' });
    expect(res.status).toBe(0);
  });

  test.each([
    ['a foreign Origin', { origin: 'https://evil.example' }, /foreign Origin/],
    ['Origin "null"', { origin: 'null' }, /foreign Origin/],
    ['a mismatching X-XSRF-TOKEN', { 'x-xsrf-token': 'forged' }, /X-XSRF-TOKEN/],
    ['a form content type', { 'content-type': 'application/x-www-form-urlencoded' }, /form content type/],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, /form content type/],
    ['text/plain', { 'content-type': 'text/plain;charset=UTF-8' }, /form content type/],
  ])('%s is refused with 902001 and changes nothing', async (_name, headers, message) => {
    const before = countCredentials();
    const res = await c.call('POST', '/api/credential', credential, headers as Record<string, string>);
    expect(res.status).toBe(902001);
    expect(res.message).toMatch(message);
    expect(res.data).toBeNull();
    expect(countCredentials()).toBe(before);
  });

  test('a refused logout keeps the session', async () => {
    const res = await c.call('POST', '/api/user/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(902001);
    expect((await c.get('/api/user/info')).status).toBe(0);
  });

  test('a header without any XSRF cookie is refused', async () => {
    const fresh = new Client(server);
    const res = await fresh.call(
      'POST',
      '/api/user/login',
      { email: 'x@example.com', password: 'p' },
      { 'x-xsrf-token': 'abc' },
    );
    expect(res.status).toBe(902001);
  });

  test('GET requests are never refused', async () => {
    expect((await c.call('GET', '/api/user/info', undefined, { origin: 'https://evil.example' })).status).toBe(0);
  });
});

describe('the Origin check compares scheme, host and port', () => {
  let c: Client;
  beforeAll(async () => {
    c = new Client(server);
    await c.login();
  });

  const post = (headers: Record<string, string>) => c.call('POST', '/api/credential', credential, headers);

  test.each([
    ['the same origin', 'http://localhost:8080', 'localhost:8080'],
    ['upper-case host', 'http://LOCALHOST:8080', 'localhost:8080'],
    ['an explicit default port', 'http://localhost:80', 'localhost'],
    ['the default port in Host', 'http://localhost', 'localhost:80'],
  ])('%s is own', async (_name, origin, host) => {
    expect((await post({ origin, host })).status).toBe(0);
  });

  test.each([
    ['https vs http', 'https://localhost:8080', 'localhost:8080'],
    ['another port', 'http://localhost:9999', 'localhost:8080'],
    ['a port vs none', 'http://localhost:8080', 'localhost'],
    ['https on the same host, other port', 'https://localhost:8443', 'localhost:8080'],
    ['another host', 'http://evil.localhost:8080', 'localhost:8080'],
    ['a non-http scheme', 'file://localhost', 'localhost'],
  ])('%s is foreign → 902001, nothing stored', async (_name, origin, host) => {
    const before = countCredentials();
    const res = await post({ origin, host });
    expect(res.status).toBe(902001);
    expect(res.message).toMatch(/^cross-site request refused: foreign Origin/);
    expect(countCredentials()).toBe(before);
  });

  test('the refusal says why when only the scheme or port differs', async () => {
    expect((await post({ origin: 'https://localhost:8080', host: 'localhost:8080' })).message).toMatch(
      /scheme, host and port must all match.*PUBLIC_ORIGIN or TRUST_PROXY=1/,
    );
    expect((await post({ origin: 'https://evil.example', host: 'localhost:8080' })).message).toBe(
      'cross-site request refused: foreign Origin',
    );
  });

  test('X-Forwarded-Host and -Proto are ignored without TRUST_PROXY', async () => {
    const res = await post({
      origin: 'https://music.example.com',
      host: '127.0.0.1:8080',
      'x-forwarded-host': 'music.example.com',
      'x-forwarded-proto': 'https',
    });
    expect(res.status).toBe(902001);
  });
});

describe('Origin check behind a proxy', () => {
  async function withServer(env: Record<string, string>, run: (c: Client) => Promise<void>): Promise<void> {
    const s = await makeServer(dir, env);
    try {
      const c = new Client(s);
      await c.login();
      await run(c);
    } finally {
      await s.close();
    }
  }
  const post = (c: Client, headers: Record<string, string>) => c.call('POST', '/api/credential', credential, headers);

  test('PUBLIC_ORIGIN=https://…: that origin is own; its http twin and the plain-http Host are not', async () => {
    await withServer({ PUBLIC_ORIGIN: 'https://music.example.com' }, async (c) => {
      expect((await post(c, { origin: 'https://music.example.com', host: '127.0.0.1:8080' })).status).toBe(0);
      expect((await post(c, { origin: 'https://music.example.com:443', host: 'music.example.com' })).status).toBe(0);
      expect((await post(c, { origin: 'http://music.example.com', host: 'music.example.com' })).status).toBe(902001);
      expect((await post(c, { origin: 'https://music.example.com:8443', host: 'music.example.com' })).status).toBe(
        902001,
      );
      // The site is HTTPS: a page on http://<Host> is another origin.
      expect((await post(c, { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' })).status).toBe(902001);
    });
  });

  test('TRUST_PROXY=1: X-Forwarded-Proto and X-Forwarded-Host make the page origin', async () => {
    await withServer({ TRUST_PROXY: '1' }, async (c) => {
      const proxied = { host: '127.0.0.1:8080', 'x-forwarded-host': 'music.example.com', 'x-forwarded-proto': 'https' };
      expect((await post(c, { ...proxied, origin: 'https://music.example.com' })).status).toBe(0);
      expect((await post(c, { ...proxied, origin: 'http://music.example.com' })).status).toBe(902001);
      expect((await post(c, { ...proxied, origin: 'https://music.example.com:444' })).status).toBe(902001);
      // The proxy forwards http: an https page is foreign.
      const plain = { host: 'music.example.com', 'x-forwarded-proto': 'http' };
      expect((await post(c, { ...plain, origin: 'http://music.example.com' })).status).toBe(0);
      expect((await post(c, { ...plain, origin: 'https://music.example.com' })).status).toBe(902001);
    });
  });
});
