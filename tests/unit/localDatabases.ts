// The app's two IndexedDB databases emptied between tests (over fake-indexeddb): the cached
// connections closed first, so deleting is never blocked.
import { deleteDB } from 'idb';
import { ALBUM_DB_NAME, LIBRARY_DB_NAME } from '@/shared/constants';
import { closeAlbumDb } from '@/storage/albumDb';
import { closeLibraryDb } from '@/storage/libraryDb';

export async function resetDatabases(): Promise<void> {
  await closeAlbumDb();
  await closeLibraryDb();
  await deleteDB(ALBUM_DB_NAME);
  await deleteDB(LIBRARY_DB_NAME);
}
