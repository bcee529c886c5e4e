import { afterAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../../server/api/limits.js';
import type { AnnivServer, ServerOptions } from '../../server/index.js';
import { Client, clientAt, makeDataDir, makeServer, register, removeDir } from './support/fixture.js';

const opened: { dir: string; server: AnnivServer }[] = [];

async function serverWith(env: Record<string, string>, options: ServerOptions = {}): Promise<AnnivServer> {
  const dir = await makeDataDir('none');
  const server = await makeServer(dir, env, options);
  opened.push({ dir, server });
  return server;
}

afterAll(async () => {
  for (const { dir, server } of opened) {
    await server.close();
    removeDir(dir);
  }
});

describe('registration rules from FEATURES', () => {
  test('close without invite: registration is refused with 902001', async () => {
    const server = await serverWith({ FEATURES: 'close' });
    const c = new Client(server);
    expect((await c.get<{ features: string[] }>('/api/info')).data.features).toEqual(['2fa', 'close', '2fa_recovery']);
    expect(await register(c, 'a@example.com', 'pw')).toEqual({
      status: 902001,
      message: 'registration is closed',
      data: null,
    });
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').get('a@example.com')).toEqual({ n: 0 });
  });

  test('invite: the single configured code is required', async () => {
    const server = await serverWith({ FEATURES: 'invite', INVITE_CODE: 'let-me-in' });
    const c = new Client(server);
    expect((await c.get<{ features: string[] }>('/api/info')).data.features).toEqual(['2fa', 'invite', '2fa_recovery']);
    expect(await register(c, 'a@example.com', 'pw')).toEqual({
      status: 201001,
      message: 'invalid invite code',
      data: null,
    });
    expect((await register(c, 'a@example.com', 'pw', 'A', { invite_code: 'wrong' })).status).toBe(201001);
    expect((await register(c, 'a@example.com', 'pw', 'A', { invite_code: 'let-me-in' })).status).toBe(0);
  });

  test('close together with invite: registration is open with a valid code', async () => {
    const server = await serverWith({ FEATURES: 'invite,close', INVITE_CODE: 'k' });
    const c = new Client(server);
    expect((await register(c, 'b@example.com', 'pw')).status).toBe(201001);
    expect((await register(c, 'b@example.com', 'pw', 'B', { invite_code: 'k' })).status).toBe(0);
  });

  test('no features: open registration, invite_code ignored', async () => {
    const server = await serverWith({});
    const c = new Client(server);
    expect((await register(c, 'c@example.com', 'pw', 'C', { invite_code: 'anything' })).status).toBe(0);
  });

  test('site name, description and 2fa feature come from the environment', async () => {
    const server = await serverWith({ SITE_NAME: 'My Music', SITE_DESCRIPTION: 'hello', FEATURES: '2fa' });
    expect((await new Client(server).get('/api/info')).data).toEqual({
      site_name: 'My Music',
      description: 'hello',
      protocol_version: '1',
      features: ['2fa', '2fa_recovery'],
    });
  });
});

describe('registrations per address', () => {
  const tooMany = (seconds: number) => ({
    status: 902001,
    message: `too many accounts registered from this address; wait ${seconds} seconds and try again`,
    data: null,
  });

  test(`${LIMITS.registrationsPerAddressPerHour} an hour from one address group; then 902001 with the wait; other addresses still register; an hour later again`, async () => {
    let now = 1_700_000_000_000;
    const server = await serverWith({ TRUST_PROXY: '1' }, { clock: () => now });
    let n = 0;
    const registerFrom = (ip: string) => register(clientAt(server, ip), `user${++n}@example.com`, 'pw');
    // refused forms do not count
    expect((await register(clientAt(server, '203.0.113.5'), 'user@example.com', 'pw')).status).toBe(0);
    for (let i = 0; i < 3; i++)
      expect((await register(clientAt(server, '203.0.113.5'), 'user@example.com', 'pw')).status).toBe(102001);
    for (let i = 1; i < LIMITS.registrationsPerAddressPerHour; i++)
      expect((await registerFrom('203.0.113.5')).status).toBe(0);
    expect(await registerFrom('203.0.113.5')).toEqual(tooMany(3600));
    expect(await registerFrom('::ffff:203.0.113.5')).toEqual(tooMany(3600));
    expect((await registerFrom('203.0.113.6')).status).toBe(0);
    // one IPv6 /64, a fresh address for every account: one group
    for (let i = 0; i < LIMITS.registrationsPerAddressPerHour; i++)
      expect((await registerFrom(`2001:db8:5:6::${i + 1}`)).status).toBe(0);
    expect(await registerFrom('2001:db8:5:6:abcd::1')).toEqual(tooMany(3600));
    expect((await registerFrom('2001:db8:5:7::1')).status).toBe(0);
    now += 45 * 60_000;
    expect(await registerFrom('203.0.113.5')).toEqual(tooMany(900));
    now += 15 * 60_000;
    expect((await registerFrom('203.0.113.5')).status).toBe(0);
    const stored = server.db.prepare("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'user%@example.com'").get();
    expect(stored).toEqual({ n: 2 * LIMITS.registrationsPerAddressPerHour + 3 });
  });
});
