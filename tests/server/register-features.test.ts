import { afterAll, describe, expect, test } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import { Client, makeDataDir, makeServer, register, removeDir } from './support/fixture.js';

const opened: { dir: string; server: AnnivServer }[] = [];

async function serverWith(env: Record<string, string>): Promise<AnnivServer> {
  const dir = await makeDataDir('none');
  const server = await makeServer(dir, env);
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
    expect((await c.get<{ features: string[] }>('/api/info')).data.features).toEqual(['2fa', 'close']);
    expect(await register(c, 'a@example.com', 'pw')).toEqual({ status: 902001, message: 'registration is closed', data: null });
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').get('a@example.com')).toEqual({ n: 0 });
  });

  test('invite: the single configured code is required', async () => {
    const server = await serverWith({ FEATURES: 'invite', INVITE_CODE: 'let-me-in' });
    const c = new Client(server);
    expect((await c.get<{ features: string[] }>('/api/info')).data.features).toEqual(['2fa', 'invite']);
    expect(await register(c, 'a@example.com', 'pw')).toEqual({ status: 201001, message: 'invalid invite code', data: null });
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
      features: ['2fa'],
    });
  });
});
