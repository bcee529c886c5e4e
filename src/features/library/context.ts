// The library actors for views, and the hooks other features' pages read through index.ts.
import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useLoaded, useSelectorOrNone } from '@/ui/useLoaded';
import type { LibraryAccess } from './access';
import type { LibrariesRef } from './librariesMachine';
import type { LibrarySyncRef } from './librarySyncMachine';
import { credentialsOf, libraryRecordOf, libraryStatusOf, syncGenerationOf } from './selectors';

export interface LibraryActors {
  libraries: LibrariesRef;
  /** loads after the first page: created with the first credentials loaded (start.ts) */
  librarySync: LoadedLater<LibrarySyncRef>;
  access: LibraryAccess;
}

export const [LibraryProvider, useLibraryActors] = providedContext<LibraryActors>('Library');

/** The user's credentials once loaded (null while loading) */
export function useCredentials() {
  return useSelector(useLibraryActors().libraries, credentialsOf);
}

/**
 * What a page reads of the sync without waiting for its code: `none` until the sync exists (no
 * credentials loaded yet, so nothing synced). `select` returns a primitive or a context value.
 */
function useSyncSelector<T>(select: (snapshot: SnapshotFrom<LibrarySyncRef>) => T, none: T): T {
  return useSelectorOrNone(useLoaded(useLibraryActors().librarySync), select, none);
}

/** the sync actor, for the 音频仓库 page's 同步 buttons: null until its code has loaded (the page does not wait) */
export const useLibrarySync = (): LibrarySyncRef | null => useLoaded(useLibraryActors().librarySync);

/** a library's sync status (syncing, failed, its record); undefined until the sync has loaded or knows it */
export function useLibraryStatus(url: string) {
  // a fresh selector each render is fine: it returns a context value, not a new object
  return useSyncSelector(libraryStatusOf(url), undefined);
}

/** Changes whenever a sync or removal changed local library data: pages reload with it. */
export function useSyncGeneration(): number {
  return useSyncSelector(syncGenerationOf, 0);
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
  // a fresh selector each render is fine: it returns a context value, not a new object
  return useSyncSelector(libraryRecordOf(url), undefined);
}

/** whether the credentials' load has ended: before that nobody can tell which library has an album */
export function useCredentialsKnown(): boolean {
  return useSelector(useLibraryActors().libraries, (s) => credentialsOf(s) !== null);
}

/** the one owner of library access, for loads that need it (hand its answers to a loader, never await them in a view) */
export function useLibraryAccess(): LibraryAccess {
  return useLibraryActors().access;
}
