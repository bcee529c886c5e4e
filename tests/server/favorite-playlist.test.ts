import { beforeAll, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../server/auth.js';
import { LIMITS } from '../../server/api/limits.js';
import { Client, serverSuite, signedInClient } from './support/fixture.js';

// Liked playlists (docs/protocol.md#favourites): two users, lists public and private, deleted lists
// and accounts.

interface Liked {
  playlist_id: string;
  name: string;
  owner: string;
}

const suite = serverSuite('meta');
let owner: Client;
let liker: Client;
let ownerId: string;
let likerId: string;

beforeAll(async () => {
  owner = await signedInClient(suite.server, 'owner@example.com', 'secret', 'Owner');
  liker = await signedInClient(suite.server, 'liker@example.com', 'secret', 'Liker');
  ownerId = (await owner.get<{ user_id: string }>('/api/user/info')).data.user_id;
  likerId = (await liker.get<{ user_id: string }>('/api/user/info')).data.user_id;
});

const OK = { status: 0, message: 'OK', data: null };
const NOT_FOUND = { status: 902000, message: 'playlist not found', data: null };

const createList = async (client: Client, name: string, isPublic: boolean): Promise<string> => {
  const res = await client.call<{ id: string }>('PUT', '/api/playlist', { name, is_public: isPublic });
  expect(res.status).toBe(0);
  return res.data.id;
};
const setPublic = async (client: Client, id: string, isPublic: boolean): Promise<void> => {
  const res = await client.call('PATCH', '/api/playlist', { id, command: 'info', payload: { is_public: isPublic } });
  expect(res.status).toBe(0);
};
const like = (client: Client, id: unknown) => client.call('PUT', '/api/favorite/playlist', { playlist_id: id });
const unlike = (client: Client, id: unknown) => client.call('DELETE', '/api/favorite/playlist', { playlist_id: id });
const liked = async (client: Client): Promise<Liked[]> => {
  const res = await client.get<Liked[]>('/api/favorite/playlist');
  expect(res.status).toBe(0);
  return res.data;
};
const likeRows = (): number =>
  (suite.server.db.prepare('SELECT COUNT(*) AS n FROM favourite_playlist').get() as { n: number }).n;

describe('liking playlists', () => {
  test('PUT likes public lists of others and one’s own (private too); GET lists them newest first with name and owner', async () => {
    expect(await liked(liker)).toEqual([]);
    const pub = await createList(owner, 'Owner’s public', true);
    const mine = await createList(liker, 'Liker’s private', false);
    expect(await like(liker, pub)).toEqual(OK);
    expect(await like(liker, mine)).toEqual(OK);
    const list = await liked(liker);
    expect(list).toEqual([
      { playlist_id: mine, name: 'Liker’s private', owner: likerId },
      { playlist_id: pub, name: 'Owner’s public', owner: ownerId },
    ]);
    expect(Object.keys(list[0]!)).toEqual(['playlist_id', 'name', 'owner']);
    // each user has their own list
    expect(await liked(owner)).toEqual([]);
    await unlike(liker, pub);
    await unlike(liker, mine);
  });

  test('liking twice is harmless: one row, it keeps its place', async () => {
    const first = await createList(owner, 'First', true);
    const second = await createList(owner, 'Second', true);
    expect(await like(liker, first)).toEqual(OK);
    expect(await like(liker, second)).toEqual(OK);
    expect(await like(liker, first)).toEqual(OK);
    expect((await liked(liker)).map((l) => l.playlist_id)).toEqual([second, first]);
    expect(
      suite.server.db.prepare('SELECT COUNT(*) AS n FROM favourite_playlist WHERE playlist_id = ?').get(Number(first)),
    ).toEqual({ n: 1 });
    await unlike(liker, first);
    await unlike(liker, second);
  });

  test('someone else’s private list cannot be liked and is answered exactly as an unknown id', async () => {
    const hidden = await createList(owner, 'Hidden', false);
    const before = likeRows();
    expect(await like(liker, hidden)).toEqual(NOT_FOUND);
    expect(await like(liker, '999999')).toEqual(NOT_FOUND);
    // a number of more digits than any row id
    expect(await like(liker, '99999999999999999999')).toEqual(NOT_FOUND);
    expect(likeRows()).toBe(before);
    expect(await liked(liker)).toEqual([]);
    // its owner may like it
    expect(await like(owner, hidden)).toEqual(OK);
    expect(await liked(owner)).toEqual([{ playlist_id: hidden, name: 'Hidden', owner: ownerId }]);
    await unlike(owner, hidden);
  });

  test('a liked list made private shows only its id (no name, no owner) until it is public again', async () => {
    const id = await createList(owner, 'Soon private', true);
    expect(await like(liker, id)).toEqual(OK);
    await setPublic(owner, id, false);
    expect(await liked(liker)).toEqual([{ playlist_id: id, name: '', owner: '' }]);
    const body = JSON.stringify((await liker.get('/api/favorite/playlist')).data);
    expect(body).not.toContain('Soon private');
    expect(body).not.toContain(`"${ownerId}"`);
    // liking it again now answers as for any list the user cannot read
    expect(await like(liker, id)).toEqual(NOT_FOUND);
    // the owner still sees their own list
    expect(await like(owner, id)).toEqual(OK);
    expect(await liked(owner)).toEqual([{ playlist_id: id, name: 'Soon private', owner: ownerId }]);
    await setPublic(owner, id, true);
    expect(await liked(liker)).toEqual([{ playlist_id: id, name: 'Soon private', owner: ownerId }]);
    // unliking while private works
    await setPublic(owner, id, false);
    expect(await unlike(liker, id)).toEqual(OK);
    expect(await liked(liker)).toEqual([]);
    await unlike(owner, id);
  });

  test('a deleted list takes its likes with it; its id is then unknown', async () => {
    const id = await createList(owner, 'To delete', true);
    expect(await like(liker, id)).toEqual(OK);
    expect(await like(owner, id)).toEqual(OK);
    expect((await owner.call('DELETE', '/api/playlist', { id })).status).toBe(0);
    expect(await liked(liker)).toEqual([]);
    expect(await liked(owner)).toEqual([]);
    expect(
      suite.server.db.prepare('SELECT COUNT(*) AS n FROM favourite_playlist WHERE playlist_id = ?').get(Number(id)),
    ).toEqual({ n: 0 });
    expect(await like(liker, id)).toEqual(NOT_FOUND);
  });

  test('DELETE removes one like; removing one never given, or of an unknown list, is OK', async () => {
    const a = await createList(owner, 'A', true);
    const b = await createList(owner, 'B', true);
    await like(liker, a);
    await like(liker, b);
    await like(owner, a);
    expect(await unlike(liker, a)).toEqual(OK);
    expect((await liked(liker)).map((l) => l.playlist_id)).toEqual([b]);
    // the owner's like of the same list stays
    expect((await liked(owner)).map((l) => l.playlist_id)).toEqual([a]);
    expect(await unlike(liker, a)).toEqual(OK);
    expect(await unlike(liker, '999999')).toEqual(OK);
    await unlike(liker, b);
    await unlike(owner, a);
  });

  test.each([
    ['no body', undefined, 'malformed playlist form'],
    ['an array', [{ playlist_id: '1' }], 'malformed playlist form'],
    ['no playlist_id', {}, 'malformed playlist form'],
    ['a null playlist_id', { playlist_id: null }, 'malformed playlist form'],
    ['a JSON number', { playlist_id: 1 }, 'malformed playlist id'],
    ['letters', { playlist_id: 'abc' }, 'malformed playlist id: ids are decimal strings such as "3"'],
    ['an empty id', { playlist_id: '' }, 'malformed playlist id: ids are decimal strings such as "3"'],
    ['a negative id', { playlist_id: '-1' }, 'malformed playlist id: ids are decimal strings such as "3"'],
    ['broken JSON', '{"playlist_id":', 'malformed playlist form'],
  ])('PUT and DELETE with %s → 902003', async (_n, body, message) => {
    const before = likeRows();
    for (const method of ['PUT', 'DELETE']) {
      expect(await liker.call(method, '/api/favorite/playlist', body)).toEqual({ status: 902003, message, data: null });
    }
    expect(likeRows()).toBe(before);
  });

  test('signed out: 902002 for GET, PUT and DELETE', async () => {
    const stranger = new Client(suite.server);
    expect((await stranger.get('/api/favorite/playlist')).status).toBe(902002);
    expect((await like(stranger, '1')).status).toBe(902002);
    expect((await unlike(stranger, '1')).status).toBe(902002);
  });

  test(`at most ${LIMITS.favouritePlaylistsPerUser} liked lists (901000, nothing added); a list liked already still answers OK`, async () => {
    const db = suite.server.db;
    const me = await signedInClient(suite.server, 'many-likes@example.com');
    const meId = Number((await me.get<{ user_id: string }>('/api/user/info')).data.user_id);
    // the lists to like belong to an account of their own (one may own at most 1,000)
    const bulkOwner = await signedInClient(suite.server, 'bulk-owner@example.com');
    const bulkOwnerId = Number((await bulkOwner.get<{ user_id: string }>('/api/user/info')).data.user_id);
    const first = await createList(owner, 'Liked first', true);
    expect(await like(me, first)).toEqual(OK);
    db.transaction(() => {
      const list = db.prepare(
        "INSERT INTO playlists (user_id, name, is_public, created_at, updated_at) VALUES (?, 'bulk', 1, 0, 0)",
      );
      const fav = db.prepare('INSERT INTO favourite_playlist (user_id, playlist_id, created_at) VALUES (?, ?, 0)');
      for (let i = 1; i < LIMITS.favouritePlaylistsPerUser; i++)
        fav.run(meId, Number(list.run(bulkOwnerId).lastInsertRowid));
    })();
    const more = await createList(owner, 'One too many', true);
    expect(await like(me, more)).toEqual({
      status: 901000,
      message: `too many favourite playlists (at most ${LIMITS.favouritePlaylistsPerUser})`,
      data: null,
    });
    expect(await like(me, first)).toEqual(OK);
    expect(await liked(me)).toHaveLength(LIMITS.favouritePlaylistsPerUser);
    expect(await unlike(me, first)).toEqual(OK);
    expect(await like(me, more)).toEqual(OK);
    db.prepare("DELETE FROM playlists WHERE name = 'bulk'").run();
  });

  test('a body over 16 KiB is refused with HTTP 413', async () => {
    const body = JSON.stringify({ playlist_id: '1', padding: 'x'.repeat(LIMITS.smallBodyBytes) });
    for (const method of ['PUT', 'DELETE']) {
      const res = await liker.raw('/api/favorite/playlist', {
        method,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ status: 902003, message: 'request body too large (at most 16 KiB)' });
    }
  });

  test('deleting the account that liked takes its likes; deleting the owner’s takes the list and every like of it', async () => {
    const gone = await signedInClient(suite.server, 'gone@example.com');
    const goneOwner = await signedInClient(suite.server, 'gone-owner@example.com');
    const ownList = await createList(goneOwner, 'Of a leaving owner', true);
    const other = await createList(owner, 'Stays', true);
    expect(await like(gone, other)).toEqual(OK);
    expect(await like(liker, ownList)).toEqual(OK);
    const goneId = Number((await gone.get<{ user_id: string }>('/api/user/info')).data.user_id);
    expect((await gone.post('/api/user/revoke', { password: sha256Hex('secret') })).status).toBe(0);
    expect(
      suite.server.db.prepare('SELECT COUNT(*) AS n FROM favourite_playlist WHERE user_id = ?').get(goneId),
    ).toEqual({ n: 0 });
    expect((await liked(liker)).map((l) => l.playlist_id)).toEqual([ownList]);
    expect((await goneOwner.post('/api/user/revoke', { password: sha256Hex('secret') })).status).toBe(0);
    expect(await liked(liker)).toEqual([]);
    await unlike(liker, ownList);
  });
});
