import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { hashPassword, sha256Hex } from '../../server/auth.js';
import { loadConfig } from '../../server/config.js';
import { SCHEMA_VERSION, hashSessionId, migrate } from '../../server/db.js';
import { SESSION_PRUNE_INTERVAL_MS, type AnnivServer } from '../../server/index.js';
import {
  Client,
  DEMO_EMAIL,
  DEMO_PASSWORD_SENT,
  makeDataDir,
  makeServer,
  removeDir,
  tempDir,
} from './support/fixture.js';

/*
 * Sessions at rest: only the SHA-256 of each session id is stored (schema 4 hashes existing rows
 * in place), the data folder and database are the owner's only, expired sessions are pruned at
 * start and hourly, and cookies are Secure when the site is served over HTTPS.
 */

const now = (): number => Math.floor(Date.now() / 1000);
const sessionIds = (server: AnnivServer): string[] =>
  (server.db.prepare('SELECT id FROM sessions').all() as { id: string }[]).map((r) => r.id);

describe('a database of schema version 3 (session ids stored as sent)', () => {
  let dir: string;
  let server: AnnivServer;
  const live = randomUUID();
  const liveToo = randomUUID();
  const expired = randomUUID();

  beforeAll(async () => {
    dir = await makeDataDir('none');
    const db = new Database(path.join(dir, 'anniv.db'));
    migrate(db, 3);
    const hash = await hashPassword(sha256Hex('pw'));
    const userId = Number(
      db
        .prepare("INSERT INTO users (email, nickname, password_hash, created_at) VALUES ('v3@example.com', 'V3', ?, 1)")
        .run(hash).lastInsertRowid,
    );
    const insert = db.prepare(
      "INSERT INTO sessions (id, user_id, created_at, last_access, expires_at, ip, user_agent) VALUES (?, ?, 1, 1, ?, '', '')",
    );
    insert.run(live, userId, now() + 86400);
    insert.run(liveToo, userId, now() + 3600);
    insert.run(expired, userId, now() - 10);
    db.close();
    server = await makeServer(dir);
  });
  afterAll(async () => {
    await server.close();
    removeDir(dir);
  });

  test('migrates to 4: the stored ids are hashed in place, none is left as sent', () => {
    expect(server.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const ids = sessionIds(server);
    expect(ids).not.toContain(live);
    expect(ids).not.toContain(liveToo);
    expect(ids).toEqual(expect.arrayContaining([hashSessionId(live), hashSessionId(liveToo)]));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the expired session was pruned at start', () => {
    expect(sessionIds(server)).not.toContain(hashSessionId(expired));
    expect(sessionIds(server)).not.toContain(expired);
  });

  test('sessions from before the upgrade keep working with their cookie', async () => {
    for (const id of [live, liveToo]) {
      const c = new Client(server);
      c.cookies.set('session', id);
      expect((await c.get<{ email: string }>('/api/user/info')).data.email).toBe('v3@example.com');
    }
  });
});

describe('sessions at rest', () => {
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

  test('a new session is stored as the SHA-256 of its cookie, never the cookie itself', async () => {
    const c = new Client(server);
    await c.login();
    const cookie = c.cookies.get('session')!;
    expect(cookie).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionIds(server)).toContain(hashSessionId(cookie));
    expect(sessionIds(server)).not.toContain(cookie);
    expect(hashSessionId(cookie)).toBe(sha256Hex(cookie));
  });

  test('a stored id is useless as a cookie', async () => {
    const c = new Client(server);
    await c.login();
    const stolen = new Client(server);
    stolen.cookies.set('session', hashSessionId(c.cookies.get('session')!));
    expect((await stolen.get('/api/user/info')).status).toBe(902002);
  });

  test('logout deletes the hashed row', async () => {
    const c = new Client(server);
    await c.login();
    const hashed = hashSessionId(c.cookies.get('session')!);
    expect((await c.post('/api/user/logout')).status).toBe(0);
    expect(sessionIds(server)).not.toContain(hashed);
  });
});

describe.skipIf(process.platform === 'win32')('file permissions', () => {
  const mode = (p: string): number => fs.statSync(p).mode & 0o777;

  test('a new data folder is 0700, the database and its WAL files 0600', async () => {
    const parent = tempDir();
    const dir = path.join(parent, 'nested', 'data');
    const server = await makeServer(dir);
    try {
      expect(mode(dir)).toBe(0o700);
      expect(mode(path.join(parent, 'nested'))).toBe(0o700);
      const db = path.join(dir, 'anniv.db');
      expect(mode(db)).toBe(0o600);
      for (const f of [`${db}-wal`, `${db}-shm`]) if (fs.existsSync(f)) expect(mode(f), f).toBe(0o600);
      expect(mode(path.join(dir, 'library-keys.json'))).toBe(0o600);
    } finally {
      await server.close();
      removeDir(parent);
    }
  });

  test('an existing database file readable by others is tightened to 0600', async () => {
    const dir = await makeDataDir('none');
    const first = await makeServer(dir);
    await first.close();
    const db = path.join(dir, 'anniv.db');
    fs.chmodSync(db, 0o644);
    const second = await makeServer(dir);
    try {
      expect(mode(db)).toBe(0o600);
    } finally {
      await second.close();
      removeDir(dir);
    }
  });
});

describe('pruning expired sessions', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  test('the timer does not keep the process alive', async () => {
    const spy = vi.spyOn(globalThis, 'setInterval');
    const dir = await makeDataDir('none');
    const server = await makeServer(dir);
    try {
      const i = spy.mock.calls.findIndex((call) => call[1] === SESSION_PRUNE_INTERVAL_MS);
      expect(i).toBeGreaterThanOrEqual(0);
      expect((spy.mock.results[i]!.value as { hasRef(): boolean }).hasRef()).toBe(false);
    } finally {
      await server.close();
      removeDir(dir);
    }
  });

  test('hourly', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const dir = await makeDataDir('none');
    const server = await makeServer(dir);
    try {
      const c = new Client(server);
      await c.login(DEMO_EMAIL, DEMO_PASSWORD_SENT);
      const userId = (server.db.prepare('SELECT id FROM users').get() as { id: number }).id;
      server.db
        .prepare("INSERT INTO sessions (id, user_id, created_at, last_access, expires_at) VALUES ('stale', ?, 1, 1, ?)")
        .run(userId, now() - 1);
      expect(sessionIds(server)).toContain('stale');
      vi.advanceTimersByTime(SESSION_PRUNE_INTERVAL_MS - 1000);
      expect(sessionIds(server)).toContain('stale');
      vi.advanceTimersByTime(1000);
      expect(sessionIds(server)).not.toContain('stale');
      expect(sessionIds(server)).toContain(hashSessionId(c.cookies.get('session')!)); // live one kept
      expect(SESSION_PRUNE_INTERVAL_MS).toBe(3600_000);
    } finally {
      await server.close();
      removeDir(dir);
    }
  });
});

describe('Secure cookies when the site is served over HTTPS', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeDataDir('none');
  });
  afterAll(() => removeDir(dir));

  /** The Set-Cookie lines of a fresh login, a renewing request and a logout. */
  async function cookieLines(env: Record<string, string>, headers: Record<string, string> = {}): Promise<string[]> {
    const server = await makeServer(dir, env);
    try {
      const c = new Client(server);
      const lines: string[] = [];
      await c.call('POST', '/api/user/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD_SENT }, headers);
      lines.push(...c.lastSetCookies);
      await c.call('GET', '/api/user/info', undefined, headers);
      lines.push(...c.lastSetCookies);
      await c.call('POST', '/api/user/logout', undefined, headers);
      lines.push(...c.lastSetCookies);
      expect(lines.filter((l) => l.startsWith('session=')).length).toBe(3); // set, renewed, expired
      expect(lines.filter((l) => l.startsWith('XSRF-TOKEN=')).length).toBe(1);
      return lines;
    } finally {
      await server.close();
    }
  }
  const secure = (l: string): boolean => /;\s*Secure/i.test(l);

  test.each([
    ['PUBLIC_ORIGIN=https://…', { PUBLIC_ORIGIN: 'https://music.example.com' }, {}],
    ['TRUST_PROXY=1 and X-Forwarded-Proto: https', { TRUST_PROXY: '1' }, { 'x-forwarded-proto': 'https' }],
  ])('%s: session (set, renewed, expired) and XSRF cookies are Secure', async (_name, env, headers) => {
    const lines = await cookieLines(env, headers);
    for (const l of lines) expect(l, l).toSatisfy(secure);
    expect(lines.find((l) => l.startsWith('session='))).toMatch(/HttpOnly/);
  });

  test.each([
    ['no setting', {}, {}],
    ['PUBLIC_ORIGIN=http://…', { PUBLIC_ORIGIN: 'http://music.example.com' }, {}],
    ['X-Forwarded-Proto: https without TRUST_PROXY', {}, { 'x-forwarded-proto': 'https' }],
    ['TRUST_PROXY=1 and X-Forwarded-Proto: http', { TRUST_PROXY: '1' }, { 'x-forwarded-proto': 'http' }],
  ])('%s: not Secure (a plain http site could not keep them)', async (_name, env, headers) => {
    for (const l of await cookieLines(env, headers)) expect(secure(l), l).toBe(false);
  });

  test.each([
    [{ PUBLIC_ORIGIN: 'music.example.com' }, /PUBLIC_ORIGIN/],
    [{ PUBLIC_ORIGIN: 'https://music.example.com/app' }, /PUBLIC_ORIGIN/],
    [{ PUBLIC_ORIGIN: 'ftp://music.example.com' }, /PUBLIC_ORIGIN/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
  ])('rejects %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  test('PUBLIC_ORIGIN is kept as an origin; TRUST_PROXY accepts 1, true and a count', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://Music.Example.com:443/' }).publicOrigin).toBe(
      'https://music.example.com',
    );
    expect(loadConfig({}).publicOrigin).toBeNull();
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });
});
