// Library sync (docs/behaviour.md#library-sync): after login and whenever credentials change, each credential not yet
// synced in this session is synced in turn: library info → album list → availability map, album
// cache clear and library record (one batched write). A library that is down, slow or answers
// garbage fails alone; the others go on. Deleted libraries are removed in the same queue.
// A library that refuses the token (it expired or was ended, e.g. by a password change) is not
// failed at once: the machine asks for the credentials again (the server hands out a renewed
// token) and the new SYNC tries once more; refused a second time, it fails as any other.
import { failure, provideMe } from '@/shared/machines';
import { assign, emit, setup, type ActorRefFrom } from 'xstate';
import type { Credential } from '@/shared/types';
import type { PackedAlbumIds } from '@/shared/albumIds';
import type { LibrarySummary } from '@/storage/libraryJobs';
import { errorMessage, isTokenRefused } from '@/services/api/errors';
import { text } from '@/shared/firstPageText';
import type { NotifyEvent } from '@/shared/effects';

export type SyncJob = { kind: 'sync'; credential: Credential } | { kind: 'remove'; url: string };

export interface LibraryStatus {
  /** the library's own last_update (Unix seconds), once fetched this session */
  serverLastUpdate?: number;
  /** what the browser stored at its last successful sync */
  record?: Pick<LibrarySummary, 'lastSync' | 'albumCount' | 'serverLastUpdate'>;
  state: 'pending' | 'syncing' | 'synced' | 'failed';
  error?: string;
}

export interface LibrarySyncContext {
  queue: SyncJob[];
  current: SyncJob | null;
  /** urls synced successfully in this session */
  synced: string[];
  libraries: Record<string, LibraryStatus>;
  /** the info step's answer for the current job */
  lastUpdate: number | null;
  /** the album list step's answer, packed as read (shared/albumIds.ts) */
  albums: PackedAlbumIds | null;
  /** counts finished changes to local library data, so pages know when to reload */
  generation: number;
  /** urls whose token was refused since their last sync: fresh credentials were asked for once */
  refusedOnce: string[];
}

export type LibrarySyncEvent =
  | { type: 'SYNC'; credentials: Credential[] }
  | { type: 'SYNC_ONE'; credential: Credential }
  | { type: 'REMOVE'; url: string }
  | { type: 'RESET' };

export type LibrariesChangedEvent = { type: 'librariesChanged'; url: string };
/** the library at `url` refused its token: the credentials should be read again */
export type TokenRefusedEvent = { type: 'tokenRefused'; url: string };

export interface StoreLibraryInput {
  url: string;
  lastUpdate: number;
  /** null: the library has not changed since its last sync, only the sync time is renewed */
  albums: PackedAlbumIds | null;
}

const currentUrl = (job: SyncJob | null) => (job === null ? '' : job.kind === 'sync' ? job.credential.url : job.url);

const withStatus = (context: LibrarySyncContext, url: string, patch: Partial<LibraryStatus>) => ({
  ...context.libraries,
  [url]: { state: 'pending' as const, ...context.libraries[url], ...patch },
});

export const librarySyncMachine = setup({
  types: {
    context: {} as LibrarySyncContext,
    events: {} as LibrarySyncEvent,
    emitted: {} as NotifyEvent | LibrariesChangedEvent | TokenRefusedEvent,
    tags: {} as 'busy' | 'readingRecords',
  },
  actors: {
    loadRecords: provideMe<LibrarySummary[]>('librarySync', 'loadRecords'),
    fetchLibraryInfo: provideMe<{ lastUpdate: number }, { url: string }>('librarySync', 'fetchLibraryInfo'),
    fetchLibraryAlbums: provideMe<PackedAlbumIds, { url: string; token: string }>('librarySync', 'fetchLibraryAlbums'),
    storeLibrary: provideMe<LibrarySummary, StoreLibraryInput>('librarySync', 'storeLibrary'),
    removeLibrary: provideMe<void, { url: string }>('librarySync', 'removeLibrary'),
  },
  guards: {
    hasJobs: ({ context }) => context.queue.length > 0,
    nextIsRemoval: ({ context }) => context.queue[0]?.kind === 'remove',
    /** the job wrote a new album list (and cleared the album cache); an unchanged library wrote only its sync time */
    /** refused for its token, and no fresh credentials were asked for since the last sync */
    firstTokenRefusal: ({ context }, params: { error: unknown }) =>
      isTokenRefused(params.error) && !context.refusedOnce.includes(currentUrl(context.current)),
    storedNewAlbums: ({ context }) => context.albums !== null,
    unchangedSinceLastSync: ({ context }, params: { lastUpdate: number }) => {
      const record = context.libraries[currentUrl(context.current)]?.record;
      return record !== undefined && record.serverLastUpdate === params.lastUpdate;
    },
  },
  actions: {
    setRecords: assign(({ context }, params: { records: LibrarySummary[] }) => {
      const libraries = { ...context.libraries };
      for (const r of params.records) {
        libraries[r.url] = { state: 'pending', ...libraries[r.url], record: pick(r) };
      }
      return { libraries };
    }),
    enqueueSyncs: assign(({ context, event }) => {
      if (event.type !== 'SYNC') return {};
      const busy = new Set([currentUrl(context.current), ...context.queue.map((j) => currentUrl(j))]);
      const fresh = event.credentials.filter((c) => !context.synced.includes(c.url) && !busy.has(c.url));
      // one job per library url: two credentials for the same library sync it once
      const unique = fresh.filter((c, i) => fresh.findIndex((o) => o.url === c.url) === i);
      let libraries = context.libraries;
      for (const c of unique) libraries = { ...libraries, [c.url]: { ...libraries[c.url], state: 'pending' } };
      return {
        queue: [...context.queue, ...unique.map((credential) => ({ kind: 'sync' as const, credential }))],
        libraries,
      };
    }),
    enqueueOne: assign(({ context, event }) => {
      if (event.type !== 'SYNC_ONE') return {};
      const url = event.credential.url;
      if (currentUrl(context.current) === url || context.queue.some((j) => currentUrl(j) === url)) return {};
      return {
        queue: [...context.queue, { kind: 'sync' as const, credential: event.credential }],
        libraries: withStatus(context, url, { state: 'pending' }),
      };
    }),
    enqueueRemoval: assign(({ context, event }) => {
      if (event.type !== 'REMOVE') return {};
      return {
        queue: [
          ...context.queue.filter((j) => currentUrl(j) !== event.url),
          { kind: 'remove' as const, url: event.url },
        ],
        synced: context.synced.filter((u) => u !== event.url),
      };
    }),
    takeNextJob: assign(({ context }) => {
      const [current = null, ...queue] = context.queue;
      const url = currentUrl(current);
      return {
        current,
        queue,
        lastUpdate: null,
        albums: null,
        libraries:
          current?.kind === 'sync'
            ? withStatus(context, url, { state: 'syncing', error: undefined })
            : context.libraries,
      };
    }),
    setLastUpdate: assign(({ context }, { lastUpdate }: { lastUpdate: number }) => ({
      lastUpdate,
      libraries: withStatus(context, currentUrl(context.current), { serverLastUpdate: lastUpdate }),
    })),
    setAlbums: assign((_, params: { albums: PackedAlbumIds }) => ({ albums: params.albums })),
    markSynced: assign(({ context }, { record }: { record: LibrarySummary }) => {
      const url = currentUrl(context.current);
      return {
        synced: [...context.synced.filter((u) => u !== url), url],
        refusedOnce: context.refusedOnce.filter((u) => u !== url),
        libraries: withStatus(context, url, { state: 'synced', record: pick(record), error: undefined }),
        current: null,
        // the album ids are stored: the context does not hold 100,000 of them until the next job
        albums: null,
      };
    }),
    markFailed: assign(({ context }, params: { error: unknown }) => ({
      libraries: withStatus(context, currentUrl(context.current), {
        state: 'failed',
        error: errorMessage(params.error),
      }),
      current: null,
      albums: null,
    })),
    /** the job ends without a verdict: the library waits for the SYNC the fresh credentials bring */
    awaitFreshToken: assign(({ context }) => {
      const url = currentUrl(context.current);
      return {
        refusedOnce: [...context.refusedOnce, url],
        libraries: withStatus(context, url, { state: 'pending' }),
        current: null,
        albums: null,
      };
    }),
    askForCredentials: emit(({ context }) => ({ type: 'tokenRefused' as const, url: currentUrl(context.current) })),
    forgetRemoved: assign(({ context }) => {
      const libraries = { ...context.libraries };
      delete libraries[currentUrl(context.current)];
      return { libraries, current: null };
    }),
    forgetEverything: assign({
      queue: [],
      current: null,
      synced: [],
      libraries: {},
      lastUpdate: null,
      albums: null,
      refusedOnce: [],
    }),
    notifySynced: emit({ type: 'notify', severity: 'success', message: text.library.syncSucceeded }),
    notifyFailed: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: text.library.syncFailed(errorMessage(params.error)),
    })),
    notifyRemovalFailed: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
    announceChange: emit(({ context }) => ({ type: 'librariesChanged' as const, url: currentUrl(context.current) })),
    bumpGeneration: assign({ generation: ({ context }) => context.generation + 1 }),
  },
}).createMachine({
  description:
    "Syncing the libraries into this browser, one library at a time; the 音频仓库 page shows each one's status.",
  id: 'librarySync',
  context: {
    queue: [],
    current: null,
    synced: [],
    libraries: {},
    lastUpdate: null,
    albums: null,
    generation: 0,
    refusedOnce: [],
  },
  on: {
    SYNC: { actions: 'enqueueSyncs' },
    SYNC_ONE: { actions: 'enqueueOne' },
    REMOVE: { actions: 'enqueueRemoval' },
    RESET: { target: '.idle', actions: 'forgetEverything' },
  },
  initial: 'loadingRecords',
  states: {
    loadingRecords: {
      description: 'Reads the local library records, so statuses (有更新 / 从未同步) show before any sync.',
      tags: ['readingRecords'],
      invoke: {
        id: 'loadRecords',
        src: 'loadRecords',
        onDone: { target: 'idle', actions: { type: 'setRecords', params: ({ event }) => ({ records: event.output }) } },
        // a broken local store only means every library counts as never synced
        onError: 'idle',
      },
    },
    idle: {
      description: 'No sync running: each library shows its status (有更新, 从未同步, its album count).',
      always: [
        { guard: 'nextIsRemoval', target: 'working.removing' },
        { guard: 'hasJobs', target: 'working.fetchingInfo' },
      ],
    },
    working: {
      description: 'A library is syncing: its row shows 同步中.',
      entry: 'takeNextJob',
      initial: 'fetchingInfo',
      states: {
        fetchingInfo: {
          description: 'The library is asked for its info (when it last changed).',
          tags: ['busy'],
          invoke: {
            id: 'fetchLibraryInfo',
            src: 'fetchLibraryInfo',
            input: ({ context }) => ({ url: currentUrl(context.current) }),
            onDone: [
              {
                guard: { type: 'unchangedSinceLastSync', params: ({ event }) => event.output },
                description: 'Same last_update as at the last sync: the album rewrite is skipped.',
                target: 'storing',
                actions: { type: 'setLastUpdate', params: ({ event }) => event.output },
              },
              { target: 'fetchingAlbums', actions: { type: 'setLastUpdate', params: ({ event }) => event.output } },
            ],
            onError: {
              target: '#librarySync.idle',
              actions: [
                { type: 'markFailed', params: failure },
                { type: 'notifyFailed', params: failure },
              ],
            },
          },
        },
        fetchingAlbums: {
          description: 'The library is asked for its album list.',
          tags: ['busy'],
          invoke: {
            id: 'fetchLibraryAlbums',
            src: 'fetchLibraryAlbums',
            input: ({ context }) => {
              const job = context.current;
              return { url: currentUrl(job), token: job?.kind === 'sync' ? job.credential.token : '' };
            },
            onDone: {
              target: 'storing',
              actions: { type: 'setAlbums', params: ({ event }) => ({ albums: event.output }) },
            },
            onError: [
              {
                guard: { type: 'firstTokenRefusal', params: failure },
                description:
                  'Token refused (expired or ended): ask for the credentials again, whose SYNC tries once more.',
                target: '#librarySync.idle',
                actions: ['askForCredentials', 'awaitFreshToken'],
              },
              {
                target: '#librarySync.idle',
                actions: [
                  { type: 'markFailed', params: failure },
                  { type: 'notifyFailed', params: failure },
                ],
              },
            ],
          },
        },
        storing: {
          tags: ['busy'],
          description: 'Availability map, album cache clear and library record, batched per store.',
          invoke: {
            id: 'storeLibrary',
            src: 'storeLibrary',
            input: ({ context }) => ({
              url: currentUrl(context.current),
              lastUpdate: context.lastUpdate ?? 0,
              albums: context.albums,
            }),
            onDone: [
              {
                guard: 'storedNewAlbums',
                target: '#librarySync.idle',
                actions: [
                  'announceChange',
                  'bumpGeneration',
                  { type: 'markSynced', params: ({ event }) => ({ record: event.output }) },
                  'notifySynced',
                ],
              },
              {
                description: 'Unchanged library: local data is as it was, so pages keep what they show.',
                target: '#librarySync.idle',
                actions: [{ type: 'markSynced', params: ({ event }) => ({ record: event.output }) }, 'notifySynced'],
              },
            ],
            onError: {
              target: '#librarySync.idle',
              actions: [
                { type: 'markFailed', params: failure },
                { type: 'notifyFailed', params: failure },
              ],
            },
          },
        },
        removing: {
          description: "A deleted library's local data (albums, record) is removed from this browser.",
          tags: ['busy'],
          invoke: {
            id: 'removeLibrary',
            src: 'removeLibrary',
            input: ({ context }) => ({ url: currentUrl(context.current) }),
            onDone: { target: '#librarySync.idle', actions: ['announceChange', 'bumpGeneration', 'forgetRemoved'] },
            onError: {
              target: '#librarySync.idle',
              actions: [{ type: 'notifyRemovalFailed', params: failure }, 'forgetRemoved'],
            },
          },
        },
      },
    },
  },
});

function pick(record: LibrarySummary): LibraryStatus['record'] {
  return { lastSync: record.lastSync, albumCount: record.albumCount, serverLastUpdate: record.serverLastUpdate };
}

export type LibrarySyncRef = ActorRefFrom<typeof librarySyncMachine>;
