import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import { Client, makeDataDir, makeServer, removeDir, signedInClient } from './support/fixture.js';

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
      {
        id: expect.stringMatching(UUID),
        controlled: true,
        name: '演示音乐库',
        url: server.libraryUrl(),
        token: expect.any(String),
        priority: 0,
      },
    ]);
    expect(Object.keys(creds[0]!)).toEqual(['id', 'controlled', 'name', 'url', 'token', 'priority']);
  });

  test('POST returns the new credential (controlled false) and GET lists it in order', async () => {
    const res = await c.post<Credential>('/api/credential', {
      name: 'Home',
      url: 'https://annil.example.com',
      token: 'tok',
      priority: 5,
    });
    expect(res).toEqual({
      status: 0,
      message: 'OK',
      data: {
        id: expect.stringMatching(UUID),
        controlled: false,
        name: 'Home',
        url: 'https://annil.example.com',
        token: 'tok',
        priority: 5,
      },
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
    const created = (
      await c.post<Credential>('/api/credential', { name: 'P', url: 'https://p.example', token: 't', priority: 0 })
    ).data;
    expect((await c.call('PATCH', '/api/credential', { id: created.id, name: 'P2', priority: 3 })).status).toBe(0);
    expect((await list()).find((x) => x.id === created.id)).toMatchObject({
      name: 'P2',
      priority: 3,
      url: 'https://p.example',
    });
    const ctl = await controlledId();
    expect((await c.call('PATCH', '/api/credential', { id: ctl, priority: 7 })).status).toBe(0);
    expect(await c.call('PATCH', '/api/credential', { id: ctl, url: 'https://elsewhere.example' })).toEqual({
      status: 104002,
      message: 'controlled token',
      data: null,
    });
    expect((await list()).find((x) => x.id === ctl)).toMatchObject({ priority: 7, url: server.libraryUrl() });
    expect(
      await c.call('PATCH', '/api/credential', { id: '00000000-0000-4000-8000-000000000000', priority: 1 }),
    ).toEqual({
      status: 902000,
      message: 'token not found',
      data: null,
    });
    expect((await c.call('PATCH', '/api/credential', { id: ctl, priority: '1' })).status).toBe(902003);
  });

  test('DELETE with a JSON body; unknown → 902000, controlled → 104002', async () => {
    const created = (
      await c.post<Credential>('/api/credential', { name: 'D', url: 'https://d.example', token: 't', priority: 0 })
    ).data;
    expect(await c.call('DELETE', '/api/credential', { id: created.id })).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    expect((await list()).some((x) => x.id === created.id)).toBe(false);
    expect(await c.call('DELETE', '/api/credential', { id: created.id })).toEqual({
      status: 902000,
      message: 'token not exist',
      data: null,
    });
    expect(await c.call('DELETE', '/api/credential', { id: await controlledId() })).toEqual({
      status: 104002,
      message: 'controlled token',
      data: null,
    });
    expect((await c.call('DELETE', '/api/credential', { id: 12 })).status).toBe(902003);
  });

  test('DELETE falls back to the query id', async () => {
    const created = (
      await c.post<Credential>('/api/credential', { name: 'Q', url: 'https://q.example', token: 't', priority: 0 })
    ).data;
    expect((await c.call('DELETE', `/api/credential?id=${created.id}`)).status).toBe(0);
  });

  test("another user's credential is invisible", async () => {
    const created = (
      await c.post<Credential>('/api/credential', { name: 'Mine', url: 'https://m.example', token: 't', priority: 0 })
    ).data;
    await new Client(server).post('/api/user/register', { email: 'other@example.com', password: 'x', nickname: 'o' });
    const other = new Client(server);
    await other.login('other@example.com', 'x');
    expect((await other.get<Credential[]>('/api/credential')).data.map((x) => x.id)).not.toContain(created.id);
    expect((await other.call('DELETE', '/api/credential', { id: created.id })).status).toBe(902000);
  });
});

describe('credential limits', () => {
  const ok = { name: 'n'.repeat(200), url: `https://${'u'.repeat(1992)}`, token: 't'.repeat(10000), priority: 0 };
  const countAll = (): number => (server.db.prepare('SELECT COUNT(*) AS n FROM credentials').get() as { n: number }).n;

  test('name 200, url 2000, token 10000 characters are stored', async () => {
    const res = await c.post<Credential>('/api/credential', ok);
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({ name: ok.name, url: ok.url, token: ok.token });
  });

  test.each([
    ['name', { name: 'n'.repeat(201) }, 'credential name too long (at most 200 characters)'],
    ['url', { url: 'h'.repeat(2001) }, 'credential url too long (at most 2000 characters)'],
    ['token', { token: 't'.repeat(10001) }, 'credential token too long (at most 10000 characters)'],
  ])('a %s over the limit → 902003 on POST and PATCH, nothing stored', async (_field, over, message) => {
    const before = countAll();
    expect(await c.post('/api/credential', { ...ok, ...over })).toEqual({ status: 902003, message, data: null });
    expect(countAll()).toBe(before);
    const created = (
      await c.post<Credential>('/api/credential', {
        name: 'keep',
        url: 'https://keep.example',
        token: 'k',
        priority: 0,
      })
    ).data;
    expect(await c.call('PATCH', '/api/credential', { id: created.id, ...over })).toEqual({
      status: 902003,
      message,
      data: null,
    });
    expect((await list()).find((x) => x.id === created.id)).toMatchObject({
      name: 'keep',
      url: 'https://keep.example',
      token: 'k',
    });
  });

  test('at most 100 credentials per user (the controlled one included) → 901000', async () => {
    const u = await signedInClient(server, 'many-creds@example.com');
    for (let i = 1; i < 100; i++) {
      expect(
        (await u.post('/api/credential', { name: `c${i}`, url: 'https://x.example', token: 't', priority: 0 })).status,
      ).toBe(0);
    }
    expect((await u.get<Credential[]>('/api/credential')).data).toHaveLength(100);
    expect(
      await u.post('/api/credential', { name: 'one more', url: 'https://x.example', token: 't', priority: 0 }),
    ).toEqual({
      status: 901000,
      message: 'too many credentials (at most 100)',
      data: null,
    });
    expect((await u.get<Credential[]>('/api/credential')).data).toHaveLength(100);
    // Deleting one makes room again.
    const last = (await u.get<Credential[]>('/api/credential')).data.at(-1)!;
    expect((await u.call('DELETE', '/api/credential', { id: last.id })).status).toBe(0);
    expect(
      (await u.post('/api/credential', { name: 'fits', url: 'https://x.example', token: 't', priority: 0 })).status,
    ).toBe(0);
  });
});

describe('POST /api/stat', () => {
  const album = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
  const now = (): number => Math.floor(Date.now() / 1000);

  test('stores each play', async () => {
    const at = now() - 10;
    const res = await c.post('/api/stat', [
      { track: { album_id: album, disc_id: 1, track_id: 2 }, at: [at, at - 300] },
    ]);
    expect(res).toEqual({ status: 0, message: 'OK', data: null });
    const rows = server.db
      .prepare('SELECT album_id, disc_id, track_id, at FROM stats WHERE track_id = 2 ORDER BY at')
      .all();
    expect(rows).toEqual([
      { album_id: album, disc_id: 1, track_id: 2, at: at - 300 },
      { album_id: album, disc_id: 1, track_id: 2, at },
    ]);
    const self = await c.get<{ track: unknown; count: number }[]>(`/api/stat/self?from=${at - 1000}`);
    expect(self.data).toContainEqual({ track: { album_id: album, disc_id: 1, track_id: 2 }, count: 2 });
  });

  test('a report sent again (its answer lost) stores each play once; the same track a second later is a new play', async () => {
    const at = now() - 50;
    const report = [{ track: { album_id: album, disc_id: 1, track_id: 7 }, at: [at, at] }];
    expect((await c.post('/api/stat', report)).status).toBe(0);
    expect((await c.post('/api/stat', report)).status).toBe(0);
    expect((await c.post('/api/stat', [{ track: report[0]!.track, at: [at + 1] }])).status).toBe(0);
    const rows = server.db.prepare('SELECT at FROM stats WHERE track_id = 7 ORDER BY at').all();
    expect(rows).toEqual([{ at }, { at: at + 1 }]);
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

describe('POST /api/stat limits (100 entries, 100 times each, 1,000 in all, times within [now - 1 year, now + 1 h])', () => {
  const album = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c02';
  const now = (): number => Math.floor(Date.now() / 1000);
  const YEAR = 365 * 24 * 3600;
  const statCount = (): number => (server.db.prepare('SELECT COUNT(*) AS n FROM stats').get() as { n: number }).n;
  const entry = (track: number, at: number[]): unknown => ({
    track: { album_id: album, disc_id: 1, track_id: track },
    at,
  });

  test('1,000 plays in one request (100 entries of 10 times) are stored, all in one go', async () => {
    const before = statCount();
    const t = now() - 60;
    const body = Array.from({ length: 100 }, (_, i) =>
      entry(
        i + 1,
        Array.from({ length: 10 }, (_, j) => t - j),
      ),
    );
    expect(await c.post('/api/stat', body)).toEqual({ status: 0, message: 'OK', data: null });
    expect(statCount()).toBe(before + 1000);
  });

  test('100 entries of 100 times each (10,000 plays, within each count) → 902003 and nothing stored', async () => {
    const before = statCount();
    const t = now() - 60;
    const body = Array.from({ length: 100 }, (_, i) =>
      entry(
        i + 1,
        Array.from({ length: 100 }, (_, j) => t - j),
      ),
    );
    expect(await c.post('/api/stat', body)).toEqual({
      status: 902003,
      message: 'too many play times in one request (at most 1000)',
      data: null,
    });
    expect(statCount()).toBe(before);
  });

  test('1,001 plays spread over entries → 902003 and nothing stored', async () => {
    const before = statCount();
    const body = [
      ...Array.from({ length: 10 }, (_, i) =>
        entry(
          i + 1,
          Array.from({ length: 100 }, () => now() - 60),
        ),
      ),
      entry(11, [now() - 60]),
    ];
    expect(await c.post('/api/stat', body)).toEqual({
      status: 902003,
      message: 'too many play times in one request (at most 1000)',
      data: null,
    });
    expect(statCount()).toBe(before);
  });

  test('a body under the size limit with 100,000 times is refused before it is parsed (more values than any stat report)', async () => {
    const before = statCount();
    const body = `[{"track":{"album_id":"${album}","disc_id":1,"track_id":1},"at":[${Array.from({ length: 100_000 }, () => '1').join(',')}]}]`;
    expect(await c.post('/api/stat', body)).toEqual({
      status: 902003,
      message: 'malformed stat form (more than 16384 values)',
      data: null,
    });
    expect(statCount()).toBe(before);
  });

  test('101 entries → 902003 and nothing stored', async () => {
    const before = statCount();
    const body = Array.from({ length: 101 }, (_, i) => entry(i + 1, [now()]));
    expect(await c.post('/api/stat', body)).toEqual({
      status: 902003,
      message: 'too many stat entries in one request (at most 100)',
      data: null,
    });
    expect(statCount()).toBe(before);
  });

  test('101 times in one entry → 902003 and nothing stored', async () => {
    const before = statCount();
    const body = [
      entry(1, [now()]),
      entry(
        2,
        Array.from({ length: 101 }, () => now()),
      ),
    ];
    expect(await c.post('/api/stat', body)).toEqual({
      status: 902003,
      message: 'too many play times in one stat entry (at most 100)',
      data: null,
    });
    expect(statCount()).toBe(before);
  });

  test.each([
    ['more than a year ago', () => now() - YEAR - 60],
    ['zero', () => 0],
    ['negative', () => -5],
  ])('a time %s → 902003 and nothing stored', async (_name, time) => {
    const before = statCount();
    const res = await c.post('/api/stat', [entry(1, [now()]), entry(2, [time()])]);
    expect(res).toEqual({ status: 902003, message: 'stat time too old (at most 1 year ago)', data: null });
    expect(statCount()).toBe(before);
  });

  test('just inside the window on both ends is stored', async () => {
    const before = statCount();
    expect((await c.post('/api/stat', [entry(1, [now() - YEAR + 60, now() + 3600 - 60])])).status).toBe(0);
    expect(statCount()).toBe(before + 2);
  });

  test('a 2 MB body of 1,000,000 timestamps is refused by its size and nothing is stored', async () => {
    const before = statCount();
    const body = `[{"track":{"album_id":"${album}","disc_id":1,"track_id":1},"at":[${Array.from({ length: 1_000_000 }, () => '1').join(',')}]}]`;
    expect(body.length).toBeGreaterThan(2_000_000);
    const res = await c.raw('/api/stat', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413); // over the 1 MiB body limit
    expect(await res.json()).toEqual({ status: 902003, message: 'request body too large (at most 1 MiB)', data: null });
    expect(statCount()).toBe(before);
  });

  test('a report is stored in one transaction: a failing row takes the whole report back', async () => {
    const before = statCount();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.db.exec(
      "CREATE TEMP TRIGGER stat_fail BEFORE INSERT ON stats WHEN NEW.track_id = 99 BEGIN SELECT RAISE(ABORT, 'boom'); END",
    );
    try {
      const res = await c.post('/api/stat', [entry(1, [now(), now() - 1]), entry(99, [now()])]);
      expect(res.status).toBe(900000);
      expect(statCount()).toBe(before);
    } finally {
      server.db.exec('DROP TRIGGER stat_fail');
      quiet.mockRestore();
    }
  });
});

describe('POST /api/stat budget: 10,000 plays per user and hour', () => {
  const album = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c02';
  const nowSeconds = (): number => Math.floor(Date.now() / 1000);
  let clockMs = 1_800_000_000_000;
  let budgetDir: string;
  let budgetServer: AnnivServer;
  // each play at a second of its own: the same track at the same second is one play, stored once
  let played = 0;
  const thousand = (): unknown[] =>
    Array.from({ length: 10 }, (_, i) => ({
      track: { album_id: album, disc_id: 1, track_id: i + 1 },
      at: Array.from({ length: 100 }, () => nowSeconds() - 60 - played++),
    }));
  const rowsOf = (email: string): number =>
    (
      budgetServer.db
        .prepare('SELECT COUNT(*) AS n FROM stats JOIN users ON users.id = stats.user_id WHERE users.email = ?')
        .get(email) as { n: number }
    ).n;

  beforeAll(async () => {
    budgetDir = await makeDataDir('none');
    budgetServer = await makeServer(budgetDir, {}, { clock: () => clockMs });
  });
  afterAll(async () => {
    await budgetServer.close();
    removeDir(budgetDir);
  });

  test("one user's budget runs out after 10,000 plays (901000, nothing stored), another user's does not, and it comes back after the hour", async () => {
    const heavy = await signedInClient(budgetServer, 'heavy@example.com');
    const other = await signedInClient(budgetServer, 'other@example.com');
    for (let i = 0; i < 10; i++) expect((await heavy.post('/api/stat', thousand())).status).toBe(0);
    expect(rowsOf('heavy@example.com')).toBe(10_000);

    const refused = await heavy.post('/api/stat', [
      { track: { album_id: album, disc_id: 1, track_id: 1 }, at: [nowSeconds() - 60] },
    ]);
    expect(refused).toEqual({
      status: 901000,
      message: 'too many plays reported (at most 10000 an hour); try again later',
      data: null,
    });
    expect(rowsOf('heavy@example.com')).toBe(10_000);

    expect((await other.post('/api/stat', thousand())).status).toBe(0);
    expect(rowsOf('other@example.com')).toBe(1000);

    clockMs += 3600_000;
    expect((await heavy.post('/api/stat', thousand())).status).toBe(0);
    expect(rowsOf('heavy@example.com')).toBe(11_000);
  });

  test('a refused report (bad time) does not use the budget', async () => {
    const careful = await signedInClient(budgetServer, 'careful@example.com');
    const future = Array.from({ length: 10 }, (_, i) => ({
      track: { album_id: album, disc_id: 1, track_id: i + 1 },
      at: Array.from({ length: 100 }, () => nowSeconds() + 7200),
    }));
    for (let i = 0; i < 11; i++) expect((await careful.post('/api/stat', future)).status).toBe(901000);
    for (let i = 0; i < 10; i++) expect((await careful.post('/api/stat', thousand())).status).toBe(0);
    expect(rowsOf('careful@example.com')).toBe(10_000);
  });
});
