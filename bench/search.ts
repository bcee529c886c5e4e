/**
 * Metadata search on a big repo: a synthetic MetaRepo of 10,000 and 100,000 albums (about 10
 * tracks each, titles mixing CJK, kana and ASCII words, artists from a shared pool) built in memory.
 * Reports the index build time, the memory the index adds (JS heap plus the typed arrays' backing
 * stores, after a forced GC), and per call median / p95 of searchAlbums / searchTracks through the
 * index against the full scan the server used before (kept below for the comparison).
 *
 * Figures only; nothing here asserts speed.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SEARCH_LIMIT, searchAlbums, searchTracks } from '../server/meta/query';
import { buildMetaIndex } from '../server/meta/searchIndex';
import type { MetaRepo } from '../server/meta/load';
import { TagRegistry } from '../server/meta/tags';
import type { AlbumDetails, DiscDetails, TrackDetails } from '../server/meta/types';
import { has, scanAlbums, scanTracks } from '../harness/metaScan';
import { median, round } from './lib/stats';
import type { BenchModule, Cell } from './lib/types';
import { mulberry32 } from '../server/demo/synth';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** deterministic PRNG (the demo's mulberry32), so every run gets the same data */
const random = mulberry32;

const WORDS = [
  'love',
  'night',
  'Star',
  'the',
  'Dream',
  'rain',
  'LIGHT',
  'song',
  'blue',
  'Summer',
  'memory',
  'Hello',
  'world',
  'sky',
  'heart',
  'Road',
  'moon',
  'ocean',
  'Fire',
  'piano',
  'remix',
  'live',
  'ver.',
  'instrumental',
  'Tokyo',
  'harbor',
  'wind',
  'echo',
];
const FIRST = ['Ren', 'Aki', 'Yuki', 'Mei', 'Sora', 'Hana', 'Kai', 'Lin', 'Jun', 'Rio', 'Sam', 'Alex', 'Nora', 'Eli'];
const LAST = ['Kishi', 'Tanaka', 'Chen', 'Wang', 'Sato', 'Lee', 'Ito', 'Park', 'Mori', 'Zhou', 'Smith', 'Gray'];

function generateRepo(albumCount: number, seed: number): MetaRepo {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  // common CJK ideographs (the first 2,500 of the block) and hiragana/katakana
  const cjk = (): string => String.fromCharCode(0x4e00 + Math.floor(rnd() * rnd() * 2500));
  const kana = (): string => String.fromCharCode((rnd() < 0.5 ? 0x3041 : 0x30a1) + Math.floor(rnd() * 86));
  const phrase = (): string => {
    const parts: string[] = [];
    for (let n = 1 + Math.floor(rnd() * 3); n > 0; n--) {
      const r = rnd();
      if (r < 0.4) parts.push(Array.from({ length: 2 + Math.floor(rnd() * 4) }, cjk).join(''));
      else if (r < 0.6) parts.push(Array.from({ length: 2 + Math.floor(rnd() * 5) }, kana).join(''));
      else parts.push(pick(WORDS));
    }
    return parts.join(rnd() < 0.5 ? ' ' : '');
  };
  const artists = Array.from({ length: 5000 }, () =>
    rnd() < 0.5 ? `${pick(FIRST)} ${pick(LAST)}` : Array.from({ length: 2 + Math.floor(rnd() * 3) }, cjk).join(''),
  );
  const albums = new Map<string, AlbumDetails>();
  for (let i = 0; i < albumCount; i++) {
    const artist = pick(artists);
    const hex = i.toString(16).padStart(12, '0');
    const catalog = `${String.fromCharCode(65 + Math.floor(rnd() * 26), 65 + Math.floor(rnd() * 26))}CD-${10000 + i}`;
    const discs: DiscDetails[] = [];
    const discCount = rnd() < 0.15 ? 2 : 1;
    for (let d = 0; d < discCount; d++) {
      const tracks: TrackDetails[] = [];
      for (let t = 0, n = Math.round((8 + rnd() * 4) / discCount); t < n; t++) {
        tracks.push({ title: phrase(), artist: rnd() < 0.85 ? artist : `${artist}, ${pick(artists)}`, type: 'normal' });
      }
      discs.push({ artist, catalog: discCount > 1 ? `${catalog}-${d + 1}` : catalog, type: 'normal', tracks });
    }
    const album: AlbumDetails = {
      album_id: `00000000-0000-4000-8000-${hex}`,
      title: phrase(),
      catalog,
      artist,
      date: '2024-01-01',
      type: 'normal',
      tags: [],
      discs,
    };
    if (rnd() < 0.2) album.edition = pick(['Deluxe', '限定盤', '通常盤', 'Anniversary Edition']);
    albums.set(album.album_id, album);
  }
  return { albums, tags: new TagRegistry(), lyrics: new Map() };
}

const usedBytes = (): number => {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/** per-call times in ms; stops after `maxRuns` calls or about `budgetMs` */
function time(fn: () => unknown, maxRuns: number, budgetMs: number): number[] {
  fn(); // warm up
  const times: number[] = [];
  const until = performance.now() + budgetMs;
  while (times.length < maxRuns && (times.length < 5 || performance.now() < until)) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return times;
}

/** every match, no cut-off: to pick rare keywords */
function countMatches(repo: MetaRepo, k: string, tracks: boolean): number {
  let n = 0;
  for (const a of repo.albums.values()) {
    if (!tracks) n += has(a.title, k) || has(a.edition, k) || has(a.artist, k) || has(a.catalog, k) ? 1 : 0;
    else for (const d of a.discs) for (const t of d.tracks) n += has(t.title, k) || has(t.artist, k) ? 1 : 0;
  }
  return n;
}

/** A 3-character piece of a title from the middle of the repo that 1 to 5 albums (tracks) have. */
function rareKeyword(repo: MetaRepo, tracks: boolean): string {
  const albums = [...repo.albums.values()];
  for (let i = Math.floor(albums.length / 2); i < albums.length; i++) {
    const a = albums[i]!;
    for (const title of tracks ? a.discs[0]!.tracks.map((t) => t.title) : [a.title]) {
      const chars = title.toLowerCase();
      for (let j = 0; j + 3 <= chars.length; j++) {
        const k = chars.slice(j, j + 3);
        if (k.trim() !== k) continue;
        const n = countMatches(repo, k, tracks);
        if (n >= 1 && n <= 5) return k;
      }
    }
  }
  throw new Error('no rare keyword found');
}

const MB = (bytes: number): number => Math.round(bytes / 1e5) / 10;
const ratio = (x: number): number => (x >= 10 ? Math.round(x) : Math.round(x * 10) / 10);
const us = (ms: number): number => (ms < 1 ? Math.round(ms * 10_000) / 10 : Math.round(ms * 1000));

export const searchBench: BenchModule = {
  name: 'search',
  title: 'Metadata search: n-gram index vs full scan (synthetic repo)',
  async run() {
    const rows: Record<string, Cell>[] = [];
    const data: unknown[] = [];
    const builds: string[] = [];
    for (const albumCount of [10_000, 100_000]) {
      const empty = usedBytes();
      const repo = generateRepo(albumCount, 42);
      const repoBytes = usedBytes() - empty;
      let trackCount = 0;
      for (const a of repo.albums.values()) for (const d of a.discs) trackCount += d.tracks.length;
      const before = usedBytes();
      const buildStart = performance.now();
      repo.index = buildMetaIndex(repo.albums);
      const buildMs = performance.now() - buildStart;
      const added = usedBytes() - before;
      const typed = repo.index.albumText.bytes + repo.index.trackText.bytes + repo.index.firstTrack.byteLength;

      const measured: unknown[] = [];
      for (const [what, fnIndexed, fnScan] of [
        ['albums', searchAlbums, scanAlbums],
        ['tracks', searchTracks, scanTracks],
      ] as const) {
        const keywords: [string, string][] = [
          ['rare', rareKeyword(repo, what === 'tracks')],
          ['common', 'love'],
          ['1 char', 'a'],
          ['1 char CJK', '一'],
          ['common bigrams, few hits', 'ght m'],
          ['absent', 'zzqx'],
        ];
        for (const [label, keyword] of keywords) {
          const hits = (fnIndexed as (r: MetaRepo, k: string) => unknown[])(repo, keyword).length;
          const indexed = time(() => fnIndexed(repo, keyword), 500, 500);
          const scan = time(() => fnScan(repo, keyword), 50, 2000);
          const row = {
            albums: albumCount,
            search: what,
            keyword: `${label}: "${keyword}"`,
            hits,
            'index median µs': us(median(indexed)),
            'index p95 µs': us(p95(indexed)),
            'scan median µs': us(median(scan)),
            'scan p95 µs': us(p95(scan)),
            'scan / index': ratio(median(scan) / median(indexed)),
          };
          rows.push(row);
          measured.push({ ...row, indexRuns: indexed.length, scanRuns: scan.length });
        }
      }
      const summary = {
        albumCount,
        trackCount,
        repoMB: MB(repoBytes),
        buildMs: round(buildMs),
        indexAddedMB: MB(added),
        typedArraysMB: MB(typed),
        measured,
      };
      data.push(summary);
      builds.push(
        `${albumCount} albums, ${trackCount} tracks: index built in ${Math.round(buildMs)} ms, adds ${MB(added)} MB (typed arrays ${MB(typed)} MB); the repo itself takes ${MB(repoBytes)} MB`,
      );
    }
    return {
      rows,
      notes: [
        ...builds,
        `hits: results returned (cut at SEARCH_LIMIT = ${SEARCH_LIMIT}); times per call, median and p95 of up to 500 (index) / 50 (scan) calls`,
        'memory: JS heap + ArrayBuffers, measured after a forced GC',
      ],
      data,
    };
  },
};
