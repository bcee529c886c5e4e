// The library feature's real actors (docs/architecture.md#2-a-feature-folder: factories over the services, given once with
// .provide()); the sync's are in sync.ts, which loads after the first page. Storage loads on first
// use: nothing here runs before somebody signs in, so it stays out of the first page.
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import * as credentialApi from '@/services/api/credential';
import type { Credential, NewCredential } from '@/shared/types';

const albumDb = () => import('@/storage/albumDb');

export function defineLibrariesActors({ api }: { api: ApiClient }) {
  return {
    listCredentials: fromPromise<Credential[], void>(() => credentialApi.listCredentials(api)),
    addCredential: fromPromise(({ input }: { input: NewCredential }) => credentialApi.addCredential(api, input)),
    deleteCredential: fromPromise(({ input }: { input: { id: string } }) =>
      credentialApi.deleteCredential(api, input.id),
    ),
  };
}

/** album id → the URLs of the libraries holding it (the local album_library_map) */
export async function librariesOfAlbums(albumIds: readonly string[]): Promise<Map<string, readonly string[]>> {
  return (await albumDb()).getAlbumLibrariesMany(albumIds);
}

/** what signing out forgets of the libraries on this device: every local album and library record */
export async function clearLocalLibraryData(): Promise<void> {
  await (await albumDb()).clearLocalLibraryRecords();
}
