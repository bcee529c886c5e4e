import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { DEFAULT_SCRYPT_N, SESSION_TOUCH_SECONDS, scryptCostFrom, sha256Hex } from '../../server/auth.js';
import { hashSessionId } from '../../server/db.js';
import type { AnnivServer } from '../../server/index.js';
import {
  Client,
  DEMO_EMAIL,
  DEMO_PASSWORD_SENT,
  makeDataDir,
  makeServer,
  register,
  removeDir,
  serverSuite,
} from './support/fixture.js';

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

describe('GET /api/info', () => {
  test('answers the site info in an envelope', async () => {
    const res = await new Client(server).get('/api/info');
    expect(res).toEqual({
      status: 0,
      message: 'OK',
      data: {
        site_name: 'Anniv',
        description: '自建音乐库的网页播放器',
        protocol_version: '1',
        features: ['2fa', '2fa_recovery'],
      },
    });
  });
});

describe('register', () => {
  test('creates the account without logging in, with the local library as a controlled credential', async () => {
    const c = new Client(server);
    const res = await register(c, 'mio@example.com', 'secret-1', '澪');
    expect(res).toEqual({ status: 0, message: 'OK', data: null });
    expect(c.cookies.has('session')).toBe(false);
    expect((await c.get('/api/user/info')).status).toBe(902002);
    await c.login('mio@example.com', sha256Hex('secret-1'));
    const creds =
      await c.get<{ controlled: boolean; name: string; url: string; token: string; priority: number }[]>(
        '/api/credential',
      );
    expect(creds.data).toHaveLength(1);
    expect(creds.data[0]).toMatchObject({
      controlled: true,
      name: '演示音乐库',
      url: server.libraryUrl(),
      priority: 0,
    });
    const payload = JSON.parse(Buffer.from(creds.data[0]!.token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({
      type: 'user',
      user_id: 'mio@example.com',
      share: { key_id: server.keys.share_key_id },
    });
  });

  test.each([
    [
      'nickname over 20 UTF-8 bytes',
      { email: 'a1@example.com', nickname: '一二三四五六七' },
      102000,
      'nickname too long',
    ],
    ['upper-case email', { email: 'Upper@example.com', nickname: 'x' }, 102001, 'invalid email'],
    ['malformed email', { email: 'not-an-email', nickname: 'x' }, 102001, 'invalid email'],
    ['taken email', { email: DEMO_EMAIL, nickname: 'x' }, 102001, 'email already taken'],
  ])('%s → %i', async (_name, fields, status, message) => {
    const res = await new Client(server).post('/api/user/register', { password: sha256Hex('pw'), ...fields });
    expect(res).toEqual({ status, message, data: null });
  });

  test('a nickname of exactly 20 bytes is fine', async () => {
    const res = await register(new Client(server), 'twenty@example.com', 'pw', '一二三四五六ab');
    expect(res.status).toBe(0);
  });

  test('wrong JSON types and malformed JSON → 902003', async () => {
    const c = new Client(server);
    expect((await c.post('/api/user/register', { email: 5, password: 'x', nickname: 'n' })).status).toBe(902003);
    expect((await c.post('/api/user/register', '{"email": ')).status).toBe(902003);
    expect((await c.post('/api/user/register', [])).status).toBe(902003);
  });

  test('the password is stored only as a salted scrypt hash', async () => {
    const sent = sha256Hex('plain-password');
    await register(new Client(server), 'hash@example.com', 'plain-password');
    const row = server.db.prepare('SELECT password_hash FROM users WHERE email = ?').get('hash@example.com') as {
      password_hash: string;
    };
    expect(row.password_hash).not.toBe(sent);
    expect(row.password_hash).not.toBe('plain-password');
    expect(row.password_hash).not.toContain(sent);
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    await register(new Client(server), 'hash2@example.com', 'plain-password');
    const other = server.db.prepare('SELECT password_hash FROM users WHERE email = ?').get('hash2@example.com') as {
      password_hash: string;
    };
    expect(other.password_hash).not.toBe(row.password_hash); // random salt
  });
});

describe('the password hash cost', () => {
  test('PASSWORD_SCRYPT_N: unset, the default; else a power of two from 1024 to 1048576, or the server does not start', () => {
    expect(DEFAULT_SCRYPT_N).toBe(16384);
    expect(scryptCostFrom(undefined)).toBe(16384);
    expect(scryptCostFrom(' ')).toBe(16384);
    expect(scryptCostFrom('1024')).toBe(1024);
    expect(scryptCostFrom('1048576')).toBe(1048576);
    for (const bad of ['512', '1000', '2097152', 'cheap', '1024.5', '-1024'])
      expect(() => scryptCostFrom(bad), bad).toThrow('PASSWORD_SCRYPT_N must be a power of two');
  });

  test('a hash keeps its cost: this suite writes N = 1024, and one written at the default still signs in', async () => {
    const c = new Client(server);
    await register(c, 'cost@example.com', 'costly-password');
    const row = () =>
      server.db.prepare('SELECT password_hash FROM users WHERE email = ?').get('cost@example.com') as {
        password_hash: string;
      };
    expect(row().password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    // as a server at the default cost stores it
    const salt = randomBytes(16);
    const key = scryptSync(sha256Hex('costly-password'), salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const stored = ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    server.db.prepare('UPDATE users SET password_hash = ? WHERE email = ?').run(stored, 'cost@example.com');
    const login = (password: string) =>
      new Client(server).post('/api/user/login', { email: 'cost@example.com', password: sha256Hex(password) });
    expect((await login('costly-password')).status).toBe(0);
    expect((await login('another-password')).status).not.toBe(0);
  });
});

describe('stored field limits', () => {
  test.each([
    ['an empty nickname', { nickname: '' }, 'nickname must not be empty'],
    ['a blank nickname', { nickname: '   ' }, 'nickname must not be empty'],
    ['an empty password', { password: '' }, 'password must not be empty'],
    [
      'an avatar over 2000 characters',
      { avatar: `https://example.com/${'a'.repeat(1981)}` },
      'avatar too long (at most 2000 characters)',
    ],
  ])('register with %s → 902003, no account', async (_name, fields, message) => {
    const email = `limits-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await new Client(server).post('/api/user/register', {
      email,
      password: sha256Hex('pw'),
      nickname: 'n',
      ...fields,
    });
    expect(res).toEqual({ status: 902003, message, data: null });
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').get(email)).toEqual({ n: 0 });
  });

  test('an avatar of exactly 2000 characters is stored', async () => {
    const avatar = `https://example.com/${'a'.repeat(1980)}`;
    expect(avatar).toHaveLength(2000);
    expect((await register(new Client(server), 'avatar2000@example.com', 'pw', 'A', { avatar })).status).toBe(0);
  });

  test('PATCH /api/user/intro: an avatar over 2000 characters → 902003 and nothing changes', async () => {
    const c = new Client(server);
    await register(c, 'intro-limit@example.com', 'pw', 'Before');
    await c.login('intro-limit@example.com', sha256Hex('pw'));
    const res = await c.call('PATCH', '/api/user/intro', { nickname: 'After', avatar: 'a'.repeat(2001) });
    expect(res).toEqual({ status: 902003, message: 'avatar too long (at most 2000 characters)', data: null });
    expect((await c.get('/api/user/info')).data).toMatchObject({ nickname: 'Before', avatar: '' });
  });
});

describe('names as the server keeps them', () => {
  // a server of their own: the registrations of this file would pass one address's hourly limit
  const suite = serverSuite();

  test('PATCH /api/user/intro refuses an empty or blank nickname as registration does; nothing changes', async () => {
    const c = new Client(suite.server);
    await register(c, 'blank-nick@example.com', 'pw', 'Kept');
    await c.login('blank-nick@example.com', sha256Hex('pw'));
    for (const nickname of ['', '   ', '\u3000\t']) {
      expect(await c.call('PATCH', '/api/user/intro', { nickname, avatar: '' })).toEqual({
        status: 902003,
        message: 'nickname must not be empty',
        data: null,
      });
      expect(
        (await register(new Client(suite.server), `blank-${nickname.length}@example.com`, 'pw', nickname)).message,
      ).toBe('nickname must not be empty');
    }
    expect((await c.get('/api/user/info')).data).toMatchObject({ nickname: 'Kept' });
  });

  test('a lone surrogate counts as the one character it is stored as (U+FFFD), not three', async () => {
    const c = new Client(suite.server);
    await register(c, 'surrogate@example.com', 'pw', 'S');
    await c.login('surrogate@example.com', sha256Hex('pw'));
    // JSON escapes of lone surrogates: valid JSON, not valid text
    const lone = (n: number) => `"${'\\ud800'.repeat(n)}"`;
    // 6 × U+FFFD = 18 bytes fit anniv-go's 20-byte nickname; 7 = 21 do not
    expect((await c.call('PATCH', '/api/user/intro', `{"nickname":${lone(6)},"avatar":""}`)).status).toBe(0);
    const nickname = (await c.get<{ nickname: string }>('/api/user/info')).data.nickname;
    expect(nickname).toBe('\uFFFD'.repeat(6));
    expect((await c.call('PATCH', '/api/user/intro', `{"nickname":${lone(7)},"avatar":""}`)).status).toBe(102000);
    // a playlist name at its limit of 200 characters comes back as 200 characters
    const created = await c.call<{ name: string; id: string }>('PUT', '/api/playlist', `{"name":${lone(200)}}`);
    expect(created.status).toBe(0);
    expect(created.data.name).toBe('\uFFFD'.repeat(200));
    expect((await c.get<{ name: string }>(`/api/playlist?id=${created.data.id}`)).data.name).toHaveLength(200);
    expect((await c.call('PUT', '/api/playlist', `{"name":${lone(201)}}`)).message).toBe(
      'playlist name too long (at most 200 characters)',
    );
    // a surrogate pair is one character (an emoji), kept as it is
    const pair = await c.call<{ name: string }>('PUT', '/api/playlist', { name: '😀'.repeat(200) });
    expect(pair.data.name).toBe('😀'.repeat(200));
  });
});

describe('login, session cookie, logout', () => {
  test('unknown email → 102020, wrong password → 102010', async () => {
    const c = new Client(server);
    expect(await c.post('/api/user/login', { email: 'nobody@example.com', password: DEMO_PASSWORD_SENT })).toEqual({
      status: 102020,
      message: 'user not exist',
      data: null,
    });
    expect(await c.post('/api/user/login', { email: DEMO_EMAIL, password: sha256Hex('wrong') })).toEqual({
      status: 102010,
      message: 'email and password does not match',
      data: null,
    });
    expect(c.cookies.has('session')).toBe(false);
  });

  test('the demo account logs in with the SHA-256 of its password; cookie is HttpOnly, SameSite=Lax, 1 day', async () => {
    const c = new Client(server);
    const res = await c.login();
    expect(res.data).toEqual({
      user_id: expect.stringMatching(/^\d+$/),
      email: DEMO_EMAIL,
      nickname: '演示用户',
      avatar: '',
      '2fa_enabled': false,
    });
    const line = c.setCookieLine('session')!;
    expect(line).toMatch(/^session=[0-9a-f-]{36};/);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\//i);
    expect(line).toMatch(/;\s*Max-Age=86400/i);
  });

  test('each authenticated request renews the cookie for 7 days and records the client', async () => {
    const c = new Client(server);
    await c.login();
    const info = await c.call('GET', '/api/user/info', undefined, { 'user-agent': 'vitest-agent' });
    expect(info.status).toBe(0);
    const line = c.setCookieLine('session')!;
    expect(line).toMatch(/Max-Age=604800/);
    expect(line).toMatch(/HttpOnly/);
    const row = server.db
      .prepare('SELECT user_agent, expires_at - last_access AS ttl FROM sessions WHERE id = ?')
      .get(hashSessionId(c.cookies.get('session')!)) as {
      user_agent: string;
      ttl: number;
    };
    expect(row).toEqual({ user_agent: 'vitest-agent', ttl: 604800 });
  });

  test('a session row is written at most once a minute while its address and browser stay the same', async () => {
    const c = new Client(server);
    await c.login();
    const id = hashSessionId(c.cookies.get('session')!);
    const row = () =>
      server.db.prepare('SELECT last_access, expires_at, user_agent FROM sessions WHERE id = ?').get(id) as {
        last_access: number;
        expires_at: number;
        user_agent: string;
      };
    const setRow = (lastAccess: number, expiresAt: number) =>
      server.db
        .prepare('UPDATE sessions SET last_access = ?, expires_at = ? WHERE id = ?')
        .run(lastAccess, expiresAt, id);
    const now = Math.floor(Date.now() / 1000);
    await c.call('GET', '/api/user/info', undefined, { 'user-agent': 'same-browser' });

    // used 30 s ago, same client: the row stays as it is (no write), the session still works
    setRow(now - 30, now + 1000);
    expect((await c.call('GET', '/api/user/info', undefined, { 'user-agent': 'same-browser' })).status).toBe(0);
    expect(row()).toEqual({ last_access: now - 30, expires_at: now + 1000, user_agent: 'same-browser' });

    // used a minute ago: renewed for 7 days
    setRow(now - SESSION_TOUCH_SECONDS, now + 1000);
    await c.call('GET', '/api/user/info', undefined, { 'user-agent': 'same-browser' });
    expect(row().expires_at - row().last_access).toBe(604800);
    expect(row().last_access).toBeGreaterThanOrEqual(now);

    // another browser on the session: recorded at once
    setRow(now - 5, now + 1000);
    await c.call('GET', '/api/user/info', undefined, { 'user-agent': 'other-browser' });
    expect(row()).toMatchObject({ user_agent: 'other-browser' });
    expect(row().expires_at - row().last_access).toBe(604800);
  });

  test('without a session, auth-required endpoints answer 902002', async () => {
    const c = new Client(server);
    for (const [method, path] of [
      ['GET', '/api/user/info'],
      ['GET', '/api/user/intro?user_id=1'],
      ['POST', '/api/user/logout'],
      ['GET', '/api/credential'],
      ['GET', '/api/meta/tags'],
      ['GET', '/api/search?keyword=a&search_albums'],
    ] as const) {
      expect(await c.call(method, path)).toEqual({ status: 902002, message: 'unauthorized', data: null });
    }
    c.cookies.set('session', '00000000-0000-4000-8000-000000000000');
    expect((await c.get('/api/user/info')).status).toBe(902002);
  });

  test('logout deletes the session and expires the cookie', async () => {
    const c = new Client(server);
    await c.login();
    const sessionId = c.cookies.get('session')!;
    expect((await c.post('/api/user/logout')).status).toBe(0);
    expect(c.setCookieLine('session')).toMatch(/Max-Age=0/);
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE id = ?').get(hashSessionId(sessionId))).toEqual({
      n: 0,
    });
    c.cookies.set('session', sessionId);
    expect((await c.get('/api/user/info')).status).toBe(902002);
  });
});

describe('intro and password', () => {
  test('GET /api/user/intro by string id; unknown → 102020', async () => {
    const c = new Client(server);
    const me = await c.login();
    const id = (me.data as { user_id: string }).user_id;
    expect(await c.get(`/api/user/intro?user_id=${id}`)).toEqual({
      status: 0,
      message: 'OK',
      data: { user_id: id, nickname: '演示用户', avatar: '' },
    });
    expect((await c.get('/api/user/intro?user_id=99999')).status).toBe(102020);
    expect((await c.get('/api/user/intro?user_id=abc')).status).toBe(102020);
  });

  test('PATCH /api/user/intro changes nickname and avatar; too long → 102000', async () => {
    const c = new Client(server);
    await register(c, 'intro@example.com', 'pw');
    await c.login('intro@example.com', sha256Hex('pw'));
    expect(
      await c.call('PATCH', '/api/user/intro', { nickname: '新名字', avatar: 'https://example.com/a.png' }),
    ).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    expect((await c.get('/api/user/info')).data).toMatchObject({
      nickname: '新名字',
      avatar: 'https://example.com/a.png',
    });
    expect((await c.call('PATCH', '/api/user/intro', { nickname: 'x'.repeat(21), avatar: '' })).status).toBe(102000);
    expect((await c.call('PATCH', '/api/user/intro', { nickname: 3, avatar: '' })).status).toBe(902003);
  });

  test('wrong old password → 102010 and nothing changes', async () => {
    const c = new Client(server);
    await register(c, 'pw1@example.com', 'old');
    await c.login('pw1@example.com', sha256Hex('old'));
    const res = await c.call('PATCH', '/api/user/password', {
      old_password: sha256Hex('nope'),
      new_password: sha256Hex('new'),
    });
    expect(res.status).toBe(102010);
    expect((await c.get('/api/user/info')).status).toBe(0);
  });

  test('a password change ends every session of the user, including the current one', async () => {
    const a = new Client(server);
    const b = new Client(server);
    await register(a, 'pw2@example.com', 'old');
    await a.login('pw2@example.com', sha256Hex('old'));
    await b.login('pw2@example.com', sha256Hex('old'));
    const res = await a.call('PATCH', '/api/user/password', {
      old_password: sha256Hex('old'),
      new_password: sha256Hex('new'),
    });
    expect(res).toEqual({ status: 0, message: 'OK', data: null });
    expect(a.setCookieLine('session')).toMatch(/Max-Age=0/);
    expect((await b.get('/api/user/info')).status).toBe(902002);
    const again = new Client(server);
    expect((await again.post('/api/user/login', { email: 'pw2@example.com', password: sha256Hex('old') })).status).toBe(
      102010,
    );
    expect((await again.post('/api/user/login', { email: 'pw2@example.com', password: sha256Hex('new') })).status).toBe(
      0,
    );
  });
});

describe('envelope rules', () => {
  test.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])(
    'unknown /api path with %s → 902000 envelope, not HTML',
    async (method) => {
      const res = await new Client(server).raw('/api/does/not/exist', {
        method,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ status: 902000, message: 'not found', data: null });
    },
  );

  test('the client is served for other paths; a missing build says how to build', async () => {
    const res = await new Client(server).raw('/album/whatever');
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/npm run build/);
  });

  test('an uncaught error becomes a 900000 envelope', async () => {
    const other = await makeServer(dir, {});
    other.db.close();
    const res = await new Client(other).post('/api/user/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD_SENT });
    expect(res).toMatchObject({ status: 900000, data: null });
    await other.close();
  });
});
