// The library sync with its real actors (sync steps over the annil client and IndexedDB), created
// with the first credentials a signed-in listener has (start.ts): its code loads after the first
// page. The sync benchmark (bench/sync/entry.ts) uses the same factories, so it measures this code.
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import type { LibrarySummary } from '@/storage/libraryJobs';
import type { LibrariesRef } from './librariesMachine';
import { librarySyncMachine, type LibrarySyncRef, type StoreLibraryInput } from './librarySyncMachine';

const storage = () => import('@/storage/libraryWorker');
const libraryDb = () => import('@/storage/libraryDb');
const annil = () => import('@/services/annil');

/** the sync steps over the annil client (`fetch`: library servers; tests pass a fake) and IndexedDB */
function defineLibrarySyncActors({ fetch }: { fetch?: typeof globalThis.fetch } = {}) {
  return {
    // the records alone are small (their album lists are stored apart): read here, no worker starts
    loadRecords: fromPromise<LibrarySummary[], void>(async () => (await libraryDb()).listLibraryRecords()),
    fetchLibraryInfo: fromPromise(async ({ input }: { input: { url: string } }) =>
      (await annil()).getLibraryInfo(input.url, { fetch }),
    ),
    fetchLibraryAlbums: fromPromise(async ({ input }: { input: { url: string; token: string } }) =>
      (await annil()).getLibraryAlbums(input.url, input.token, { fetch }),
    ),
    // the IndexedDB writes run in a worker (100,000 albums must not freeze the page)
    storeLibrary: fromPromise(async ({ input }: { input: StoreLibraryInput }) =>
      (await storage()).libraryWorker.store(input),
    ),
    removeLibrary: fromPromise(async ({ input }: { input: { url: string } }) =>
      (await storage()).libraryWorker.remove(input.url),
    ),
  };
}

export function provideLibrarySync(fetch?: typeof globalThis.fetch) {
  return librarySyncMachine.provide({ actors: defineLibrarySyncActors({ fetch }) });
}

/** the sync actor, started; a token it finds refused has the credentials read again (a renewed one) */
export function startLibrarySync({
  fetch,
  libraries,
  inspect,
}: {
  fetch?: typeof globalThis.fetch;
  libraries: LibrariesRef;
  inspect?: (event: InspectionEvent) => void;
}): LibrarySyncRef {
  const librarySync = createActor(provideLibrarySync(fetch), { inspect });
  // a refused token (expired, or ended by a password change): the server hands out a renewed one
  librarySync.on('tokenRefused', () => libraries.send({ type: 'REFRESH' }));
  return librarySync.start();
}
