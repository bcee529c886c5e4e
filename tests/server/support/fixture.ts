import { afterAll, beforeAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sha256Hex } from '../../../server/auth.js';
import { loadConfig, type Config } from '../../../server/config.js';
import { writeDemoMeta, demoPaths } from '../../../server/demo/generate.js';
import { createServer, type AnnivServer, type ServerOptions } from '../../../server/index.js';
import { cachedDemoLibrary, copyDemoLibrary } from '../../../harness/demoLibrary.js';

/*
 * Test fixtures: a temp DATA_DIR per test file, the server built with createServer (requests go
 * through app.request, no ports), and a tiny cookie-jar client that speaks the envelope.
 */

export type DemoLevel = 'none' | 'meta' | 'full';

export function tempDir(prefix = 'anniv-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A fresh data dir with no demo content, only the metadata repo, or the full demo library (a copy
 * of the one generated once per generator version, harness/demoLibrary.ts).
 */
export async function makeDataDir(level: DemoLevel): Promise<string> {
  const dir = tempDir();
  if (level === 'meta') writeDemoMeta(demoPaths(dir).metaDir);
  if (level === 'full') copyDemoLibrary(await cachedDemoLibrary(), dir);
  return dir;
}

function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-dist'), ...env }),
    port: 0,
    libraryPort: 0,
  };
}

export async function makeServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<AnnivServer> {
  return createServer(testConfig(dataDir, env), { demoContent: false, log: () => {}, ...options });
}

export const DEMO_EMAIL = 'demo@anniv.local';
export const DEMO_PASSWORD_SENT = sha256Hex('demo1234');

export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data: T;
}

/** A browser-like client over apiApp.request with a cookie jar. */
export class Client {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];

  /** `headers`: sent with every request unless the request sets them itself. */
  constructor(
    private readonly server: AnnivServer,
    private readonly headers: Record<string, string> = {},
  ) {}

  async raw(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size && !headers.has('cookie')) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await this.server.apiApp.request(pathname, { ...init, headers });
    this.lastSetCookies = res.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async call<T = unknown>(
    method: string,
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Envelope<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await this.raw(pathname, init);
    if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${method} ${pathname}`);
    return (await res.json()) as Envelope<T>;
  }

  get<T = unknown>(pathname: string): Promise<Envelope<T>> {
    return this.call<T>('GET', pathname);
  }

  post<T = unknown>(pathname: string, body?: unknown): Promise<Envelope<T>> {
    return this.call<T>('POST', pathname, body);
  }

  async login(email = DEMO_EMAIL, password = DEMO_PASSWORD_SENT): Promise<Envelope> {
    const res = await this.post('/api/user/login', { email, password });
    if (res.status !== 0) throw new Error(`login failed: ${res.status} ${res.message}`);
    return res;
  }

  setCookieLine(name: string): string | undefined {
    return this.lastSetCookies.find((l) => l.startsWith(`${name}=`));
  }
}

/**
 * A browser at address `ip` behind the one proxy a TRUST_PROXY=1 server trusts: every request
 * carries the X-Forwarded-For that proxy writes (after whatever the browser sent itself).
 */
export const clientAt = (server: AnnivServer, ip: string): Client =>
  new Client(server, { 'x-forwarded-for': `10.0.0.1, ${ip}` });

/** A sign-in attempt with `password` sent as the app sends it (SHA-256): the answer, whatever it is. */
export const trySignIn = (client: Client, email: string, password: string): Promise<Envelope> =>
  client.post('/api/user/login', { email, password: sha256Hex(password) });

export async function register(
  client: Client,
  email: string,
  password: string,
  nickname = 'Tester',
  extra: Record<string, unknown> = {},
): Promise<Envelope> {
  return client.post('/api/user/register', { email, password: sha256Hex(password), nickname, ...extra });
}

/** Registers `email` (password `password`, sent hashed) and returns a client signed in as it. */
export async function signedInClient(
  server: AnnivServer,
  email: string,
  password = 'secret',
  nickname = 'Tester',
): Promise<Client> {
  const client = new Client(server);
  const res = await register(client, email, password, nickname);
  if (res.status !== 0) throw new Error(`register failed: ${res.status} ${res.message}`);
  await client.login(email, sha256Hex(password));
  return client;
}

/**
 * A server over demo content with the demo user signed in, started before the file's tests and
 * removed after them: `suite.server`, `suite.client` (read them inside tests), `suite.dir`.
 */
export function demoUserSuite(level: DemoLevel = 'meta'): { dir: string; server: AnnivServer; client: Client } {
  const suite = serverSuite(level) as { dir: string; server: AnnivServer; client: Client };
  beforeAll(async () => {
    suite.client = new Client(suite.server);
    await suite.client.login();
  });
  return suite;
}

/**
 * A server of its own for a file or a describe block, started before its tests and removed after
 * them: `suite.server`, `suite.dir` (read them inside tests).
 */
export function serverSuite(
  level: DemoLevel = 'none',
  env: Record<string, string> = {},
  options: ServerOptions = {},
): { dir: string; server: AnnivServer } {
  const suite = {} as { dir: string; server: AnnivServer };
  beforeAll(async () => {
    suite.dir = await makeDataDir(level);
    suite.server = await makeServer(suite.dir, env, options);
  });
  afterAll(async () => {
    await suite.server.close();
    removeDir(suite.dir);
  });
  return suite;
}
