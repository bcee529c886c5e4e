// The real actors of library sync and of the logout cleanup. system.ts wires them into the app;
// the sync benchmark (bench/sync/entry.ts) imports the same functions, so it measures this code.
import { fromPromise } from 'xstate';
import { librarySyncMachine } from '@/machines/librarySync';
import { getLibraryAlbums, getLibraryInfo } from '@/services/annil';
import { listLibraryRecords } from '@/storage/libraryDb';
import { removeLibraryData, storeLibrarySync } from '@/storage/librarySync';
import { removeLocal } from '@/storage/local';
import { clearLocalLibraryRecords } from '@/storage/albumDb';

/** the sync machine over the annil client (fetch: library servers; tests pass a fake) and IndexedDB */
export function provideLibrarySync(fetch?: typeof globalThis.fetch) {
  return librarySyncMachine.provide({
    actors: {
      loadRecords: fromPromise(() => listLibraryRecords()),
      fetchLibraryInfo: fromPromise(({ input }) => getLibraryInfo(input.url, { fetch })),
      fetchLibraryAlbums: fromPromise(({ input }) => getLibraryAlbums(input.url, input.token, { fetch })),
      storeLibrary: fromPromise(({ input }) => storeLibrarySync(input)),
      removeLibrary: fromPromise(({ input }) => removeLibraryData(input.url)),
    },
  });
}

/** what logging out forgets locally: the user, the play queue and every local library record */
export async function clearLocalData(): Promise<void> {
  removeLocal('userInfo');
  removeLocal('playlist');
  await clearLocalLibraryRecords();
}
