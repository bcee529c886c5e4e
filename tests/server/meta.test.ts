import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import type { AlbumDetails, TrackInfoWithAlbum } from '../../server/meta/types.js';
import { Client, makeDataDir, makeServer, removeDir } from './support/fixture.js';

// Demo metadata written as TOML into a temp meta/ folder, then read back by the server.
const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲, two discs
const B = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02'; // Harbor Lights
const C = '0a7e9b3c-5d2f-4a8b-b1c6-7e8f9a0b1c03'; // 竖琴与海
const D = 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04'; // 昼/夜 Day/Night
const G = '2e9c5a7b-4d1f-4e3a-8b5c-6f7a8b9c0d07'; // 声之形
const H = 'f1b8d3e6-9a2c-4f5b-9c7d-8e9f0a1b2c08'; // Lo-Fi
const I = '9d6e2f4a-7c8b-4a1d-8e3f-5a6b7c8d9e09'; // 港の灯

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

const albums = async (query: string): Promise<Record<string, AlbumDetails | null>> => {
  const res = await c.get<Record<string, AlbumDetails | null>>(`/api/meta/album?${query}`);
  expect(res.status).toBe(0);
  return res.data;
};
const ids = (list: AlbumDetails[]): string[] => list.map((a) => a.album_id).sort();

describe('GET /api/meta/album', () => {
  test('accepts id[] repeated and plain id; unknown ids map to null; no ids → {}', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const data = await albums(`id[]=${A}&id[]=${unknown}&id=${B}`);
    expect(Object.keys(data).sort()).toEqual([A, B, unknown].sort());
    expect(data[unknown]).toBeNull();
    expect(data[A]!.title).toBe('港灯夜曲');
    expect(data[B]!.title).toBe('Harbor Lights');
    expect(await albums('')).toEqual({});
    expect(Object.keys(await albums(`id%5B%5D=${C}`))).toEqual([C]);
  });

  test('album shape: key order, edition, local date, aggregated canonical tags', async () => {
    const a = (await albums(`id[]=${A}`))[A]!;
    expect(Object.keys(a)).toEqual([
      'album_id',
      'title',
      'edition',
      'catalog',
      'artist',
      'date',
      'type',
      'artists',
      'tags',
      'discs',
    ]);
    expect(a).toMatchObject({
      album_id: A,
      title: '港灯夜曲',
      edition: '豪华版',
      catalog: 'ANNI-0001~2',
      artist: '港灯乐团（小林（吉他）、阿健）',
      date: '2023-04-12',
      type: 'normal',
      artists: { vocal: '小林', composer: '阿健', lyricist: '林澄' },
    });
    expect([...a.tags].sort()).toEqual(['category:100% Acoustic', 'category:现场', 'group:港灯乐团'].sort());
  });

  test('discs and tracks are pre-inherited; disc title is not', async () => {
    const a = (await albums(`id[]=${A}`))[A]!;
    const [d1, d2] = a.discs;
    expect('title' in d1!).toBe(false);
    expect(Object.keys(d1!)).toEqual(['artist', 'catalog', 'type', 'artists', 'tags', 'tracks']);
    expect(d1).toMatchObject({
      artist: a.artist,
      catalog: 'ANNI-0001',
      type: 'normal',
      artists: a.artists,
      tags: ['category:100% Acoustic'],
    });
    expect(d1!.tracks[0]).toEqual({ title: '港灯', artist: a.artist, type: 'normal', artists: a.artists });
    expect(d1!.tracks[2]).toEqual({
      title: '雨巷 (Instrumental)',
      artist: '阿健',
      type: 'instrumental',
      artists: a.artists,
    });
    expect(d1!.tracks[4]).toMatchObject({ title: '潮汐', tags: ['category:100% Acoustic'] });
    expect(d2).toMatchObject({
      title: '现场：港口音乐厅',
      catalog: 'ANNI-0002',
      artist: '港灯乐团（小林（吉他）、阿健）、Minato Strings（Aya、Ken）',
      type: 'normal',
      tags: ['category:现场'],
    });
    expect(Object.keys(d2!)[0]).toBe('title');
    expect(d2!.tracks[0]).toEqual({
      title: '开场白',
      artist: d2!.artist,
      type: 'drama',
      artists: a.artists,
      tags: ['category:现场'],
    });
    expect(d2!.tracks[3]!.artists).toEqual({ violin: 'Aya', cello: 'Ken', vocal: '小林' });
  });

  test('absent optional values are omitted, partial dates stay strings, bare tags resolve', async () => {
    const data = await albums(`id[]=${B}&id[]=${D}&id[]=${H}`);
    const b = data[B]!;
    expect('edition' in b).toBe(false);
    expect(b.date).toBe('2022-11');
    expect(b.tags).toEqual(['artist:Mio Aoki']);
    expect(b.discs[0]!.tracks[0]!.tags).toBeUndefined();
    expect(b.discs[0]!.tracks[4]).toEqual({
      title: 'Harbor Lights (Piano Solo)',
      artist: 'Ren Kishi',
      type: 'instrumental',
      artists: { piano: 'Ren Kishi' },
    });
    const d = data[D]!;
    expect('artists' in d).toBe(false);
    expect('artists' in d.discs[0]!).toBe(false);
    expect(d.tags).toEqual(['artist:林澄', 'category:Lo-Fi/Chill']);
    expect(d.title).toBe('昼/夜 Day/Night');
    expect(d.discs[0]!.tracks[4]!.title).toBe('漫长的潮汐 (Extended)');
    expect(data[H]!.date).toBe('2023');
  });

  test('role keys are sent as-is (irish-harp)', async () => {
    expect((await albums(`id[]=${C}`))[C]!.artists).toEqual({ 'irish-harp': 'Aya', composer: 'Ken' });
  });
});

describe('tags', () => {
  test('GET /api/meta/tags lists defined and included tags with localised names or null', async () => {
    const res = await c.get<{ name: string; type: string; names: Record<string, string> | null }[]>('/api/meta/tags');
    expect(res.data).toContainEqual({
      name: '港湾唱片',
      type: 'organization',
      names: { en: 'Harbor Records', ja: 'ハーバー・レコード' },
    });
    expect(res.data).toContainEqual({ name: '港灯乐团', type: 'group', names: null });
    expect(res.data).toContainEqual({ name: 'Lo-Fi/Chill', type: 'category', names: null });
    expect(res.data).toContainEqual({ name: 'Aurora', type: 'artist', names: null });
    expect(res.data).toContainEqual({ name: 'Aurora', type: 'series', names: null });
  });

  test('tag graph honours includes and included-by, only parents are keys', async () => {
    const graph = (await c.get<Record<string, string[]>>('/api/meta/tag-graph')).data;
    const sorted = Object.fromEntries(Object.entries(graph).map(([k, v]) => [k, [...v].sort()]));
    expect(sorted).toEqual({
      'organization:港湾唱片': ['artist:Mio Aoki', 'group:Minato Strings', 'group:港灯乐团'].sort(),
      'group:港灯乐团': ['artist:小林', 'artist:阿健'].sort(),
      'group:Minato Strings': ['artist:Aya', 'artist:Ken'].sort(),
    });
  });

  test.each([
    ['organization:港湾唱片', false, [I]],
    ['organization:港湾唱片', true, [A, B, C, G, I]],
    ['港湾唱片', true, [A, B, C, G, I]],
    ['group:港灯乐团', false, [A]],
    ['group:Minato Strings', true, [C]],
    ['category:Lo-Fi/Chill', false, [D, H]],
    ['100% Acoustic', false, [A, C]],
    ['artist:Aurora', false, []],
  ])('albums/by-tag %s (recursive %s)', async (tag, recursive, expected) => {
    const query = `tag=${encodeURIComponent(tag)}${recursive ? '&recursive' : ''}`;
    const res = await c.get<AlbumDetails[]>(`/api/meta/albums/by-tag?${query}`);
    expect(res.status).toBe(0);
    expect(ids(res.data)).toEqual([...expected].sort());
    if (res.data[0]) expect(res.data[0]).toHaveProperty('discs');
  });

  test('recursive is presence-only (=false also switches it on), =true works', async () => {
    const on = await c.get<AlbumDetails[]>(
      `/api/meta/albums/by-tag?tag=${encodeURIComponent('organization:港湾唱片')}&recursive=false`,
    );
    expect(on.data).toHaveLength(5);
    const t = await c.get<AlbumDetails[]>(
      `/api/meta/albums/by-tag?tag=${encodeURIComponent('organization:港湾唱片')}&recursive=true`,
    );
    expect(t.data).toHaveLength(5);
  });

  test('unknown or ambiguous tags → 902000 "tag not found"', async () => {
    for (const tag of ['artist:Nobody', 'Aurora', 'Nobody']) {
      expect(await c.get(`/api/meta/albums/by-tag?tag=${encodeURIComponent(tag)}`)).toEqual({
        status: 902000,
        message: 'tag not found',
        data: null,
      });
    }
    expect((await c.get('/api/meta/albums/by-tag')).status).toBe(902003);
  });
});

describe('GET /api/search', () => {
  type Result = { albums?: AlbumDetails[]; tracks?: TrackInfoWithAlbum[] };

  test('albums and tracks, case-insensitive; tracks are TrackInfoWithAlbum', async () => {
    const res = await c.get<Result>('/api/search?keyword=HARBOR&search_albums&search_tracks');
    expect(ids(res.data.albums!)).toEqual([B]);
    expect(res.data.tracks).toContainEqual({
      album_id: B,
      disc_id: 1,
      track_id: 5,
      title: 'Harbor Lights (Piano Solo)',
      artist: 'Ren Kishi',
      type: 'instrumental',
      album_title: 'Harbor Lights',
    });
    expect(Object.keys(res.data.tracks![0]!)).toEqual([
      'album_id',
      'disc_id',
      'track_id',
      'title',
      'artist',
      'type',
      'album_title',
    ]);
  });

  test('only the requested kinds; empty results are omitted', async () => {
    const albumsOnly = await c.get<Result>(`/api/search?keyword=${encodeURIComponent('港灯')}&search_albums`);
    expect(Object.keys(albumsOnly.data)).toEqual(['albums']);
    expect(ids(albumsOnly.data.albums!)).toContain(A);
    const nothing = await c.get<Result>('/api/search?keyword=zzzz-nothing&search_albums&search_tracks');
    expect(nothing.data).toEqual({});
    const noFlags = await c.get<Result>('/api/search?keyword=harbor');
    expect(noFlags.data).toEqual({});
  });

  test('flags are presence-only; catalog and artist match; at most 50 each', async () => {
    const res = await c.get<Result>('/api/search?keyword=lofi-0420&search_albums=false');
    expect(ids(res.data.albums!)).toEqual([H]);
    const many = await c.get<Result>('/api/search?keyword=a&search_tracks');
    expect(many.data.tracks!.length).toBeLessThanOrEqual(50);
    const byArtist = await c.get<Result>(`/api/search?keyword=${encodeURIComponent('ren kishi')}&search_tracks`);
    expect(
      byArtist.data.tracks!.every(
        (t) => t.artist?.includes('Ren Kishi') || t.title.toLowerCase().includes('ren kishi'),
      ),
    ).toBe(true);
  });
});
