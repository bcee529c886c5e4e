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
    const res = await fresh.call('POST', '/api/user/login', { email: 'x@example.com', password: 'p' }, { 'x-xsrf-token': 'abc' });
    expect(res.status).toBe(902001);
  });

  test('GET requests are never refused', async () => {
    expect((await c.call('GET', '/api/user/info', undefined, { origin: 'https://evil.example' })).status).toBe(0);
  });
});
