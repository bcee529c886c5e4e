import Database from 'better-sqlite3';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import { Client, makeDataDir, makeServer, register, removeDir, signedInClient } from './support/fixture.js';
import { sha256Hex } from '../../server/auth.js';

/*
 * Two-step sign-in as anniv-go has it (docs/protocol.md#user), on a server whose clock the test moves:
 * turning it on and off, login, password change and account deletion with codes, one use per code,
 * at most 5 wrong codes an hour, secrets sealed at rest, and FEATURES=2fa_enforced.
 */

let now = Date.UTC(2026, 10, 25, 12, 0, 0);
const clock = () => now;
const SECRET_A = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SECRET_B = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const codeAt = (secret: string, at = now) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
const PERIOD = 30_000;

let dir: string;
let server: AnnivServer;
let enforcedDir: string;
let enforced: AnnivServer;

beforeAll(async () => {
  dir = await makeDataDir('none');
  server = await makeServer(dir, {}, { clock, demoContent: false, demoUser: false });
  enforcedDir = await makeDataDir('none');
  enforced = await makeServer(enforcedDir, { FEATURES: '2fa_enforced' }, { clock, demoContent: false, demoUser: false });
});
afterAll(async () => {
  await server.close();
  await enforced.close();
  removeDir(dir);
  removeDir(enforcedDir);
});

let n = 0;
/** a new user signed in, with two-step sign-in turned on with `secret` when given */
async function userWith(secret?: string, on: AnnivServer = server) {
  const email = `u${++n}@example.com`;
  const client = await signedInClient(on, email, 'pw');
  if (secret) {
    const res = await client.post('/api/features/2fa', { '2fa_secret': secret, '2fa_code': codeAt(secret) });
    expect(res.status).toBe(0);
    now += PERIOD; // the code just used is spent
  }
  return { client, email };
}
const login = (on: AnnivServer, email: string, extra: Record<string, unknown> = {}) =>
  new Client(on).post('/api/user/login', { email, password: sha256Hex('pw'), ...extra });

describe('turning it on and off', () => {
  test('a wrong code is 202001; the right one turns it on; again is 202004; user info says so', async () => {
    const { client } = await userWith();
    expect((await client.post('/api/features/2fa', { '2fa_secret': SECRET_A, '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    expect(((await client.get<{ '2fa_enabled': boolean }>('/api/user/info')).data)['2fa_enabled']).toBe(false);
    expect((await client.post('/api/features/2fa', { '2fa_secret': SECRET_A, '2fa_code': codeAt(SECRET_A) })).status).toBe(0);
    expect(((await client.get<{ '2fa_enabled': boolean }>('/api/user/info')).data)['2fa_enabled']).toBe(true);
    now += PERIOD;
    expect((await client.post('/api/features/2fa', { '2fa_secret': SECRET_A, '2fa_code': codeAt(SECRET_A) })).status).toBe(202004);
  });

  test.each([
    ['not base32', 'not-base-32!'],
    ['too short', 'ABCDEFGH'],
    ['a number', 12345678],
  ])('a secret that is %s is 902003', async (_, secret) => {
    const { client } = await userWith();
    expect((await client.post('/api/features/2fa', { '2fa_secret': secret, '2fa_code': '123456' })).status).toBe(902003);
  });

  test('off with a current code; off when off is 202000', async () => {
    const { client } = await userWith(SECRET_A);
    expect((await client.call('DELETE', '/api/features/2fa', { '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    expect((await client.call('DELETE', '/api/features/2fa', { '2fa_code': codeAt(SECRET_A) })).status).toBe(0);
    expect((await client.call('DELETE', '/api/features/2fa', { '2fa_code': codeAt(SECRET_A) })).status).toBe(202000);
  });
});

describe('signing in', () => {
  test('only a user with it on is asked: missing or wrong code 202001, the right one signs in', async () => {
    const plain = await userWith();
    expect((await login(server, plain.email)).status).toBe(0);
    const { email } = await userWith(SECRET_A);
    expect((await login(server, email)).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    const res = await login(server, email, { '2fa_code': codeAt(SECRET_A) });
    expect(res.status).toBe(0);
    expect((res.data as Record<string, unknown>)['2fa_enabled']).toBe(true);
  });

  test('codes of the previous and next window are taken; one two windows off is not', async () => {
    const { email } = await userWith(SECRET_A);
    now += PERIOD; // the window before now is then one no code was used in
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A, now - 2 * PERIOD) })).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A, now - PERIOD) })).status).toBe(0);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A, now + PERIOD) })).status).toBe(0);
  });

  test('a code is taken once: the same code again is refused', async () => {
    const { email } = await userWith(SECRET_A);
    const code = codeAt(SECRET_A);
    expect((await login(server, email, { '2fa_code': code })).status).toBe(0);
    expect((await login(server, email, { '2fa_code': code })).status).toBe(202001);
    now += PERIOD;
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A) })).status).toBe(0);
  });

  test('after 5 wrong codes in an hour even the right one is 202003; an hour later it works', async () => {
    const { email } = await userWith(SECRET_A);
    for (let i = 0; i < 5; i++) expect((await login(server, email, { '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A) })).status).toBe(202003);
    now += 3_600_000 + PERIOD;
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A) })).status).toBe(0);
  });

  test("somebody with the password but not the phone uses up the codes of unknown devices only: the owner's known device still signs in", async () => {
    const { client, email } = await userWith(SECRET_A);
    const ownerDevice = new Client(server);
    ownerDevice.cookies.set('device', client.cookies.get('device')!);
    for (let i = 0; i < 5; i++) expect((await login(server, email, { '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A) })).status).toBe(202003);
    const owner = await ownerDevice.post('/api/user/login', { email, password: sha256Hex('pw'), '2fa_code': codeAt(SECRET_A) });
    expect(owner.status).toBe(0);
  });

  test("two users: one's code does not open the other's account", async () => {
    const a = await userWith(SECRET_A);
    const b = await userWith(SECRET_B);
    expect((await login(server, a.email, { '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    expect((await login(server, b.email, { '2fa_code': codeAt(SECRET_B) })).status).toBe(0);
  });
});

describe('calls that take the code from their body', () => {
  test('password change: 202001 without the code, done with it', async () => {
    const { client } = await userWith(SECRET_A);
    const change = { old_password: sha256Hex('pw'), new_password: sha256Hex('pw2') };
    expect((await client.call('PATCH', '/api/user/password', change)).status).toBe(202001);
    expect((await client.call('PATCH', '/api/user/password', { ...change, '2fa_code': codeAt(SECRET_A) })).status).toBe(0);
  });

  test("deleting the account: the password and the code; everything goes; the other user's account stays", async () => {
    const other = await userWith();
    const { client, email } = await userWith(SECRET_A);
    expect((await client.post('/api/user/revoke', {})).status).toBe(902003);
    expect((await client.post('/api/user/revoke', { password: sha256Hex('nope'), '2fa_code': codeAt(SECRET_A) })).status).toBe(102010);
    expect((await client.post('/api/user/revoke', { password: sha256Hex('pw') })).status).toBe(202001);
    expect((await client.post('/api/user/revoke', { password: sha256Hex('pw'), '2fa_code': codeAt(SECRET_A) })).status).toBe(0);
    expect((await client.get('/api/user/info')).status).toBe(902002);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A, now + PERIOD) })).status).toBe(102020);
    expect((await other.client.get('/api/user/info')).status).toBe(0);
  });

  test('a user without it deletes the account with the password alone', async () => {
    const { client } = await userWith();
    expect((await client.post('/api/user/revoke', { password: sha256Hex('pw') })).status).toBe(0);
  });
});

test('secrets at rest: the database holds them sealed, never as given', async () => {
  await userWith(SECRET_A);
  const db = new Database(path.join(dir, 'anniv.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT totp_secret FROM users WHERE totp_secret IS NOT NULL').all() as { totp_secret: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const { totp_secret } of rows) {
      expect(totp_secret.startsWith('v1:')).toBe(true);
      expect(totp_secret).not.toContain(SECRET_A);
      expect(Buffer.from(totp_secret.slice(3), 'base64').toString('latin1')).not.toContain(SECRET_A);
    }
  } finally {
    db.close();
  }
});

describe('FEATURES=2fa_enforced', () => {
  test('the site says so; a user without it gets 202000 on every call but login, logout and turning it on', async () => {
    const info = await new Client(enforced).get<{ features: string[] }>('/api/info');
    expect(info.data.features).toContain('2fa_enforced');
    const client = new Client(enforced);
    const secret = SECRET_B;
    // registration needs a secret and a code
    expect((await register(client, 'e1@example.com', 'pw')).status).toBe(202002);
    expect((await register(client, 'e1@example.com', 'pw', 'T', { '2fa_secret': secret, '2fa_code': codeAt(SECRET_A) })).status).toBe(202001);
    expect((await register(client, 'e1@example.com', 'pw', 'T', { '2fa_secret': secret, '2fa_code': codeAt(secret) })).status).toBe(0);
    now += PERIOD;
    expect((await login(enforced, 'e1@example.com', { '2fa_code': codeAt(secret) })).status).toBe(0);
  });

  test('an account made before enforcement: 202000 until it turns it on', async () => {
    // an account without it on an enforcing site (turned on before, then off by the operator)
    const db = enforced.db;
    const client = new Client(enforced);
    expect((await register(client, 'e2@example.com', 'pw', 'T', { '2fa_secret': SECRET_A, '2fa_code': codeAt(SECRET_A) })).status).toBe(0);
    db.prepare("UPDATE users SET totp_secret = NULL WHERE email = 'e2@example.com'").run();
    expect((await login(enforced, 'e2@example.com')).status).toBe(0);
    await client.login('e2@example.com', sha256Hex('pw'));
    expect((await client.get('/api/user/info')).status).toBe(202000);
    expect((await client.get('/api/credential')).status).toBe(202000);
    now += PERIOD;
    expect((await client.post('/api/features/2fa', { '2fa_secret': SECRET_B, '2fa_code': codeAt(SECRET_B) })).status).toBe(0);
    expect((await client.get('/api/credential')).status).toBe(0);
    expect((await client.post('/api/user/logout')).status).toBe(0);
  });
});
