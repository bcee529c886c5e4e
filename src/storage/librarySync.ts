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

export async function storeLibrarySync(
  { url, lastUpdate, albums }: LibrarySnapshot,
  now = Date.now(),
): Promise<LibraryRecord> {
  if (albums === null) return renewLibraryRecord(url, lastUpdate, now);
  await setLibraryAlbums(url, albums);
  await clearAlbumInfo();
  return putLibraryRecord({ url, serverLastUpdate: lastUpdate, lastSync: now }, albums);
}

export async function removeLibraryData(url: string): Promise<void> {
  await removeLibraryFromAlbums(url);
  await deleteLibraryRecord(url);
}
