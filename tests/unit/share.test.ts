// Sharing below the machines (docs/protocol.md#shapes, #shares): the credential that shares
// an album (step 1), a share as the API hands it (parseSharedList; create, read and list through a
// fake fetch), library access through a share's tokens (step 4: the first token holding a track, the
// cover from the first token's library), the share reader with its refresh age, and a queued
// track's share id in local storage.
import { describe, expect, test, vi } from 'vitest';
import { chooseShareCredential, createLibraryAccess, type CredentialSource } from '@/features/library/access';
import { createShareAccess, shareCredentials, shareLibraryAccess } from '@/features/share/shareAccess';
import { createShare, getShare, listShares, parseSharedList } from '@/services/api/share';
import { BadResponseError } from '@/services/api/errors';
import { NoSourceError } from '@/shared/errors';
import type { Credential, SharedList } from '@/shared/types';
import { parseStoredTrack } from '@/storage/local';
import { envelope, fakeApi, json } from './fakeFetch';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;
const shareClaim = (allowed?: string[]) => ({ key_id: 'key-1', secret: 'secret', ...(allowed && { allowed }) });

const cred = (id: string, url: string, priority: number, token: string): Credential => ({
  id,
  name: id,
  url,
  token,
  priority,
  controlled: false,
});

const HOME_URL = 'https://home.example';
const NAS_URL = 'https://nas.example:8443';

describe('chooseShareCredential (docs/protocol.md#shares step 1)', () => {
  const USER = cred('user', HOME_URL, 100, jwt({ type: 'user' }));
  const ALL = cred('all', HOME_URL, 1, jwt({ type: 'user', share: shareClaim() }));
  const ONLY_B = cred('onlyB', HOME_URL, 9, jwt({ type: 'user', share: shareClaim(['album-b']) }));
  const NONE_ALLOWED = cred('noneAllowed', HOME_URL, 50, jwt({ type: 'user', share: shareClaim([]) }));
  const BROKEN = cred('broken', HOME_URL, 80, 'not-a-jwt');
  const NO_SECRET = cred('noSecret', HOME_URL, 70, jwt({ type: 'user', share: { key_id: 'k' } }));
  const NAS = cred('nas', NAS_URL, 30, jwt({ type: 'user', share: shareClaim() }));
  const all = [USER, ALL, ONLY_B, NONE_ALLOWED, BROKEN, NO_SECRET, NAS];

  test('only tokens with a share claim count, however high their priority', () => {
    expect(chooseShareCredential(all, [HOME_URL], 'album-a')?.id).toBe('all');
  });

  test('`allowed` present: only the albums it lists; absent: every album', () => {
    expect(chooseShareCredential(all, [HOME_URL], 'album-b')?.id).toBe('onlyB');
    expect(chooseShareCredential([ONLY_B], [HOME_URL], 'album-a')).toBeNull();
    expect(chooseShareCredential([NONE_ALLOWED], [HOME_URL], 'album-b')).toBeNull();
  });

  test('only credentials whose library holds the album', () => {
    // NAS may share everything, but the album is only at home
    expect(chooseShareCredential([NAS, ALL], [HOME_URL], 'album-a')?.id).toBe('all');
    expect(chooseShareCredential([NAS, ALL], [NAS_URL], 'album-a')?.id).toBe('nas');
    expect(chooseShareCredential([NAS, ONLY_B], [NAS_URL, `${HOME_URL}/`], 'album-b')?.id).toBe('nas');
  });

  test('the highest priority wins; on a tie, the first listed', () => {
    expect(chooseShareCredential(all, [HOME_URL, NAS_URL], 'album-a')?.id).toBe('nas');
    const twin = cred('twin', NAS_URL, 30, NAS.token);
    expect(chooseShareCredential([twin, NAS], [NAS_URL], 'album-a')?.id).toBe('twin');
    expect(chooseShareCredential([NAS, twin], [NAS_URL], 'album-a')?.id).toBe('nas');
  });

  test('none → null', () => {
    expect(chooseShareCredential([USER, BROKEN, NO_SECRET], [HOME_URL], 'album-a')).toBeNull();
    expect(chooseShareCredential(all, [], 'album-a')).toBeNull();
    expect(chooseShareCredential([], [HOME_URL], 'album-a')).toBeNull();
  });

  describe('createLibraryAccess(...).sharingCredentials', () => {
    function source(
      credentials: readonly Credential[],
      holdings: Record<string, string[]>,
    ): CredentialSource & { asked: string[][] } {
      const asked: string[][] = [];
      return {
        asked,
        credentials: () => credentials,
        ready: () => true,
        librariesOf: async (ids) => {
          asked.push([...ids]);
          return new Map(ids.filter((id) => id in holdings).map((id) => [id, holdings[id]!]));
        },
      };
    }

    test('maps every album, null for those none can share, asking the local map once', async () => {
      const src = source(all, {
        'album-a': [HOME_URL],
        'album-b': [HOME_URL],
        'album-c': [NAS_URL],
        'album-d': ['https://elsewhere.example'],
      });
      const access = createLibraryAccess(src);
      await expect(
        access.sharingCredentials(['album-a', 'album-b', 'album-c', 'album-d', 'album-e', 'album-a']),
      ).resolves.toEqual({
        'album-a': 'all',
        'album-b': 'onlyB',
        'album-c': 'nas',
        'album-d': null,
        'album-e': null,
      });
      expect(src.asked).toEqual([['album-a', 'album-b', 'album-c', 'album-d', 'album-e']]);
    });

    test('no albums: an empty answer, nothing asked', async () => {
      const src = source(all, {});
      await expect(createLibraryAccess(src).sharingCredentials([])).resolves.toEqual({});
      expect(src.asked).toEqual([]);
    });

    test('the credentials of the moment', async () => {
      let credentials: Credential[] = [USER];
      const src = { ...source([], { 'album-a': [HOME_URL] }), credentials: () => credentials };
      const access = createLibraryAccess(src);
      await expect(access.sharingCredentials(['album-a'])).resolves.toEqual({ 'album-a': null });
      credentials = [USER, ALL];
      await expect(access.sharingCredentials(['album-a'])).resolves.toEqual({ 'album-a': 'all' });
    });
  });
});

// an ExportedPlaylist as the api client hands it: keys camelCased, except the album ids of `metadata`
const albumA = '0b9e4c2a-1111-4a4a-8a8a-000000000001';
const albumB = '0b9e4c2a-2222-4b4b-8b8b-000000000002';
function wireList(): Record<string, unknown> {
  return {
    name: 'For you',
    description: '一起听',
    cover: { albumId: albumA, discId: 2 },
    songs: [
      { albumId: albumA, discId: 1, tracks: [1, 2, 5] },
      { albumId: albumB, discId: '2', tracks: [3] },
    ],
    tokens: [
      { server: 'https://one.example', token: 'aaa.bbb.ccc' },
      { server: 'https://two.example', token: 'ddd.eee.fff' },
    ],
    metadata: {
      [albumA]: {
        albumId: albumA,
        title: 'Harbor Lights',
        edition: 'Deluxe',
        catalog: 'DEMO-0001~2',
        artist: 'Mio Aoki',
        date: '2023-04-12',
        type: 'normal',
        discs: [
          {
            title: 'Disc 1',
            artist: 'Mio Aoki',
            catalog: 'DEMO-0001',
            type: 'normal',
            tracks: [{ title: 'Harbor Lights', artist: 'Mio Aoki', type: 'normal' }],
          },
        ],
      },
      [albumB]: { title: 'No id inside', catalog: '', artist: 'X', date: '2024', type: 'drama', discs: [] },
    },
  };
}

describe('parseSharedList (ExportedPlaylist, docs/protocol.md#shapes)', () => {
  test('a whole share', () => {
    const list = parseSharedList('qWeRtYuI', wireList());
    expect(list).toEqual<SharedList>({
      id: 'qWeRtYuI',
      name: 'For you',
      description: '一起听',
      cover: { albumId: albumA, discId: 2 },
      songs: [
        { albumId: albumA, discId: 1, tracks: [1, 2, 5] },
        { albumId: albumB, discId: 2, tracks: [3] },
      ],
      tokens: [
        { server: 'https://one.example', token: 'aaa.bbb.ccc' },
        { server: 'https://two.example', token: 'ddd.eee.fff' },
      ],
      albums: {
        [albumA]: {
          albumId: albumA,
          title: 'Harbor Lights',
          edition: 'Deluxe',
          catalog: 'DEMO-0001~2',
          artist: 'Mio Aoki',
          date: '2023-04-12',
          type: 'normal',
          tags: [],
          discs: [
            {
              title: 'Disc 1',
              artist: 'Mio Aoki',
              catalog: 'DEMO-0001',
              type: 'normal',
              tracks: [{ title: 'Harbor Lights', artist: 'Mio Aoki', type: 'normal' }],
            },
          ],
        },
        // no id inside: the key is its id
        [albumB]: {
          albumId: albumB,
          title: 'No id inside',
          catalog: '',
          artist: 'X',
          date: '2024',
          type: 'drama',
          tags: [],
          discs: [],
        },
      },
    });
  });

  test.each([
    ['an empty album id', { albumId: '', discId: 1 }],
    ['null', null],
    ['absent', undefined],
    ['not an object', 'cover'],
    ['a number for an album id', { albumId: 7, discId: 1 }],
  ])('cover: %s → null', (_, cover) => {
    expect(parseSharedList('x', { ...wireList(), cover }).cover).toBeNull();
  });

  test('cover without a disc: disc 1', () => {
    expect(parseSharedList('x', { ...wireList(), cover: { albumId: albumA } }).cover).toEqual({
      albumId: albumA,
      discId: 1,
    });
  });

  test('songs: bad entries are dropped, bad track numbers too', () => {
    const songs = [
      { albumId: albumA, discId: 1, tracks: [1, 0, -2, 1.5, '3', null, 4] },
      null,
      'song',
      [albumA, 1, [1]],
      { discId: 1, tracks: [1] },
      { albumId: '', discId: 1, tracks: [1] },
      { albumId: albumA, discId: 0, tracks: [1] },
      { albumId: albumA, discId: 1.5, tracks: [1] },
      { albumId: albumA, tracks: [1] },
      { albumId: albumA, discId: 1, tracks: [] },
      { albumId: albumA, discId: 1, tracks: [0, 'x'] },
      { albumId: albumA, discId: 1, tracks: 'all' },
      { albumId: albumB, discId: 3, tracks: [2] },
    ];
    expect(parseSharedList('x', { ...wireList(), songs }).songs).toEqual([
      { albumId: albumA, discId: 1, tracks: [1, 4] },
      { albumId: albumB, discId: 3, tracks: [2] },
    ]);
  });

  test('tokens: entries without a string server and token are dropped, in order otherwise', () => {
    const tokens = [
      { server: 'https://one.example', token: 't1' },
      { server: 'https://two.example' },
      { token: 't3' },
      null,
      { server: 1, token: 't' },
      { server: 'https://four.example', token: 't4', extra: 1 },
    ];
    expect(parseSharedList('x', { ...wireList(), tokens }).tokens).toEqual([
      { server: 'https://one.example', token: 't1' },
      { server: 'https://four.example', token: 't4' },
    ]);
  });

  test('missing lists are empty, missing texts empty strings', () => {
    expect(parseSharedList('x', {})).toEqual<SharedList>({
      id: 'x',
      name: '',
      description: '',
      cover: null,
      songs: [],
      tokens: [],
      albums: {},
    });
    expect(parseSharedList('x', { songs: {}, tokens: 'x', metadata: [] })).toMatchObject({
      songs: [],
      tokens: [],
      albums: {},
    });
  });

  test('not an object → BadResponseError', () => {
    for (const value of [null, 'share', [wireList()], 3])
      expect(() => parseSharedList('x', value)).toThrow(BadResponseError);
  });

  test('metadata: entries that are not albums are dropped; keys stay as sent', () => {
    const metadata = { [albumA]: { title: 'A' }, 'Not_A-Camel_key': { title: 'B' }, broken: 'x', nothing: null };
    const { albums } = parseSharedList('x', { ...wireList(), metadata });
    expect(Object.keys(albums)).toEqual([albumA, 'Not_A-Camel_key']);
    expect(albums[albumA]!.albumId).toBe(albumA);
    expect(albums['Not_A-Camel_key']!.title).toBe('B');
  });

  test('metadata: an album id `__proto__` is an ordinary key, never the prototype', () => {
    const value = JSON.parse(
      `{"name":"n","metadata":{"__proto__":{"title":"Odd","type":"normal"},"${albumA}":{"title":"A"}}}`,
    ) as unknown;
    const { albums } = parseSharedList('x', value);
    expect(Object.getPrototypeOf(albums)).toBe(Object.prototype);
    expect(Object.keys(albums)).toEqual(['__proto__', albumA]);
    expect(Object.getOwnPropertyDescriptor(albums, '__proto__')?.value).toMatchObject({
      albumId: '__proto__',
      title: 'Odd',
    });
    expect((albums as { title?: unknown }).title).toBeUndefined();
    expect(({} as { title?: unknown }).title).toBeUndefined();
  });
});

describe('the share API (fake fetch)', () => {
  test('createShare posts info (snake_case on the wire) and albums with their keys as they are; answers the id', async () => {
    const { api, calls, last } = fakeApi(() => envelope('qWeRtYuI'));
    const albums = { [albumA]: 'cred-1', Album_Odd: 'cred-2' };
    await expect(
      createShare(api, {
        name: '周末',
        description: '一起听',
        cover: { albumId: albumA, discId: 2 },
        songs: [{ albumId: albumA, discId: 1, tracks: [1, 2] }],
        albums,
      }),
    ).resolves.toBe('qWeRtYuI');
    expect(calls).toHaveLength(1);
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/api/share');
    expect(last().body).toEqual({
      info: {
        name: '周末',
        description: '一起听',
        cover: { album_id: albumA, disc_id: 2 },
        songs: [{ album_id: albumA, disc_id: 1, tracks: [1, 2] }],
      },
      albums: { [albumA]: 'cred-1', Album_Odd: 'cred-2' },
    });
  });

  test.each([
    ['null', null],
    ['an empty string', ''],
    ['an object', { id: 'x' }],
  ])('createShare answered with %s → BadResponseError', async (_, data) => {
    const { api } = fakeApi(() => envelope(data));
    await expect(
      createShare(api, { name: 'n', description: 'd', cover: { albumId: albumA, discId: 1 }, songs: [], albums: {} }),
    ).rejects.toBeInstanceOf(BadResponseError);
  });

  test('getShare reads the share by id, without a session, and keeps the metadata keys', async () => {
    const wire = {
      name: 'For you',
      description: '',
      cover: { album_id: albumA, disc_id: 1 },
      songs: [{ album_id: albumA, disc_id: 1, tracks: [2] }],
      tokens: [{ server: 'https://one.example', token: 'aaa.bbb.ccc' }],
      metadata: {
        [albumA]: {
          album_id: albumA,
          title: 'Harbor Lights',
          catalog: 'C',
          artist: 'M',
          date: '2023',
          type: 'normal',
          discs: [],
        },
      },
    };
    const { api, last } = fakeApi(() => envelope(wire));
    const list = await getShare(api, 'qWeRtYuI');
    expect(last().method).toBe('GET');
    expect(last().url.pathname).toBe('/api/share');
    expect(last().url.searchParams.get('id')).toBe('qWeRtYuI');
    expect(list.cover).toEqual({ albumId: albumA, discId: 1 });
    expect(list.songs).toEqual([{ albumId: albumA, discId: 1, tracks: [2] }]);
    expect(Object.keys(list.albums)).toEqual([albumA]);
    expect(list.albums[albumA]!.title).toBe('Harbor Lights');
  });

  test('listShares: GET /api/share/ (trailing slash), entries without an id dropped, name only when sent', async () => {
    const { api, last } = fakeApi(() =>
      envelope([
        { id: 'qWeRtYuI', date: 1_700_000_300, name: '周末' },
        { id: 12, date: '1700000200' },
        { date: 1 },
        null,
        { id: '', date: 1 },
        { id: 'x', name: 3 },
      ]),
    );
    await expect(listShares(api)).resolves.toEqual([
      { id: 'qWeRtYuI', date: 1_700_000_300, name: '周末' },
      { id: '12', date: 1_700_000_200 },
      { id: 'x', date: 0 },
    ]);
    expect(last().method).toBe('GET');
    expect(last().url.pathname).toBe('/api/share/');
  });

  test('listShares: null is no shares; anything but a list → BadResponseError', async () => {
    await expect(listShares(fakeApi(() => envelope(null)).api)).resolves.toEqual([]);
    await expect(listShares(fakeApi(() => envelope({ id: 'x' })).api)).rejects.toBeInstanceOf(BadResponseError);
    await expect(listShares(fakeApi(() => json('<html>')).api)).rejects.toBeInstanceOf(BadResponseError);
  });
});

describe('library access through a share (docs/protocol.md#shares step 4)', () => {
  const ONE = 'https://one.example';
  const TWO = 'https://two.example/';
  const tokenOne = jwt({ iss: 'anniv', type: 'share', audios: { [albumA]: { '1': [1, 2] } } });
  const tokenTwo = jwt({ iss: 'anniv', type: 'share', audios: { [albumA]: { '1': [2, 3] }, [albumB]: { '2': [5] } } });
  const list: SharedList = {
    id: 'qWeRtYuI',
    name: 'For you',
    description: '',
    cover: { albumId: albumB, discId: 2 },
    songs: [],
    tokens: [
      { server: ONE, token: tokenOne },
      { server: TWO, token: tokenTwo },
    ],
    albums: {},
  };
  const bothHold = { albumId: albumA, discId: 1, trackId: 2 };
  const onlyFirst = { albumId: albumA, discId: 1, trackId: 1 };
  const onlySecond = { albumId: albumA, discId: 1, trackId: 3 };
  const otherAlbum = { albumId: albumB, discId: 2, trackId: 5 };
  const noneHolds = { albumId: albumA, discId: 1, trackId: 4 };

  test('the tokens as credentials, the first ranked highest', () => {
    expect(shareCredentials(list)).toEqual([
      { id: 'share:qWeRtYuI:0', name: 'For you', url: ONE, token: tokenOne, priority: 2, controlled: true },
      { id: 'share:qWeRtYuI:1', name: 'For you', url: TWO, token: tokenTwo, priority: 1, controlled: true },
    ]);
  });

  test('a track plays through the first token whose audios holds it', async () => {
    const access = shareLibraryAccess(list);
    expect(access.ready()).toBe(true);
    const albums = await access.forAlbums([albumA, albumB]);
    expect(albums.trackSource(bothHold)).toEqual({
      audioUrl: `${ONE}/${albumA}/1/2?auth=${encodeURIComponent(tokenOne)}`,
      coverUrl: `${ONE}/${albumA}/1/cover`,
    });
    expect(albums.trackSource(onlyFirst)?.audioUrl).toBe(`${ONE}/${albumA}/1/1?auth=${encodeURIComponent(tokenOne)}`);
    // only the second token holds it: the second server, with the second token
    expect(albums.trackSource(onlySecond)?.audioUrl).toBe(
      `https://two.example/${albumA}/1/3?auth=${encodeURIComponent(tokenTwo)}`,
    );
    expect(albums.trackSource(otherAlbum)?.audioUrl).toBe(
      `https://two.example/${albumB}/2/5?auth=${encodeURIComponent(tokenTwo)}`,
    );
    for (const track of [bothHold, onlyFirst, onlySecond, otherAlbum]) expect(albums.canPlay(track)).toBe(true);
  });

  test('a track no token holds cannot play: canPlay false, trackSource NoSourceError', async () => {
    const access = shareLibraryAccess(list);
    const albums = await access.forAlbums([albumA]);
    expect(albums.canPlay(noneHolds)).toBe(false);
    expect(albums.trackSource(noneHolds)).toBeNull();
    expect(albums.canPlay({ albumId: 'elsewhere', discId: 1, trackId: 1 })).toBe(false);
    await expect(access.trackSource(noneHolds)).rejects.toBeInstanceOf(NoSourceError);
    await expect(access.trackSource(onlySecond)).resolves.toMatchObject({
      audioUrl: expect.stringMatching(/^https:\/\/two\.example\//),
    });
  });

  test('covers come from the first token’s library, for every album of the share', async () => {
    const albums = await shareLibraryAccess(list).forAlbums([albumA, albumB]);
    expect(albums.coverUrl(albumA)).toBe(`${ONE}/${albumA}/cover`);
    expect(albums.coverUrl(albumB)).toBe(`${ONE}/${albumB}/cover`);
    expect(albums.discCoverUrl(albumB, 2)).toBe(`${ONE}/${albumB}/2/cover`);
  });

  test('the same server for both tokens: still the first token that holds the track', async () => {
    const same: SharedList = {
      ...list,
      tokens: [
        { server: ONE, token: tokenOne },
        { server: ONE, token: tokenTwo },
      ],
    };
    const albums = await shareLibraryAccess(same).forAlbums([albumA]);
    expect(albums.trackSource(bothHold)?.audioUrl).toContain(`auth=${encodeURIComponent(tokenOne)}`);
    expect(albums.trackSource(onlySecond)?.audioUrl).toContain(`auth=${encodeURIComponent(tokenTwo)}`);
  });

  test('a share without tokens plays nothing and has no cover', async () => {
    const albums = await shareLibraryAccess({ ...list, tokens: [] }).forAlbums([albumA]);
    expect(albums.canPlay(bothHold)).toBe(false);
    expect(albums.coverUrl(albumA)).toBeNull();
  });
});

describe('createShareAccess: reading a share, and again when its tokens may be old', () => {
  const REFRESH_MS = 6 * 60 * 60 * 1000;
  const listOf = (id: string, n: number): SharedList => ({
    id,
    name: `read ${n}`,
    description: '',
    cover: null,
    songs: [],
    tokens: [{ server: 'https://one.example', token: jwt({ type: 'share', audios: { [albumA]: { '1': [n] } } }) }],
    albums: {},
  });

  function setup() {
    let clock = 1_000_000;
    let reads = 0;
    const load = vi.fn(async (id: string) => listOf(id, ++reads));
    const access = createShareAccess(load, () => clock);
    return { access, load, advance: (ms: number) => (clock += ms) };
  }

  test('open reads the share again, unless it was read in the last 10 s (a read started at boot); reads at once are one', async () => {
    const { access, load, advance } = setup();
    const [first, same] = await Promise.all([access.open('s1'), access.open('s1')]);
    expect(same).toBe(first);
    expect((await access.open('s1')).list.name).toBe('read 1');
    expect(load).toHaveBeenCalledTimes(1);
    advance(10_000);
    const second = await access.open('s1');
    expect(load).toHaveBeenCalledTimes(2);
    expect(first.list.name).toBe('read 1');
    expect(second.list.name).toBe('read 2');
    expect(second.access).not.toBe(first.access);
    // the access plays through the share's own tokens
    expect((await second.access.forAlbums([albumA])).canPlay({ albumId: albumA, discId: 1, trackId: 2 })).toBe(true);
  });

  test('accessFor reuses a recent read, and reads again once the refresh age has passed', async () => {
    const { access, load, advance } = setup();
    const opened = await access.open('s1');
    expect(await access.accessFor('s1')).toBe(opened.access);
    advance(REFRESH_MS - 1);
    expect(await access.accessFor('s1')).toBe(opened.access);
    expect(load).toHaveBeenCalledTimes(1);
    advance(1);
    const fresh = await access.accessFor('s1');
    expect(fresh).not.toBe(opened.access);
    expect(load).toHaveBeenCalledTimes(2);
    // the new read is the recent one now
    advance(REFRESH_MS - 1);
    expect(await access.accessFor('s1')).toBe(fresh);
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('accessFor reads a share never opened, and remembers it', async () => {
    const { access, load } = setup();
    const first = await access.accessFor('s2');
    expect(load).toHaveBeenCalledWith('s2');
    expect(await access.accessFor('s2')).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('each share is remembered on its own', async () => {
    const { access, load } = setup();
    await access.accessFor('s1');
    await access.accessFor('s2');
    await access.accessFor('s1');
    expect(load.mock.calls.map((c) => c[0])).toEqual(['s1', 's2']);
  });

  test('a failed read is not remembered: the next question reads again', async () => {
    const { access, load, advance } = setup();
    load.mockRejectedValueOnce(new Error('share not found'));
    await expect(access.accessFor('s1')).rejects.toThrow('share not found');
    const access1 = await access.accessFor('s1');
    expect(load).toHaveBeenCalledTimes(2);
    // an old read whose refresh fails: the error, then a new try
    advance(REFRESH_MS);
    load.mockRejectedValueOnce(new Error('网络错误: 503 Service Unavailable'));
    await expect(access.accessFor('s1')).rejects.toThrow('503');
    const access2 = await access.accessFor('s1');
    expect(access2).not.toBe(access1);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

describe('parseStoredTrack: the share a queued track came from', () => {
  const base = {
    albumId: albumA,
    discId: 1,
    trackId: 2,
    title: 'Harbor Lights',
    artist: 'Mio Aoki',
    albumTitle: 'Harbor Lights',
    type: 'normal',
  };

  test.each(['qWeRtYuI', 'a_b-C9', 'x'.repeat(64), '0'])('a valid share id is kept: %s', (shareId) => {
    expect(parseStoredTrack({ ...base, shareId })).toEqual({ ...base, shareId });
  });

  test.each<[string, unknown]>([
    ['a path', '../x'],
    ['empty', ''],
    ['65 characters', 'x'.repeat(65)],
    ['a slash', 'a/b'],
    ['a space', 'a b'],
    ['a number', 123],
    ['null', null],
    ['an object', { id: 'qWeRtYuI' }],
  ])('a malformed share id (%s) is dropped, the track kept', (_, shareId) => {
    const parsed = parseStoredTrack({ ...base, shareId });
    expect(parsed).toEqual(base);
    expect(parsed).not.toHaveProperty('shareId');
  });

  test('no share id: none', () => {
    expect(parseStoredTrack(base)).not.toHaveProperty('shareId');
  });
});
