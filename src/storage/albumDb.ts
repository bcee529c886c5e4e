// Local album data: IndexedDB ALBUM_DB_NAME (docs/architecture.md#local-album-data): the
// availability map (availability.ts: which libraries hold an album, stored per library in blocks)
// and `album_info` (cached album metadata, keyed albumId). Every function runs in one transaction.
import { isRecord } from '@/rules/narrow';
import { parseAlbumInfo } from '@/rules/albumParse';
import type { AlbumInfo } from '@/shared/types';
import { ALBUM_HEAD_STORE, ALBUM_INFO_STORE, ALBUM_LIBRARY_STORE, albumDbHandle as handle } from './albumDbHandle';
import { announceAvailabilityChange, forgetCachedAvailability } from './availability';
import { clearLibraryDb } from './libraryDb';

export { ALBUM_INFO_STORE, ALBUM_LIBRARY_STORE };
export {
  addLibraryToAlbums,
  getAlbumLibraries,
  getAlbumLibrariesMany,
  getAlbumRecord,
  removeLibraryFromAlbums,
  setLibraryAlbums,
  type AlbumLibraryRecord,
} from './availability';

function unique(ids: Iterable<string>): string[] {
  return [...new Set(ids)];
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
  if (!isRecord(value) || value.albumId !== albumId || typeof value.title !== 'string' || !Array.isArray(value.discs))
    return null;
  const discsFit = value.discs.every(
    (disc: unknown) =>
      isRecord(disc) &&
      Array.isArray(disc.tracks) &&
      disc.tracks.every((track: unknown) => isRecord(track) && typeof track.title === 'string'),
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
  const tx = db.transaction([ALBUM_HEAD_STORE, ALBUM_LIBRARY_STORE, ALBUM_INFO_STORE], 'readwrite');
  await Promise.all([
    tx.objectStore(ALBUM_HEAD_STORE).clear(),
    tx.objectStore(ALBUM_LIBRARY_STORE).clear(),
    tx.objectStore(ALBUM_INFO_STORE).clear(),
    tx.done,
  ]);
  announceAvailabilityChange();
}

/** closes the cached connection (tests, or before deleting the database) */
export function closeAlbumDb(): Promise<void> {
  // what this tab cached may not survive the database (deleted, or upgraded by another tab)
  forgetCachedAvailability();
  return handle.close();
}

/** empties both local databases: availability, album cache and library records (logout) */
export async function clearLocalLibraryRecords(): Promise<void> {
  await Promise.all([clearAlbumDb(), clearLibraryDb()]);
}
