import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../server/auth.js';
import { loadConfig } from '../../server/config.js';
import { SCHEMA_VERSION } from '../../server/db.js';
import { ensureDemoContent } from '../../server/demo/generate.js';
import { verifyLibraryToken } from '../../server/library/keys.js';
import { Client, makeDataDir, makeServer, register, removeDir, tempDir } from './support/fixture.js';

describe('loadConfig', () => {
  test('defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      libraryPort: 8081,
      host: '127.0.0.1',
      demoEmail: 'demo@anniv.local',
      demoPassword: 'demo1234',
      siteName: 'Anniv',
      siteDescription: '自建音乐库的网页播放器',
      features: [],
      inviteCode: '',
      libraryPublicUrl: null,
    });
    expect(c.dataDir).toBe(path.resolve('.data'));
  });

  test('environment values', () => {
    const c = loadConfig({
      PORT: '9000',
      LIBRARY_PORT: '9001',
      HOST: '0.0.0.0',
      FEATURES: 'invite, 2fa',
      INVITE_CODE: 'x',
      LIBRARY_PUBLIC_URL: 'https://lib.example.com/',
    });
    expect(c).toMatchObject({
      port: 9000,
      libraryPort: 9001,
      host: '0.0.0.0',
      features: ['invite', '2fa'],
      inviteCode: 'x',
      libraryPublicUrl: 'https://lib.example.com',
    });
  });

  test.each([
    [{ DEMO_EMAIL: 'Demo@Example.com' }, /DEMO_EMAIL/],
    [{ FEATURES: 'invite' }, /INVITE_CODE/],
    [{ FEATURES: 'bogus' }, /unknown feature/],
    [{ PORT: 'eighty' }, /PORT/],
  ])('rejects %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('persistence across restarts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeDataDir('none');
  });
  afterAll(() => removeDir(dir));

  test('users, sessions, keys and the schema version survive a restart', async () => {
    const first = await makeServer(dir);
    const c = new Client(first);
    await register(c, 'keep@example.com', 'pw');
    await c.login('keep@example.com', sha256Hex('pw'));
    const keys = first.keys;
    await first.close();

    const second = await makeServer(dir);
    expect(second.keys).toEqual(keys);
    expect(second.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const again = new Client(second);
    for (const [k, v] of c.cookies) again.cookies.set(k, v);
    expect((await again.get<{ email: string }>('/api/user/info')).data.email).toBe('keep@example.com');
    const creds = (await again.get<{ token: string; controlled: boolean }[]>('/api/credential')).data;
    expect(await verifyLibraryToken(second.keys, creds[0]!.token)).toEqual({
      kind: 'user',
      account: { id: expect.any(Number), generation: 0 },
    });
    expect(second.db.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').get('demo@anniv.local')).toEqual({
      n: 1,
    });
    await second.close();
  });

  test('controlled credentials follow LIBRARY_PUBLIC_URL', async () => {
    const s = await makeServer(dir, { LIBRARY_PUBLIC_URL: 'https://music.example.com/' });
    const c = new Client(s);
    await c.login();
    const creds = (await c.get<{ url: string; controlled: boolean }[]>('/api/credential')).data;
    expect(creds.find((x) => x.controlled)!.url).toBe('https://music.example.com');
    await s.close();
  });
});

describe('demo content is idempotent and never overwrites user data', () => {
  test('an existing meta repo and a non-empty library without the demo marker are left alone', async () => {
    const dir = tempDir();
    try {
      fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'meta', 'repo.toml'), '[repo]\nname = "mine"\n');
      fs.mkdirSync(path.join(dir, 'library', 'x'), { recursive: true });
      const lines: string[] = [];
      await ensureDemoContent(dir, (l) => lines.push(l));
      expect(fs.readFileSync(path.join(dir, 'meta', 'repo.toml'), 'utf8')).toBe('[repo]\nname = "mine"\n');
      expect(fs.existsSync(path.join(dir, 'meta', 'album'))).toBe(false);
      expect(fs.readdirSync(path.join(dir, 'library'))).toEqual(['x']);
      expect(lines.join('\n')).toMatch(/not generating/);
    } finally {
      removeDir(dir);
    }
  });
});

describe('static client', () => {
  let dir: string;
  let dist: string;
  beforeAll(async () => {
    dir = await makeDataDir('none');
    dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Anniv</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'nope');
  });
  afterAll(() => removeDir(dir));

  test('files, SPA fallback, missing assets, traversal, and /api stays JSON', async () => {
    const s = await makeServer(dir, { DIST_DIR: dist });
    const c = new Client(s);
    const asset = await c.raw('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect(await asset.text()).toBe('console.log(1)');
    for (const p of [
      '/',
      '/album/3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01',
      `/tag/${encodeURIComponent('category:Lo-Fi/Chill')}`,
      '/../secret.txt',
      '/%2e%2e/secret.txt',
    ]) {
      const res = await c.raw(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<title>Anniv</title>');
    }
    expect((await c.raw('/assets/missing-999.js')).status).toBe(404);
    expect((await c.raw('/api/nothing')).headers.get('content-type')).toMatch(/json/);
    await s.close();
  });
});

describe('npm run token', () => {
  test('prints the library URL and a token signed with DATA_DIR keys', async () => {
    const dir = await makeDataDir('none');
    try {
      const s = await makeServer(dir);
      await s.close();
      const run = (args: string[]): string =>
        execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/token.ts', ...args], {
          env: { ...process.env, DATA_DIR: dir, LIBRARY_PORT: '9999' },
          encoding: 'utf8',
        });
      const out = run(['--user', 'someone']);
      expect(out).toMatch(/Library URL: http:\/\/127\.0\.0\.1:9999/);
      const token = /Token:\s+(\S+)/.exec(out)![1]!;
      // no account: only its expiry ends it (30 days unless --days says otherwise)
      expect(await verifyLibraryToken(s.keys, token)).toEqual({ kind: 'user' });
      const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        exp: number;
        iat: number;
      };
      expect(payload).toMatchObject({ user_id: 'someone', type: 'user' });
      expect(payload.exp - payload.iat).toBe(30 * 86400);
      const short = /Token:\s+(\S+)/.exec(run(['--user', 'someone', '--days', '2']))![1]!;
      const shortPayload = JSON.parse(Buffer.from(short.split('.')[1]!, 'base64url').toString()) as {
        exp: number;
        iat: number;
      };
      expect(shortPayload.exp - shortPayload.iat).toBe(2 * 86400);
      expect(() => run(['--days', '0'])).toThrow(/--days must be a whole number of days from 1 to 3650/);
      const share = /Token:\s+(\S+)/.exec(run(['--share', '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01:1:1,2']))![1]!;
      expect(await verifyLibraryToken(s.keys, share)).toEqual({
        kind: 'share',
        audios: { '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01': { '1': [1, 2] } },
      });
    } finally {
      removeDir(dir);
    }
  });
});
