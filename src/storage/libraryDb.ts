// The local library records: IndexedDB LIBRARY_DB_NAME, store `library_info` keyed by url (docs/behaviour.md#local-storage).
import type { DBSchema } from 'idb';
import { LIBRARY_DB_NAME, LIBRARY_DB_VERSION } from '@/shared/constants';
import { isRecord, readNumber, readStringArray } from '@/rules/narrow';
import { createDbHandle } from './openDb';

export const LIBRARY_STORE = 'library_info';

/** what the client knows about one library after syncing it */
export interface LibraryRecord {
  /** the library address (credential url, origin only) */
  url: string;
  /** the library's own lastUpdate at the time of the sync (Unix seconds, from {url}/info) */
  serverLastUpdate: number;
  /** when the sync happened (milliseconds since the epoch, Date.now()) */
  lastSync: number;
  /** the album ids the library listed */
  albums: string[];
  albumCount: number;
}

interface LibraryDbSchema extends DBSchema {
  [LIBRARY_STORE]: { key: string; value: LibraryRecord };
}

const handle = createDbHandle<LibraryDbSchema>(LIBRARY_DB_NAME, LIBRARY_DB_VERSION, (db) => {
  if (!db.objectStoreNames.contains(LIBRARY_STORE)) {
    db.createObjectStore(LIBRARY_STORE, { keyPath: 'url' });
  }
});

/** a stored record, tolerating fields written by older clients or a damaged store */
function parseLibraryRecord(value: unknown): LibraryRecord | undefined {
  if (!isRecord(value) || typeof value.url !== 'string') return undefined;
  const albums = readStringArray(value.albums);
  return {
    url: value.url,
    serverLastUpdate: readNumber(value.serverLastUpdate, 0),
    lastSync: readNumber(value.lastSync, 0),
    albums,
    albumCount: readNumber(value.albumCount, albums.length),
  };
}

export async function getLibraryRecord(url: string): Promise<LibraryRecord | undefined> {
  const db = await handle.get();
  return parseLibraryRecord(await db.get(LIBRARY_STORE, url));
}

export async function putLibraryRecord(record: LibraryRecord): Promise<void> {
  const db = await handle.get();
  await db.put(LIBRARY_STORE, {
    url: record.url,
    serverLastUpdate: record.serverLastUpdate,
    lastSync: record.lastSync,
    albums: [...record.albums],
    albumCount: record.albumCount,
  });
}

/**
 * A re-sync of an unchanged library: renews the sync time and last_update and keeps the stored
 * album list (none when there is no record), reading and writing in one transaction.
 */
export async function renewLibraryRecord(url: string, serverLastUpdate: number, lastSync: number): Promise<LibraryRecord> {
  const db = await handle.get();
  const tx = db.transaction(LIBRARY_STORE, 'readwrite');
  const albums = parseLibraryRecord(await tx.store.get(url))?.albums ?? [];
  const record: LibraryRecord = { url, serverLastUpdate, lastSync, albums, albumCount: albums.length };
  await Promise.all([tx.store.put({ ...record, albums: [...albums] }), tx.done]);
  return record;
}

/** the ids of one page of a library's albums, in the order the library listed them */
export interface AlbumSlice {
  ids: string[];
  /** how many albums the stored list has (0 when the library has no record) */
  total: number;
}

/** one page of a library's stored album list and the list's length (none: no ids, total 0) */
export async function getLibraryAlbumSlice(url: string, offset: number, size: number): Promise<AlbumSlice> {
  const albums = (await getLibraryRecord(url))?.albums ?? [];
  const start = Math.max(0, Math.floor(offset));
  return { ids: albums.slice(start, start + Math.max(0, Math.floor(size))), total: albums.length };
}

export async function deleteLibraryRecord(url: string): Promise<void> {
  const db = await handle.get();
  await db.delete(LIBRARY_STORE, url);
}

export async function listLibraryRecords(): Promise<LibraryRecord[]> {
  const db = await handle.get();
  const all = await db.getAll(LIBRARY_STORE);
  return all.map(parseLibraryRecord).filter((r): r is LibraryRecord => r !== undefined);
}

export async function clearLibraryDb(): Promise<void> {
  const db = await handle.get();
  await db.clear(LIBRARY_STORE);
}

/** closes the cached connection (tests, or before deleting the database) */
export function closeLibraryDb(): Promise<void> {
  return handle.close();
}
