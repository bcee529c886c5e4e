import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../server/auth.js';
import { LIMITS } from '../../server/api/limits.js';
import type { AnnivServer } from '../../server/index.js';
import { signUserToken } from '../../server/library/keys.js';
import {
  Client,
  DEMO_EMAIL,
  DEMO_PASSWORD_SENT,
  makeDataDir,
  makeServer,
  removeDir,
  signedInClient,
} from './support/fixture.js';
import { controlledCredential, payloadOf, userToken } from './support/share.js';

/*
 * Library tokens can be ended: the user tokens this server signs expire and are renewed while their
 * owner uses the site; a password change or a deleted account ends them at once, for that account
 * only; the demo library is given only on a demo site (DEMO, default on).
 */

const DAY_MS = 86400_000;
const LIFETIME_MS = LIMITS.libraryTokenSeconds * 1000;

let dir: string;
let server: AnnivServer;
/** the server's clock: tests move it forward */
let nowMs = Date.now();

beforeAll(async () => {
  dir = await makeDataDir('full');
  server = await makeServer(dir, {}, { clock: () => nowMs });
}, 120_000);
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

/** the library's answer to /albums with `token`: 200, or 401 with no body as annil refuses */
async function albumsStatus(token: string): Promise<number> {
  const res = await server.libraryApp.request(`/albums?auth=${encodeURIComponent(token)}`);
  const body = await res.text();
  if (res.status === 401) expect(body).toBe('');
  return res.status;
}

const libraryToken = async (client: Client): Promise<string> => (await controlledCredential(client)).token;

describe('expiry', () => {
  test('a controlled credential carries a token for its account that expires after the lifetime', async () => {
    const alice = await signedInClient(server, 'expiry@example.com');
    const payload = payloadOf(await libraryToken(alice));
    const id = (server.db.prepare('SELECT id FROM users WHERE email = ?').get('expiry@example.com') as { id: number })
      .id;
    expect(payload).toMatchObject({ type: 'user', user_id: 'expiry@example.com', account: id, generation: 0 });
    expect(((payload.exp as number) - (payload.iat as number)) * 1000).toBe(LIFETIME_MS);
  });

  test('the library refuses an expired user token (401, no body) and takes it a minute before', async () => {
    const token = await signUserToken(server.keys, 'manual@example.com', {
      now: Math.floor(nowMs / 1000),
      lifetimeSeconds: 3600,
    });
    const start = nowMs;
    try {
      nowMs = start + 3600_000 - 60_000;
      expect(await albumsStatus(token)).toBe(200);
      nowMs = start + 3600_000 + 60_000;
      expect(await albumsStatus(token)).toBe(401);
    } finally {
      nowMs = start;
    }
  });

  test('a user token without exp, as annil signs them (and this server did before), is refused', async () => {
    expect(await albumsStatus(await userToken(server.keys.hmac_key))).toBe(401);
  });
});

describe('renewal by GET /api/credential', () => {
  test('the same token while more than half its lifetime is left, then a fresh one; the fresh one opens the library', async () => {
    const start = nowMs;
    try {
      const client = await signedInClient(server, 'renew@example.com');
      const first = await libraryToken(client);
      nowMs = start + LIFETIME_MS / 2 - DAY_MS;
      expect(await libraryToken(client)).toBe(first);
      nowMs = start + LIFETIME_MS / 2 + DAY_MS;
      const renewed = await libraryToken(client);
      expect(renewed).not.toBe(first);
      expect((payloadOf(renewed).exp as number) * 1000).toBe(Math.floor(nowMs / 1000) * 1000 + LIFETIME_MS);
      expect(await albumsStatus(renewed)).toBe(200);
      // stored: the next read hands out the same one
      expect(await libraryToken(client)).toBe(renewed);
      // a user who comes back after it expired gets a working one too
      nowMs = start + 3 * LIFETIME_MS;
      expect(await albumsStatus(renewed)).toBe(401);
      expect(await albumsStatus(await libraryToken(client))).toBe(200);
    } finally {
      nowMs = start;
    }
  });
});

describe('revocation', () => {
  test('a password change ends every library token of that user, not of another; the credential gets a new one', async () => {
    const alice = await signedInClient(server, 'alice@example.com', 'old-pw');
    const bob = await signedInClient(server, 'bob@example.com');
    const aliceOld = await libraryToken(alice);
    const bobToken = await libraryToken(bob);
    expect(await albumsStatus(aliceOld)).toBe(200); // remembered by the library before the change

    const changed = await alice.call('PATCH', '/api/user/password', {
      old_password: sha256Hex('old-pw'),
      new_password: sha256Hex('new-pw'),
    });
    expect(changed.status).toBe(0);
    expect(await albumsStatus(aliceOld)).toBe(401);
    expect(await albumsStatus(bobToken)).toBe(200);
    expect(await libraryToken(bob)).toBe(bobToken);

    await alice.login('alice@example.com', sha256Hex('new-pw'));
    const aliceNew = await libraryToken(alice);
    expect(payloadOf(aliceNew)).toMatchObject({ generation: 1 });
    expect(await albumsStatus(aliceNew)).toBe(200);
    expect(await albumsStatus(aliceOld)).toBe(401);
  });

  test('deleting the account ends its library tokens; another account keeps its own', async () => {
    const carol = await signedInClient(server, 'carol@example.com', 'pw');
    const dave = await signedInClient(server, 'dave@example.com');
    const carolToken = await libraryToken(carol);
    const daveToken = await libraryToken(dave);
    expect(await albumsStatus(carolToken)).toBe(200);
    expect((await carol.post('/api/user/revoke', { password: sha256Hex('pw') })).status).toBe(0);
    expect(await albumsStatus(carolToken)).toBe(401);
    expect(await albumsStatus(daveToken)).toBe(200);
  });
});

describe('demo site or not (DEMO)', () => {
  test('by default the site is a demo: the demo account exists and a new account gets the library', async () => {
    await new Client(server).login(DEMO_EMAIL, DEMO_PASSWORD_SENT);
    const fresh = await signedInClient(server, 'fresh@example.com');
    expect((await fresh.get<unknown[]>('/api/credential')).data).toHaveLength(1);
  });

  test('DEMO=0: no demo account, and a new account starts with no credential', async () => {
    const realDir = await makeDataDir('meta');
    const real = await makeServer(realDir, { DEMO: '0' });
    try {
      expect(
        (await new Client(real).post('/api/user/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD_SENT })).status,
      ).toBe(102020);
      expect(real.db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 0 });
      const user = await signedInClient(real, 'real@example.com');
      expect(await user.get('/api/credential')).toEqual({ status: 0, message: 'OK', data: [] });
    } finally {
      await real.close();
      removeDir(realDir);
    }
  });

  test('DEMO takes 1 or 0 only', async () => {
    await expect(makeServer(dir, { DEMO: 'maybe' })).rejects.toThrow('DEMO must be 1 or 0, got "maybe"');
  });
});
