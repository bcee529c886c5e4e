// The library actors for views, and the hooks other features' pages read through index.ts.
import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { providedContext } from '@/ui/providedContext';
import type { LibraryAccess } from './access';
import type { LibrariesRef } from './librariesMachine';
import type { LibrarySyncRef } from './librarySyncMachine';
import { credentialsOf, libraryRecordOf, syncGenerationOf } from './selectors';

export interface LibraryActors {
  libraries: LibrariesRef;
  librarySync: LibrarySyncRef;
  access: LibraryAccess;
}

export const [LibraryProvider, useLibraryActors] = providedContext<LibraryActors>('Library');

/** The user's credentials once loaded (null while loading) */
export function useCredentials() {
  return useSelector(useLibraryActors().libraries, credentialsOf);
}

/** Changes whenever a sync or removal changed local library data: pages reload with it. */
export function useSyncGeneration(): number {
  return useSelector(useLibraryActors().librarySync, syncGenerationOf);
}

const onNetworkChange = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/**
 * Changes whenever what can play may have changed: a sync, or the browser losing or finding its
 * network (offline only kept tracks play). Pages that ask library access reload with it.
 */
export function useAccessGeneration(): string {
  const generation = useSyncGeneration();
  const online = useSyncExternalStore(
    onNetworkChange,
    () => navigator.onLine,
    () => true,
  );
  return online ? String(generation) : `${generation}:offline`;
}

/** the library's stored record (album count, sync time): undefined while the records are read, null when it has none */
export function useLibraryRecord(url: string) {
  return useSelector(useLibraryActors().librarySync, libraryRecordOf(url));
}

/** whether the credentials' load has ended: before that nobody can tell which library has an album */
export function useCredentialsKnown(): boolean {
  return useSelector(useLibraryActors().libraries, (s) => credentialsOf(s) !== null);
}

/** the one owner of library access, for loads that need it (hand its answers to a loader, never await them in a view) */
export function useLibraryAccess(): LibraryAccess {
  return useLibraryActors().access;
}
