// Sample events for `npm run paths -- librarySync` and tests/machines/librarySync.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
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
  // stored, with albums this device did not hold for the library (a first sync: all of them)
  {
    type: 'xstate.done.actor.storeLibrary',
    output: { record: { ...sampleRecord, serverLastUpdate: 200 }, newAlbums: 2 },
  },
  // stored, nothing new (unchanged, or albums only dropped)
  {
    type: 'xstate.done.actor.storeLibrary',
    output: { record: { ...sampleRecord, serverLastUpdate: 200 }, newAlbums: 0 },
  },
];

type SyncSampleContext = {
  libraries: Record<string, { record?: unknown }>;
  current: { kind: string; byListener?: boolean } | null;
  albums: unknown;
};

/**
 * Parts of a walk's key: whether a library was synced before (it is then fetched again only when
 * changed), whether the listener pressed 同步 for the job, and whether it wrote an album list
 * (both decide whether its success is told).
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const { libraries, current, albums } = snapshot.context as SyncSampleContext;
  return JSON.stringify([
    snapshot.value,
    Object.values(libraries).some((library) => library.record !== undefined),
    current?.byListener === true,
    albums !== null,
  ]);
};

/** Albums new to this device come only with an album list written: an unchanged library brings none. */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) =>
  event.type !== 'xstate.done.actor.storeLibrary' ||
  (event as { output?: { newAlbums?: number } }).output?.newAlbums === 0 ||
  (snapshot.context as SyncSampleContext).albums !== null;

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
  'xstate.done.actor.storeLibrary':
    'the albums are stored in this browser (音频仓库同步成功 if the listener pressed 同步 or albums are new here)',
  'xstate.error.actor.storeLibrary': 'the albums cannot be stored in this browser',
  'xstate.done.actor.removeLibrary': "the deleted library's local data is removed",
  'xstate.error.actor.removeLibrary': "the deleted library's local data cannot be removed",
};
