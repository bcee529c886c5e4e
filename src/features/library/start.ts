// The long-lived library actors: the user's credentials and the sync of their libraries into this
// browser, with the edges between them (a credential added or changed syncs; a library deleted is
// removed locally, a refused token reads the credentials again), and the access module fed by the
// credentials of the moment.
import { createActor, waitFor, type InspectionEvent } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import type { TrackIdentity } from '@/shared/track';
import { createLibraryAccess } from './access';
import { loadedLater } from '@/shared/loadedLater';
import { defineLibrariesActors, librariesOfAlbums } from './actors';
import { librariesMachine } from './librariesMachine';
import type { LibrarySyncEvent } from './librarySyncMachine';

export interface LibraryOptions {
  api: ApiClient;
  /** fetch for library servers (tests pass a fake) */
  fetch?: typeof globalThis.fetch;
  /** whether a track is kept on this device (it then plays with no library) */
  keptOnDevice?: (track: TrackIdentity) => boolean;
  /** resolves once what this device keeps is known */
  keptKnown?: () => Promise<void>;
  inspect?: (event: InspectionEvent) => void;
}

export function startLibrary({ api, fetch, keptOnDevice, keptKnown, inspect }: LibraryOptions) {
  const libraries = createActor(librariesMachine.provide({ actors: defineLibrariesActors({ api }) }), { inspect });
  // the sync's code loads after the first page: created with the first credentials loaded
  const librarySync = loadedLater(async () => (await import('./sync')).startLibrarySync({ fetch, libraries, inspect }));
  const toSync = (event: LibrarySyncEvent) =>
    librarySync.ready().then(
      (sync) => sync.send(event),
      (error: unknown) => console.warn('the library sync could not load', error),
    );
  libraries.on('credentialsChanged', ({ credentials }) => void toSync({ type: 'SYNC', credentials }));
  libraries.on('libraryRemoved', ({ url }) => void toSync({ type: 'REMOVE', url }));

  const access = createLibraryAccess({
    credentials: () => libraries.getSnapshot().context.credentials,
    ready: () => libraries.getSnapshot().hasTag('ready'),
    // a load under way is `busy`; nobody signed in (idle) has none to wait for
    settled: async () => void (await waitFor(libraries, (snapshot) => !snapshot.hasTag('busy'))),
    librariesOf: librariesOfAlbums,
    keptOnDevice,
    keptKnown,
    offline: () => globalThis.navigator?.onLine === false,
  });

  libraries.start();
  return { libraries, librarySync, access };
}
