import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import net from 'node:net';
import type { AnnivServer } from '../../server/index.js';
import { loadConfig } from '../../server/config.js';
import { hostAllowed, hostNameOf, hostRule } from '../../server/hostCheck.js';
import { DEMO_EMAIL, DEMO_PASSWORD_SENT, makeDataDir, makeServer, removeDir } from './support/fixture.js';

/*
 * DNS rebinding: a page of evil.example whose name now points at this machine reaches both servers
 * with `Host: evil.example`, and its writes carry a matching Origin, which the cross-site check
 * alone accepts. Only the site's own names, IP addresses and localhost are answered.
 */

let dir: string;
const servers: AnnivServer[] = [];
const ALBUM = 'f2f6c2a0-1f2f-4b8a-9d6e-3c1d2b0a9e11';

beforeAll(async () => {
  dir = await makeDataDir('none');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  removeDir(dir);
});

async function serverWith(env: Record<string, string> = {}): Promise<AnnivServer> {
  const server = await makeServer(dir, env, { demoUser: false });
  servers.push(server);
  return server;
}

const api = (server: AnnivServer, path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  Promise.resolve(server.apiApp.request(path, { ...init, headers }));
const library = (server: AnnivServer, path: string, host: string) =>
  Promise.resolve(server.libraryApp.request(path, { headers: { host } }));

describe('a site with no public names set (the demo)', () => {
  let server: AnnivServer;
  beforeAll(async () => {
    server = await serverWith();
  });

  test.each([
    '127.0.0.1:8080',
    'localhost:8080',
    'LOCALHOST',
    'app.localhost:8080',
    '[::1]:8080',
    '192.168.1.5',
    '10.0.0.2:9000',
  ])('Host %s is answered', async (host) => {
    expect((await api(server, '/api/info', { host })).status).toBe(200);
    expect((await library(server, '/info', host)).status).toBe(200);
  });

  test.each(['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.nip.io', ''])(
    'Host "%s": 421 from the API, the client files and the library',
    async (host) => {
      const info = await api(server, '/api/info', { host });
      expect(info.status).toBe(421);
      expect(info.headers.get('cache-control')).toBe('no-store');
      expect(await info.text()).toMatch(/ALLOWED_HOSTS/);
      expect((await api(server, '/', { host })).status).toBe(421);
      expect((await api(server, '/album/x', { host })).status).toBe(421);
      expect((await library(server, '/info', host)).status).toBe(421);
      expect((await library(server, `/${ALBUM}/cover`, host)).status).toBe(421);
      expect((await library(server, '/albums', host)).status).toBe(421);
    },
  );

  test('a rebinding page’s sign-in, with a matching Origin, is refused before it is read', async () => {
    const body = JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD_SENT });
    const rebound = await api(
      server,
      '/api/user/login',
      { host: 'evil.example:8080', origin: 'http://evil.example:8080', 'content-type': 'application/json' },
      { method: 'POST', body },
    );
    expect(rebound.status).toBe(421);
    // the same request to the site's own address reaches the route (no such user on this site)
    const own = await api(
      server,
      '/api/user/login',
      { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080', 'content-type': 'application/json' },
      { method: 'POST', body },
    );
    expect(own.status).toBe(200);
    expect(((await own.json()) as { status: number }).status).toBe(102020);
  });

  test('over a real socket too (the Host the browser sent)', async () => {
    const { apiUrl, libraryUrl } = await server.start();
    const exchange = (url: string, host: string) =>
      new Promise<string>((resolve, reject) => {
        const { hostname, port } = new URL(url);
        const socket = net.connect(Number(port), hostname, () =>
          socket.end(`GET /info HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
        );
        let answer = '';
        socket.on('data', (d) => (answer += d.toString()));
        socket.on('end', () => resolve(answer.split('\r\n')[0]!));
        socket.on('error', reject);
      });
    expect(await exchange(libraryUrl, 'evil.example')).toBe('HTTP/1.1 421 Misdirected Request');
    expect(await exchange(libraryUrl, new URL(libraryUrl).host)).toBe('HTTP/1.1 200 OK');
    expect(await exchange(apiUrl, 'evil.example')).toBe('HTTP/1.1 421 Misdirected Request');
  });
});

describe('PUBLIC_ORIGIN, LIBRARY_PUBLIC_URL and ALLOWED_HOSTS', () => {
  let server: AnnivServer;
  beforeAll(async () => {
    server = await serverWith({
      PUBLIC_ORIGIN: 'https://music.example.com',
      LIBRARY_PUBLIC_URL: 'https://library.example.com',
      ALLOWED_HOSTS: 'alt.example, .corp.example',
      TRUST_PROXY: '1',
    });
  });

  test.each([
    'music.example.com',
    'MUSIC.example.com:443',
    'library.example.com',
    'alt.example',
    'corp.example',
    'a.corp.example',
    'b.a.corp.example',
    '127.0.0.1:8080',
    'localhost',
  ])('%s is answered', async (host) => {
    expect((await api(server, '/api/info', { host })).status).toBe(200);
    expect((await library(server, '/info', host)).status).toBe(200);
  });

  test.each(['example.com', 'xcorp.example', 'sub.alt.example', 'music.example.com.evil.example', 'evil.example'])(
    '%s gets 421 from both servers',
    async (host) => {
      expect((await api(server, '/api/info', { host })).status).toBe(421);
      expect((await library(server, '/info', host)).status).toBe(421);
    },
  );

  test('behind the proxy, the forwarded host is checked too', async () => {
    expect(
      (await api(server, '/api/info', { host: '127.0.0.1:8080', 'x-forwarded-host': 'music.example.com' })).status,
    ).toBe(200);
    expect(
      (await api(server, '/api/info', { host: '127.0.0.1:8080', 'x-forwarded-host': 'evil.example' })).status,
    ).toBe(421);
  });

  test('behind a proxy with no name given, any name is answered (the server cannot know its own)', async () => {
    const proxied = await serverWith({ TRUST_PROXY: '1' });
    expect((await api(proxied, '/api/info', { host: 'music.example.com' })).status).toBe(200);
    expect(
      (await api(proxied, '/api/info', { host: '127.0.0.1:8080', 'x-forwarded-host': 'music.example.com' })).status,
    ).toBe(200);
  });

  test('ALLOWED_HOSTS=* answers any name', async () => {
    const open = await serverWith({ ALLOWED_HOSTS: '*' });
    expect((await api(open, '/api/info', { host: 'anything.example' })).status).toBe(200);
    expect((await library(open, '/info', 'anything.example')).status).toBe(200);
  });
});

describe('the rule', () => {
  test('host names are read from Host values', () => {
    expect(hostNameOf('Music.Example.com:8443')).toBe('music.example.com');
    expect(hostNameOf('[::1]:8080')).toBe('::1');
    expect(hostNameOf('example.com.')).toBe('example.com');
    expect(hostNameOf('')).toBeNull();
    expect(hostNameOf('[')).toBeNull();
  });

  test('an IPv6 public origin', () => {
    const rule = hostRule({
      allowedHosts: [],
      publicOrigin: 'http://[2001:db8::1]:8080',
      libraryPublicUrl: null,
      trustProxy: 0,
    });
    expect(hostAllowed(rule, '[2001:db8::1]:8080')).toBe(true);
  });

  test('ALLOWED_HOSTS takes host names only', () => {
    expect(loadConfig({ ALLOWED_HOSTS: ' A.example , .b.example,*' }).allowedHosts).toEqual([
      'a.example',
      '.b.example',
      '*',
    ]);
    expect(loadConfig({}).allowedHosts).toEqual([]);
    for (const bad of ['https://a.example', 'a.example:8080', 'a.example/x', '*.a.example', 'a..example']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: bad })).toThrow(/ALLOWED_HOSTS/);
    }
  });
});
