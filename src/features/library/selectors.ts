// What views read of the library actors: narrow selectors over tags and context.
import type { SnapshotFrom } from 'xstate';
import type { Credential } from '@/shared/types';
import type { LibrariesRef } from './librariesMachine';
import type { LibrarySyncRef } from './librarySyncMachine';

type LibrariesSnapshot = SnapshotFrom<LibrariesRef>;
type SyncSnapshot = SnapshotFrom<LibrarySyncRef>;

/** the user's credentials once their load ended (empty after a failed one); null while loading */
export const credentialsOf = (s: LibrariesSnapshot): Credential[] | null =>
  s.hasTag('loading') ? null : s.context.credentials;

/** changes whenever a sync or removal changed local library data: pages reload with it */
export const syncGenerationOf = (s: SyncSnapshot): number => s.context.generation;

export const libraryStatusOf = (url: string) => (s: SyncSnapshot) => s.context.libraries[url];

/**
 * What this browser stored of a library at its last sync (its album count, sync time), once the
 * stored records are read: undefined while they are, null when the library has no record.
 */
export const libraryRecordOf = (url: string) => (s: SyncSnapshot) =>
  s.hasTag('readingRecords') ? undefined : (s.context.libraries[url]?.record ?? null);
