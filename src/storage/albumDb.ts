// Local album data: IndexedDB ALBUM_DB_NAME v2 (docs/behaviour.md#local-storage) with two stores keyed by albumId:
// `album_library_map` (which libraries hold an album) and `album_info` (cached album metadata).
// Every function runs in one transaction, however many albums it touches, but for the rewrites of
// the whole availability map (a sync, a library's removal), which go in chunks (AVAILABILITY_CHUNK).
import { unwrap, type DBSchema, type IDBPTransaction } from 'idb';
import { ALBUM_DB_NAME, ALBUM_DB_VERSION, AVAILABILITY_CHUNK } from '@/shared/constants';
import { isRecord, readStringArray } from '@/rules/narrow';
import { parseAlbumInfo } from '@/rules/albumParse';
import type { AlbumInfo } from '@/shared/types';
import { createDbHandle } from './openDb';
import { clearLibraryDb } from './libraryDb';

export const ALBUM_LIBRARY_STORE = 'album_library_map';
export const ALBUM_INFO_STORE = 'album_info';

export interface AlbumLibraryRecord {
  albumId: string;
  /** urls of the libraries that hold the album */
  availableLibraries: string[];
  /** set when the first library is added */
  createdAt: Date;
}

interface AlbumDbSchema extends DBSchema {
  [ALBUM_LIBRARY_STORE]: { key: string; value: AlbumLibraryRecord };
  [ALBUM_INFO_STORE]: { key: string; value: AlbumInfo };
}

const handle = createDbHandle<AlbumDbSchema>(ALBUM_DB_NAME, ALBUM_DB_VERSION, (db) => {
  // version 1 had only album_library_map; create whatever is missing
  if (!db.objectStoreNames.contains(ALBUM_LIBRARY_STORE)) {
    db.createObjectStore(ALBUM_LIBRARY_STORE, { keyPath: 'albumId' });
  }
  if (!db.objectStoreNames.contains(ALBUM_INFO_STORE)) {
    db.createObjectStore(ALBUM_INFO_STORE, { keyPath: 'albumId' });
  }
});

/** a stored availability record; older clients did not write createdAt */
function parseAlbumLibraryRecord(value: unknown): AlbumLibraryRecord | undefined {
  if (!isRecord(value) || typeof value.albumId !== 'string') return undefined;
  return {
    albumId: value.albumId,
    availableLibraries: readStringArray(value.availableLibraries),
    createdAt: value.createdAt instanceof Date ? value.createdAt : new Date(0),
  };
}

function unique(ids: Iterable<string>): string[] {
  return [...new Set(ids)];
}

/** records `url` as holding each album (sync step 3); albums already marked keep their record */
export async function addLibraryToAlbums(url: string, albumIds: readonly string[]): Promise<void> {
  const ids = unique(albumIds);
  if (ids.length === 0) return;
  const db = await handle.get();
  const tx = db.transaction(ALBUM_LIBRARY_STORE, 'readwrite');
  const now = new Date();
  await Promise.all([
    ...ids.map(async (albumId) => {
      const current = parseAlbumLibraryRecord(await tx.store.get(albumId));
      if (current?.availableLibraries.includes(url)) return;
      await tx.store.put({
        albumId,
        availableLibraries: [...(current?.availableLibraries ?? []), url],
        createdAt: current && current.createdAt.getTime() !== 0 ? current.createdAt : now,
      });
    }),
    tx.done,
  ]);
}

type LibraryMapTx = IDBPTransaction<AlbumDbSchema, [typeof ALBUM_LIBRARY_STORE], 'readwrite'>;

/** what becomes of one stored record: rewritten, deleted, or (undefined) left as it is */
type Change = AlbumLibraryRecord | 'delete' | undefined;

/** neighbouring keys to delete with one request */
type KeyRun = { first: string; last: string };

/**
 * Applies `change` to every readable record in `range` (damaged ones are left alone) and adds
 * `newRecord(id)` for each id of `listed` the range does not hold. Built for libraries of 100,000+
 * albums:
 * - one getAll request reads the range (a cursor costs a round trip per record);
 * - writes go to the bare store, as idb would wrap each of thousands of requests in a promise
 *   (a failed request aborts the transaction, so the caller's `await tx.done` still reports it);
 * - neighbouring deleted records (getAll is in key order) go as one key-range request, so
 *   removing a library that shares no album is a single request per chunk.
 */
async function rewriteRange(
  tx: LibraryMapTx,
  range: IDBKeyRange | null,
  change: (record: AlbumLibraryRecord) => Change,
  listed: readonly string[],
  newRecord: (albumId: string) => AlbumLibraryRecord,
): Promise<void> {
  const values: unknown[] = await tx.store.getAll(range);
  const store = unwrap(tx.store);
  const seen = new Set<string>();
  // the pending run of neighbouring records to delete
  let run: KeyRun | null = null;
  const flush = (pending: KeyRun | null): null => {
    if (pending) store.delete(pending.first === pending.last ? pending.first : IDBKeyRange.bound(pending.first, pending.last));
    return null;
  };
  for (const value of values) {
    const record = parseAlbumLibraryRecord(value);
    if (record) seen.add(record.albumId);
    const next = record && change(record);
    if (record && next === 'delete') {
      // a readable record's albumId is its key
      if (run) run.last = record.albumId;
      else run = { first: record.albumId, last: record.albumId };
      continue;
    }
    // anything kept, even a damaged record, ends the run: a range must not cover it
    run = flush(run);
    if (next) store.put(next);
  }
  flush(run);
  // new albums (and listed ones whose record was damaged); puts follow the deletes, so a range
  // deleted above cannot take them away
  for (const albumId of listed) {
    if (!seen.has(albumId)) store.put(newRecord(albumId));
  }
}

/**
 * Key ranges that together cover every key, each holding about AVAILABILITY_CHUNK of `sortedKeys`:
 * [−∞, k₁), [k₁, k₂), …, [kₙ, +∞). A record another tab adds meanwhile still falls in one of them.
 */
function chunkRanges(sortedKeys: readonly string[]): { range: IDBKeyRange | null; keys: readonly string[] }[] {
  const chunks: { range: IDBKeyRange | null; keys: readonly string[] }[] = [];
  for (let i = 0; i < sortedKeys.length || i === 0; i += AVAILABILITY_CHUNK) {
    const from = i === 0 ? null : sortedKeys[i]!;
    const to = i + AVAILABILITY_CHUNK < sortedKeys.length ? sortedKeys[i + AVAILABILITY_CHUNK]! : null;
    const range = from === null ? (to === null ? null : IDBKeyRange.upperBound(to, true)) : to === null ? IDBKeyRange.lowerBound(from) : IDBKeyRange.bound(from, to, false, true);
    chunks.push({ range, keys: sortedKeys.slice(i, i + AVAILABILITY_CHUNK) });
  }
  return chunks;
}

/**
 * One pass over the whole availability store in chunks of AVAILABILITY_CHUNK keys, each its own
 * transaction that reads its range afresh: a reader waits for one chunk, not the whole pass, and
 * no other tab's change to a record is lost between its read and its write. The first transaction
 * reads the store's keys and does the first chunk, so a library of up to a chunk's size is one
 * transaction. `listed`: albums that must end up with a record (newRecord for those without).
 */
async function rewriteAll(
  change: (record: AlbumLibraryRecord) => Change,
  listed: ReadonlySet<string> = new Set(),
  newRecord: (albumId: string) => AlbumLibraryRecord = () => {
    throw new Error('no new records in this rewrite');
  },
): Promise<void> {
  const db = await handle.get();
  let tx = db.transaction(ALBUM_LIBRARY_STORE, 'readwrite');
  // album ids are strings; a key of another type (a hand-edited store) sorts before or after every
  // string in IndexedDB, so the open-ended first and last ranges still cover it
  const stored = (await tx.store.getAllKeys()).filter((key): key is string => typeof key === 'string');
  // code-unit order, as IndexedDB orders string keys
  const keys = [...new Set([...stored, ...listed])].sort();
  const chunks = chunkRanges(keys);
  for (let i = 0; i < chunks.length; i++) {
    if (i > 0) tx = db.transaction(ALBUM_LIBRARY_STORE, 'readwrite');
    const { range, keys: chunkKeys } = chunks[i]!;
    await rewriteRange(tx, range, change, chunkKeys.filter((id) => listed.has(id)), newRecord);
    await tx.done;
  }
}

/**
 * Makes `url` listed for exactly `albumIds`: adds it where missing and removes it from albums the
 * library no longer lists (a re-sync after the library changed). Only changed records are written.
 */
export async function setLibraryAlbums(url: string, albumIds: readonly string[]): Promise<void> {
  const wanted = new Set(albumIds);
  const now = new Date();
  await rewriteAll(
    (record) => {
      const has = record.availableLibraries.includes(url);
      if (wanted.has(record.albumId)) return has ? undefined : { ...record, availableLibraries: [...record.availableLibraries, url] };
      return has ? without(record, url) : undefined;
    },
    wanted,
    (albumId) => ({ albumId, availableLibraries: [url], createdAt: now }),
  );
}

/** the record without `url`, or 'delete' when no library is left */
function without(record: AlbumLibraryRecord, url: string): Change {
  const rest = record.availableLibraries.filter((u) => u !== url);
  return rest.length > 0 ? { ...record, availableLibraries: rest } : 'delete';
}

/** takes `url` out of every album's list (library deleted); albums left with none are dropped */
export async function removeLibraryFromAlbums(url: string): Promise<void> {
  await rewriteAll((record) => (record.availableLibraries.includes(url) ? without(record, url) : undefined));
}

export async function getAlbumRecord(albumId: string): Promise<AlbumLibraryRecord | undefined> {
  const db = await handle.get();
  return parseAlbumLibraryRecord(await db.get(ALBUM_LIBRARY_STORE, albumId));
}

/** the urls of the libraries holding the album ([] when none) */
export async function getAlbumLibraries(albumId: string): Promise<string[]> {
  return (await getAlbumRecord(albumId))?.availableLibraries ?? [];
}

/** library urls for many albums at once; every asked id is in the map ([] when none) */
export async function getAlbumLibrariesMany(albumIds: readonly string[]): Promise<Map<string, string[]>> {
  const ids = unique(albumIds);
  const result = new Map<string, string[]>();
  if (ids.length === 0) return result;
  const db = await handle.get();
  const tx = db.transaction(ALBUM_LIBRARY_STORE, 'readonly');
  const records = await Promise.all(ids.map((id) => tx.store.get(id)));
  await tx.done;
  ids.forEach((id, i) => result.set(id, parseAlbumLibraryRecord(records[i])?.availableLibraries ?? []));
  return result;
}

export async function putAlbumInfos(infos: readonly AlbumInfo[]): Promise<void> {
  if (infos.length === 0) return;
  const db = await handle.get();
  const tx = db.transaction(ALBUM_INFO_STORE, 'readwrite');
  await Promise.all([...infos.map((info) => tx.store.put(info)), tx.done]);
}

/**
 * A cached album as it was written (an AlbumInfo), or null when the record is damaged: another
 * version's shape, a hand-edited store, a half-written record. A damaged record is left out, so the
 * album is fetched again and the record rewritten; it never reaches a page.
 */
export function readStoredAlbumInfo(value: unknown, albumId: string): AlbumInfo | null {
  if (!isRecord(value) || value.albumId !== albumId || typeof value.title !== 'string' || !Array.isArray(value.discs)) return null;
  const discsFit = value.discs.every(
    (disc: unknown) => isRecord(disc) && Array.isArray(disc.tracks) && disc.tracks.every((track: unknown) => isRecord(track) && typeof track.title === 'string'),
  );
  return discsFit ? parseAlbumInfo(value, albumId) : null;
}

/** cached album infos; ids not cached (or whose record is damaged) are absent from the map */
export async function getAlbumInfos(albumIds: readonly string[]): Promise<Map<string, AlbumInfo>> {
  const ids = unique(albumIds);
  const result = new Map<string, AlbumInfo>();
  if (ids.length === 0) return result;
  const db = await handle.get();
  const tx = db.transaction(ALBUM_INFO_STORE, 'readonly');
  const infos = await Promise.all(ids.map((id) => tx.store.get(id)));
  await tx.done;
  ids.forEach((id, i) => {
    const info = readStoredAlbumInfo(infos[i], id);
    if (info) result.set(id, info);
  });
  return result;
}

/** empties the album info cache (sync step 4) */
export async function clearAlbumInfo(): Promise<void> {
  const db = await handle.get();
  await db.clear(ALBUM_INFO_STORE);
}

export async function clearAlbumDb(): Promise<void> {
  const db = await handle.get();
  const tx = db.transaction([ALBUM_LIBRARY_STORE, ALBUM_INFO_STORE], 'readwrite');
  await Promise.all([
    tx.objectStore(ALBUM_LIBRARY_STORE).clear(),
    tx.objectStore(ALBUM_INFO_STORE).clear(),
    tx.done,
  ]);
}

/** closes the cached connection (tests, or before deleting the database) */
export function closeAlbumDb(): Promise<void> {
  return handle.close();
}

/** empties both local databases: availability, album cache and library records (logout) */
export async function clearLocalLibraryRecords(): Promise<void> {
  await Promise.all([clearAlbumDb(), clearLibraryDb()]);
}
