// Sample events for `npm run paths -- librarySync` and tests/machines/librarySync.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { NetworkError } from '@/services/api/errors';
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
  { type: 'xstate.done.actor.fetchLibraryAlbums', output: ['a', 'b'] },
  { type: 'xstate.error.actor.fetchLibraryAlbums', error: new NetworkError(401, 'Unauthorized') },
  { type: 'xstate.error.actor.fetchLibraryAlbums', error: new NetworkError(503, 'Service Unavailable') },
  { type: 'xstate.done.actor.storeLibrary', output: { ...sampleRecord, serverLastUpdate: 200 } },
];

/** Whether a library was synced before decides whether it is fetched again: part of a walk's key. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const libraries = (snapshot.context as { libraries: Record<string, { record?: unknown }> }).libraries;
  return JSON.stringify([snapshot.value, Object.values(libraries).some((library) => library.record !== undefined)]);
};
