import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../server/auth.js';
import type { AnnivServer } from '../../server/index.js';
import { DEMO_EMAIL, makeDataDir, makeServer, removeDir } from './support/fixture.js';

/*
 * Behind a real reverse proxy that rewrites Host (what nginx's `proxy_pass` does unless told to
 * keep it, and what the original client's dev proxy does): a browser on https://music.example.com
 * signs in through the proxy. Without settings the cross-site check refuses it (the server sees
 * its own Host, not the site); with PUBLIC_ORIGIN, or TRUST_PROXY and the X-Forwarded-* headers the
 * proxy adds, it works, and the cookies are Secure.
 */

const SITE = 'https://music.example.com';

interface Proxy {
  url: string;
  close(): Promise<void>;
}

/** Forwards every request to `target`, Host rewritten to the target's, plus the headers given. */
function startProxy(target: string, extraHeaders: Record<string, string>): Promise<Proxy> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host, ...extraHeaders };
    const forward = http.request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let dir: string | undefined;
let server: AnnivServer | undefined;
let proxy: Proxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await server?.close();
  if (dir) removeDir(dir);
  proxy = server = dir = undefined;
});

async function behindProxy(env: Record<string, string>, proxyHeaders: Record<string, string>): Promise<Proxy> {
  dir = await makeDataDir('none');
  server = await makeServer(dir, env);
  const { apiUrl } = await server.start();
  proxy = await startProxy(apiUrl, proxyHeaders);
  return proxy;
}

/** sign-in as the browser on SITE sends it, through the proxy */
async function signIn(through: Proxy): Promise<{ status: number; cookies: string[] }> {
  const res = await fetch(`${through.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify({ email: DEMO_EMAIL, password: sha256Hex('demo1234') }),
  });
  return { status: ((await res.json()) as { status: number }).status, cookies: res.headers.getSetCookie() };
}

const sessionCookie = (cookies: string[]): string | undefined => cookies.find((c) => c.startsWith('session='));

describe('behind a Host-rewriting reverse proxy', () => {
  test('without settings the sign-in is refused as cross-site (902001)', async () => {
    const through = await behindProxy({}, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'music.example.com' });
    expect((await signIn(through)).status).toBe(902001);
  });

  test('PUBLIC_ORIGIN=https://music.example.com: signed in, with Secure session and device cookies', async () => {
    const through = await behindProxy({ PUBLIC_ORIGIN: SITE }, {});
    const answer = await signIn(through);
    expect(answer.status).toBe(0);
    expect(sessionCookie(answer.cookies)).toMatch(/;\s*Secure/i);
    expect(answer.cookies.find((c) => c.startsWith('device='))).toMatch(/;\s*Secure/i);
  });

  test('TRUST_PROXY=1 and the proxy’s X-Forwarded-Proto / -Host: signed in, Secure cookie', async () => {
    const through = await behindProxy(
      { TRUST_PROXY: '1' },
      { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'music.example.com', 'x-forwarded-for': '203.0.113.9' },
    );
    const answer = await signIn(through);
    expect(answer.status).toBe(0);
    expect(sessionCookie(answer.cookies)).toMatch(/;\s*Secure/i);
  });

  test('TRUST_PROXY=1 still refuses a page from another site', async () => {
    const through = await behindProxy(
      { TRUST_PROXY: '1' },
      { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'music.example.com' },
    );
    const res = await fetch(`${through.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: sha256Hex('demo1234') }),
    });
    expect(((await res.json()) as { status: number }).status).toBe(902001);
  });
});
