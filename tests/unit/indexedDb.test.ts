// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { deleteDB, openDB } from 'idb';
import {
  ALBUM_BLOCK_SIZE,
  ALBUM_DB_NAME,
  ALBUM_DB_VERSION,
  LIBRARY_DB_NAME,
  LIBRARY_DB_VERSION,
} from '@/shared/constants';
import {
  addLibraryToAlbums,
  clearAlbumDb,
  clearAlbumInfo,
  clearLocalLibraryRecords,
  closeAlbumDb,
  getAlbumInfos,
  getAlbumLibraries,
  getAlbumLibrariesMany,
  getAlbumRecord,
  putAlbumInfos,
  removeLibraryFromAlbums,
  setLibraryAlbums,
} from '@/storage/albumDb';
import {
  clearLibraryDb,
  closeLibraryDb,
  deleteLibraryRecord,
  getLibraryAlbums,
  getLibraryAlbumSlice,
  getLibraryRecord,
  listLibraryRecords,
  putLibraryRecord,
  type LibraryRecord,
} from '@/storage/libraryDb';
import { createDbHandle, StorageError } from '@/storage/openDb';
import type { AlbumInfo } from '@/shared/types';
import { resetDatabases } from './localDatabases';

const A = 'https://a.example';
const B = 'https://b.example';

function album(albumId: string, title = `Album ${albumId}`): AlbumInfo {
  return {
    albumId,
    title,
    catalog: 'DEMO-0001',
    artist: 'Mio Aoki',
    date: '2023-04-12',
    type: 'normal',
    artists: { 'irish-harp': 'Aya' },
    tags: ['artist:Mio Aoki'],
    discs: [{ catalog: 'DEMO-0001', tracks: [{ title: 'Harbor Lights' }] }],
  };
}

beforeEach(resetDatabases);
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await resetDatabases();
});

describe('album availability', () => {
  test('nothing known: no libraries', async () => {
    await expect(getAlbumLibraries('x')).resolves.toEqual([]);
    await expect(getAlbumRecord('x')).resolves.toBeUndefined();
  });

  test('adding a library to many albums, without duplicates', async () => {
    await addLibraryToAlbums(A, ['a1', 'a2', 'a2']);
    await addLibraryToAlbums(B, ['a2', 'a3']);
    await addLibraryToAlbums(A, ['a1']);
    await expect(getAlbumLibraries('a1')).resolves.toEqual([A]);
    await expect(getAlbumLibraries('a2')).resolves.toEqual([A, B]);
    await expect(getAlbumLibraries('a3')).resolves.toEqual([B]);
    const many = await getAlbumLibrariesMany(['a1', 'a2', 'a3', 'none']);
    expect(Object.fromEntries(many)).toEqual({ a1: [A], a2: [A, B], a3: [B], none: [] });
  });

  test('createdAt is set when the first library is added and kept afterwards', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
      await addLibraryToAlbums(A, ['a1']);
      vi.setSystemTime(new Date('2024-06-01T00:00:00Z'));
      await addLibraryToAlbums(B, ['a1']);
    } finally {
      vi.useRealTimers();
    }
    const record = await getAlbumRecord('a1');
    expect(record?.createdAt).toBeInstanceOf(Date);
    expect(record?.createdAt.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(record?.availableLibraries).toEqual([A, B]);
  });

  test('adding many albums uses one transaction', async () => {
    await addLibraryToAlbums(A, ['warm-up']);
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const ids = Array.from({ length: 200 }, (_, i) => `album-${i}`);
    await addLibraryToAlbums(A, ids);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    const many = await getAlbumLibrariesMany(ids);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(many.size).toBe(200);
    expect(many.get('album-199')).toEqual([A]);
    spy.mockClear();
    await removeLibraryFromAlbums(A);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  test('removing a library takes it out of every album; albums left with none are dropped', async () => {
    await addLibraryToAlbums(A, ['a1', 'a2']);
    await addLibraryToAlbums(B, ['a2', 'a3']);
    await removeLibraryFromAlbums(A);
    await expect(getAlbumLibraries('a1')).resolves.toEqual([]);
    await expect(getAlbumRecord('a1')).resolves.toBeUndefined();
    await expect(getAlbumLibraries('a2')).resolves.toEqual([B]);
    await expect(getAlbumLibraries('a3')).resolves.toEqual([B]);
  });

  test('setLibraryAlbums adds what is new and removes what the library no longer has', async () => {
    await addLibraryToAlbums(A, ['old', 'kept']);
    await addLibraryToAlbums(B, ['old']);
    await setLibraryAlbums(A, ['kept', 'new']);
    const many = await getAlbumLibrariesMany(['old', 'kept', 'new']);
    expect(Object.fromEntries(many)).toEqual({ old: [B], kept: [A], new: [A] });
  });
});

describe('setLibraryAlbums and removeLibraryFromAlbums (bulk read, changed records only)', () => {
  test('an empty store: every album is written with the library and createdAt, in one transaction', async () => {
    await getAlbumLibraries('warm-up');
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const ids = Array.from({ length: 300 }, (_, i) => `album-${i}`);
    await setLibraryAlbums(A, [...ids, 'album-0']);
    expect(spy).toHaveBeenCalledTimes(1);
    const many = await getAlbumLibrariesMany(ids);
    expect([...many.values()].every((libs) => libs.length === 1 && libs[0] === A)).toBe(true);
    const record = await getAlbumRecord('album-299');
    expect(record?.createdAt).toBeInstanceOf(Date);
    expect(record?.createdAt.getTime()).toBeGreaterThan(0);
  });

  test('a re-sync with the same list writes nothing', async () => {
    await setLibraryAlbums(A, ['a1', 'a2']);
    await setLibraryAlbums(B, ['a2']);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const del = vi.spyOn(IDBObjectStore.prototype, 'delete');
    await setLibraryAlbums(A, ['a2', 'a1']);
    expect(put).not.toHaveBeenCalled();
    expect(del).not.toHaveBeenCalled();
    expect(Object.fromEntries(await getAlbumLibrariesMany(['a1', 'a2']))).toEqual({ a1: [A], a2: [A, B] });
  });

  test('a re-sync drops albums the library no longer lists; an album shared with another library keeps it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
      await setLibraryAlbums(A, ['gone', 'shared', 'kept']);
      vi.setSystemTime(new Date('2024-02-01T00:00:00Z'));
      await setLibraryAlbums(B, ['shared', 'only-b']);
      vi.setSystemTime(new Date('2024-03-01T00:00:00Z'));
      await setLibraryAlbums(A, ['kept', 'new']);
    } finally {
      vi.useRealTimers();
    }
    const many = await getAlbumLibrariesMany(['gone', 'shared', 'kept', 'new', 'only-b']);
    expect(Object.fromEntries(many)).toEqual({ gone: [], shared: [B], kept: [A], new: [A], 'only-b': [B] });
    await expect(getAlbumRecord('gone')).resolves.toBeUndefined();
    // the shared album keeps the date its first library added it; a new album gets the sync's date
    expect((await getAlbumRecord('shared'))?.createdAt.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect((await getAlbumRecord('new'))?.createdAt.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect((await getAlbumRecord('only-b'))?.createdAt.toISOString()).toBe('2024-02-01T00:00:00.000Z');
  });

  test('a library joining an album another library holds is appended after it', async () => {
    await setLibraryAlbums(A, ['a1']);
    await setLibraryAlbums(B, ['a1', 'b1']);
    expect(Object.fromEntries(await getAlbumLibrariesMany(['a1', 'b1']))).toEqual({ a1: [A, B], b1: [B] });
    await setLibraryAlbums(A, []);
    expect(Object.fromEntries(await getAlbumLibrariesMany(['a1', 'b1']))).toEqual({ a1: [B], b1: [B] });
  });

  test('a damaged block is skipped with a warning (its albums read as held by none) and written afresh by the next sync', async () => {
    await setLibraryAlbums(A, ['bad', 'other']);
    await setLibraryAlbums(B, ['other']);
    await closeAlbumDb();
    const raw = await openDB(ALBUM_DB_NAME, ALBUM_DB_VERSION);
    await raw.put('album_library_map', { url: A, block: 0, ids: 'not a list' });
    raw.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(Object.fromEntries(await getAlbumLibrariesMany(['bad', 'other']))).toEqual({ bad: [], other: [B] });
    expect(warn).toHaveBeenCalledWith('a damaged availability block was skipped', { url: A, block: 0 });
    await setLibraryAlbums(A, ['bad']);
    expect(Object.fromEntries(await getAlbumLibrariesMany(['bad', 'other']))).toEqual({ bad: [A], other: [B] });
  });

  test('removing one of two libraries sharing an album keeps the album for the other, with its createdAt', async () => {
    await setLibraryAlbums(A, ['shared', 'a-only']);
    const created = (await getAlbumRecord('shared'))?.createdAt.getTime();
    await setLibraryAlbums(B, ['shared']);
    await removeLibraryFromAlbums(B);
    await expect(getAlbumLibraries('shared')).resolves.toEqual([A]);
    expect((await getAlbumRecord('shared'))?.createdAt.getTime()).toBe(created);
    await removeLibraryFromAlbums(A);
    await expect(getAlbumRecord('shared')).resolves.toBeUndefined();
    await expect(getAlbumRecord('a-only')).resolves.toBeUndefined();
  });

  test('a library removed goes with its head and blocks in one transaction; other libraries keep theirs', async () => {
    await setLibraryAlbums(A, ['k1', 'k2', 'k3']);
    await setLibraryAlbums(B, ['k2']);
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await removeLibraryFromAlbums(A);
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(await getAlbumLibrariesMany(['k1', 'k2', 'k3']))).toEqual({ k1: [], k2: [B], k3: [] });
    await closeAlbumDb();
    const raw = await openDB(ALBUM_DB_NAME, ALBUM_DB_VERSION);
    expect(await raw.getAllKeys('album_library_map')).toEqual([[B, 0]]);
    expect(await raw.getAllKeys('album_library_heads')).toEqual([B]);
    raw.close();
  });

  test('a re-sync deleting a range around a newly listed album keeps the new album', async () => {
    await setLibraryAlbums(A, ['m1', 'm3']);
    // m1 and m3 are neighbours in the store, so they go in one range that spans m2's key
    await setLibraryAlbums(A, ['m2']);
    expect(Object.fromEntries(await getAlbumLibrariesMany(['m1', 'm2', 'm3']))).toEqual({ m1: [], m2: [A], m3: [] });
  });

  test('a big library is a few records of ALBUM_BLOCK_SIZE ids, written in one transaction, and found in any block', async () => {
    await setLibraryAlbums(B, ['shared-0', 'b-only']);
    const ids = Array.from({ length: 5 * ALBUM_BLOCK_SIZE }, (_, i) =>
      i === 0 ? 'shared-0' : `album-${String(i).padStart(6, '0')}`,
    );
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await setLibraryAlbums(A, ids.toReversed());
    expect(transaction.mock.calls.filter(([, mode]) => mode === 'readwrite')).toHaveLength(1);
    const all = await getAlbumLibrariesMany(ids);
    expect([...all.values()].filter((libs) => libs.at(-1) === A)).toHaveLength(ids.length);
    expect(all.get('shared-0')).toEqual([B, A]);
    await closeAlbumDb();
    const raw = await openDB(ALBUM_DB_NAME, ALBUM_DB_VERSION);
    expect(await raw.count('album_library_map')).toBe(5 + 1);
    const head = await raw.get('album_library_heads', A);
    expect(head.count).toBe(ids.length);
    expect(head.firsts).toEqual([0, 1, 2, 3, 4].map((b) => [...ids].sort()[b * ALBUM_BLOCK_SIZE]));
    raw.close();
  });

  test('a write that fails rejects', async () => {
    await getAlbumLibraries('warm-up');
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(setLibraryAlbums(A, ['a1'])).rejects.toThrow('full');
  });
});

describe('album info cache', () => {
  test('put, get many, clear', async () => {
    await putAlbumInfos([album('a1'), album('a2', 'Second')]);
    const infos = await getAlbumInfos(['a1', 'a2', 'missing']);
    expect([...infos.keys()]).toEqual(['a1', 'a2']);
    expect(infos.get('a2')?.title).toBe('Second');
    expect(infos.get('a1')?.artists).toEqual({ 'irish-harp': 'Aya' });
    await clearAlbumInfo();
    await expect(getAlbumInfos(['a1'])).resolves.toEqual(new Map());
  });

  test('clearing the info cache keeps availability; clearAlbumDb empties both', async () => {
    await addLibraryToAlbums(A, ['a1']);
    await putAlbumInfos([album('a1')]);
    await clearAlbumInfo();
    await expect(getAlbumLibraries('a1')).resolves.toEqual([A]);
    await putAlbumInfos([album('a1')]);
    await clearAlbumDb();
    await expect(getAlbumLibraries('a1')).resolves.toEqual([]);
    await expect(getAlbumInfos(['a1'])).resolves.toEqual(new Map());
  });

  test('putting many infos uses one transaction', async () => {
    await putAlbumInfos([album('warm-up')]);
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await putAlbumInfos(Array.from({ length: 50 }, (_, i) => album(`a${i}`)));
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await getAlbumInfos(['a0', 'a49'])).size).toBe(2);
  });
});

describe('library records', () => {
  const record: LibraryRecord = { url: A, serverLastUpdate: 1_716_000_000, lastSync: 1_716_000_100_000, albumCount: 2 };
  const stamp = { url: A, serverLastUpdate: record.serverLastUpdate, lastSync: record.lastSync };

  test('put, get, list, delete, clear', async () => {
    await expect(getLibraryRecord(A)).resolves.toBeUndefined();
    await expect(putLibraryRecord(stamp, ['a1', 'a2'])).resolves.toEqual(record);
    await putLibraryRecord({ ...stamp, url: B }, []);
    await expect(getLibraryRecord(A)).resolves.toEqual(record);
    await expect(getLibraryAlbums(A)).resolves.toEqual(['a1', 'a2']);
    expect((await listLibraryRecords()).map((r) => r.url).sort()).toEqual([A, B]);
    await deleteLibraryRecord(A);
    await expect(getLibraryRecord(A)).resolves.toBeUndefined();
    await expect(getLibraryAlbums(A)).resolves.toEqual([]);
    await clearLibraryDb();
    await expect(listLibraryRecords()).resolves.toEqual([]);
  });

  test('putting a record again replaces it and its whole album list', async () => {
    const long = Array.from({ length: 2 * ALBUM_BLOCK_SIZE + 5 }, (_, i) => `z${i}`);
    await putLibraryRecord(stamp, long);
    await expect(getLibraryAlbums(A)).resolves.toEqual(long);
    await putLibraryRecord({ ...stamp, lastSync: 5 }, ['a3']);
    await expect(getLibraryRecord(A)).resolves.toEqual({ ...record, albumCount: 1, lastSync: 5 });
    await expect(getLibraryAlbums(A)).resolves.toEqual(['a3']);
  });

  test('a page of the album list reads the blocks it spans, in the listed order', async () => {
    const listed = Array.from({ length: 3 * ALBUM_BLOCK_SIZE + 7 }, (_, i) => `id-${(i * 7919) % 100_000}`);
    await putLibraryRecord(stamp, listed);
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    const across = await getLibraryAlbumSlice(A, ALBUM_BLOCK_SIZE - 3, 10);
    expect(across).toEqual({ ids: listed.slice(ALBUM_BLOCK_SIZE - 3, ALBUM_BLOCK_SIZE + 7), total: listed.length });
    expect(getAll).toHaveBeenCalledTimes(1);
    await expect(getLibraryAlbumSlice(A, 3 * ALBUM_BLOCK_SIZE, 30)).resolves.toEqual({
      ids: listed.slice(3 * ALBUM_BLOCK_SIZE),
      total: listed.length,
    });
    await expect(getLibraryAlbumSlice(A, 10 * ALBUM_BLOCK_SIZE, 30)).resolves.toEqual({
      ids: [],
      total: listed.length,
    });
    await expect(getLibraryAlbumSlice(B, 0, 30)).resolves.toEqual({ ids: [], total: 0 });
  });

  test('clearLocalLibraryRecords empties both databases', async () => {
    await putLibraryRecord(stamp, ['a1', 'a2']);
    await addLibraryToAlbums(A, ['a1']);
    await expect(getAlbumLibraries('a1')).resolves.toEqual([A]);
    await putAlbumInfos([album('a1')]);
    await clearLocalLibraryRecords();
    await expect(listLibraryRecords()).resolves.toEqual([]);
    await expect(getLibraryAlbums(A)).resolves.toEqual([]);
    await expect(getAlbumLibraries('a1')).resolves.toEqual([]);
    await expect(getAlbumInfos(['a1'])).resolves.toEqual(new Map());
  });
});

describe('schema', () => {
  test('fresh databases have the spec names, versions and stores', async () => {
    await getAlbumLibraries('x');
    await getLibraryRecord(A);
    await closeAlbumDb();
    await closeLibraryDb();
    const albumDb = await openDB(ALBUM_DB_NAME);
    expect(albumDb.version).toBe(ALBUM_DB_VERSION);
    expect([...albumDb.objectStoreNames].sort()).toEqual(['album_info', 'album_library_heads', 'album_library_map']);
    expect(albumDb.transaction('album_library_map').store.keyPath).toEqual(['url', 'block']);
    expect(albumDb.transaction('album_library_heads').store.keyPath).toBe('url');
    expect(albumDb.transaction('album_info').store.keyPath).toBe('albumId');
    albumDb.close();
    const libraryDb = await openDB(LIBRARY_DB_NAME);
    expect(libraryDb.version).toBe(LIBRARY_DB_VERSION);
    expect([...libraryDb.objectStoreNames].sort()).toEqual(['library_album_order', 'library_info']);
    expect(libraryDb.transaction('library_info').store.keyPath).toBe('url');
    expect(libraryDb.transaction('library_album_order').store.keyPath).toEqual(['url', 'block']);
    libraryDb.close();
  });

  test('upgrading the album database from version 1 keeps availability and adds album_info', async () => {
    const v1 = await openDB(ALBUM_DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('album_library_map', { keyPath: 'albumId' });
      },
    });
    // a version-1 record as older clients wrote it (no createdAt)
    await v1.put('album_library_map', { albumId: 'legacy', availableLibraries: [A] });
    v1.close();

    await expect(getAlbumLibraries('legacy')).resolves.toEqual([A]);
    await putAlbumInfos([album('legacy')]);
    await expect(getAlbumInfos(['legacy'])).resolves.toEqual(new Map([['legacy', album('legacy')]]));
    await addLibraryToAlbums(B, ['legacy']);
    const record = await getAlbumRecord('legacy');
    expect(record?.availableLibraries).toEqual([A, B]);

    await closeAlbumDb();
    const upgraded = await openDB(ALBUM_DB_NAME);
    expect(upgraded.version).toBe(ALBUM_DB_VERSION);
    expect([...upgraded.objectStoreNames].sort()).toEqual(['album_info', 'album_library_heads', 'album_library_map']);
    upgraded.close();
  });

  test('a damaged head reads as no library, with a warning, rather than failing', async () => {
    await setLibraryAlbums(A, ['a1']);
    await setLibraryAlbums(B, ['a1']);
    await closeAlbumDb();
    const raw = await openDB(ALBUM_DB_NAME, ALBUM_DB_VERSION);
    await raw.put('album_library_heads', { url: A, generation: 'x' });
    raw.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(getAlbumLibraries('a1')).resolves.toEqual([B]);
    expect(warn).toHaveBeenCalledWith('a damaged availability head was skipped', { url: A });
  });
});

describe('a held connection', () => {
  test('ready() gives the open database without waiting, and nothing before it opens, after it closes or once another tab’s upgrade made it step aside', async () => {
    const handle = createDbHandle<{ things: { key: string; value: string } }>('held-test', 1, (db) => {
      db.createObjectStore('things');
    });
    expect(handle.ready()).toBeNull();
    const opening = handle.get();
    expect(handle.ready()).toBeNull();
    const db = await opening;
    expect(handle.ready()).toBe(db);
    await handle.close();
    expect(handle.ready()).toBeNull();

    await handle.get();
    // another tab opens a newer version: this connection steps aside
    const newer = await openDB('held-test', 2);
    expect(handle.ready()).toBeNull();
    newer.close();
    await deleteDB('held-test');
  });
});

describe('IndexedDB unavailable', () => {
  test('no indexedDB: calls reject with a clear error, then work again once it is back', async () => {
    const real = globalThis.indexedDB;
    vi.stubGlobal('indexedDB', undefined);
    const error = await getAlbumLibraries('a1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toBe('浏览器本地数据库不可用');
    await expect(listLibraryRecords()).rejects.toThrow('浏览器本地数据库不可用');
    vi.stubGlobal('indexedDB', real);
    await expect(getAlbumLibraries('a1')).resolves.toEqual([]);
  });

  test('open throwing or failing rejects instead of hanging', async () => {
    vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await expect(getLibraryRecord(A)).rejects.toThrow('浏览器本地数据库不可用');
  });

  test('an upgrade blocked by another connection rejects instead of hanging', async () => {
    // an old connection (another tab) that never closes on versionchange
    const stale = await openDB(ALBUM_DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('album_library_map', { keyPath: 'albumId' });
      },
    });
    await expect(getAlbumLibraries('a1')).rejects.toThrow('浏览器本地数据库不可用');
    stale.close();
  });
});

describe('a damaged album_info record', () => {
  async function putRaw(record: unknown) {
    await getAlbumInfos(['warm']); // opens (and creates) the database
    await closeAlbumDb();
    const db = await openDB(ALBUM_DB_NAME, ALBUM_DB_VERSION);
    await db.put('album_info', record);
    db.close();
  }

  test.each([
    ['discs not an array', { albumId: 'a1', title: 'T', discs: 'oops' }],
    ['no discs', { albumId: 'a1', title: 'T' }],
    ['a disc without tracks', { albumId: 'a1', title: 'T', discs: [{ catalog: 'C' }] }],
    ['a track without a title', { albumId: 'a1', title: 'T', discs: [{ catalog: 'C', tracks: [{}] }] }],
    ['no title', { albumId: 'a1', discs: [] }],
  ])('%s is left out (the album is fetched again), never handed to a page', async (_, record) => {
    await putRaw(record);
    await expect(getAlbumInfos(['a1'])).resolves.toEqual(new Map());
  });

  test('a record that fits is read as an AlbumInfo', async () => {
    await putRaw({
      albumId: 'a1',
      title: 'T',
      catalog: 'C',
      artist: 'A',
      date: '2020',
      type: 'normal',
      tags: [],
      discs: [{ catalog: 'C', tracks: [{ title: 'x' }] }],
    });
    expect((await getAlbumInfos(['a1'])).get('a1')?.discs[0]?.tracks[0]?.title).toBe('x');
  });
});
