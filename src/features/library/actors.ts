// The real actors of library sync and of the logout cleanup. system.ts wires them into the app;
// the sync benchmark (bench/sync/entry.ts) imports the same functions, so it measures this code.
// Storage and the library client load on first use: nothing here runs before somebody signs in,
// so they stay out of the first page.
import { fromPromise } from 'xstate';
import { librarySyncMachine } from './librarySyncMachine';
import { removeLocal } from '@/storage/local';

const storage = () => import('@/storage/librarySync');
const libraryDb = () => import('@/storage/libraryDb');
const albumDb = () => import('@/storage/albumDb');
const annil = () => import('@/services/annil');

/** the sync machine over the annil client (fetch: library servers; tests pass a fake) and IndexedDB */
export function provideLibrarySync(fetch?: typeof globalThis.fetch) {
  return librarySyncMachine.provide({
    actors: {
      loadRecords: fromPromise(async () => (await libraryDb()).listLibraryRecords()),
      fetchLibraryInfo: fromPromise(async ({ input }) => (await annil()).getLibraryInfo(input.url, { fetch })),
      fetchLibraryAlbums: fromPromise(async ({ input }) => (await annil()).getLibraryAlbums(input.url, input.token, { fetch })),
      storeLibrary: fromPromise(async ({ input }) => (await storage()).storeLibrarySync(input)),
      removeLibrary: fromPromise(async ({ input }) => (await storage()).removeLibraryData(input.url)),
    },
  });
}

/** what logging out forgets locally: the user, the play queue and every local library record */
export async function clearLocalData(): Promise<void> {
  removeLocal('userInfo');
  removeLocal('playlist');
  await (await albumDb()).clearLocalLibraryRecords();
}
