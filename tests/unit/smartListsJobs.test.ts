// 智能歌单 on the device: the album facts kept in step with the libraries (new albums read once,
// old blocks read again, a block the libraries left rewritten, a damaged block read again), the
// worker's jobs over real IndexedDB code (fake-indexeddb at the edge) with a fake site, and each
// account's lists checked for shape when read.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { openDB } from 'idb';
import { syncAlbumFacts } from '@/features/smartLists/factsSync';
import { forgetSmartListsJobs, runSmartListsJob, type SentListenerData } from '@/features/smartLists/jobs';
import { createSmartListsWorker } from '@/features/smartLists/worker';
import type { SmartList } from '@/rules/smartLists';
import { ALBUM_FACTS_MAX_AGE_MS, SMART_LISTS_DB_NAME } from '@/shared/constants';
import type { AlbumInfo } from '@/shared/types';
import { clearAlbumDb, closeAlbumDb, removeLibraryFromAlbums, setLibraryAlbums } from '@/storage/albumDb';
import {
  clearAlbumFacts,
  deleteSmartListsDb,
  readAccountLists,
  readFactsBlocks,
  writeAccountLists,
} from '@/storage/smartLists';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const album = (n: number): AlbumInfo => ({
  albumId: id(n),
  title: `Album ${n}`,
  catalog: '',
  artist: n % 2 ? 'Odd Band' : 'Even Band',
  date: '2020',
  type: 'normal',
  tags: [],
  discs: [{ catalog: '', tracks: [{ title: `Song ${n}` }, { title: `Other ${n}` }] }],
});

/** a site that knows albums 1 … 2,999 (not 404) and counts what it was asked */
function fakeSite() {
  const asked: string[][] = [];
  const fetchAlbums = async (ids: readonly string[]) => {
    asked.push([...ids]);
    return new Map(
      ids.filter((albumId) => albumId !== id(404)).map((albumId) => [albumId, album(Number(albumId.slice(-12)))]),
    );
  };
  return { asked, fetchAlbums, total: () => asked.flat().length };
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => id(from + i));
const NOW = 1_800_000_000_000;

beforeEach(async () => {
  forgetSmartListsJobs();
});
afterEach(async () => {
  await clearAlbumDb();
  await closeAlbumDb();
  await deleteSmartListsDb();
});

describe('album facts in step with the libraries', () => {
  test('new albums are read once, a hundred per request; an album the site does not know is not asked again', async () => {
    const site = fakeSite();
    const available = new Set(ids(1, 1_500));
    expect(await syncAlbumFacts(available, site.fetchAlbums, NOW)).toEqual({ fetched: 1_500, albums: 1_500 });
    expect(site.asked.every((batch) => batch.length <= 100)).toBe(true);
    expect(site.total()).toBe(1_500);
    // blocks of a thousand albums
    expect((await readFactsBlocks()).map(({ block }) => block.trackCounts.length)).toEqual([1_000, 500]);

    expect(await syncAlbumFacts(available, site.fetchAlbums, NOW + 1_000)).toEqual({ fetched: 0, albums: 1_500 });
    available.add(id(2_000));
    expect(await syncAlbumFacts(available, site.fetchAlbums, NOW + 2_000)).toEqual({ fetched: 1, albums: 1_501 });
    expect(site.total()).toBe(1_501);
  });

  test('a block older than a week is read again and replaced; one the libraries mostly left is rewritten', async () => {
    const site = fakeSite();
    await syncAlbumFacts(new Set(ids(1, 1_000)), site.fetchAlbums, NOW);
    await syncAlbumFacts(new Set(ids(1, 1_000)), site.fetchAlbums, NOW + ALBUM_FACTS_MAX_AGE_MS + 1);
    expect(site.total()).toBe(2_000);
    expect((await readFactsBlocks()).length).toBe(1);

    // 600 of the 1,000 albums gone: the 400 left are read again into a new block, the old one goes
    const left = new Set(ids(601, 1_000));
    expect(await syncAlbumFacts(left, site.fetchAlbums, NOW + ALBUM_FACTS_MAX_AGE_MS + 2)).toEqual({
      fetched: 400,
      albums: 400,
    });
    const blocks = await readFactsBlocks();
    expect(blocks.map(({ block }) => block.trackCounts.length)).toEqual([400]);
  });

  test('a damaged block is deleted with a warning and its albums read again', async () => {
    const site = fakeSite();
    await syncAlbumFacts(new Set(ids(1, 10)), site.fetchAlbums, NOW);
    const db = await openDB(SMART_LISTS_DB_NAME);
    const [key] = await db.getAllKeys('facts');
    await db.put('facts', { ids: 'broken' }, key);
    db.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await syncAlbumFacts(new Set(ids(1, 10)), site.fetchAlbums, NOW)).toEqual({ fetched: 10, albums: 10 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('damaged album facts block'));
    warn.mockRestore();
  });
});

describe('the worker jobs', () => {
  const DATA: SentListenerData = {
    now: NOW / 1000,
    likedTracks: [`${id(3)}-1-2`],
    likedAlbums: [],
    plays: [[`${id(2)}-1-1`, 5]],
    playedWithin: new Map(),
    lastPlayedAt: [],
    playlists: new Map(),
    tagGraph: {},
  };

  async function library(from: number, to: number) {
    await setLibraryAlbums('https://library.test', ids(from, to));
    await syncAlbumFacts(new Set(ids(from, to)), fakeSite().fetchAlbums, NOW);
  }

  test('a list comes back as tracks to play, in order, with what matched before the limit', async () => {
    await library(1, 4);
    const answer = await runSmartListsJob({
      id: 1,
      kind: 'evaluate',
      list: {
        match: 'any',
        rules: [
          { kind: 'liked', target: 'track', liked: true },
          { kind: 'plays', op: 'atLeast', count: 1 },
        ],
        sortBy: 'mostPlayed',
        seed: 1,
        limit: null,
      },
      version: 1,
      data: DATA,
      countOnly: false,
    });
    expect(answer).toEqual({
      id: 1,
      ok: true,
      result: {
        matched: 2,
        tracks: [
          {
            albumId: id(2),
            discId: 1,
            trackId: 1,
            title: 'Song 2',
            artist: 'Even Band',
            type: 'normal',
            albumTitle: 'Album 2',
          },
          {
            albumId: id(3),
            discId: 1,
            trackId: 2,
            title: 'Other 3',
            artist: 'Odd Band',
            type: 'normal',
            albumTitle: 'Album 3',
          },
        ],
      },
    });
  });

  test('the data is sent once per version; a worker without it says so, and the client sends it again', async () => {
    await library(1, 4);
    const list = { match: 'all' as const, rules: [], sortBy: 'title' as const, seed: 1, limit: null };
    const missing = await runSmartListsJob({ id: 2, kind: 'evaluate', list, version: 9, data: null, countOnly: true });
    expect(missing).toMatchObject({ ok: false, dataMissing: true });

    const worker = createSmartListsWorker(null);
    expect(await worker.evaluate(list, 9, DATA, true)).toEqual({ matched: 8, tracks: [] });
    forgetSmartListsJobs(); // as a restarted worker
    expect(await worker.evaluate(list, 9, DATA, true)).toEqual({ matched: 8, tracks: [] });
  });

  test('a library removed or new facts read: the next list reads them afresh', async () => {
    await library(1, 4);
    const worker = createSmartListsWorker(null);
    const list = { match: 'all' as const, rules: [], sortBy: 'title' as const, seed: 1, limit: null };
    expect((await worker.evaluate(list, 1, DATA, true)).matched).toBe(8);
    await setLibraryAlbums('https://second.test', ids(5, 6));
    await syncAlbumFacts(new Set(ids(1, 6)), fakeSite().fetchAlbums, NOW);
    expect((await worker.evaluate(list, 1, DATA, true)).matched).toBe(12);
    await removeLibraryFromAlbums('https://library.test');
    expect((await worker.evaluate(list, 1, DATA, true)).matched).toBe(4);
    await clearAlbumFacts();
    expect((await worker.evaluate(list, 1, DATA, true)).matched).toBe(0);
  });
});

describe("an account's lists", () => {
  const list: SmartList = {
    id: 'a',
    name: '常听',
    match: 'all',
    rules: [{ kind: 'plays', op: 'atLeast', count: 2 }],
    sortBy: 'mostPlayed',
    seed: 3,
    limit: 50,
    updatedAt: 1,
  };

  test('kept per account; not started until written', async () => {
    expect(await readAccountLists('1')).toEqual({ lists: [], started: false });
    await writeAccountLists('1', [list]);
    expect(await readAccountLists('1')).toEqual({ lists: [list], started: true });
    expect(await readAccountLists('2')).toEqual({ lists: [], started: false });
    await writeAccountLists('1', []);
    expect(await readAccountLists('1')).toEqual({ lists: [], started: true });
  });

  test('a damaged list is left out with a warning, the others kept; a damaged record reads as none', async () => {
    await writeAccountLists('1', [list]);
    const db = await openDB(SMART_LISTS_DB_NAME);
    await db.put('lists', { lists: [list, { ...list, id: 'b', sortBy: 'random' }], started: true }, '1');
    await db.put('lists', 'nonsense', '2');
    db.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await readAccountLists('1')).toEqual({ lists: [list], started: true });
    expect(await readAccountLists('2')).toEqual({ lists: [], started: true });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
