// The local library records: IndexedDB LIBRARY_DB_NAME (docs/architecture.md#local-album-data).
// `library_info` keyed by url holds what the client knows of a library; `library_album_order` keyed
// [url, block] holds its album ids in the order the library listed them, ALBUM_BLOCK_SIZE a block,
// so a page of the album list reads one or two blocks, never the whole list. A library's record and
// its blocks are written in one transaction. (Version 1 kept the whole list in the record.)
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { ALBUM_BLOCK_SIZE, LIBRARY_DB_NAME, LIBRARY_DB_VERSION } from '@/shared/constants';
import { isRecord, readNumber } from '@/rules/narrow';
import { createDbHandle } from './openDb';

export const LIBRARY_STORE = 'library_info';
export const LIBRARY_ORDER_STORE = 'library_album_order';

/** what the client knows about one library after syncing it */
export interface LibraryRecord {
  /** the library address (credential url, origin only) */
  url: string;
  /** the library's own lastUpdate at the time of the sync (Unix seconds, from {url}/info) */
  serverLastUpdate: number;
  /** when the sync happened (milliseconds since the epoch, Date.now()) */
  lastSync: number;
  /** how many albums the library listed */
  albumCount: number;
}

/** ids newline-joined: one string is one memcpy to store and to read, 1,000 strings are not */
interface OrderBlock {
  url: string;
  block: number;
  ids: string;
}

interface LibraryDbSchema extends DBSchema {
  [LIBRARY_STORE]: { key: string; value: LibraryRecord };
  [LIBRARY_ORDER_STORE]: { key: [string, number]; value: OrderBlock };
}

const orderOf = (url: string): IDBKeyRange => IDBKeyRange.bound([url, 0], [url, Infinity]);

function toOrderBlocks(url: string, albums: readonly string[]): OrderBlock[] {
  const blocks: OrderBlock[] = [];
  for (let start = 0; start < albums.length; start += ALBUM_BLOCK_SIZE) {
    blocks.push({ url, block: blocks.length, ids: albums.slice(start, start + ALBUM_BLOCK_SIZE).join('\n') });
  }
  return blocks;
}

type UpgradeTx = IDBPTransaction<LibraryDbSchema, StoreNames<LibraryDbSchema>[], 'versionchange'>;

/** version 1 records carried `albums`: their lists become order blocks, the records lose them */
async function moveListsToBlocks(tx: UpgradeTx): Promise<void> {
  const records = tx.objectStore(LIBRARY_STORE);
  const order = tx.objectStore(LIBRARY_ORDER_STORE);
  for (const value of (await records.getAll()) as unknown[]) {
    const record = parseLibraryRecord(value);
    if (!record || !isRecord(value)) continue;
    const albums = Array.isArray(value.albums) ? value.albums.filter((id): id is string => typeof id === 'string') : [];
    for (const block of toOrderBlocks(record.url, albums)) void order.put(block);
    void records.put({ ...record, albumCount: albums.length });
  }
}

const handle = createDbHandle<LibraryDbSchema>(
  LIBRARY_DB_NAME,
  LIBRARY_DB_VERSION,
  (db: IDBPDatabase<LibraryDbSchema>, oldVersion, _newVersion, tx) => {
    if (!db.objectStoreNames.contains(LIBRARY_STORE)) db.createObjectStore(LIBRARY_STORE, { keyPath: 'url' });
    if (!db.objectStoreNames.contains(LIBRARY_ORDER_STORE))
      db.createObjectStore(LIBRARY_ORDER_STORE, { keyPath: ['url', 'block'] });
    if (oldVersion === 1) {
      moveListsToBlocks(tx).catch((error: unknown) => {
        console.warn('library database upgrade failed', error);
        tx.abort();
      });
    }
  },
);

/** a stored record, or undefined (with a warning) when it is damaged */
function parseLibraryRecord(value: unknown): LibraryRecord | undefined {
  if (!isRecord(value) || typeof value.url !== 'string') {
    console.warn('a damaged library record was skipped', value);
    return undefined;
  }
  return {
    url: value.url,
    serverLastUpdate: readNumber(value.serverLastUpdate, 0),
    lastSync: readNumber(value.lastSync, 0),
    albumCount: readNumber(value.albumCount, 0),
  };
}

/** a stored order block's ids, or [] (with a warning) when it is damaged */
function orderIds(value: unknown): string[] {
  if (isRecord(value) && typeof value.ids === 'string') return value.ids.split('\n');
  console.warn(
    'a damaged album order block was skipped',
    isRecord(value) ? { url: value.url, block: value.block } : value,
  );
  return [];
}

export async function getLibraryRecord(url: string): Promise<LibraryRecord | undefined> {
  const db = await handle.get();
  const value = await db.get(LIBRARY_STORE, url);
  return value === undefined ? undefined : parseLibraryRecord(value);
}

/** stores a library's record and its album list (in the order listed), replacing both, in one transaction */
export async function putLibraryRecord(
  record: Omit<LibraryRecord, 'albumCount'>,
  albums: readonly string[],
): Promise<LibraryRecord> {
  const stored: LibraryRecord = {
    url: record.url,
    serverLastUpdate: record.serverLastUpdate,
    lastSync: record.lastSync,
    albumCount: albums.length,
  };
  const db = await handle.get();
  const tx = db.transaction([LIBRARY_STORE, LIBRARY_ORDER_STORE], 'readwrite');
  const order = tx.objectStore(LIBRARY_ORDER_STORE);
  const blocks = toOrderBlocks(record.url, albums);
  await Promise.all([
    order.delete(IDBKeyRange.bound([record.url, blocks.length], [record.url, Infinity])),
    ...blocks.map((block) => order.put(block)),
    tx.objectStore(LIBRARY_STORE).put(stored),
    tx.done,
  ]);
  return stored;
}

/**
 * A re-sync of an unchanged library: renews the sync time and last_update and keeps the stored
 * album list (none when there is no record), reading and writing the record in one transaction.
 */
export async function renewLibraryRecord(
  url: string,
  serverLastUpdate: number,
  lastSync: number,
): Promise<LibraryRecord> {
  const db = await handle.get();
  const tx = db.transaction(LIBRARY_STORE, 'readwrite');
  const value = await tx.store.get(url);
  const albumCount = value === undefined ? 0 : (parseLibraryRecord(value)?.albumCount ?? 0);
  const record: LibraryRecord = { url, serverLastUpdate, lastSync, albumCount };
  await Promise.all([tx.store.put(record), tx.done]);
  return record;
}

/** the ids of one page of a library's albums, in the order the library listed them */
export interface AlbumSlice {
  ids: string[];
  /** how many albums the stored list has (0 when the library has no record) */
  total: number;
}

/** one page of a library's stored album list and the list's length (none: no ids, total 0): the blocks it spans, in one transaction */
export async function getLibraryAlbumSlice(url: string, offset: number, size: number): Promise<AlbumSlice> {
  const start = Math.max(0, Math.floor(offset));
  const end = start + Math.max(0, Math.floor(size));
  const db = await handle.get();
  const tx = db.transaction([LIBRARY_STORE, LIBRARY_ORDER_STORE], 'readonly');
  const first = Math.floor(start / ALBUM_BLOCK_SIZE);
  const last = Math.max(first, Math.floor((end - 1) / ALBUM_BLOCK_SIZE));
  const [value, blocks] = await Promise.all([
    tx.objectStore(LIBRARY_STORE).get(url),
    end > start ? tx.objectStore(LIBRARY_ORDER_STORE).getAll(IDBKeyRange.bound([url, first], [url, last])) : [],
    tx.done,
  ]);
  const total = value === undefined ? 0 : (parseLibraryRecord(value)?.albumCount ?? 0);
  const ids = blocks.flatMap(orderIds);
  const from = start - first * ALBUM_BLOCK_SIZE;
  return { ids: ids.slice(from, from + (end - start)), total };
}

/** a library's whole stored album list, in the order listed ([] when none) */
export async function getLibraryAlbums(url: string): Promise<string[]> {
  const db = await handle.get();
  return (await db.getAll(LIBRARY_ORDER_STORE, orderOf(url))).flatMap(orderIds);
}

/** a library's record and album list */
export async function deleteLibraryRecord(url: string): Promise<void> {
  const db = await handle.get();
  const tx = db.transaction([LIBRARY_STORE, LIBRARY_ORDER_STORE], 'readwrite');
  await Promise.all([
    tx.objectStore(LIBRARY_STORE).delete(url),
    tx.objectStore(LIBRARY_ORDER_STORE).delete(orderOf(url)),
    tx.done,
  ]);
}

export async function listLibraryRecords(): Promise<LibraryRecord[]> {
  const db = await handle.get();
  const all: unknown[] = await db.getAll(LIBRARY_STORE);
  return all.map(parseLibraryRecord).filter((r): r is LibraryRecord => r !== undefined);
}

export async function clearLibraryDb(): Promise<void> {
  const db = await handle.get();
  const tx = db.transaction([LIBRARY_STORE, LIBRARY_ORDER_STORE], 'readwrite');
  await Promise.all([tx.objectStore(LIBRARY_STORE).clear(), tx.objectStore(LIBRARY_ORDER_STORE).clear(), tx.done]);
}

/** closes the cached connection (tests, or before deleting the database) */
export function closeLibraryDb(): Promise<void> {
  return handle.close();
}
