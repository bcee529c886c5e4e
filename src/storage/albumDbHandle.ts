// The album database (IndexedDB ALBUM_DB_NAME, docs/architecture.md#local-album-data): its stores
// and the upgrade from every earlier version.
// - album_library_map: the availability map, per library in blocks keyed [url, block] (version 3;
//   versions 1-2 kept one record per album, keyed albumId);
// - album_library_heads: one small record per library, keyed url, that finds its blocks;
// - album_info: cached album metadata, keyed albumId.
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { ALBUM_DB_NAME, ALBUM_DB_VERSION } from '@/shared/constants';
import { isRecord } from '@/rules/narrow';
import type { AlbumInfo } from '@/shared/types';
import { newGeneration, toBlocks, toStored, type AvailabilityHead, type StoredBlock } from './albumBlocks';
import { createDbHandle } from './openDb';

export const ALBUM_LIBRARY_STORE = 'album_library_map';
export const ALBUM_HEAD_STORE = 'album_library_heads';
export const ALBUM_INFO_STORE = 'album_info';

export interface AlbumDbSchema extends DBSchema {
  [ALBUM_LIBRARY_STORE]: { key: [string, number]; value: StoredBlock };
  [ALBUM_HEAD_STORE]: { key: string; value: AvailabilityHead };
  [ALBUM_INFO_STORE]: { key: string; value: AlbumInfo };
}

type UpgradeTx = IDBPTransaction<AlbumDbSchema, StoreNames<AlbumDbSchema>[], 'versionchange'>;

/**
 * Versions 1-2 stored `{albumId, availableLibraries, createdAt}` per album. Each library gets the
 * albums it held, with the album's createdAt as first-seen time. Records read in key order give
 * each library its ids already sorted. A damaged record is skipped with a warning.
 */
function perLibrary(records: unknown[]): Map<string, { ids: string[]; firstSeen: number[] }> {
  const libraries = new Map<string, { ids: string[]; firstSeen: number[] }>();
  let damaged = 0;
  for (const value of records) {
    const urls = isRecord(value) ? value.availableLibraries : undefined;
    if (
      !isRecord(value) ||
      typeof value.albumId !== 'string' ||
      !Array.isArray(urls) ||
      !urls.every((u) => typeof u === 'string')
    ) {
      damaged++;
      continue;
    }
    // version 1 wrote no createdAt: it sorts first, as it did
    const createdAt =
      value.createdAt instanceof Date && Number.isFinite(value.createdAt.getTime()) ? value.createdAt.getTime() : 0;
    for (const url of new Set(urls as string[])) {
      const library = libraries.get(url) ?? { ids: [], firstSeen: [] };
      libraries.set(url, library);
      library.ids.push(value.albumId as string);
      library.firstSeen.push(createdAt);
    }
  }
  if (damaged > 0) console.warn(`album database upgrade: ${damaged} damaged availability record(s) skipped`);
  return libraries;
}

async function fromOneRecordPerAlbum(db: IDBPDatabase<AlbumDbSchema>, tx: UpgradeTx): Promise<void> {
  // the old store's name is the new one's: read it through an untyped view before it is replaced
  const records: unknown[] = await (
    tx.objectStore(ALBUM_LIBRARY_STORE) as unknown as { getAll(): Promise<unknown[]> }
  ).getAll();
  db.deleteObjectStore(ALBUM_LIBRARY_STORE);
  const blocks = db.createObjectStore(ALBUM_LIBRARY_STORE, { keyPath: ['url', 'block'] });
  const heads = db.createObjectStore(ALBUM_HEAD_STORE, { keyPath: 'url' });
  let rank = 0;
  for (const [url, { ids, firstSeen }] of perLibrary(records)) {
    const written = toBlocks(url, ids, firstSeen);
    for (const block of written) void blocks.put(toStored(block));
    void heads.put({
      url,
      generation: newGeneration(),
      rank: rank++,
      firsts: written.map((b) => b.ids[0]!),
      count: ids.length,
    });
  }
}

export const albumDbHandle = createDbHandle<AlbumDbSchema>(
  ALBUM_DB_NAME,
  ALBUM_DB_VERSION,
  (db, oldVersion, _newVersion, tx) => {
    if (!db.objectStoreNames.contains(ALBUM_INFO_STORE)) db.createObjectStore(ALBUM_INFO_STORE, { keyPath: 'albumId' });
    if (oldVersion > 0 && oldVersion < 3 && db.objectStoreNames.contains(ALBUM_LIBRARY_STORE)) {
      // requests on the upgrade transaction keep it open until the rewrite is done
      // (a failure aborts it: the database stays at its old version, with its old records)
      fromOneRecordPerAlbum(db, tx).catch((error: unknown) => {
        console.warn('album database upgrade failed', error);
        tx.abort();
      });
      return;
    }
    if (!db.objectStoreNames.contains(ALBUM_LIBRARY_STORE))
      db.createObjectStore(ALBUM_LIBRARY_STORE, { keyPath: ['url', 'block'] });
    if (!db.objectStoreNames.contains(ALBUM_HEAD_STORE)) db.createObjectStore(ALBUM_HEAD_STORE, { keyPath: 'url' });
  },
);
