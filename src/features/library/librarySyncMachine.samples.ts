// Sample events for `npm run paths -- librarySync` and tests/machines/librarySync.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import { NetworkError } from '@/services/api/errors';
import { sampleCredential } from './librariesMachine.samples';

const sampleRecord = { url: sampleCredential.url, serverLastUpdate: 100, lastSync: 1, albums: ['a'], albumCount: 1 };

export const pathEvents: AnyEventObject[] = [
  { type: 'SYNC', credentials: [sampleCredential] },
  { type: 'SYNC_ONE', credential: sampleCredential },
  { type: 'REMOVE', url: sampleCredential.url },
  { type: 'xstate.done.actor.loadRecords', output: [] },
  { type: 'xstate.done.actor.fetchLibraryInfo', output: { lastUpdate: 200 } },
  { type: 'xstate.done.actor.fetchLibraryAlbums', output: ['a', 'b'] },
  { type: 'xstate.error.actor.fetchLibraryAlbums', error: new NetworkError(401, 'Unauthorized') },
  { type: 'xstate.done.actor.storeLibrary', output: { ...sampleRecord, serverLastUpdate: 200 } },
];
