// Local album data: IndexedDB ALBUM_DB_NAME v2 (spec 3) with two stores keyed by albumId:
// `album_library_map` (which libraries hold an album) and `album_info` (cached album metadata).
// Every function runs in one transaction, however many albums it touches.
import type { DBSchema } from 'idb';
import { ALBUM_DB_NAME, ALBUM_DB_VERSION } from '@/constants';
import { isRecord, readStringArray } from '@/services/api/narrow';
import type { AlbumInfo } from '@/services/api/types';
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

/**
 * Makes `url` listed for exactly `albumIds`: adds it where missing and removes it from albums the
 * library no longer lists (a re-sync after the library changed).
 */
export async function setLibraryAlbums(url: string, albumIds: readonly string[]): Promise<void> {
  const wanted = new Set(albumIds);
  const db = await handle.get();
  const tx = db.transaction(ALBUM_LIBRARY_STORE, 'readwrite');
  const seen = new Set<string>();
  const now = new Date();
  const work: Promise<unknown>[] = [];
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    const record = parseAlbumLibraryRecord(cursor.value);
    if (!record) continue;
    seen.add(record.albumId);
    const has = record.availableLibraries.includes(url);
    if (wanted.has(record.albumId) && !has) {
      work.push(cursor.update({ ...record, availableLibraries: [...record.availableLibraries, url] }));
    } else if (!wanted.has(record.albumId) && has) {
      const rest = record.availableLibraries.filter((u) => u !== url);
      work.push(rest.length > 0 ? cursor.update({ ...record, availableLibraries: rest }) : cursor.delete());
    }
  }
  for (const albumId of wanted) {
    if (!seen.has(albumId)) work.push(tx.store.put({ albumId, availableLibraries: [url], createdAt: now }));
  }
  await Promise.all([...work, tx.done]);
}

/** takes `url` out of every album's list (library deleted); albums left with none are dropped */
export async function removeLibraryFromAlbums(url: string): Promise<void> {
  const db = await handle.get();
  const tx = db.transaction(ALBUM_LIBRARY_STORE, 'readwrite');
  const work: Promise<unknown>[] = [];
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    const record = parseAlbumLibraryRecord(cursor.value);
    if (!record || !record.availableLibraries.includes(url)) continue;
    const rest = record.availableLibraries.filter((u) => u !== url);
    work.push(rest.length > 0 ? cursor.update({ ...record, availableLibraries: rest }) : cursor.delete());
  }
  await Promise.all([...work, tx.done]);
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

/** cached album infos; ids not cached are absent from the map */
export async function getAlbumInfos(albumIds: readonly string[]): Promise<Map<string, AlbumInfo>> {
  const ids = unique(albumIds);
  const result = new Map<string, AlbumInfo>();
  if (ids.length === 0) return result;
  const db = await handle.get();
  const tx = db.transaction(ALBUM_INFO_STORE, 'readonly');
  const infos = await Promise.all(ids.map((id) => tx.store.get(id)));
  await tx.done;
  ids.forEach((id, i) => {
    const info: unknown = infos[i];
    if (isRecord(info) && info.albumId === id) result.set(id, info as unknown as AlbumInfo);
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
