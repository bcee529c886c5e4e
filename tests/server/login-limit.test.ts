import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sha256Hex } from '../../server/auth.js';
import type { AnnivServer } from '../../server/index.js';
import { LoginLimiter } from '../../server/loginLimiter.js';
import {
  Client,
  clientAt,
  makeDataDir,
  makeServer,
  register,
  removeDir,
  serverSuite,
  trySignIn,
} from './support/fixture.js';

/*
 * Password guessing limits (server/loginLimiter.ts): 5 failures in 15 min lock an allowance (an
 * account's unknown devices, a known device, a session), 20 an address; locks last 1 min, doubling
 * to at most 15 min, and always expire; a success clears its allowance. Refusals answer 102010
 * with the seconds to wait. The clock is injected. Known devices: known-devices.test.ts.
 */

const MIN = 60_000;
const wait = (seconds: number) => ({
  status: 102010,
  message: `too many failed password attempts; wait ${seconds} seconds and try again`,
  data: null,
});
const WRONG = { status: 102010, message: 'email and password does not match', data: null };

describe('LoginLimiter', () => {
  let now = 1_700_000_000_000;
  const clock = (): number => now;

  function fail(l: LoginLimiter, account: string, address = 'a1'): void {
    const r = l.begin(account, address);
    if (r.refused) throw new Error(`refused: wait ${r.waitSeconds}`);
    r.attempt.settle('failure');
  }
  const waitOf = (l: LoginLimiter, account: string, address = 'a1'): number => {
    const r = l.begin(account, address);
    if (r.refused) return r.waitSeconds;
    r.attempt.settle('none');
    return 0;
  };

  test('the fifth failure locks the account for 1 min; the lock expires', () => {
    const l = new LoginLimiter({ now: clock });
    for (let i = 0; i < 4; i++) fail(l, 'u');
    expect(waitOf(l, 'u')).toBe(0);
    fail(l, 'u');
    expect(waitOf(l, 'u')).toBe(60);
    now += 30_000;
    expect(waitOf(l, 'u')).toBe(30);
    now += 30_000;
    expect(waitOf(l, 'u')).toBe(0);
  });

  test('each further lock doubles, capped at 15 min; a quiet window starts over', () => {
    const l = new LoginLimiter({ now: clock });
    const seen: number[] = [];
    for (let lock = 0; lock < 6; lock++) {
      for (let i = 0; i < 5; i++) fail(l, 'v');
      const w = waitOf(l, 'v');
      seen.push(w);
      now += w * 1000;
    }
    expect(seen).toEqual([60, 120, 240, 480, 900, 900]);
    now += 15 * MIN; // quiet for a whole window after the last lock ended
    for (let i = 0; i < 5; i++) fail(l, 'v');
    expect(waitOf(l, 'v')).toBe(60);
  });

  test('failures older than the window do not count', () => {
    const l = new LoginLimiter({ now: clock });
    for (let i = 0; i < 4; i++) fail(l, 'w');
    now += 15 * MIN + 1;
    fail(l, 'w');
    expect(waitOf(l, 'w')).toBe(0);
  });

  test('a success clears the account', () => {
    const l = new LoginLimiter({ now: clock });
    for (let i = 0; i < 4; i++) fail(l, 'x');
    const r = l.begin('x', 'a1');
    if (r.refused) throw new Error('refused');
    r.attempt.settle('success');
    for (let i = 0; i < 4; i++) fail(l, 'x');
    expect(waitOf(l, 'x')).toBe(0);
  });

  test('attempts still running count: the sixth parallel attempt is refused', () => {
    const l = new LoginLimiter({ now: clock });
    const running = Array.from({ length: 5 }, () => l.begin('y', 'a9'));
    expect(running.every((r) => !r.refused)).toBe(true);
    expect(waitOf(l, 'y', 'a9')).toBe(60);
    for (const r of running) if (!r.refused) r.attempt.settle('failure');
    expect(waitOf(l, 'y', 'a9')).toBe(60);
  });

  test('20 failures from one address lock it for every account; the address is not cleared by a success', () => {
    const l = new LoginLimiter({ now: clock });
    for (let i = 0; i < 19; i++) fail(l, `acct${i}`, 'evil');
    const ok = l.begin('mine', 'evil');
    if (ok.refused) throw new Error('refused');
    ok.attempt.settle('success');
    fail(l, 'acct19', 'evil');
    expect(waitOf(l, 'someone-else', 'evil')).toBe(60);
    expect(waitOf(l, 'someone-else', 'elsewhere')).toBe(0);
  });

  test('memory is bounded', () => {
    const l = new LoginLimiter({ now: clock, maxEntries: 100 });
    for (let i = 0; i < 1000; i++) fail(l, `k${i}`, `addr${i}`);
    expect(l.size.allowances).toBeLessThanOrEqual(100);
    expect(l.size.addresses).toBeLessThanOrEqual(100);
  });
});

describe('over the API', () => {
  let now = 1_700_000_000_000;
  const suite = serverSuite('none', { TRUST_PROXY: '1' }, { clock: () => now });

  let ipCounter = 0;
  /** A client behind the trusted proxy with its own address. */
  const from = (ip = `198.51.100.${++ipCounter}`) => {
    const c = clientAt(suite.server, ip);
    return { c, login: (email: string, password: string) => trySignIn(c, email, password) };
  };

  test('after 5 wrong passwords even the right one is refused with the wait; after it the right user signs in', async () => {
    await register(new Client(suite.server), 'lock@example.com', 'right');
    const { c, login } = from();
    for (let i = 0; i < 5; i++) expect(await login('lock@example.com', `wrong${i}`)).toEqual(WRONG);
    expect(await login('lock@example.com', 'right')).toEqual(wait(60));
    expect(c.cookies.has('session')).toBe(false);
    // From another address too: the account is locked, not the address.
    expect(await from().login('lock@example.com', 'right')).toEqual(wait(60));
    now += 59_000;
    expect(await login('lock@example.com', 'right')).toEqual(wait(1));
    now += 1_000;
    expect((await login('lock@example.com', 'right')).status).toBe(0);
    expect(c.cookies.has('session')).toBe(true);
    // The success reset the count: four more failures are not locked yet.
    for (let i = 0; i < 4; i++) expect(await login('lock@example.com', `again${i}`)).toEqual(WRONG);
    expect((await login('lock@example.com', 'right')).status).toBe(0);
  });

  test('locks grow: 1, 2, 4 … minutes, at most 15', async () => {
    await register(new Client(suite.server), 'grow@example.com', 'right');
    const { login } = from();
    const waits: string[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 5; i++) expect(await login('grow@example.com', 'bad')).toEqual(WRONG);
      const refused = await login('grow@example.com', 'right');
      waits.push(refused.message);
      now += Number(/wait (\d+) seconds/.exec(refused.message)![1]) * 1000;
    }
    expect(waits.map((m) => Number(/wait (\d+)/.exec(m)![1]))).toEqual([60, 120, 240, 480, 900, 900]);
    expect((await login('grow@example.com', 'right')).status).toBe(0);
  });

  test('unknown emails are limited the same way (and a locked one does not say whether it exists)', async () => {
    const { login } = from();
    for (let i = 0; i < 5; i++) expect((await login('ghost@example.com', 'x')).status).toBe(102020);
    expect(await login('ghost@example.com', 'x')).toEqual(wait(60));
    now += 60_000;
  });

  test('20 failures from one address lock that address for every account, not other addresses', async () => {
    await register(new Client(suite.server), 'victim@example.com', 'right');
    const attacker = from('203.0.113.66');
    for (let i = 0; i < 20; i++) expect((await attacker.login(`guess${i}@example.com`, 'x')).status).toBe(102020);
    expect(await attacker.login('victim@example.com', 'right')).toEqual(wait(60));
    expect((await from().login('victim@example.com', 'right')).status).toBe(0);
    now += 60_000;
    expect((await attacker.login('victim@example.com', 'right')).status).toBe(0);
  });

  test('parallel guesses cannot slip past the limit', async () => {
    await register(new Client(suite.server), 'burst@example.com', 'right');
    const { login } = from();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login('burst@example.com', `bad${i}`)));
    expect(answers.filter((a) => a.message === WRONG.message)).toHaveLength(5);
    expect(answers.filter((a) => /^too many failed password attempts; wait \d+ seconds/.test(a.message))).toHaveLength(
      7,
    );
    now += 60_000;
  });

  test('PATCH /api/user/password: the old-password check counts against the session, so a stranger locking the account does not block it', async () => {
    await register(new Client(suite.server), 'change@example.com', 'right');
    const owner = from();
    expect((await owner.login('change@example.com', 'right')).status).toBe(0);
    const stranger = from();
    for (let i = 0; i < 5; i++) expect(await stranger.login('change@example.com', `bad${i}`)).toEqual(WRONG);
    expect(await stranger.login('change@example.com', 'right')).toEqual(wait(60));
    const change = (old: string, next: string) =>
      owner.c.call('PATCH', '/api/user/password', { old_password: sha256Hex(old), new_password: sha256Hex(next) });
    expect((await change('right', 'second')).status).toBe(0);
    // The change ended the session; the owner's device signs in again while strangers are locked.
    expect((await owner.login('change@example.com', 'second')).status).toBe(0);
    // The session's own allowance: its fifth wrong old password locks its checks, the session stays.
    for (let i = 0; i < 5; i++) expect(await change('bad', 'x')).toEqual(WRONG);
    expect(await change('second', 'third')).toEqual(wait(60));
    expect((await owner.c.get('/api/user/info')).status).toBe(0);
    now += 60_000;
    expect((await change('second', 'third')).status).toBe(0);
    expect((await from().login('change@example.com', 'third')).status).toBe(0);
  });

  test('POST /api/user/revoke: the password check counts against the session too', async () => {
    await register(new Client(suite.server), 'leaving@example.com', 'right');
    const owner = from();
    expect((await owner.login('leaving@example.com', 'right')).status).toBe(0);
    const stranger = from();
    for (let i = 0; i < 5; i++) expect(await stranger.login('leaving@example.com', `bad${i}`)).toEqual(WRONG);
    expect((await owner.c.post('/api/user/revoke', { password: sha256Hex('right') })).status).toBe(0);
    expect(
      suite.server.db.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').get('leaving@example.com'),
    ).toEqual({ n: 0 });
  });

  test('without TRUST_PROXY, X-Forwarded-For does not choose the address', async () => {
    const plainDir = await makeDataDir('none');
    let t = 0;
    const plain = await makeServer(plainDir, {}, { clock: () => t });
    try {
      const c = new Client(plain);
      for (let i = 0; i < 20; i++) {
        const res = await c.call(
          'POST',
          '/api/user/login',
          { email: `p${i}@example.com`, password: 'x' },
          { 'x-forwarded-for': `192.0.2.${i}` },
        );
        expect(res.status).toBe(102020);
      }
      const res = await c.call(
        'POST',
        '/api/user/login',
        { email: 'fresh@example.com', password: 'x' },
        { 'x-forwarded-for': '192.0.2.200' },
      );
      expect(res).toEqual(wait(60));
      t += 60_000;
    } finally {
      await plain.close();
      removeDir(plainDir);
    }
  });
});

describe('"no such user" costs the same password hash work as "wrong password"', () => {
  let dir: string;
  let server: AnnivServer;
  beforeAll(async () => {
    dir = await makeDataDir('none');
    server = await makeServer(dir);
    await register(new Client(server), 'timing@example.com', 'right');
  });
  afterAll(async () => {
    await server.close();
    removeDir(dir);
  });

  /** The scrypt runs (and their cost parameters) one sign-in attempt makes, seen at node:crypto. */
  async function scryptRunsOf(email: string): Promise<{ N?: number; r?: number; p?: number; keylen: number }[]> {
    const spy = vi.spyOn(crypto, 'scrypt');
    syncBuiltinESMExports(); // the server's `import { scrypt } from 'node:crypto'` now sees the spy
    try {
      const answer = await new Client(server).post('/api/user/login', { email, password: sha256Hex('wrong') });
      expect(answer.status).toBe(email === 'timing@example.com' ? 102010 : 102020);
      return spy.mock.calls.map((call) => {
        const { N, r, p } = call[3] as { N?: number; r?: number; p?: number };
        return { N, r, p, keylen: call[2] as number };
      });
    } finally {
      spy.mockRestore();
      syncBuiltinESMExports();
    }
  }

  test('one scrypt run with the same cost parameters and key length either way', async () => {
    const wrong = await scryptRunsOf('timing@example.com');
    const unknown = await scryptRunsOf('nobody@example.com');
    expect(wrong).toHaveLength(1);
    expect(unknown).toEqual(wrong);
  });
});
