// Sample events for `npm run paths -- librarySync` and tests/machines/librarySync.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { NetworkError } from '@/services/api/errors';
import { packAlbumIds } from '@/shared/albumIds';
import { sampleCredential } from './librariesMachine.samples';

const sampleRecord = { url: sampleCredential.url, serverLastUpdate: 100, lastSync: 1, albums: ['a'], albumCount: 1 };

export const pathEvents: AnyEventObject[] = [
  { type: 'SYNC', credentials: [sampleCredential] },
  { type: 'SYNC_ONE', credential: sampleCredential },
  { type: 'REMOVE', url: sampleCredential.url },
  { type: 'xstate.done.actor.loadRecords', output: [] },
  // a library synced before, unchanged on the server since: nothing to fetch or store
  { type: 'xstate.done.actor.loadRecords', output: [sampleRecord] },
  { type: 'xstate.done.actor.fetchLibraryInfo', output: { lastUpdate: 200 } },
  { type: 'xstate.done.actor.fetchLibraryInfo', output: { lastUpdate: sampleRecord.serverLastUpdate } },
  { type: 'xstate.done.actor.fetchLibraryAlbums', output: packAlbumIds(['a', 'b']) },
  { type: 'xstate.error.actor.fetchLibraryAlbums', error: new NetworkError(401, 'Unauthorized') },
  { type: 'xstate.error.actor.fetchLibraryAlbums', error: new NetworkError(503, 'Service Unavailable') },
  { type: 'xstate.done.actor.storeLibrary', output: { ...sampleRecord, serverLastUpdate: 200 } },
];

/** Whether a library was synced before decides whether it is fetched again: part of a walk's key. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const libraries = (snapshot.context as { libraries: Record<string, { record?: unknown }> }).libraries;
  return JSON.stringify([snapshot.value, Object.values(libraries).some((library) => library.record !== undefined)]);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  SYNC: 'the libraries are listed or changed (each one not synced yet syncs)',
  SYNC_ONE: 'the listener presses 同步 on a library',
  REMOVE: 'a library is deleted (its local data goes)',
  RESET: 'the listener signs out',
  'xstate.done.actor.loadRecords': "this browser's library records are read",
  'xstate.error.actor.loadRecords': "this browser's library records cannot be read (every library counts as 从未同步)",
  'xstate.done.actor.fetchLibraryInfo': 'the library answers with its info',
  'xstate.error.actor.fetchLibraryInfo': 'the library does not answer with its info (down, slow, or the token refused)',
  'xstate.done.actor.fetchLibraryAlbums': 'the library sends its album list',
  'xstate.error.actor.fetchLibraryAlbums': 'the library does not send its album list',
  'xstate.done.actor.storeLibrary': 'the albums are stored in this browser (音频仓库同步成功)',
  'xstate.error.actor.storeLibrary': 'the albums cannot be stored in this browser',
  'xstate.done.actor.removeLibrary': "the deleted library's local data is removed",
  'xstate.error.actor.removeLibrary': "the deleted library's local data cannot be removed",
};
