import { afterAll, describe, expect, test } from 'vitest';
import { demoPaths, writeDemoMeta } from '../../server/demo/generate.js';
import { loadMetaRepo, type MetaRepo } from '../../server/meta/load.js';
import { SEARCH_LIMIT, albumsByTag, searchAlbums, searchTracks } from '../../server/meta/query.js';
import { TagRegistry } from '../../server/meta/tags.js';
import type { AlbumDetails, DiscDetails, TrackDetails } from '../../server/meta/types.js';
import { removeDir, tempDir } from './support/fixture.js';
import { has, scanAlbums, scanByTag, scanTracks } from '../../harness/metaScan.js';
import { mulberry32 } from '../../server/demo/synth.js';

/*
 * The metadata search and by-tag queries answer from indexes built once per repo
 * (server/meta/searchIndex.ts). Their results must be exactly those of the full scan they replace,
 * kept here as the reference, and a call must not read every album.
 */

// the reference: the scanning queries as they were before the index (harness/metaScan.ts)

// ---- a generator of random albums ----

/** deterministic PRNG (the demo's mulberry32), so every run gets the same data */
const random = mulberry32;

// Small alphabets so keywords hit often (> SEARCH_LIMIT); the odd characters are ones whose
// lower-casing changes length or depends on context (İ, final Σ), surrogate pairs, and U+FFFF.
const ASCII = 'aAbBcCdDeE xyZ';
const CJK = '港灯夜曲海风の歌ラブ愛星空';
const PUNCT = ' -.,!?()~・、「」';
const ODD = ['İ', 'Σ', 'ß', '🎵', '𠀋', '\uffff', 'ǅ'];

interface Generated {
  repo: MetaRepo;
  tagKeys: string[];
  rnd: () => number;
}

function generate(albumCount: number, seed: number): Generated {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const char = (): string => {
    const r = rnd();
    if (r < 0.45) return pick([...ASCII]);
    if (r < 0.8) return pick([...CJK]);
    if (r < 0.95) return pick([...PUNCT]);
    return pick(ODD);
  };
  const text = (max: number): string => Array.from({ length: 1 + Math.floor(rnd() * max) }, char).join('');

  const tags = new TagRegistry();
  const tagKeys = [
    'artist:甲',
    'artist:B',
    'group:乙',
    'group:Band',
    'organization:Label',
    'category:Pop',
    'category:J-Pop',
    'series:S',
    'unknown:孤',
  ].map((k) => {
    const [type, name] = k.split(':') as [string, string];
    return tags.define(type, name);
  });
  tags.link('organization:Label', 'group:乙');
  tags.link('organization:Label', 'group:Band');
  tags.link('group:乙', 'artist:甲');
  tags.link('group:Band', 'artist:B');
  tags.link('category:Pop', 'category:J-Pop');
  tags.link('category:J-Pop', 'category:Pop'); // a cycle: withDescendants is cycle-safe
  const someTags = (): string[] => tagKeys.filter(() => rnd() < 0.12);

  const artists = Array.from({ length: 12 }, () => text(6));
  const albums = new Map<string, AlbumDetails>();
  for (let i = 0; i < albumCount; i++) {
    const artist = pick(artists);
    const discs: DiscDetails[] = [];
    const albumTags = new Set(someTags());
    for (let d = 0, dn = 1 + Math.floor(rnd() * 3); d < dn; d++) {
      const discArtist = rnd() < 0.8 ? artist : pick(artists);
      const tracks: TrackDetails[] = [];
      for (let t = 0, tn = 1 + Math.floor(rnd() * 6); t < tn; t++) {
        const track: TrackDetails = { title: text(12), type: 'normal' };
        if (rnd() < 0.9) track.artist = rnd() < 0.8 ? discArtist : text(8);
        const trackTags = someTags();
        if (trackTags.length) track.tags = trackTags;
        for (const tag of trackTags) albumTags.add(tag);
        tracks.push(track);
      }
      discs.push({ artist: discArtist, catalog: `${text(3)}-${d}`, type: 'normal', tracks });
    }
    const album: AlbumDetails = {
      album_id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      title: text(14),
      catalog: `${pick(['ABC', 'xyz', 'Ω'])}-${i}`,
      artist,
      date: '2024-01-01',
      type: 'normal',
      tags: [...albumTags],
      discs,
    };
    if (rnd() < 0.4) album.edition = text(5);
    albums.set(album.album_id, album);
  }
  return { repo: { albums, tags, lyrics: new Map() }, tagKeys, rnd };
}

/** Keywords of every kind: substrings of real fields (1, 2, 3+ characters), case flipped, padded, spanning two fields, absent. */
function keywords(g: Generated, count: number): string[] {
  const { repo, rnd } = g;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const albums = [...repo.albums.values()];
  const fields = (a: AlbumDetails): string[] => {
    const out = [a.title, a.artist, a.catalog, ...(a.edition ? [a.edition] : [])];
    for (const d of a.discs) for (const t of d.tracks) out.push(t.title, ...(t.artist ? [t.artist] : []));
    return out;
  };
  const flipCase = (s: string): string => [...s].map((c) => (rnd() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
  const out = [
    '',
    ' ',
    '   ',
    '\t',
    'a',
    'A',
    '港',
    'の',
    ' ',
    '-',
    'i',
    'σ',
    '🎵',
    '\uffff',
    'zzzz',
    '没有',
    'ab',
    'AB',
    ' a ',
    '港灯',
    'xyz-1',
    'ς',
    'i̇',
    'ss',
    'abc-1',
    'ω',
    '\ud83c',
    'x'.repeat(40),
  ];
  while (out.length < count) {
    const a = pick(albums);
    const list = fields(a);
    const field = pick(list);
    const r = rnd();
    let k: string;
    if (r < 0.75) {
      const len = pick([1, 1, 2, 2, 3, 4, 6]);
      const start = Math.floor(rnd() * Math.max(1, field.length - len + 1));
      k = field.slice(start, start + len);
    } else if (r < 0.85) {
      k = field.slice(-2) + pick(list).slice(0, 2); // across two fields: bigrams present, text not
    } else if (r < 0.95) {
      k = `${field.slice(0, 3)}\u00a7`; // a character no album has
    } else {
      k = field;
    }
    if (rnd() < 0.5) k = flipCase(k);
    if (rnd() < 0.3) k = `${pick([' ', '  ', '\t'])}${k}${pick(['', ' ', '\n'])}`;
    out.push(k);
  }
  return out;
}

const albumIds = (list: AlbumDetails[]): string[] => list.map((a) => a.album_id);

describe('indexed search gives exactly what the full scan gives', () => {
  for (const [albumCount, seed] of [
    [60, 1],
    [400, 2],
    [1500, 3],
  ] as const) {
    test(`albums and tracks, ${albumCount} random albums (seed ${seed})`, () => {
      const g = generate(albumCount, seed);
      let overLimit = 0;
      let empty = 0;
      for (const k of keywords(g, 600)) {
        const albums = searchAlbums(g.repo, k);
        expect(albumIds(albums), `albums for ${JSON.stringify(k)}`).toEqual(albumIds(scanAlbums(g.repo, k)));
        expect(albums.every((a) => g.repo.albums.get(a.album_id) === a)).toBe(true); // the repo's own objects
        const tracks = searchTracks(g.repo, k);
        expect(tracks, `tracks for ${JSON.stringify(k)}`).toEqual(scanTracks(g.repo, k));
        if (scanAlbums(g.repo, k).length === SEARCH_LIMIT || tracks.length === SEARCH_LIMIT) overLimit++;
        if (tracks.length === 0) empty++;
      }
      // the keywords did exercise the cut-off and the misses
      expect(overLimit).toBeGreaterThan(20);
      expect(empty).toBeGreaterThan(20);
    });
  }

  test('keywords hitting more than SEARCH_LIMIT are cut at the same item', () => {
    const g = generate(3000, 4);
    for (const k of ['a', 'A', ' b ', '港', 'ab', 'x', '-']) {
      const all = [...g.repo.albums.values()].filter((a) =>
        [a.title, a.edition, a.artist, a.catalog].some((f) => has(f, k.trim().toLowerCase())),
      );
      expect(all.length).toBeGreaterThan(SEARCH_LIMIT);
      expect(albumIds(searchAlbums(g.repo, k))).toEqual(albumIds(all.slice(0, SEARCH_LIMIT)));
      expect(searchTracks(g.repo, k)).toEqual(scanTracks(g.repo, k));
      expect(searchTracks(g.repo, k)).toHaveLength(SEARCH_LIMIT);
    }
  });

  test('albums/by-tag, recursive and not, for every tag', () => {
    for (const [albumCount, seed] of [
      [50, 5],
      [800, 6],
    ] as const) {
      const g = generate(albumCount, seed);
      for (const key of [...g.tagKeys, 'artist:nobody']) {
        for (const recursive of [false, true]) {
          const got = albumsByTag(g.repo, key, recursive);
          expect(albumIds(got), `${key} recursive ${recursive}`).toEqual(albumIds(scanByTag(g.repo, key, recursive)));
          expect(new Set(got).size).toBe(got.length); // an album carrying several of the tags comes once
        }
      }
      expect(albumsByTag(g.repo, 'organization:Label', true).length).toBeGreaterThan(
        albumsByTag(g.repo, 'organization:Label', false).length,
      );
    }
  });

  test('a hand-built repo whose albums Map changes is re-indexed', () => {
    const g = generate(100, 7);
    expect(albumIds(searchAlbums(g.repo, 'a'))).toEqual(albumIds(scanAlbums(g.repo, 'a')));
    const extra = generate(1, 8).repo.albums.values().next().value!;
    const added = { ...extra, album_id: 'ffffffff-0000-4000-8000-000000000000', title: 'Brand-new 新作' };
    g.repo.albums.set(added.album_id, added);
    expect(albumIds(searchAlbums(g.repo, '新作'))).toEqual([added.album_id]);
    g.repo.albums = new Map([...g.repo.albums].reverse());
    expect(albumIds(searchAlbums(g.repo, 'a'))).toEqual(albumIds(scanAlbums(g.repo, 'a')));
  });
});

describe('a query reads only the albums that can match', () => {
  /**
   * 10,000 albums, each behind a Proxy that records which albums have a property read. The index
   * is built by a first query (it reads everything); the calls measured after it may read only the
   * albums their candidates belong to. The old scan read all 10,000 on every call.
   */
  function watchedRepo(): { repo: MetaRepo; touched: Set<string> } {
    const g = generate(10_000, 9);
    const touched = new Set<string>();
    const albums = new Map<string, AlbumDetails>();
    let n = 0;
    for (const [id, album] of g.repo.albums) {
      // a rare title on four albums, a rare track title on two tracks, a rare tag on four albums
      if (n % 3001 === 7) album.title = `${album.title}薔薇Qz`;
      if (n % 4999 === 11) album.discs[0]!.tracks[0]!.title = `雪月花Wv${album.discs[0]!.tracks[0]!.title}`;
      if (n % 2500 === 3) album.tags = [...album.tags, 'series:Rare'];
      n++;
      albums.set(
        id,
        new Proxy(album, {
          get(target, prop, receiver) {
            touched.add(id);
            return Reflect.get(target, prop, receiver);
          },
        }),
      );
    }
    g.repo.tags.define('series', 'Rare');
    g.repo.albums = albums;
    return { repo: g.repo, touched };
  }

  const { repo, touched } = watchedRepo();
  searchAlbums(repo, 'warm up'); // builds the index (reads every album once)

  test('a rare album keyword', () => {
    touched.clear();
    const found = searchAlbums(repo, '薔薇qZ');
    const reads = touched.size;
    expect(found).toHaveLength(4);
    expect(reads).toBeLessThanOrEqual(10);
  });

  test('a rare track keyword', () => {
    touched.clear();
    const found = searchTracks(repo, ' 雪月花wv ');
    const reads = touched.size;
    expect(found).toHaveLength(2);
    expect(reads).toBeLessThanOrEqual(10);
  });

  test('a keyword nobody has, and a common one cut at SEARCH_LIMIT', () => {
    touched.clear();
    expect(searchAlbums(repo, 'Qz薔薇')).toEqual([]);
    expect(searchTracks(repo, 'nothing-here')).toEqual([]);
    expect(touched.size).toBeLessThanOrEqual(10);
    touched.clear();
    expect(searchTracks(repo, 'a')).toHaveLength(SEARCH_LIMIT);
    expect(touched.size).toBeLessThanOrEqual(SEARCH_LIMIT);
  });

  test('albums/by-tag reads no album it does not return', () => {
    touched.clear();
    const found = albumsByTag(repo, 'series:Rare', false);
    const reads = touched.size;
    expect(found).toHaveLength(4);
    expect(reads).toBeLessThanOrEqual(4);
  });
});

describe('loadMetaRepo builds the index once', () => {
  const dir = tempDir();
  afterAll(() => removeDir(dir));

  test('the loaded repo carries it, queries reuse it, results match the scan', () => {
    const metaDir = demoPaths(dir).metaDir;
    writeDemoMeta(metaDir);
    const repo = loadMetaRepo(metaDir, () => {});
    const index = repo.index;
    expect(index).toBeDefined();
    for (const k of ['a', 'HARBOR', '港灯', 'ren kishi', 'lofi-0420', 'zzzz', ' e ']) {
      expect(albumIds(searchAlbums(repo, k))).toEqual(albumIds(scanAlbums(repo, k)));
      expect(searchTracks(repo, k)).toEqual(scanTracks(repo, k));
    }
    for (const tag of repo.tags.list()) {
      const key = `${tag.type}:${tag.name}`;
      expect(albumIds(albumsByTag(repo, key, true))).toEqual(albumIds(scanByTag(repo, key, true)));
    }
    expect(repo.index).toBe(index);
  });
});
