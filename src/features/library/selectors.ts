// What views read of the library actors: narrow selectors over tags and context.
import type { SnapshotFrom } from 'xstate';
import type { Credential } from '@/shared/types';
import type { LibrariesRef } from './librariesMachine';
import type { LibrarySyncRef } from './librarySyncMachine';

type LibrariesSnapshot = SnapshotFrom<LibrariesRef>;
type SyncSnapshot = SnapshotFrom<LibrarySyncRef>;

/** the user's credentials once their load ended (empty after a failed one); null while loading */
export const credentialsOf = (s: LibrariesSnapshot): Credential[] | null => (s.hasTag('loading') ? null : s.context.credentials);

/** changes whenever a sync or removal changed local library data: pages reload with it */
export const syncGenerationOf = (s: SyncSnapshot): number => s.context.generation;

export const libraryStatusOf = (url: string) => (s: SyncSnapshot) => s.context.libraries[url];
