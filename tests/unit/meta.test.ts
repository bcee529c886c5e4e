import { describe, expect, test } from 'vitest';
import {
  ALBUM_BATCH_SIZE,
  getAlbumInfos,
  getAlbumsByTag,
  getTagGraph,
  getTags,
  parseAlbumInfo,
  searchAlbums,
  searchTracks,
} from '@/services/api/meta';
import { BadResponseError } from '@/services/api/errors';
import type { AlbumInfo } from '@/shared/types';
import { envelope, fakeApi } from './fakeFetch';

const A = '0b9e4c2a-0000-4000-8000-000000000001';
const B = '0b9e4c2a-0000-4000-8000-000000000002';

/** AlbumDetails on the wire (docs/protocol.md#shapes) */
function wireAlbum(albumId: string, extra: Record<string, unknown> = {}) {
  return {
    album_id: albumId,
    title: 'Harbor Lights',
    edition: 'Deluxe',
    catalog: 'DEMO-0001~2',
    artist: 'Mio Aoki',
    date: '2023-04-12',
    type: 'normal',
    artists: { vocal: 'Mio Aoki', 'irish-harp': 'Aya' },
    tags: ['artist:Mio Aoki', 'category:Demo'],
    discs: [
      {
        catalog: 'DEMO-0001',
        artist: 'Mio Aoki',
        type: 'normal',
        artists: { vocal: 'Mio Aoki' },
        tracks: [
          {
            title: 'Harbor Lights',
            artist: 'Mio Aoki',
            type: 'normal',
            artists: { composer: 'Ren Kishi', 'irish-harp': 'Aya' },
          },
        ],
      },
      { title: 'Live at Minato Hall', catalog: 'DEMO-0002', type: 'drama', tracks: [{ title: 'Opening' }] },
    ],
    ...extra,
  };
}

const HARBOR: AlbumInfo = {
  albumId: A,
  title: 'Harbor Lights',
  edition: 'Deluxe',
  catalog: 'DEMO-0001~2',
  artist: 'Mio Aoki',
  date: '2023-04-12',
  type: 'normal',
  artists: { vocal: 'Mio Aoki', 'irish-harp': 'Aya' },
  tags: ['artist:Mio Aoki', 'category:Demo'],
  discs: [
    {
      catalog: 'DEMO-0001',
      artist: 'Mio Aoki',
      type: 'normal',
      artists: { vocal: 'Mio Aoki' },
      tracks: [
        {
          title: 'Harbor Lights',
          artist: 'Mio Aoki',
          type: 'normal',
          artists: { composer: 'Ren Kishi', 'irish-harp': 'Aya' },
        },
      ],
    },
    { title: 'Live at Minato Hall', catalog: 'DEMO-0002', type: 'drama', tracks: [{ title: 'Opening' }] },
  ],
};

describe('getAlbumInfos', () => {
  test('sends id[] per id, keeps album-id keys and role keys, leaves unknown ids out', async () => {
    const { api, calls } = fakeApi(() => envelope({ [A]: wireAlbum(A), [B]: null }));
    const albums = await getAlbumInfos(api, [A, B]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe('/api/meta/album');
    expect(calls[0]!.url.searchParams.getAll('id[]')).toEqual([A, B]);
    expect([...albums.keys()]).toEqual([A]);
    expect(albums.get(A)).toEqual(HARBOR);
  });

  test('no ids: no request', async () => {
    const { api, calls } = fakeApi(() => envelope({}));
    expect((await getAlbumInfos(api, [])).size).toBe(0);
    expect(calls).toHaveLength(0);
  });

  test('250 ids go out in batches of 100; duplicates once', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `album-${i}`);
    const { api, calls } = fakeApi((req) =>
      envelope(Object.fromEntries(req.url.searchParams.getAll('id[]').map((id) => [id, wireAlbum(id)]))),
    );
    const albums = await getAlbumInfos(api, [...ids, 'album-0']);
    expect(calls.map((c) => c.url.searchParams.getAll('id[]').length)).toEqual([
      ALBUM_BATCH_SIZE,
      ALBUM_BATCH_SIZE,
      50,
    ]);
    expect(albums.size).toBe(250);
    expect(albums.get('album-249')?.albumId).toBe('album-249');
  });

  test('an album without album_id takes its map key', async () => {
    const { album_id: _, ...rest } = wireAlbum(A);
    const { api } = fakeApi(() => envelope({ [A]: rest }));
    expect((await getAlbumInfos(api, [A])).get(A)?.albumId).toBe(A);
  });

  test('data that is not a map is a bad response', async () => {
    const { api } = fakeApi(() => envelope(['x']));
    await expect(getAlbumInfos(api, [A])).rejects.toBeInstanceOf(BadResponseError);
  });
});

describe('parseAlbumInfo', () => {
  test('minimal album: defaults, optional fields left out', () => {
    expect(parseAlbumInfo({ albumId: A, discs: [{ tracks: [{}, 'junk'] }, 'junk'] })).toEqual({
      albumId: A,
      title: '',
      catalog: '',
      artist: '',
      date: '',
      type: 'normal',
      tags: [],
      discs: [{ catalog: '', tracks: [{ title: '' }, { title: '' }] }],
    });
  });

  test('a year given as a number, tags filtered to strings', () => {
    const album = parseAlbumInfo({ albumId: A, date: 2021, tags: ['a:b', 3], discs: 'x' });
    expect(album?.date).toBe('2021');
    expect(album?.tags).toEqual(['a:b']);
    expect(album?.discs).toEqual([]);
  });

  test('no id or not an object: null', () => {
    expect(parseAlbumInfo({ title: 'x' })).toBeNull();
    expect(parseAlbumInfo(null)).toBeNull();
    expect(parseAlbumInfo('x')).toBeNull();
  });
});

describe('tags', () => {
  test('getTags builds type:name ids', async () => {
    const { api, last } = fakeApi(() =>
      envelope([
        { name: 'Mio Aoki', type: 'artist', names: { ja: '青木澪' } },
        { name: 'Demo', type: 'category', names: null },
        { type: 'artist' },
      ]),
    );
    expect(await getTags(api)).toEqual([
      { id: 'artist:Mio Aoki', name: 'Mio Aoki', type: 'artist' },
      { id: 'category:Demo', name: 'Demo', type: 'category' },
    ]);
    expect(last().url.pathname).toBe('/api/meta/tags');
  });

  test('getTagGraph keeps keys as they are', async () => {
    const { api } = fakeApi(() => envelope({ 'group:Harbor_Band': ['artist:Mio Aoki', 3], 'x:y': 'bad' }));
    expect(await getTagGraph(api)).toEqual({ 'group:Harbor_Band': ['artist:Mio Aoki'] });
  });

  test('getAlbumsByTag: recursive only when on, sorted by date desc then title', async () => {
    const albums = [
      wireAlbum('a1', { title: 'B side', date: '2020-01-01' }),
      wireAlbum('a2', { title: 'Newest', date: '2024-05' }),
      wireAlbum('a3', { title: 'A side', date: '2020-01-01' }),
    ];
    const { api, calls } = fakeApi(() => envelope(albums));
    const off = await getAlbumsByTag(api, 'artist:Mio Aoki', false);
    expect(off.map((a) => a.albumId)).toEqual(['a2', 'a3', 'a1']);
    expect(calls[0]!.url.searchParams.get('tag')).toBe('artist:Mio Aoki');
    expect(calls[0]!.url.searchParams.has('recursive')).toBe(false);
    await getAlbumsByTag(api, 'artist:Mio Aoki', true);
    expect(calls[1]!.url.searchParams.get('recursive')).toBe('true');
    expect(off[0]!.artists).toEqual({ vocal: 'Mio Aoki', 'irish-harp': 'Aya' });
  });
});

describe('search', () => {
  test('tracks: only search_tracks is sent; results narrowed', async () => {
    const { api, last } = fakeApi(() =>
      envelope({
        tracks: [
          {
            album_id: A,
            disc_id: 1,
            track_id: 3,
            title: 'Tide',
            artist: 'Mio Aoki',
            type: 'vocal',
            album_title: 'Harbor Lights',
          },
          { album_id: B, disc_id: 2, track_id: 1, title: '', album_title: '' },
          { album_id: B, disc_id: 0, track_id: 1 },
        ],
      }),
    );
    expect(await searchTracks(api, 'tide')).toEqual([
      {
        albumId: A,
        discId: 1,
        trackId: 3,
        title: 'Tide',
        artist: 'Mio Aoki',
        type: 'vocal',
        albumTitle: 'Harbor Lights',
      },
      { albumId: B, discId: 2, trackId: 1, title: '', artist: '', type: 'normal', albumTitle: '' },
    ]);
    expect(last().url.pathname).toBe('/api/search');
    expect([...last().url.searchParams.entries()]).toEqual([
      ['keyword', 'tide'],
      ['search_tracks', 'true'],
    ]);
  });

  test('albums: only search_albums is sent, server order kept', async () => {
    const { api, last } = fakeApi(() => envelope({ albums: [wireAlbum(B, { date: '2000' }), wireAlbum(A)] }));
    expect((await searchAlbums(api, 'harbor')).map((a) => a.albumId)).toEqual([B, A]);
    expect([...last().url.searchParams.entries()]).toEqual([
      ['keyword', 'harbor'],
      ['search_albums', 'true'],
    ]);
  });

  test('missing keys are empty results', async () => {
    const { api } = fakeApi(() => envelope({}));
    expect(await searchTracks(api, 'none')).toEqual([]);
    expect(await searchAlbums(api, 'none')).toEqual([]);
  });
});
