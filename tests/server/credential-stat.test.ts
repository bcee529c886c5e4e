import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import { Client, makeDataDir, makeServer, removeDir } from './support/fixture.js';

let dir: string;
let server: AnnivServer;
let c: Client;

interface Credential {
  id: string;
  controlled: boolean;
  name: string;
  url: string;
  token: string;
  priority: number;
}

beforeAll(async () => {
  dir = await makeDataDir('none');
  server = await makeServer(dir);
  c = new Client(server);
  await c.login();
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const list = async (): Promise<Credential[]> => (await c.get<Credential[]>('/api/credential')).data;
const controlledId = async (): Promise<string> => (await list()).find((x) => x.controlled)!.id;

describe('credentials', () => {
  test('the demo account starts with its controlled library credential', async () => {
    const creds = await list();
    expect(creds).toEqual([
      { id: expect.stringMatching(UUID), controlled: true, name: '演示音乐库', url: server.libraryUrl(), token: expect.any(String), priority: 0 },
    ]);
    expect(Object.keys(creds[0]!)).toEqual(['id', 'controlled', 'name', 'url', 'token', 'priority']);
  });

  test('POST returns the new credential (controlled false) and GET lists it in order', async () => {
    const res = await c.post<Credential>('/api/credential', { name: 'Home', url: 'https://annil.example.com', token: 'tok', priority: 5 });
    expect(res).toEqual({
      status: 0,
      message: 'OK',
      data: { id: expect.stringMatching(UUID), controlled: false, name: 'Home', url: 'https://annil.example.com', token: 'tok', priority: 5 },
    });
    const creds = await list();
    expect(creds.map((x) => x.name)).toEqual(['演示音乐库', 'Home']);
  });

  test.each([
    ['priority as a string', { name: 'a', url: 'u', token: 't', priority: '1' }],
    ['priority as a fraction', { name: 'a', url: 'u', token: 't', priority: 1.5 }],
    ['missing token', { name: 'a', url: 'u', priority: 1 }],
    ['name as a number', { name: 1, url: 'u', token: 't', priority: 1 }],
  ])('POST with %s → 902003', async (_n, body) => {
    expect((await c.post('/api/credential', body)).status).toBe(902003);
  });

  test('PATCH edits an own credential; only priority may change on a controlled one', async () => {
    const created = (await c.post<Credential>('/api/credential', { name: 'P', url: 'https://p.example', token: 't', priority: 0 })).data;
    expect((await c.call('PATCH', '/api/credential', { id: created.id, name: 'P2', priority: 3 })).status).toBe(0);
    expect((await list()).find((x) => x.id === created.id)).toMatchObject({ name: 'P2', priority: 3, url: 'https://p.example' });
    const ctl = await controlledId();
    expect((await c.call('PATCH', '/api/credential', { id: ctl, priority: 7 })).status).toBe(0);
    expect(await c.call('PATCH', '/api/credential', { id: ctl, url: 'https://elsewhere.example' })).toEqual({
      status: 104002,
      message: 'controlled token',
      data: null,
    });
    expect((await list()).find((x) => x.id === ctl)).toMatchObject({ priority: 7, url: server.libraryUrl() });
    expect(await c.call('PATCH', '/api/credential', { id: '00000000-0000-4000-8000-000000000000', priority: 1 })).toEqual({
      status: 902000,
      message: 'token not found',
      data: null,
    });
    expect((await c.call('PATCH', '/api/credential', { id: ctl, priority: '1' })).status).toBe(902003);
  });

  test('DELETE with a JSON body; unknown → 902000, controlled → 104002', async () => {
    const created = (await c.post<Credential>('/api/credential', { name: 'D', url: 'https://d.example', token: 't', priority: 0 })).data;
    expect(await c.call('DELETE', '/api/credential', { id: created.id })).toEqual({ status: 0, message: 'OK', data: null });
    expect((await list()).some((x) => x.id === created.id)).toBe(false);
    expect(await c.call('DELETE', '/api/credential', { id: created.id })).toEqual({ status: 902000, message: 'token not exist', data: null });
    expect(await c.call('DELETE', '/api/credential', { id: await controlledId() })).toEqual({
      status: 104002,
      message: 'controlled token',
      data: null,
    });
    expect((await c.call('DELETE', '/api/credential', { id: 12 })).status).toBe(902003);
  });

  test('DELETE falls back to the query id', async () => {
    const created = (await c.post<Credential>('/api/credential', { name: 'Q', url: 'https://q.example', token: 't', priority: 0 })).data;
    expect((await c.call('DELETE', `/api/credential?id=${created.id}`)).status).toBe(0);
  });

  test("another user's credential is invisible", async () => {
    const created = (await c.post<Credential>('/api/credential', { name: 'Mine', url: 'https://m.example', token: 't', priority: 0 })).data;
    await new Client(server).post('/api/user/register', { email: 'other@example.com', password: 'x', nickname: 'o' });
    const other = new Client(server);
    await other.login('other@example.com', 'x');
    expect((await other.get<Credential[]>('/api/credential')).data.map((x) => x.id)).not.toContain(created.id);
    expect((await other.call('DELETE', '/api/credential', { id: created.id })).status).toBe(902000);
  });
});

describe('POST /api/stat', () => {
  const album = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
  const now = (): number => Math.floor(Date.now() / 1000);

  test('stores each play', async () => {
    const at = now() - 10;
    const res = await c.post('/api/stat', [{ track: { album_id: album, disc_id: 1, track_id: 2 }, at: [at, at - 300] }]);
    expect(res).toEqual({ status: 0, message: 'OK', data: null });
    const rows = server.db.prepare('SELECT album_id, disc_id, track_id, at FROM stats WHERE track_id = 2 ORDER BY at').all();
    expect(rows).toEqual([
      { album_id: album, disc_id: 1, track_id: 2, at: at - 300 },
      { album_id: album, disc_id: 1, track_id: 2, at },
    ]);
    const self = await c.get<{ track: unknown; count: number }[]>(`/api/stat/self?from=${at - 1000}`);
    expect(self.data).toContainEqual({ track: { album_id: album, disc_id: 1, track_id: 2 }, count: 2 });
  });

  test('a time more than an hour ahead → 901000 and nothing stored', async () => {
    const before = server.db.prepare('SELECT COUNT(*) AS n FROM stats').get();
    const res = await c.post('/api/stat', [
      { track: { album_id: album, disc_id: 1, track_id: 3 }, at: [now()] },
      { track: { album_id: album, disc_id: 1, track_id: 3 }, at: [now() + 7200] },
    ]);
    expect(res.status).toBe(901000);
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM stats').get()).toEqual(before);
  });

  test.each([
    ['an object instead of an array', { track: { album_id: album, disc_id: 1, track_id: 1 }, at: [1] }],
    ['a string disc id', [{ track: { album_id: album, disc_id: '1', track_id: 1 }, at: [1] }]],
    ['milliseconds as fractions', [{ track: { album_id: album, disc_id: 1, track_id: 1 }, at: [1.5] }]],
    ['a bad album id', [{ track: { album_id: 'nope', disc_id: 1, track_id: 1 }, at: [1] }]],
    ['no at list', [{ track: { album_id: album, disc_id: 1, track_id: 1 } }]],
  ])('%s → 902003', async (_n, body) => {
    expect((await c.post('/api/stat', body)).status).toBe(902003);
  });

  test('needs login', async () => {
    expect((await new Client(server).post('/api/stat', [])).status).toBe(902002);
  });
});
