// The storage side of a library sync (src/storage/librarySync.ts) over fake-indexeddb: what a
// first sync, a changed re-sync, an unchanged re-sync and a removal leave in both databases.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { getAlbumInfos, getAlbumLibrariesMany, getAlbumRecord, putAlbumInfos } from '@/storage/albumDb';
import { getLibraryAlbums, getLibraryRecord } from '@/storage/libraryDb';
import { removeLibraryData, storeLibrarySync } from '@/storage/librarySync';
import type { AlbumInfo } from '@/shared/types';
import { resetDatabases } from './localDatabases';

const A = 'https://a.example';
const B = 'https://b.example';

beforeEach(resetDatabases);
afterEach(async () => {
  vi.restoreAllMocks();
  await resetDatabases();
});

const info = (albumId: string) => ({ albumId, title: albumId, discs: [] }) as unknown as AlbumInfo;

describe('storeLibrarySync', () => {
  test('first sync: availability for every album, album cache cleared, library record stored', async () => {
    await putAlbumInfos([info('cached')]);
    const { record, newAlbums } = await storeLibrarySync({ url: A, lastUpdate: 100, albums: ['a1', 'a2'] }, 5000);
    expect(newAlbums).toBe(2);
    expect(record).toEqual({ url: A, serverLastUpdate: 100, lastSync: 5000, albumCount: 2 });
    await expect(getLibraryRecord(A)).resolves.toEqual(record);
    await expect(getLibraryAlbums(A)).resolves.toEqual(['a1', 'a2']);
    expect(Object.fromEntries(await getAlbumLibrariesMany(['a1', 'a2']))).toEqual({ a1: [A], a2: [A] });
    await expect(getAlbumInfos(['cached'])).resolves.toEqual(new Map());
  });

  test('a changed library: albums it dropped lose it, albums shared with another library keep that one', async () => {
    await storeLibrarySync({ url: A, lastUpdate: 100, albums: ['gone', 'shared'] }, 1);
    await storeLibrarySync({ url: B, lastUpdate: 100, albums: ['shared'] }, 2);
    const { record, newAlbums } = await storeLibrarySync({ url: A, lastUpdate: 200, albums: ['new'] }, 3);
    expect(newAlbums).toBe(1);
    expect(record).toEqual({ url: A, serverLastUpdate: 200, lastSync: 3, albumCount: 1 });
    await expect(getLibraryAlbums(A)).resolves.toEqual(['new']);
    expect(Object.fromEntries(await getAlbumLibrariesMany(['gone', 'shared', 'new']))).toEqual({
      gone: [],
      shared: [B],
      new: [A],
    });
    await expect(getAlbumRecord('gone')).resolves.toBeUndefined();
  });

  test('unchanged library (albums null): sync time and last_update renewed, album list kept, in one transaction', async () => {
    await storeLibrarySync({ url: A, lastUpdate: 100, albums: ['a1', 'a2'] }, 1);
    await putAlbumInfos([info('cached')]);
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const { record, newAlbums } = await storeLibrarySync({ url: A, lastUpdate: 100, albums: null }, 9000);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(newAlbums).toBe(0);
    expect(record).toEqual({ url: A, serverLastUpdate: 100, lastSync: 9000, albumCount: 2 });
    await expect(getLibraryRecord(A)).resolves.toEqual(record);
    await expect(getLibraryAlbums(A)).resolves.toEqual(['a1', 'a2']);
    // nothing else is touched: availability stays, the album cache is not cleared
    expect(Object.fromEntries(await getAlbumLibrariesMany(['a1', 'a2']))).toEqual({ a1: [A], a2: [A] });
    expect((await getAlbumInfos(['cached'])).size).toBe(1);
  });

  test('unchanged library without a stored record: a record with no albums', async () => {
    const { record } = await storeLibrarySync({ url: A, lastUpdate: 7, albums: null }, 10);
    expect(record).toEqual({ url: A, serverLastUpdate: 7, lastSync: 10, albumCount: 0 });
    await expect(getLibraryRecord(A)).resolves.toEqual(record);
  });
});

test('removeLibraryData: the record goes, and the library leaves every album', async () => {
  await storeLibrarySync({ url: A, lastUpdate: 1, albums: ['a1', 'shared'] }, 1);
  await storeLibrarySync({ url: B, lastUpdate: 1, albums: ['shared'] }, 1);
  await removeLibraryData(A);
  await expect(getLibraryRecord(A)).resolves.toBeUndefined();
  await expect(getLibraryRecord(B)).resolves.toBeDefined();
  expect(Object.fromEntries(await getAlbumLibrariesMany(['a1', 'shared']))).toEqual({ a1: [], shared: [B] });
});
