import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../../server/api/limits.js';
import type { AnnivServer } from '../../server/index.js';
import { Client, makeDataDir, makeServer, removeDir, signedInClient, type Envelope } from './support/fixture.js';

// Demo metadata (as in meta.test.ts); U is an album the metadata does not know.
const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const B = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02'; // Harbor Lights
const U = '00000000-0000-4000-8000-0000000000aa';

interface Cover {
  album_id: string;
  disc_id: number;
}
interface Info {
  name: string;
  description: string;
  is_public: boolean;
  cover: Cover | null;
  id: string;
  owner: string;
  last_modified: number;
}
interface Item {
  type: 'normal' | 'dummy' | 'album';
  description: string;
  info: unknown;
  id: string;
}
interface Details extends Info {
  items: Item[];
  version: string;
}

let dir: string;
let server: AnnivServer;
let alice: Client; // owner of most lists
let bob: Client; // a second user
let aliceId: string;
let bobId: string;

beforeAll(async () => {
  dir = await makeDataDir('meta');
  server = await makeServer(dir);
  alice = await signedInClient(server, 'alice@example.com', 'alice-pw', 'Alice');
  bob = await signedInClient(server, 'bob@example.com', 'bob-pw', 'Bob');
  aliceId = (await alice.get<{ user_id: string }>('/api/user/info')).data.user_id;
  bobId = (await bob.get<{ user_id: string }>('/api/user/info')).data.user_id;
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

const normal = (album_id: string, disc_id: number, track_id: number, description = '') => ({
  type: 'normal',
  description,
  info: { album_id, disc_id, track_id },
});
const dummy = (title: string, artist?: string, type?: string) => ({
  type: 'dummy',
  description: '',
  info: { title, artist, type },
});
const album = (id: string) => ({ type: 'album', description: '', info: id });

async function create(client: Client, body: Record<string, unknown>): Promise<Details> {
  const res = await client.call<Details>('PUT', '/api/playlist', {
    name: 'List',
    description: '',
    is_public: false,
    cover: { album_id: '', disc_id: 1 },
    items: [],
    ...body,
  });
  if (res.status !== 0) throw new Error(`create failed: ${res.status} ${res.message}`);
  return res.data;
}
const patch = <T = Details>(client: Client, id: string, command: string, payload: unknown): Promise<Envelope<T>> =>
  client.call<T>('PATCH', '/api/playlist', { id, command, payload });
const get = (client: Client, id: string): Promise<Envelope<Details>> =>
  client.get<Details>(`/api/playlist?id=${encodeURIComponent(id)}`);
const titles = (d: Details): string[] =>
  d.items.map((i) => (i.type === 'album' ? (i.info as string) : (i.info as { title: string }).title));

describe('PUT /api/playlist (create)', () => {
  test('the spec form: empty cover reads back null, no items; PlaylistDetails shape and key order', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await alice.call<Details>('PUT', '/api/playlist', {
      name: 'Night drive',
      description: 'late',
      is_public: false,
      cover: { album_id: '', disc_id: 1 },
      items: [],
    });
    expect(res).toEqual({
      status: 0,
      message: 'OK',
      data: {
        name: 'Night drive',
        description: 'late',
        is_public: false,
        cover: null,
        id: expect.stringMatching(/^\d+$/),
        owner: aliceId,
        last_modified: expect.any(Number),
        items: [],
        version: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    });
    // anniv-go's keys in its order; `version` is the reference server's own, last
    expect(Object.keys(res.data)).toEqual([
      'name',
      'description',
      'is_public',
      'cover',
      'id',
      'owner',
      'last_modified',
      'items',
      'version',
    ]);
    expect(res.data.last_modified).toBeGreaterThanOrEqual(before);
  });

  test('with items of all three types, kept in order with ids; normal items carry TrackInfoWithAlbum', async () => {
    const d = await create(alice, {
      name: 'Mixed',
      is_public: true,
      cover: { album_id: B, disc_id: 1 },
      items: [
        normal(B, 1, 5, 'the piano one'),
        dummy('Lost song', 'Someone', 'vocal'),
        album(A),
        dummy('Bare title'),
        normal(U, 1, 2),
      ],
    });
    expect(d.cover).toEqual({ album_id: B, disc_id: 1 });
    expect(d.is_public).toBe(true);
    expect(d.items.map((i) => i.type)).toEqual(['normal', 'dummy', 'album', 'dummy', 'normal']);
    expect(d.items.every((i) => /^\d+$/.test(i.id))).toBe(true);
    expect(new Set(d.items.map((i) => i.id)).size).toBe(5);
    expect(d.items[0]).toEqual({
      type: 'normal',
      description: 'the piano one',
      info: {
        album_id: B,
        disc_id: 1,
        track_id: 5,
        title: 'Harbor Lights (Piano Solo)',
        artist: 'Ren Kishi',
        type: 'instrumental',
        album_title: 'Harbor Lights',
      },
      id: d.items[0]!.id,
    });
    expect(Object.keys(d.items[0]!)).toEqual(['type', 'description', 'info', 'id']);
    expect(d.items[1]!.info).toEqual({ title: 'Lost song', artist: 'Someone', type: 'vocal' });
    expect(d.items[2]!.info).toBe(A);
    expect(d.items[3]!.info).toEqual({ title: 'Bare title' });
    expect(d.items[4]!.info).toEqual({ album_id: U, disc_id: 1, track_id: 2, title: '', album_title: '' });
    expect((await get(alice, d.id)).data).toEqual(d);
  });

  test('defaults: only a name → empty description, private, cover null, no items', async () => {
    const res = await alice.call<Details>('PUT', '/api/playlist', { name: 'Just a name' });
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({ name: 'Just a name', description: '', is_public: false, cover: null, items: [] });
    const coverWithoutDisc = await alice.call<Details>('PUT', '/api/playlist', { name: 'c', cover: { album_id: A } });
    expect(coverWithoutDisc.data.cover).toEqual({ album_id: A, disc_id: 1 });
  });

  test('HTML in names and descriptions is stored and returned as text', async () => {
    const d = await create(alice, {
      name: '<b>bold</b> & <script>x</script>',
      description: '<i>"q"</i>',
      items: [{ ...dummy('<img src=x>'), description: '<u>' }],
    });
    const back = (await get(alice, d.id)).data;
    expect(back.name).toBe('<b>bold</b> & <script>x</script>');
    expect(back.description).toBe('<i>"q"</i>');
    expect(back.items[0]).toMatchObject({ description: '<u>', info: { title: '<img src=x>' } });
  });

  test('a name of 10,000 characters is refused, nothing stored', async () => {
    const count = (): unknown => server.db.prepare('SELECT COUNT(*) AS n FROM playlists').get();
    const before = count();
    const res = await alice.call('PUT', '/api/playlist', { name: 'x'.repeat(10_000), items: [] });
    expect(res).toEqual({
      status: 902003,
      message: `playlist name too long (at most ${LIMITS.playlistName} characters)`,
      data: null,
    });
    expect(count()).toEqual(before);
    // The limit counts characters, not bytes or UTF-16 units.
    expect((await alice.call('PUT', '/api/playlist', { name: '港'.repeat(LIMITS.playlistName) })).status).toBe(0);
    expect((await alice.call('PUT', '/api/playlist', { name: '🎵'.repeat(LIMITS.playlistName) })).status).toBe(0);
    expect((await alice.call('PUT', '/api/playlist', { name: '🎵'.repeat(LIMITS.playlistName + 1) })).status).toBe(
      902003,
    );
  });

  test.each([
    [
      'a description over the limit',
      { name: 'n', description: 'd'.repeat(LIMITS.playlistDescription + 1) },
      'playlist description too long (at most 5000 characters)',
    ],
    [
      'an item description over the limit',
      { name: 'n', items: [{ ...dummy('t'), description: 'd'.repeat(LIMITS.itemDescription + 1) }] },
      'item description too long (at most 1000 characters)',
    ],
    [
      'a dummy title over the limit',
      { name: 'n', items: [dummy('t'.repeat(LIMITS.dummyTitle + 1))] },
      'item title too long (at most 500 characters)',
    ],
    [
      'a dummy artist over the limit',
      { name: 'n', items: [dummy('t', 'a'.repeat(LIMITS.dummyArtist + 1))] },
      'item artist too long (at most 500 characters)',
    ],
    ['an empty name', { name: '  ' }, 'playlist name must not be empty'],
    [
      'too many items in one request',
      { name: 'n', items: Array.from({ length: LIMITS.itemsPerRequest + 1 }, () => dummy('t')) },
      'too many playlist items in one request (at most 1000)',
    ],
  ])('%s → 902003 with a clear message', async (_n, body, message) => {
    expect(await alice.call('PUT', '/api/playlist', body)).toEqual({ status: 902003, message, data: null });
  });

  test.each([
    ['no body', undefined],
    ['an array', [{ name: 'n' }]],
    ['no name', { description: 'd' }],
    ['a numeric name', { name: 5 }],
    ['is_public as a string', { name: 'n', is_public: 'true' }],
    ['items not an array', { name: 'n', items: {} }],
    [
      'a normal item with a string disc id',
      { name: 'n', items: [{ type: 'normal', info: { album_id: A, disc_id: '1', track_id: 1 } }] },
    ],
    ['a normal item with a bad album id', { name: 'n', items: [normal('nope', 1, 1)] }],
    ['an album item with an object', { name: 'n', items: [{ type: 'album', info: { album_id: A } }] }],
    ['a dummy item without title', { name: 'n', items: [{ type: 'dummy', info: { artist: 'x' } }] }],
    ['a dummy item with an unknown track type', { name: 'n', items: [dummy('t', 'a', 'loud')] }],
    ['an item that is a string', { name: 'n', items: ['x'] }],
    ['a cover with a bad album id', { name: 'n', cover: { album_id: 'x', disc_id: 1 } }],
    ['a cover with disc 0', { name: 'n', cover: { album_id: A, disc_id: 0 } }],
    ['broken JSON', '{"name":'],
  ])('%s → 902003', async (_n, body) => {
    const before = server.db.prepare('SELECT COUNT(*) AS n FROM playlists').get();
    expect((await alice.call('PUT', '/api/playlist', body)).status).toBe(902003);
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM playlists').get()).toEqual(before);
  });

  test('an unknown item type → 901000 "invalid item type" (as anniv-go), nothing stored', async () => {
    const before = server.db.prepare('SELECT COUNT(*) AS n FROM playlists').get();
    expect(
      await alice.call('PUT', '/api/playlist', { name: 'n', items: [dummy('ok'), { type: 'video', info: 'x' }] }),
    ).toEqual({
      status: 901000,
      message: 'invalid item type',
      data: null,
    });
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM playlists').get()).toEqual(before);
  });
});

describe('GET /api/playlists and /api/playlist: visibility', () => {
  let priv: Details;
  let pub: Details;
  let carolClient: Client;

  beforeAll(async () => {
    carolClient = await signedInClient(server, 'carol@example.com', 'carol-pw', 'Carol');
    priv = await create(carolClient, { name: 'Carol private', items: [dummy('p')] });
    pub = await create(carolClient, { name: 'Carol public', is_public: true, items: [dummy('q')] });
  });
  const carol = (): Client => carolClient;
  const carolId = async (): Promise<string> => (await carol().get<{ user_id: string }>('/api/user/info')).data.user_id;

  test("without user_id: the signed-in user's lists, private ones too, in creation order, as PlaylistInfo", async () => {
    const res = await carol().get<Info[]>('/api/playlists');
    expect(res.status).toBe(0);
    expect(res.data.map((p) => p.name)).toEqual(['Carol private', 'Carol public']);
    expect(Object.keys(res.data[0]!)).toEqual([
      'name',
      'description',
      'is_public',
      'cover',
      'id',
      'owner',
      'last_modified',
    ]);
    expect(res.data[0]).toEqual({
      name: 'Carol private',
      description: '',
      is_public: false,
      cover: null,
      id: priv.id,
      owner: await carolId(),
      last_modified: priv.last_modified,
    });
    const own = await carol().get<Info[]>(`/api/playlists?user_id=${await carolId()}`);
    expect(own.data.map((p) => p.id)).toEqual([priv.id, pub.id]);
  });

  test("another user's lists: only the public ones", async () => {
    const res = await bob.get<Info[]>(`/api/playlists?user_id=${await carolId()}`);
    expect(res.status).toBe(0);
    expect(res.data.map((p) => p.id)).toEqual([pub.id]);
    expect(res.data[0]).toMatchObject({ name: 'Carol public', is_public: true, owner: await carolId() });
  });

  test('GET of a public list of another user works; a private one → 902001', async () => {
    const got = await get(bob, pub.id);
    expect(got.status).toBe(0);
    expect(got.data).toEqual(pub);
    expect(await get(bob, priv.id)).toEqual({ status: 902001, message: 'permission denied', data: null });
    expect((await get(carol(), priv.id)).data).toEqual(priv);
  });

  test('unknown and bad ids', async () => {
    expect(await get(bob, '999999')).toEqual({ status: 902000, message: 'playlist not found', data: null });
    expect(await get(bob, '99999999999999999999999')).toEqual({
      status: 902000,
      message: 'playlist not found',
      data: null,
    });
    expect((await get(bob, 'abc')).status).toBe(902003);
    expect((await get(bob, '-1')).status).toBe(902003);
    expect((await bob.get('/api/playlist')).status).toBe(902003);
    expect(await bob.get('/api/playlists?user_id=abc')).toEqual({
      status: 902000,
      message: 'user not found',
      data: null,
    });
    expect(await bob.get('/api/playlists?user_id=424242')).toEqual({
      status: 902000,
      message: 'user not found',
      data: null,
    });
  });

  test('a new user has no lists', async () => {
    const fresh = await signedInClient(server, 'dave@example.com');
    expect(await fresh.get('/api/playlists')).toEqual({ status: 0, message: 'OK', data: [] });
  });

  test('search_playlists finds public lists and own lists by name, case-insensitive', async () => {
    type S = { playlists?: Info[] };
    const byBob = await bob.get<S>('/api/search?keyword=CAROL&search_playlists');
    expect(byBob.data.playlists!.map((p) => p.id)).toEqual([pub.id]);
    const byCarol = await carol().get<S>('/api/search?keyword=carol&search_playlists');
    expect(byCarol.data.playlists!.map((p) => p.id)).toEqual([priv.id, pub.id]);
    expect((await bob.get<S>('/api/search?keyword=zzz-none&search_playlists')).data).toEqual({});
    expect((await bob.get<S>('/api/search?keyword=carol')).data).toEqual({});
  });
});

describe('PATCH /api/playlist', () => {
  test('append adds at the end in order and answers the whole list', async () => {
    const d = await create(alice, { name: 'Append', items: [dummy('one')] });
    const res = await patch(alice, d.id, 'append', [dummy('two'), normal(B, 1, 5), album(A)]);
    expect(res.status).toBe(0);
    expect(titles(res.data)).toEqual(['one', 'two', 'Harbor Lights (Piano Solo)', A]);
    expect(res.data.items[0]!.id).toBe(d.items[0]!.id);
    const again = await patch(alice, d.id, 'append', [dummy('five')]);
    expect(titles(again.data)).toEqual(['one', 'two', 'Harbor Lights (Piano Solo)', A, 'five']);
    expect((await get(alice, d.id)).data).toEqual(again.data);
    expect((await patch(alice, d.id, 'append', [])).status).toBe(0);
  });

  test('remove takes string ids; order of the rest kept; an unknown id → 901000 and nothing removed', async () => {
    const d = await create(alice, { name: 'Remove', items: ['a', 'b', 'c', 'd', 'e'].map((t) => dummy(t)) });
    const [a, b, , dd] = d.items.map((i) => i.id);
    const res = await patch(alice, d.id, 'remove', [b, dd]);
    expect(res.status).toBe(0);
    expect(titles(res.data)).toEqual(['a', 'c', 'e']);
    expect(await patch(alice, d.id, 'remove', [a, '999999'])).toEqual({
      status: 901000,
      message: 'song not found',
      data: null,
    });
    expect(titles((await get(alice, d.id)).data)).toEqual(['a', 'c', 'e']);
    // An item of another list is unknown here too.
    const otherList = await create(alice, { name: 'Other', items: [dummy('x')] });
    expect((await patch(alice, d.id, 'remove', [otherList.items[0]!.id])).status).toBe(901000);
    expect((await patch(alice, d.id, 'remove', [Number(a)])).status).toBe(902003);
    expect((await patch(alice, d.id, 'remove', a)).status).toBe(902003);
    expect(titles((await get(alice, d.id)).data)).toEqual(['a', 'c', 'e']);
  });

  test('reorder takes every item id in the new order; anything else → 902003', async () => {
    const d = await create(alice, { name: 'Reorder', items: ['a', 'b', 'c', 'd'].map((t) => dummy(t)) });
    const [a, b, c, dd] = d.items.map((i) => i.id) as [string, string, string, string];
    const res = await patch(alice, d.id, 'reorder', [dd, b, a, c]);
    expect(res.status).toBe(0);
    expect(titles(res.data)).toEqual(['d', 'b', 'a', 'c']);
    expect(res.data.items.map((i) => i.id)).toEqual([dd, b, a, c]);
    for (const bad of [
      [dd, b, a],
      [dd, b, a, c, '999'],
      [dd, b, a, '999'],
      [dd, b, a, a],
      [Number(dd), Number(b), Number(a), Number(c)],
      'abcd',
      { ids: [a] },
    ]) {
      expect((await patch(alice, d.id, 'reorder', bad)).status, JSON.stringify(bad)).toBe(902003);
    }
    expect(titles((await get(alice, d.id)).data)).toEqual(['d', 'b', 'a', 'c']);
    // Order survives further appends and removals.
    const appended = await patch(alice, d.id, 'append', [dummy('e')]);
    expect(titles(appended.data)).toEqual(['d', 'b', 'a', 'c', 'e']);
    const removed = await patch(alice, d.id, 'remove', [b]);
    expect(titles(removed.data)).toEqual(['d', 'a', 'c', 'e']);
    const e = removed.data.items[3]!.id;
    expect(titles((await patch(alice, d.id, 'reorder', [e, c, a, dd])).data)).toEqual(['e', 'c', 'a', 'd']);
    expect(titles((await get(alice, d.id)).data)).toEqual(['e', 'c', 'a', 'd']);
  });

  test('replace changes the content of one item, keeping its id and place', async () => {
    const d = await create(alice, { name: 'Replace', items: [dummy('a'), dummy('b'), dummy('c')] });
    const b = d.items[1]!.id;
    const res = await patch(alice, d.id, 'replace', { id: b, ...normal(B, 1, 5, 'now a track') });
    expect(res.status).toBe(0);
    expect(res.data.items[1]).toMatchObject({
      id: b,
      type: 'normal',
      description: 'now a track',
      info: { album_id: B, title: 'Harbor Lights (Piano Solo)' },
    });
    expect(titles(res.data)).toEqual(['a', 'Harbor Lights (Piano Solo)', 'c']);
    expect(await patch(alice, d.id, 'replace', { id: '999999', ...dummy('x') })).toEqual({
      status: 901000,
      message: 'song not found',
      data: null,
    });
    expect((await patch(alice, d.id, 'replace', { id: 7, ...dummy('x') })).status).toBe(902003);
    expect((await patch(alice, d.id, 'replace', [{ id: b, ...dummy('x') }])).status).toBe(902003);
  });

  test('info: partial update of name, description, is_public, cover (disc defaults to 1)', async () => {
    const d = await create(alice, { name: 'Info', description: 'first' });
    const res = await patch(alice, d.id, 'info', { name: 'Renamed' });
    expect(res.data).toMatchObject({ name: 'Renamed', description: 'first', is_public: false, cover: null });
    const res2 = await patch(alice, d.id, 'info', { description: '', is_public: true, cover: { album_id: A } });
    expect(res2.data).toMatchObject({
      name: 'Renamed',
      description: '',
      is_public: true,
      cover: { album_id: A, disc_id: 1 },
    });
    const res3 = await patch(alice, d.id, 'info', { cover: { album_id: B, disc_id: 2 } });
    expect(res3.data.cover).toEqual({ album_id: B, disc_id: 2 });
    const cleared = await patch(alice, d.id, 'info', { cover: { album_id: '', disc_id: 1 } });
    expect(cleared.data.cover).toBeNull();
    expect((await patch(alice, d.id, 'info', {})).data).toMatchObject({ name: 'Renamed', is_public: true });
    expect(await patch(alice, d.id, 'info', { name: 'y'.repeat(10_000) })).toEqual({
      status: 902003,
      message: `playlist name too long (at most ${LIMITS.playlistName} characters)`,
      data: null,
    });
    for (const bad of [
      { is_public: 'yes' },
      { name: 3 },
      { cover: { disc_id: 2 } },
      { cover: { album_id: 'x' } },
      ['name'],
      'name',
    ]) {
      expect((await patch(alice, d.id, 'info', bad)).status, JSON.stringify(bad)).toBe(902003);
    }
    expect((await get(alice, d.id)).data.name).toBe('Renamed');
  });

  test('every PATCH moves last_modified forward', async () => {
    const d = await create(alice, { name: 'Time' });
    server.db.prepare('UPDATE playlists SET updated_at = 1000 WHERE id = ?').run(Number(d.id));
    const res = await patch(alice, d.id, 'append', [dummy('x')]);
    expect(res.data.last_modified).toBeGreaterThan(1000);
  });

  test('unknown command → 103003; errors on the id and the form', async () => {
    const d = await create(alice, { name: 'Cmd' });
    expect(await patch(alice, d.id, 'shuffle', [])).toEqual({
      status: 103003,
      message: 'invalid patch command',
      data: null,
    });
    expect((await alice.call('PATCH', '/api/playlist', { id: d.id, payload: [] })).status).toBe(103003);
    expect(await patch(alice, '999999', 'append', [])).toEqual({
      status: 902000,
      message: 'playlist not found',
      data: null,
    });
    expect((await patch(alice, 'abc', 'append', [])).status).toBe(902003);
    expect(
      (await alice.call('PATCH', '/api/playlist', { id: Number(d.id), command: 'append', payload: [] })).status,
    ).toBe(902003);
    expect((await alice.call('PATCH', '/api/playlist', { id: d.id, command: 1, payload: [] })).status).toBe(902003);
    expect((await alice.call('PATCH', '/api/playlist', { command: 'append', payload: [] })).status).toBe(902003);
    expect((await alice.call('PATCH', '/api/playlist')).status).toBe(902003);
    expect((await patch(alice, d.id, 'append', { type: 'dummy', info: { title: 'x' } })).status).toBe(902003);
    expect((await patch(alice, d.id, 'append', [{ type: 'nope', info: '' }])).status).toBe(901000);
    expect((await get(alice, d.id)).data.items).toEqual([]);
  });
});

describe('two tabs, one playlist: the version a PATCH last read', () => {
  const create = async () =>
    (
      await alice.call<Details>('PUT', '/api/playlist', {
        name: 'Shared',
        items: [normal(A, 1, 1), normal(A, 1, 2), normal(A, 2, 1)],
      })
    ).data;
  const ids = (d: Details) => d.items.map((i) => i.id);

  test('a stale reorder is refused with 103010 and the first tab’s order is kept', async () => {
    const read = await create(); // both tabs read this
    const [x, y, z] = ids(read);
    const first = await alice.call<Details>('PATCH', '/api/playlist', {
      id: read.id,
      command: 'reorder',
      payload: [z, x, y],
      version: read.version,
    });
    expect(first.status).toBe(0);
    expect(first.data.version).not.toBe(read.version);
    const stale = await alice.call('PATCH', '/api/playlist', {
      id: read.id,
      command: 'reorder',
      payload: [y, x, z],
      version: read.version,
    });
    expect(stale).toEqual({
      status: 103010,
      message: 'playlist changed since it was read; reload it and try again',
      data: null,
    });
    const now = await alice.get<Details>(`/api/playlist?id=${read.id}`);
    expect(ids(now.data)).toEqual([z, x, y]);
    expect(now.data.version).toBe(first.data.version);
    // the reloaded version goes through
    expect(
      (
        await alice.call('PATCH', '/api/playlist', {
          id: read.id,
          command: 'reorder',
          payload: [y, x, z],
          version: now.data.version,
        })
      ).status,
    ).toBe(0);
  });

  test('a stale rename is refused the same way; the first rename stays', async () => {
    const read = await create();
    expect(
      (
        await alice.call('PATCH', '/api/playlist', {
          id: read.id,
          command: 'info',
          payload: { name: 'Tab one' },
          version: read.version,
        })
      ).status,
    ).toBe(0);
    expect(
      (
        await alice.call('PATCH', '/api/playlist', {
          id: read.id,
          command: 'info',
          payload: { name: 'Tab two' },
          version: read.version,
        })
      ).status,
    ).toBe(103010);
    expect((await alice.get<Details>(`/api/playlist?id=${read.id}`)).data.name).toBe('Tab one');
  });

  test('a stale replace too; append and remove name items by id and lose nothing: they pass', async () => {
    const read = await create();
    const [x, y] = ids(read);
    expect(
      (
        await alice.call('PATCH', '/api/playlist', {
          id: read.id,
          command: 'append',
          payload: [album(B)],
          version: read.version,
        })
      ).status,
    ).toBe(0);
    expect(
      (
        await alice.call('PATCH', '/api/playlist', {
          id: read.id,
          command: 'remove',
          payload: [y],
          version: read.version,
        })
      ).status,
    ).toBe(0);
    const replace = {
      id: read.id,
      command: 'replace',
      payload: { id: x, ...dummy('Interlude') },
      version: read.version,
    };
    expect((await alice.call('PATCH', '/api/playlist', replace)).status).toBe(103010);
  });

  test('without a version (the original client) a PATCH is applied as before; a version that is not a short string → 902003', async () => {
    const read = await create();
    const [x, y, z] = ids(read);
    await alice.call('PATCH', '/api/playlist', { id: read.id, command: 'info', payload: { name: 'Changed' } });
    expect(
      (await alice.call('PATCH', '/api/playlist', { id: read.id, command: 'reorder', payload: [z, y, x] })).status,
    ).toBe(0);
    expect(
      (await alice.call('PATCH', '/api/playlist', { id: read.id, command: 'reorder', payload: [z, y, x], version: 7 }))
        .status,
    ).toBe(902003);
    const long = await alice.call('PATCH', '/api/playlist', {
      id: read.id,
      command: 'reorder',
      payload: [z, y, x],
      version: 'v'.repeat(65),
    });
    expect(long).toMatchObject({ status: 902003, message: 'playlist version too long (at most 64 characters)' });
  });

  test('the version follows the content: the same list read twice has the same version; another user’s read of a public list too', async () => {
    const read = await create();
    await alice.call('PATCH', '/api/playlist', {
      id: read.id,
      command: 'info',
      payload: { is_public: true },
      version: read.version,
    });
    const mine = (await alice.get<Details>(`/api/playlist?id=${read.id}`)).data;
    const theirs = (await bob.get<Details>(`/api/playlist?id=${read.id}`)).data;
    expect(theirs.version).toBe(mine.version);
    expect(mine.version).not.toBe(read.version);
    // bob cannot use what he read to change alice's list
    expect(
      (
        await bob.call('PATCH', '/api/playlist', {
          id: read.id,
          command: 'info',
          payload: { name: 'Bob’s' },
          version: theirs.version,
        })
      ).status,
    ).toBe(902001);
  });
});

describe('owner checks', () => {
  test('another user cannot PATCH (any command) or DELETE, and nothing changes', async () => {
    const d = await create(alice, { name: 'Mine', is_public: true, items: [dummy('a'), dummy('b')] });
    const ids = d.items.map((i) => i.id);
    for (const [command, payload] of [
      ['append', [dummy('x')]],
      ['remove', [ids[0]]],
      ['reorder', [ids[1], ids[0]]],
      ['replace', { id: ids[0], ...dummy('x') }],
      ['info', { name: 'Stolen' }],
      ['shuffle', []],
    ] as const) {
      expect(await patch(bob, d.id, command, payload), command).toEqual({
        status: 902001,
        message: 'permission denied',
        data: null,
      });
    }
    expect(await bob.call('DELETE', '/api/playlist', { id: d.id })).toEqual({
      status: 902001,
      message: 'you are not the owner of the play list',
      data: null,
    });
    expect((await bob.call('DELETE', `/api/playlist?id=${d.id}`)).status).toBe(902001);
    expect((await get(alice, d.id)).data).toEqual(d);
    // The public list is visible to the other user, in GET and in their view of the owner's lists.
    expect((await get(bob, d.id)).data).toEqual(d);
    expect((await bob.get<Info[]>(`/api/playlists?user_id=${aliceId}`)).data.map((p) => p.id)).toContain(d.id);
    expect((await bob.get<Info[]>('/api/playlists')).data.map((p) => p.id)).not.toContain(d.id);
  });

  test("another user's private list: GET 902001, absent from /api/playlists?user_id=", async () => {
    const d = await create(alice, { name: 'Secret' });
    expect((await get(bob, d.id)).status).toBe(902001);
    expect((await bob.get<Info[]>(`/api/playlists?user_id=${aliceId}`)).data.map((p) => p.id)).not.toContain(d.id);
    expect((await alice.get<Info[]>(`/api/playlists?user_id=${aliceId}`)).data.map((p) => p.id)).toContain(d.id);
    expect((await bob.get<Info[]>(`/api/playlists?user_id=${bobId}`)).data.map((p) => p.id)).not.toContain(d.id);
  });
});

describe('DELETE /api/playlist', () => {
  test('JSON body {id}; its items go with it; then 902000', async () => {
    const d = await create(alice, { name: 'Doomed', items: [dummy('a'), dummy('b')] });
    expect(await alice.call('DELETE', '/api/playlist', { id: d.id })).toEqual({ status: 0, message: 'OK', data: null });
    expect((await get(alice, d.id)).status).toBe(902000);
    expect(
      server.db.prepare('SELECT COUNT(*) AS n FROM playlist_items WHERE playlist_id = ?').get(Number(d.id)),
    ).toEqual({ n: 0 });
    expect(await alice.call('DELETE', '/api/playlist', { id: d.id })).toEqual({
      status: 902000,
      message: 'playlist not found',
      data: null,
    });
    expect((await alice.get<Info[]>('/api/playlists')).data.map((p) => p.id)).not.toContain(d.id);
  });

  test('the query id is a fallback; bad ids → 902003', async () => {
    const d = await create(alice, { name: 'By query' });
    expect((await alice.call('DELETE', `/api/playlist?id=${d.id}`)).status).toBe(0);
    expect((await alice.call('DELETE', '/api/playlist', { id: Number(d.id) })).status).toBe(902003);
    expect((await alice.call('DELETE', '/api/playlist', { id: 'x' })).status).toBe(902003);
    expect((await alice.call('DELETE', '/api/playlist', {})).status).toBe(902003);
    expect((await alice.call('DELETE', '/api/playlist')).status).toBe(902003);
  });
});

describe('limits and access', () => {
  test('not signed in → 902002 on every playlist endpoint', async () => {
    const anon = new Client(server);
    for (const [method, path, body] of [
      ['GET', '/api/playlists', undefined],
      ['GET', '/api/playlist?id=1', undefined],
      ['PUT', '/api/playlist', { name: 'n' }],
      ['PATCH', '/api/playlist', { id: '1', command: 'info', payload: {} }],
      ['DELETE', '/api/playlist', { id: '1' }],
    ] as const) {
      expect(await anon.call(method, path, body), `${method} ${path}`).toEqual({
        status: 902002,
        message: 'unauthorized',
        data: null,
      });
    }
  });

  test(`at most ${LIMITS.itemsPerPlaylist} items per playlist: the append that would pass it → 901000, nothing added`, async () => {
    const d = await create(alice, {
      name: 'Big',
      items: Array.from({ length: LIMITS.itemsPerRequest }, (_, i) => normal(A, 1 + (i % 3), 1 + (i % 7))),
    });
    expect(d.items).toHaveLength(LIMITS.itemsPerRequest);
    for (let k = 1; k < LIMITS.itemsPerPlaylist / LIMITS.itemsPerRequest; k++) {
      const res = await patch(
        alice,
        d.id,
        'append',
        Array.from({ length: LIMITS.itemsPerRequest }, () => dummy(`t${k}`)),
      );
      expect(res.status).toBe(0);
    }
    const full = (await get(alice, d.id)).data;
    expect(full.items).toHaveLength(LIMITS.itemsPerPlaylist);
    expect(await patch(alice, d.id, 'append', [dummy('one too many')])).toEqual({
      status: 901000,
      message: `playlist is full (at most ${LIMITS.itemsPerPlaylist} items)`,
      data: null,
    });
    expect((await get(alice, d.id)).data.items).toHaveLength(LIMITS.itemsPerPlaylist);
    // A full reorder of 10,000 ids fits in the body limit and works.
    const reversed = full.items.map((i) => i.id).reverse();
    const res = await patch(alice, d.id, 'reorder', reversed);
    expect(res.status).toBe(0);
    expect(res.data.items[0]!.id).toBe(reversed[0]);
    expect(res.data.items.at(-1)!.id).toBe(full.items[0]!.id);
  });

  test(`at most ${LIMITS.playlistsPerUser} playlists per user → 901000`, async () => {
    const many = await signedInClient(server, 'many@example.com');
    const userId = Number((await many.get<{ user_id: string }>('/api/user/info')).data.user_id);
    const insert = server.db.prepare(
      "INSERT INTO playlists (user_id, name, created_at, updated_at) VALUES (?, 'p', 0, 0)",
    );
    server.db.transaction(() => {
      for (let i = 0; i < LIMITS.playlistsPerUser; i++) insert.run(userId);
    })();
    expect(await many.call('PUT', '/api/playlist', { name: 'one more' })).toEqual({
      status: 901000,
      message: `too many playlists (at most ${LIMITS.playlistsPerUser})`,
      data: null,
    });
  });

  test('a body over 8 MiB → HTTP 413 with the 902003 envelope', async () => {
    const res = await alice.raw('/api/playlist', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'n', description: 'x'.repeat(LIMITS.bulkBodyBytes) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 902003, message: 'request body too large (at most 8 MiB)', data: null });
  });
});
