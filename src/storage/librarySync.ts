// The storage side of a library sync (docs/behaviour.md#library-sync: the albums and the record) and of a library's removal, batched:
// one transaction per database per library, never one per album.
import { clearAlbumInfo, removeLibraryFromAlbums, setLibraryAlbums } from './albumDb';
import { deleteLibraryRecord, putLibraryRecord, renewLibraryRecord, type LibraryRecord } from './libraryDb';

export interface LibrarySnapshot {
  url: string;
  lastUpdate: number;
  /** null: unchanged since the last sync; only the sync time is renewed */
  albums: string[] | null;
}

/** a stored sync: the library's record, and how many of its albums this device did not hold for it before */
export interface StoredSync {
  record: LibraryRecord;
  /** album ids the library's list has that this device's data for the library lacked (a first sync: all) */
  newAlbums: number;
}

export async function storeLibrarySync(
  { url, lastUpdate, albums }: LibrarySnapshot,
  now = Date.now(),
): Promise<StoredSync> {
  // an unchanged library has the albums it had: none is new
  if (albums === null) return { record: await renewLibraryRecord(url, lastUpdate, now), newAlbums: 0 };
  const newAlbums = await setLibraryAlbums(url, albums);
  await clearAlbumInfo();
  return { record: await putLibraryRecord({ url, serverLastUpdate: lastUpdate, lastSync: now }, albums), newAlbums };
}

export async function removeLibraryData(url: string): Promise<void> {
  await removeLibraryFromAlbums(url);
  await deleteLibraryRecord(url);
}
