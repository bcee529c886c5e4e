import { describe, expect, test } from 'vitest';
import { Client, serverSuite, signedInClient } from './support/fixture.js';

/*
 * Reading plays back: GET /api/stat/self, /self/history, /song and /self/song with anniv-go's
 * shapes, each user seeing only their own plays, and a catalogued refusal for each bad parameter.
 */

const suite = serverSuite('none');
const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const B = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02';
const now = (): number => Math.floor(Date.now() / 1000);
const track = (album_id: string, disc_id: number, track_id: number) => ({ album_id, disc_id, track_id });

let listener: Client;
let other: Client;
let t0: number;

async function report(client: Client, plays: [ReturnType<typeof track>, number][]): Promise<void> {
  const res = await client.post(
    '/api/stat',
    plays.map(([t, at]) => ({ track: t, at: [at] })),
  );
  expect(res.status).toBe(0);
}

describe('reading plays back', () => {
  test('setup: two listeners report plays', async () => {
    listener = await signedInClient(suite.server, 'stats-a@example.com');
    other = await signedInClient(suite.server, 'stats-b@example.com');
    t0 = now() - 10_000;
    await report(listener, [
      [track(A, 1, 1), t0],
      [track(A, 1, 2), t0 + 100],
      [track(A, 1, 1), t0 + 200],
      [track(B, 2, 3), t0 + 300],
      [track(A, 1, 1), t0 + 400],
    ]);
    await report(other, [
      [track(A, 1, 1), t0 + 50],
      [track(B, 2, 3), t0 + 60],
    ]);
  });

  test('history: newest first, `limit` and `offset` page it, 10 by default', async () => {
    const all = await listener.get<{ track: unknown; at: number }[]>('/api/stat/self/history?limit=500');
    expect(all).toEqual({
      status: 0,
      message: 'OK',
      data: [
        { track: track(A, 1, 1), at: t0 + 400 },
        { track: track(B, 2, 3), at: t0 + 300 },
        { track: track(A, 1, 1), at: t0 + 200 },
        { track: track(A, 1, 2), at: t0 + 100 },
        { track: track(A, 1, 1), at: t0 },
      ],
    });
    const page = await listener.get<{ at: number }[]>('/api/stat/self/history?limit=2&offset=2');
    expect(page.data.map((p) => p.at)).toEqual([t0 + 200, t0 + 100]);
    expect((await listener.get<unknown[]>('/api/stat/self/history')).data).toHaveLength(5);
    expect((await listener.get<unknown[]>('/api/stat/self/history?offset=5')).data).toEqual([]);
  });

  test('history: plays in the same second come in one order on every page', async () => {
    const fresh = await signedInClient(suite.server, 'stats-same-second@example.com');
    const at = now() - 500;
    await report(fresh, [
      [track(A, 1, 3), at],
      [track(B, 1, 1), at],
      [track(A, 1, 2), at],
    ]);
    const one = async (offset: number) =>
      (await fresh.get<{ track: unknown }[]>(`/api/stat/self/history?limit=1&offset=${offset}`)).data[0]!.track;
    const paged = [await one(0), await one(1), await one(2)];
    const whole = (await fresh.get<{ track: unknown }[]>('/api/stat/self/history')).data.map((p) => p.track);
    expect(paged).toEqual(whole);
    expect(new Set(paged.map((t) => JSON.stringify(t))).size).toBe(3);
  });

  test('counts in a period, most played first; `to` defaults to now; `album_id` narrows to one album', async () => {
    const all = await listener.get(`/api/stat/self?from=${t0}`);
    expect(all.data).toEqual([
      { track: track(A, 1, 1), count: 3 },
      { track: track(B, 2, 3), count: 1 },
      { track: track(A, 1, 2), count: 1 },
    ]);
    const window = await listener.get(`/api/stat/self?from=${t0 + 100}&to=${t0 + 300}`);
    expect(window.data).toEqual([
      { track: track(B, 2, 3), count: 1 },
      { track: track(A, 1, 1), count: 1 },
      { track: track(A, 1, 2), count: 1 },
    ]);
    const album = await listener.get(`/api/stat/self?from=0&album_id=${B.toUpperCase()}`);
    expect(album.data).toEqual([{ track: track(B, 2, 3), count: 1 }]);
    expect((await listener.get(`/api/stat/self?from=${t0 + 500}`)).data).toEqual([]);
  });

  test('one track: /song counts every listener, /self/song only the caller, in [from, to]', async () => {
    const q = `album_id=${A}&disc_id=1&track_id=1`;
    expect((await listener.get(`/api/stat/song?${q}`)).data).toEqual({ count: 4 });
    expect((await listener.get(`/api/stat/self/song?${q}`)).data).toEqual({ count: 3 });
    expect((await other.get(`/api/stat/self/song?${q}`)).data).toEqual({ count: 1 });
    expect((await listener.get(`/api/stat/self/song?${q}&from=${t0 + 1}&to=${t0 + 200}`)).data).toEqual({
      count: 1,
    });
    expect((await listener.get(`/api/stat/song?album_id=${A}&disc_id=9&track_id=9`)).data).toEqual({ count: 0 });
  });

  test('each listener reads only their own history and counts', async () => {
    const theirs = await other.get<{ track: unknown; at: number }[]>('/api/stat/self/history');
    expect(theirs.data).toEqual([
      { track: track(B, 2, 3), at: t0 + 60 },
      { track: track(A, 1, 1), at: t0 + 50 },
    ]);
    expect((await other.get(`/api/stat/self?from=0`)).data).toEqual([
      { track: track(B, 2, 3), count: 1 },
      { track: track(A, 1, 1), count: 1 },
    ]);
  });

  test.each([
    ['/api/stat/self/history?limit=0', 'limit must be a whole number from 1 to 500'],
    ['/api/stat/self/history?limit=501', 'limit must be a whole number from 1 to 500'],
    ['/api/stat/self/history?limit=-1', 'limit must be a whole number from 1 to 500'],
    ['/api/stat/self/history?limit=ten', 'limit must be a whole number from 1 to 500'],
    ['/api/stat/self/history?offset=-5', 'offset must be a whole number from 0 to 10000000'],
    ['/api/stat/self/history?offset=10000001', 'offset must be a whole number from 0 to 10000000'],
    ['/api/stat/self/history?offset=1.5', 'offset must be a whole number from 0 to 10000000'],
    ['/api/stat/self', 'from must be a whole number from 0 to 999999999999'],
    ['/api/stat/self?from=yesterday', 'from must be a whole number from 0 to 999999999999'],
    ['/api/stat/self?from=0&to=1e9', 'to must be a whole number from 0 to 999999999999'],
    ['/api/stat/self?from=9999999999999', 'from must be a whole number from 0 to 999999999999'],
    ['/api/stat/self?from=0&album_id=nope', 'album_id must be an album id'],
    ['/api/stat/song?disc_id=1&track_id=1', 'album_id must be an album id'],
    [`/api/stat/song?album_id=${A}&disc_id=0&track_id=1`, 'disc_id must be a whole number from 1 to 65535'],
    [`/api/stat/song?album_id=${A}&disc_id=1`, 'track_id must be a whole number from 1 to 65535'],
    [`/api/stat/self/song?album_id=${A}&disc_id=1&track_id=70000`, 'track_id must be a whole number from 1 to 65535'],
    [
      `/api/stat/self/song?album_id=${A}&disc_id=1&track_id=1&from=x`,
      'from must be a whole number from 0 to 999999999999',
    ],
  ])('%s → 902003 "%s"', async (path, message) => {
    expect(await listener.get(path)).toEqual({ status: 902003, message, data: null });
  });

  test.each([
    '/api/stat/self?from=0',
    '/api/stat/self/history',
    `/api/stat/song?album_id=${A}&disc_id=1&track_id=1`,
    `/api/stat/self/song?album_id=${A}&disc_id=1&track_id=1`,
  ])('%s needs a session (902002)', async (path) => {
    expect((await new Client(suite.server).get(path)).status).toBe(902002);
  });
});

describe('the strict mode answers /api/stat/self as anniv-go does', () => {
  const strict = serverSuite('none', { ANNIV_STRICT: '1' });

  test('album_id is ignored: every track comes back, so the client must pick its album itself', async () => {
    const client = await signedInClient(strict.server, 'stats-strict@example.com');
    const at = now() - 100;
    await report(client, [
      [track(A, 1, 1), at],
      [track(B, 1, 1), at],
    ]);
    const answer = await client.get<unknown[]>(`/api/stat/self?from=0&album_id=${A}`);
    expect(answer.data).toHaveLength(2);
  });
});
