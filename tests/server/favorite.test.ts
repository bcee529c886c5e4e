import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../../server/api/limits.js';
import type { AnnivServer } from '../../server/index.js';
import type { TrackInfoWithAlbum } from '../../server/meta/types.js';
import { Client, makeDataDir, makeServer, removeDir, signedInClient } from './support/fixture.js';

// Demo metadata (albums A, B as in meta.test.ts); U is an album the metadata does not know.
const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const B = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02'; // Harbor Lights
const U = '00000000-0000-4000-8000-0000000000aa';

let dir: string;
let server: AnnivServer;
let c: Client;

beforeAll(async () => {
  dir = await makeDataDir('meta');
  server = await makeServer(dir);
  c = new Client(server);
  await c.login();
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

const music = async (client = c): Promise<TrackInfoWithAlbum[]> => {
  const res = await client.get<TrackInfoWithAlbum[]>('/api/favorite/music');
  expect(res.status).toBe(0);
  return res.data;
};
const albums = async (client = c): Promise<string[]> => {
  const res = await client.get<string[]>('/api/favorite/album');
  expect(res.status).toBe(0);
  return res.data;
};
const triple = (t: TrackInfoWithAlbum): string => `${t.album_id}/${t.disc_id}/${t.track_id}`;

describe('favourite tracks', () => {
  test('PUT adds; GET lists TrackInfoWithAlbum from the metadata, newest first', async () => {
    expect(await music()).toEqual([]);
    expect(await c.call('PUT', '/api/favorite/music', { album_id: B, disc_id: 1, track_id: 5 })).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    expect(await c.call('PUT', '/api/favorite/music', { album_id: A, disc_id: 1, track_id: 1 })).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    expect(await c.call('PUT', '/api/favorite/music', { album_id: U, disc_id: 2, track_id: 3 })).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    const list = await music();
    expect(list.map(triple)).toEqual([`${U}/2/3`, `${A}/1/1`, `${B}/1/5`]);
    expect(list[2]).toEqual({
      album_id: B,
      disc_id: 1,
      track_id: 5,
      title: 'Harbor Lights (Piano Solo)',
      artist: 'Ren Kishi',
      type: 'instrumental',
      album_title: 'Harbor Lights',
    });
    expect(Object.keys(list[2]!)).toEqual([
      'album_id',
      'disc_id',
      'track_id',
      'title',
      'artist',
      'type',
      'album_title',
    ]);
    expect(list[1]!.album_title).toBe('港灯夜曲');
    expect(list[1]!.title).not.toBe('');
    // A track the metadata does not know: ids, empty title and album title, no artist/type.
    expect(list[0]).toEqual({ album_id: U, disc_id: 2, track_id: 3, title: '', album_title: '' });
  });

  test('adding the same track twice is fine: one row, it keeps its place', async () => {
    const before = (await music()).map(triple);
    expect((await c.call('PUT', '/api/favorite/music', { album_id: B, disc_id: 1, track_id: 5 })).status).toBe(0);
    expect(
      (await c.call('PUT', '/api/favorite/music', { album_id: B.toUpperCase(), disc_id: 1, track_id: 5 })).status,
    ).toBe(0);
    expect((await music()).map(triple)).toEqual(before);
    const rows = server.db
      .prepare('SELECT COUNT(*) AS n FROM favourite_music WHERE album_id = ? AND disc_id = 1 AND track_id = 5')
      .get(B);
    expect(rows).toEqual({ n: 1 });
  });

  test('DELETE (JSON body) removes; removing a missing one is OK', async () => {
    expect(await c.call('DELETE', '/api/favorite/music', { album_id: A, disc_id: 1, track_id: 1 })).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    expect((await music()).map(triple)).toEqual([`${U}/2/3`, `${B}/1/5`]);
    expect((await c.call('DELETE', '/api/favorite/music', { album_id: A, disc_id: 1, track_id: 1 })).status).toBe(0);
    // Re-adding puts it at the front again.
    expect((await c.call('PUT', '/api/favorite/music', { album_id: A, disc_id: 1, track_id: 1 })).status).toBe(0);
    expect((await music())[0]!.album_id).toBe(A);
  });

  test.each([
    ['no body', undefined],
    ['an array', [{ album_id: A, disc_id: 1, track_id: 1 }]],
    ['a string disc id', { album_id: A, disc_id: '1', track_id: 1 }],
    ['a fractional track id', { album_id: A, disc_id: 1, track_id: 1.5 }],
    ['track id 0', { album_id: A, disc_id: 1, track_id: 0 }],
    ['a bad album id', { album_id: 'not-a-uuid', disc_id: 1, track_id: 1 }],
    ['a missing track id', { album_id: A, disc_id: 1 }],
    ['broken JSON', '{"album_id":'],
  ])('PUT and DELETE with %s → 902003', async (_n, body) => {
    expect((await c.call('PUT', '/api/favorite/music', body)).status).toBe(902003);
    expect((await c.call('DELETE', '/api/favorite/music', body)).status).toBe(902003);
  });

  test('each user has their own list', async () => {
    const other = await signedInClient(server, 'fav-other@example.com');
    expect(await music(other)).toEqual([]);
    expect((await other.call('PUT', '/api/favorite/music', { album_id: B, disc_id: 1, track_id: 1 })).status).toBe(0);
    expect((await music(other)).map(triple)).toEqual([`${B}/1/1`]);
    expect((await music()).map(triple)).not.toContain(`${B}/1/1`);
  });
});

describe('favourite albums', () => {
  test('PUT adds; GET lists album ids newest first; DELETE removes', async () => {
    expect(await albums()).toEqual([]);
    expect(await c.call('PUT', '/api/favorite/album', { album_id: A })).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    expect(await c.call('PUT', '/api/favorite/album', { album_id: B })).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    expect(await c.call('PUT', '/api/favorite/album', { album_id: U })).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    expect(await albums()).toEqual([U, B, A]);
    expect(await c.call('DELETE', '/api/favorite/album', { album_id: B })).toEqual({
      status: 0,
      message: 'OK',
      data: null,
    });
    expect(await albums()).toEqual([U, A]);
    expect((await c.call('DELETE', '/api/favorite/album', { album_id: B })).status).toBe(0);
    expect(await albums()).toEqual([U, A]);
  });

  test('adding an album twice → 901000 and no second row (as anniv-go)', async () => {
    const res = await c.call('PUT', '/api/favorite/album', { album_id: A });
    expect(res).toEqual({ status: 901000, message: 'album is already a favourite', data: null });
    expect((await c.call('PUT', '/api/favorite/album', { album_id: A.toUpperCase() })).status).toBe(901000);
    expect(await albums()).toEqual([U, A]);
  });

  test.each([
    ['no body', undefined],
    ['a number', { album_id: 12 }],
    ['not a uuid', { album_id: 'abc' }],
    ['no album id', {}],
    ['a bare string', JSON.stringify(A)],
  ])('PUT and DELETE with %s → 902003', async (_n, body) => {
    expect((await c.call('PUT', '/api/favorite/album', body)).status).toBe(902003);
    expect((await c.call('DELETE', '/api/favorite/album', body)).status).toBe(902003);
  });
});

describe('limits and access', () => {
  test('not signed in → 902002 on every favourite endpoint', async () => {
    const anon = new Client(server);
    for (const [method, path, body] of [
      ['GET', '/api/favorite/music', undefined],
      ['PUT', '/api/favorite/music', { album_id: A, disc_id: 1, track_id: 1 }],
      ['DELETE', '/api/favorite/music', { album_id: A, disc_id: 1, track_id: 1 }],
      ['GET', '/api/favorite/album', undefined],
      ['PUT', '/api/favorite/album', { album_id: A }],
      ['DELETE', '/api/favorite/album', { album_id: A }],
    ] as const) {
      expect(await anon.call(method, path, body), `${method} ${path}`).toEqual({
        status: 902002,
        message: 'unauthorized',
        data: null,
      });
    }
  });

  test(`at most ${LIMITS.favouriteTracksPerUser} tracks and ${LIMITS.favouriteAlbumsPerUser} albums per user → 901000`, async () => {
    const full = await signedInClient(server, 'fav-full@example.com');
    const userId = (await full.get<{ user_id: string }>('/api/user/info')).data.user_id;
    const insertTrack = server.db.prepare(
      'INSERT INTO favourite_music (user_id, album_id, disc_id, track_id, created_at) VALUES (?, ?, ?, ?, 0)',
    );
    const insertAlbum = server.db.prepare(
      'INSERT INTO favourite_album (user_id, album_id, created_at) VALUES (?, ?, 0)',
    );
    server.db.transaction(() => {
      for (let i = 0; i < LIMITS.favouriteTracksPerUser; i++)
        insertTrack.run(Number(userId), U, 1 + Math.floor(i / 200), 1 + (i % 200));
      for (let i = 0; i < LIMITS.favouriteAlbumsPerUser; i++)
        insertAlbum.run(Number(userId), `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    })();
    expect(await full.call('PUT', '/api/favorite/music', { album_id: A, disc_id: 1, track_id: 1 })).toEqual({
      status: 901000,
      message: `too many favourite tracks (at most ${LIMITS.favouriteTracksPerUser})`,
      data: null,
    });
    // Re-adding one already there is still fine.
    expect((await full.call('PUT', '/api/favorite/music', { album_id: U, disc_id: 1, track_id: 1 })).status).toBe(0);
    expect(await full.call('PUT', '/api/favorite/album', { album_id: A })).toEqual({
      status: 901000,
      message: `too many favourite albums (at most ${LIMITS.favouriteAlbumsPerUser})`,
      data: null,
    });
    expect((await full.get<unknown[]>('/api/favorite/music')).data).toHaveLength(LIMITS.favouriteTracksPerUser);
  });

  test('a body over 1 MiB → HTTP 413 with the 902003 envelope and a clear message', async () => {
    const res = await c.raw('/api/favorite/album', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ album_id: A, padding: 'x'.repeat(LIMITS.bodyBytes) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 902003, message: 'request body too large (at most 1 MiB)', data: null });
  });
});
