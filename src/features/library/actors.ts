// The library feature's real actors (docs/architecture.md#2-a-feature-folder: factories over the services, given once with
// .provide()). The sync benchmark (bench/sync/entry.ts) uses the same factories, so it measures
// this code. Storage and the library client load on first use: nothing here runs before somebody
// signs in, so they stay out of the first page.
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import * as credentialApi from '@/services/api/credential';
import type { Credential, NewCredential } from '@/shared/types';
import type { LibrarySummary } from '@/storage/libraryJobs';
import type { StoreLibraryInput } from './librarySyncMachine';
import { librarySyncMachine } from './librarySyncMachine';

const storage = () => import('@/storage/libraryWorker');
const libraryDb = () => import('@/storage/libraryDb');
const albumDb = () => import('@/storage/albumDb');
const annil = () => import('@/services/annil');

export function defineLibrariesActors({ api }: { api: ApiClient }) {
  return {
    listCredentials: fromPromise<Credential[], void>(() => credentialApi.listCredentials(api)),
    addCredential: fromPromise(({ input }: { input: NewCredential }) => credentialApi.addCredential(api, input)),
    deleteCredential: fromPromise(({ input }: { input: { id: string } }) =>
      credentialApi.deleteCredential(api, input.id),
    ),
  };
}

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

/** album id → the URLs of the libraries holding it (the local album_library_map) */
export async function librariesOfAlbums(albumIds: readonly string[]): Promise<Map<string, readonly string[]>> {
  return (await albumDb()).getAlbumLibrariesMany(albumIds);
}

/** what signing out forgets of the libraries on this device: every local album and library record */
export async function clearLocalLibraryData(): Promise<void> {
  await (await albumDb()).clearLocalLibraryRecords();
}
