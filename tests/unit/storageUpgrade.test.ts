// Nothing lost on upgrade: databases written by the version that kept one availability record per
// album (and each library's whole list in its record) open with the block layout and answer the
// same: the same libraries for every album, the same first-seen times (so the same order), the same
// album list pages. Damaged records are skipped with a warning; the rest still upgrades.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { openDB } from 'idb';
import {
  ALBUM_BLOCK_SIZE,
  ALBUM_DB_NAME,
  ALBUM_DB_VERSION,
  LIBRARY_DB_NAME,
  LIBRARY_DB_VERSION,
} from '@/shared/constants';
import { getAlbumLibrariesMany, getAlbumRecord, setLibraryAlbums } from '@/storage/albumDb';
import { getLibraryAlbumSlice, getLibraryAlbums, listLibraryRecords } from '@/storage/libraryDb';
import { putRawV2, readV2, syncV2 } from './fixtures/storage/albumDbV2';
import { resetDatabases } from './localDatabases';

const A = 'https://a.example';
const B = 'https://b.example';
const C = 'https://c.example';

beforeEach(resetDatabases);
afterEach(async () => {
  vi.restoreAllMocks();
  await resetDatabases();
});

const ids = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `album-${String(from + i).padStart(6, '0')}`);

/** three libraries over several blocks, synced at different times, one re-synced with a changed list */
async function fillV2(): Promise<string[]> {
  await syncV2(A, ids(0, 2_500).toReversed(), new Date('2024-01-01T00:00:00Z'));
  await syncV2(B, ids(1_500, 4_500), new Date('2024-02-01T00:00:00Z'));
  await syncV2(C, ['album-002200', 'only-c'], new Date('2024-03-01T00:00:00Z'));
  // A drops its first 500 and gains two: the shared ones keep January
  await syncV2(A, [...ids(500, 2_500), 'new-a', 'album-004000'], new Date('2024-04-01T00:00:00Z'));
  return [...ids(0, 4_500), 'only-c', 'new-a', 'never-listed'];
}

describe('upgrading from one record per album', () => {
  test('every album keeps its libraries and its first-seen time', async () => {
    const asked = await fillV2();
    const before = await readV2();
    expect(before.get('album-004000')?.libraries).toEqual([B, A]);

    const after = await getAlbumLibrariesMany(asked);
    for (const id of asked)
      expect([...(after.get(id) ?? [])].sort(), id).toEqual([...(before.get(id)?.libraries ?? [])].sort());
    for (const id of ['album-000000', 'album-000500', 'album-002200', 'album-004000', 'new-a', 'only-c']) {
      expect((await getAlbumRecord(id))?.createdAt.getTime(), id).toBe(before.get(id)?.createdAt);
    }
    // first-seen order: by the stored times, as before
    const createdOf = async (id: string) => (await getAlbumRecord(id))!.createdAt.getTime();
    const sample = ['only-c', 'album-004000', 'new-a', 'album-001000', 'album-003000'];
    const order = async (times: (id: string) => Promise<number> | number) => {
      const pairs = await Promise.all(sample.map(async (id) => [id, await times(id)] as const));
      return pairs.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([id]) => id);
    };
    expect(await order(createdOf)).toEqual(await order((id) => before.get(id)!.createdAt));

    await listLibraryRecords();
    await openRaw(async (albumDb, libraryDb) => {
      expect(albumDb.version).toBe(ALBUM_DB_VERSION);
      expect(libraryDb.version).toBe(LIBRARY_DB_VERSION);
      // B: 3,000 albums in two blocks, not 3,000 records
      expect(await albumDb.count('album_library_map', IDBKeyRange.bound([B, 0], [B, Infinity]))).toBe(
        Math.ceil(3_000 / ALBUM_BLOCK_SIZE),
      );
    });
  });

  test('each library keeps its album list, in the order listed, and its count', async () => {
    await fillV2();
    const listed = [...ids(500, 2_500), 'new-a', 'album-004000'];
    await expect(getLibraryAlbums(A)).resolves.toEqual(listed);
    await expect(getLibraryAlbumSlice(A, 1_995, 10)).resolves.toEqual({
      ids: listed.slice(1_995, 2_005),
      total: listed.length,
    });
    const records = await listLibraryRecords();
    expect(records.map((r) => [r.url, r.albumCount]).sort()).toEqual([
      [A, 2_002],
      [B, 3_000],
      [C, 2],
    ]);
    expect(records.every((r) => !('albums' in r))).toBe(true);
  });

  test('a damaged or half-written record is skipped with a warning; the others upgrade', async () => {
    await syncV2(A, ['good', 'shared'], new Date('2024-01-01T00:00:00Z'));
    await putRawV2({ albumId: 'no-list', availableLibraries: 'not a list' });
    await putRawV2({ albumId: 'half', availableLibraries: [A, 7] });
    await putRawV2({ albumId: 'no-date', availableLibraries: [B] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const after = await getAlbumLibrariesMany(['good', 'shared', 'no-list', 'half', 'no-date']);
    expect(Object.fromEntries(after)).toEqual({ good: [A], shared: [A], 'no-list': [], half: [], 'no-date': [B] });
    expect(warn).toHaveBeenCalledWith('album database upgrade: 2 damaged availability record(s) skipped');
    // a record without createdAt (version 1) keeps sorting first
    expect((await getAlbumRecord('no-date'))?.createdAt.getTime()).toBe(0);
    // and the upgraded map takes the next sync as usual
    await setLibraryAlbums(A, ['good']);
    expect(Object.fromEntries(await getAlbumLibrariesMany(['good', 'shared']))).toEqual({ good: [A], shared: [] });
  });
});

async function openRaw(
  check: (albumDb: Awaited<ReturnType<typeof openDB>>, libraryDb: Awaited<ReturnType<typeof openDB>>) => Promise<void>,
) {
  const { closeAlbumDb } = await import('@/storage/albumDb');
  const { closeLibraryDb } = await import('@/storage/libraryDb');
  await closeAlbumDb();
  await closeLibraryDb();
  const albumDb = await openDB(ALBUM_DB_NAME);
  const libraryDb = await openDB(LIBRARY_DB_NAME);
  try {
    await check(albumDb, libraryDb);
  } finally {
    albumDb.close();
    libraryDb.close();
  }
}
