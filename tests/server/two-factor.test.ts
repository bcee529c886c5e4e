import Database from 'better-sqlite3';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import { Client, makeDataDir, makeServer, register, removeDir, signedInClient } from './support/fixture.js';
import { sha256Hex } from '../../server/auth.js';

/*
 * Two-step sign-in as anniv-go has it (docs/protocol.md#user), on a server whose clock the test moves:
 * turning it on and off, login, password change and account deletion with codes, one use per code,
 * at most 5 wrong codes an hour, secrets sealed at rest, and FEATURES=2fa_enforced. Beyond anniv-go:
 * turning it on asks for the password (a stolen session cannot), and hands out recovery codes.
 */

let now = Date.UTC(2026, 10, 25, 12, 0, 0);
const clock = () => now;
const SECRET_A = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SECRET_B = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const codeAt = (secret: string, at = now) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
const PERIOD = 30_000;
const PASSWORD = sha256Hex('pw');
/** turning it on as our client does: the secret, a code of it and the account's password */
const turnOnForm = (secret: string, extra: Record<string, unknown> = {}) => ({
  '2fa_secret': secret,
  '2fa_code': codeAt(secret),
  password: PASSWORD,
  ...extra,
});

let dir: string;
let server: AnnivServer;
let enforcedDir: string;
let enforced: AnnivServer;

beforeAll(async () => {
  dir = await makeDataDir('none');
  server = await makeServer(dir, {}, { clock, demoContent: false, demoUser: false });
  enforcedDir = await makeDataDir('none');
  enforced = await makeServer(
    enforcedDir,
    { FEATURES: '2fa_enforced' },
    { clock, demoContent: false, demoUser: false },
  );
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
    const res = await client.post<{ recovery_codes: string[] }>('/api/features/2fa', turnOnForm(secret));
    expect(res.status).toBe(0);
    now += PERIOD; // the code just used is spent
    return { client, email, recoveryCodes: res.data.recovery_codes };
  }
  return { client, email, recoveryCodes: [] as string[] };
}
const login = (on: AnnivServer, email: string, extra: Record<string, unknown> = {}) =>
  new Client(on).post('/api/user/login', { email, password: sha256Hex('pw'), ...extra });

describe('turning it on and off', () => {
  test('a wrong code is 202001; the right one turns it on; again is 202004; user info says so', async () => {
    const { client } = await userWith();
    expect(
      (await client.post('/api/features/2fa', turnOnForm(SECRET_A, { '2fa_code': codeAt(SECRET_B) }))).status,
    ).toBe(202001);
    expect((await client.get<{ '2fa_enabled': boolean }>('/api/user/info')).data['2fa_enabled']).toBe(false);
    expect((await client.post('/api/features/2fa', turnOnForm(SECRET_A))).status).toBe(0);
    expect((await client.get<{ '2fa_enabled': boolean }>('/api/user/info')).data['2fa_enabled']).toBe(true);
    now += PERIOD;
    expect((await client.post('/api/features/2fa', turnOnForm(SECRET_A))).status).toBe(202004);
  });

  test.each([
    ['not base32', 'not-base-32!'],
    ['too short', 'ABCDEFGH'],
    ['a number', 12345678],
  ])('a secret that is %s is 902003', async (_, secret) => {
    const { client } = await userWith();
    expect(
      (await client.post('/api/features/2fa', { '2fa_secret': secret, '2fa_code': '123456', password: PASSWORD }))
        .status,
    ).toBe(902003);
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
    for (let i = 0; i < 5; i++)
      expect((await login(server, email, { '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A) })).status).toBe(202003);
    now += 3_600_000 + PERIOD;
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A) })).status).toBe(0);
  });

  test("somebody with the password but not the phone uses up the codes of unknown devices only: the owner's known device still signs in", async () => {
    const { client, email } = await userWith(SECRET_A);
    const ownerDevice = new Client(server);
    ownerDevice.cookies.set('device', client.cookies.get('device')!);
    for (let i = 0; i < 5; i++)
      expect((await login(server, email, { '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A) })).status).toBe(202003);
    const owner = await ownerDevice.post('/api/user/login', {
      email,
      password: sha256Hex('pw'),
      '2fa_code': codeAt(SECRET_A),
    });
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
    expect((await client.call('PATCH', '/api/user/password', { ...change, '2fa_code': codeAt(SECRET_A) })).status).toBe(
      0,
    );
  });

  test("deleting the account: the password and the code; everything goes; the other user's account stays", async () => {
    const other = await userWith();
    const { client, email } = await userWith(SECRET_A);
    expect((await client.post('/api/user/revoke', {})).status).toBe(902003);
    expect(
      (await client.post('/api/user/revoke', { password: sha256Hex('nope'), '2fa_code': codeAt(SECRET_A) })).status,
    ).toBe(102010);
    expect((await client.post('/api/user/revoke', { password: sha256Hex('pw') })).status).toBe(202001);
    expect(
      (await client.post('/api/user/revoke', { password: sha256Hex('pw'), '2fa_code': codeAt(SECRET_A) })).status,
    ).toBe(0);
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
    const rows = db.prepare('SELECT totp_secret FROM users WHERE totp_secret IS NOT NULL').all() as {
      totp_secret: string;
    }[];
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
    expect(
      (await register(client, 'e1@example.com', 'pw', 'T', { '2fa_secret': secret, '2fa_code': codeAt(SECRET_A) }))
        .status,
    ).toBe(202001);
    expect(
      (await register(client, 'e1@example.com', 'pw', 'T', { '2fa_secret': secret, '2fa_code': codeAt(secret) }))
        .status,
    ).toBe(0);
    now += PERIOD;
    expect((await login(enforced, 'e1@example.com', { '2fa_code': codeAt(secret) })).status).toBe(0);
  });

  test('an account made before enforcement: 202000 until it turns it on', async () => {
    // an account without it on an enforcing site (turned on before, then off by the operator)
    const db = enforced.db;
    const client = new Client(enforced);
    expect(
      (await register(client, 'e2@example.com', 'pw', 'T', { '2fa_secret': SECRET_A, '2fa_code': codeAt(SECRET_A) }))
        .status,
    ).toBe(0);
    db.prepare("UPDATE users SET totp_secret = NULL WHERE email = 'e2@example.com'").run();
    expect((await login(enforced, 'e2@example.com')).status).toBe(0);
    await client.login('e2@example.com', sha256Hex('pw'));
    expect((await client.get('/api/user/info')).status).toBe(202000);
    expect((await client.get('/api/credential')).status).toBe(202000);
    now += PERIOD;
    expect((await client.post('/api/features/2fa', turnOnForm(SECRET_B))).status).toBe(0);
    expect((await client.get('/api/credential')).status).toBe(0);
    expect((await client.post('/api/user/logout')).status).toBe(0);
  });
});

// each test a fresh hour: the registrations of this file would pass one address's hourly limit
const nextHour = () => {
  now += 3_600_000;
};

describe('a stolen session cannot turn it on (the password is asked)', () => {
  beforeEach(nextHour);
  test("with only the owner's session cookie, the thief's secret is refused 102010 without a password or with a wrong one (the thief's own too); nothing changes", async () => {
    const owner = await userWith();
    const thiefOwn = await signedInClient(server, `thief${++n}@example.com`, 'thief-pw');
    // the thief has the owner's cookie, not the owner's password
    const thief = new Client(server);
    thief.cookies.set('session', owner.client.cookies.get('session')!);
    expect((await thief.get<{ email: string }>('/api/user/info')).data.email).toBe(owner.email);
    const { password: _, ...noPassword } = turnOnForm(SECRET_B);
    expect((await thief.post('/api/features/2fa', noPassword)).status).toBe(102010);
    expect((await thief.post('/api/features/2fa', turnOnForm(SECRET_B, { password: sha256Hex('guess') }))).status).toBe(
      102010,
    );
    expect(
      (await thief.post('/api/features/2fa', turnOnForm(SECRET_B, { password: sha256Hex('thief-pw') }))).status,
    ).toBe(102010);
    expect((await owner.client.get<{ '2fa_enabled': boolean }>('/api/user/info')).data['2fa_enabled']).toBe(false);
    // the owner still signs in with the password alone, and turns it on with it
    expect((await login(server, owner.email)).status).toBe(0);
    expect((await owner.client.post('/api/features/2fa', turnOnForm(SECRET_A))).status).toBe(0);
    // the thief's own account was not touched either
    expect((await thiefOwn.get<{ '2fa_enabled': boolean }>('/api/user/info')).data['2fa_enabled']).toBe(false);
    now += PERIOD;
  });

  test('wrong passwords count against the limits: after 5, even the right one is refused until the lock ends', async () => {
    const { client } = await userWith();
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.post('/api/features/2fa', turnOnForm(SECRET_A, { password: sha256Hex(`guess${i}`) }))).status,
      ).toBe(102010);
    }
    const locked = await client.post('/api/features/2fa', turnOnForm(SECRET_A));
    expect(locked.status).toBe(102010);
    expect(locked.message).toMatch(/too many failed password attempts/);
    now += 16 * 60_000; // the lock (1 min) and the window (15 min) are over
    expect((await client.post('/api/features/2fa', turnOnForm(SECRET_A))).status).toBe(0);
    now += PERIOD;
  });
});

describe('recovery codes', () => {
  beforeEach(nextHour);
  const leftOf = async (client: Client) =>
    (await client.get<{ recovery_codes_left?: number }>('/api/user/info')).data.recovery_codes_left;

  test('the site says it has them; turning it on answers ten distinct codes; the user info counts them', async () => {
    expect((await new Client(server).get<{ features: string[] }>('/api/info')).data.features).toEqual([
      '2fa',
      '2fa_recovery',
    ]);
    const plain = await userWith();
    expect(await leftOf(plain.client)).toBeUndefined();
    const { client, recoveryCodes } = await userWith(SECRET_A);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    expect(await leftOf(client)).toBe(10);
  });

  test('stored as digests only: no code is in the database as given', async () => {
    const { recoveryCodes } = await userWith(SECRET_A);
    const rows = server.db.prepare('SELECT digest FROM recovery_codes').all() as { digest: string }[];
    const stored = rows.map((r) => r.digest).join(' ');
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  test('each signs in once in place of a code (any case, with or without the dash); the second use is 202001', async () => {
    const { client, email, recoveryCodes } = await userWith(SECRET_A);
    const [first, second] = recoveryCodes as [string, string];
    const res = await login(server, email, { '2fa_code': first });
    expect(res.status).toBe(0);
    expect((res.data as Record<string, unknown>).recovery_codes_left).toBe(9);
    expect((await login(server, email, { '2fa_code': first })).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': second.replace('-', '').toUpperCase() })).status).toBe(0);
    expect((await login(server, email, { '2fa_code': second })).status).toBe(202001);
    expect(await leftOf(client)).toBe(8);
  });

  test("one user's codes do not open another's account", async () => {
    const a = await userWith(SECRET_A);
    const b = await userWith(SECRET_B);
    expect((await login(server, b.email, { '2fa_code': a.recoveryCodes[0] })).status).toBe(202001);
    expect((await login(server, a.email, { '2fa_code': a.recoveryCodes[0] })).status).toBe(0);
    expect(await leftOf(b.client)).toBe(10);
  });

  test('wrong recovery codes count as wrong codes: after 5, a right recovery code (and a right 6-digit code) is 202003 until the hour is over; the code is not spent', async () => {
    const { email, recoveryCodes } = await userWith(SECRET_A);
    for (let i = 0; i < 4; i++)
      expect((await login(server, email, { '2fa_code': `wrong-code${i}` })).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': recoveryCodes[0] })).status).toBe(202003);
    expect((await login(server, email, { '2fa_code': codeAt(SECRET_A) })).status).toBe(202003);
    now += 3_600_000 + PERIOD;
    expect((await login(server, email, { '2fa_code': recoveryCodes[0] })).status).toBe(0);
  });

  test('in a session too: 5 wrong recovery codes to turn it off, then 202003', async () => {
    const { client, recoveryCodes } = await userWith(SECRET_A);
    for (let i = 0; i < 5; i++)
      expect((await client.call('DELETE', '/api/features/2fa', { '2fa_code': `wrong-code${i}` })).status).toBe(202001);
    expect((await client.call('DELETE', '/api/features/2fa', { '2fa_code': recoveryCodes[0] })).status).toBe(202003);
    now += 3_600_000 + PERIOD;
  });

  test('a recovery code turns it off, and the codes go with it', async () => {
    const { client, recoveryCodes } = await userWith(SECRET_A);
    const id = (await client.get<{ user_id: string }>('/api/user/info')).data.user_id;
    expect((await client.call('DELETE', '/api/features/2fa', { '2fa_code': recoveryCodes[3] })).status).toBe(0);
    expect((await client.get<{ '2fa_enabled': boolean }>('/api/user/info')).data['2fa_enabled']).toBe(false);
    expect(await leftOf(client)).toBeUndefined();
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = ?').get(Number(id))).toEqual({
      n: 0,
    });
  });

  test('a recovery code is taken for a password change and for deleting the account, as a code is', async () => {
    const changing = await userWith(SECRET_A);
    const change = { old_password: PASSWORD, new_password: sha256Hex('pw2') };
    expect(
      (await changing.client.call('PATCH', '/api/user/password', { ...change, '2fa_code': changing.recoveryCodes[0] }))
        .status,
    ).toBe(0);
    const leaving = await userWith(SECRET_B);
    const id = (await leaving.client.get<{ user_id: string }>('/api/user/info')).data.user_id;
    expect(
      (await leaving.client.post('/api/user/revoke', { password: PASSWORD, '2fa_code': leaving.recoveryCodes[0] }))
        .status,
    ).toBe(0);
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = ?').get(Number(id))).toEqual({
      n: 0,
    });
  });

  test('new codes need the password (102010) and a code (202001); the old ones stop working, the new ones work', async () => {
    const { client, email, recoveryCodes } = await userWith(SECRET_A);
    const renew = (body: Record<string, unknown>) =>
      client.post<{ recovery_codes: string[] }>('/api/features/2fa/recovery', body);
    expect((await renew({ '2fa_code': codeAt(SECRET_A) })).status).toBe(102010);
    expect((await renew({ password: sha256Hex('nope'), '2fa_code': codeAt(SECRET_A) })).status).toBe(102010);
    expect((await renew({ password: PASSWORD })).status).toBe(202001);
    expect((await renew({ password: PASSWORD, '2fa_code': codeAt(SECRET_B) })).status).toBe(202001);
    expect(await leftOf(client)).toBe(10);
    const renewed = await renew({ password: PASSWORD, '2fa_code': codeAt(SECRET_A) });
    expect(renewed.status).toBe(0);
    const fresh = renewed.data.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    expect(await leftOf(client)).toBe(10);
    expect((await login(server, email, { '2fa_code': recoveryCodes[1] })).status).toBe(202001);
    expect((await login(server, email, { '2fa_code': fresh[1] })).status).toBe(0);
    // a user without two-step sign-in has none to renew
    const plain = await userWith();
    expect(
      (await plain.client.post('/api/features/2fa/recovery', { password: PASSWORD, '2fa_code': '123456' })).status,
    ).toBe(202000);
  });

  test("another user's session renews only its own codes", async () => {
    const a = await userWith(SECRET_A);
    const b = await userWith(SECRET_B);
    const renewed = await b.client.post('/api/features/2fa/recovery', {
      password: PASSWORD,
      '2fa_code': b.recoveryCodes[0],
    });
    expect(renewed.status).toBe(0);
    expect((await login(server, a.email, { '2fa_code': a.recoveryCodes[0] })).status).toBe(0);
    expect(await leftOf(a.client)).toBe(9);
  });
});
