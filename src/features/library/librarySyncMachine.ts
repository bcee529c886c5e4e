// Library sync (docs/behaviour.md#library-sync): after login and whenever credentials change, each credential not yet
// synced in this session is synced in turn: library info → album list → availability map, album
// cache clear and library record (one batched write). A library that is down, slow or answers
// garbage fails alone; the others go on. Deleted libraries are removed in the same queue.
// A library that refuses the token (it expired or was ended, e.g. by a password change) is not
// failed at once: the machine asks for the credentials again (the server hands out a renewed
// token) and the new SYNC tries once more; refused a second time, it fails as any other.
// A success says so only when there is news: the listener pressed 同步, or the sync brought albums
// this device did not have for the library (the toast counts them); a sync at sign-in or on a
// reload that finds nothing new stays quiet. Failures always say so.
import { failure, provideMe } from '@/shared/machines';
import { assign, emit, setup, type ActorRefFrom } from 'xstate';
import type { Credential } from '@/shared/types';
import type { PackedAlbumIds } from '@/shared/albumIds';
import type { LibrarySummary, StoredSync } from '@/storage/libraryJobs';
import { errorMessage, isTokenRefused } from '@/services/api/errors';
import { text } from '@/shared/firstPageText';
import type { NotifyEvent } from '@/shared/effects';

export type SyncJob =
  /** byListener: the listener pressed 同步 (its success is always told) rather than a sync at sign-in or on a change */
  { kind: 'sync'; credential: Credential; byListener: boolean } | { kind: 'remove'; url: string };

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

const rewroteAlbumList = (context: LibrarySyncContext) => context.albums !== null;
const newsForListener = ({ current }: LibrarySyncContext, newAlbums: number) =>
  newAlbums > 0 || (current?.kind === 'sync' && current.byListener);

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
    storeLibrary: provideMe<StoredSync, StoreLibraryInput>('librarySync', 'storeLibrary'),
    removeLibrary: provideMe<void, { url: string }>('librarySync', 'removeLibrary'),
  },
  guards: {
    hasJobs: ({ context }) => context.queue.length > 0,
    nextIsRemoval: ({ context }) => context.queue[0]?.kind === 'remove',
    /** refused for its token, and no fresh credentials were asked for since the last sync */
    firstTokenRefusal: ({ context }, params: { error: unknown }) =>
      isTokenRefused(params.error) && !context.refusedOnce.includes(currentUrl(context.current)),
    /** the job wrote a new album list (and cleared the album cache); an unchanged library wrote only its sync time */
    rewroteAlbumList: ({ context }) => rewroteAlbumList(context),
    /** the success is news: the listener pressed 同步, or the sync brought albums this device lacked for the library */
    newsForListener: ({ context }, params: { newAlbums: number }) => newsForListener(context, params.newAlbums),
    /** both of the above: a new album list, and news to tell */
    newListAndNews: ({ context }, params: { newAlbums: number }) =>
      rewroteAlbumList(context) && newsForListener(context, params.newAlbums),
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
        queue: [
          ...context.queue,
          ...unique.map((credential) => ({ kind: 'sync' as const, credential, byListener: false })),
        ],
        libraries,
      };
    }),
    enqueueOne: assign(({ context, event }) => {
      if (event.type !== 'SYNC_ONE') return {};
      const url = event.credential.url;
      // already on its way (a sync at sign-in): it goes on, now as the listener's, so its success is told
      const asked = (job: SyncJob): SyncJob =>
        job.kind === 'sync' && job.credential.url === url ? { ...job, byListener: true } : job;
      if (currentUrl(context.current) === url || context.queue.some((j) => currentUrl(j) === url))
        return { current: context.current && asked(context.current), queue: context.queue.map(asked) };
      return {
        queue: [...context.queue, { kind: 'sync' as const, credential: event.credential, byListener: true }],
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
    notifySynced: emit((_, params: { newAlbums: number }) => ({
      type: 'notify' as const,
      severity: 'success' as const,
      message: text.library.syncSucceeded(params.newAlbums),
    })),
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
                guard: { type: 'newListAndNews', params: ({ event }) => event.output },
                description:
                  'A new album list, and news: the listener pressed 同步, or albums came that this device lacked (the toast counts them).',
                target: '#librarySync.idle',
                actions: [
                  'announceChange',
                  'bumpGeneration',
                  { type: 'markSynced', params: ({ event }) => event.output },
                  { type: 'notifySynced', params: ({ event }) => event.output },
                ],
              },
              {
                guard: 'rewroteAlbumList',
                description:
                  'A new album list with no album this device lacked, on a sync the listener did not ask for: pages reload, no toast.',
                target: '#librarySync.idle',
                actions: [
                  'announceChange',
                  'bumpGeneration',
                  { type: 'markSynced', params: ({ event }) => event.output },
                ],
              },
              {
                guard: { type: 'newsForListener', params: ({ event }) => event.output },
                description:
                  'Unchanged library, synced as the listener pressed 同步: pages keep what they show; the toast says it synced.',
                target: '#librarySync.idle',
                actions: [
                  { type: 'markSynced', params: ({ event }) => event.output },
                  { type: 'notifySynced', params: ({ event }) => event.output },
                ],
              },
              {
                description:
                  'Unchanged library on a sync at sign-in or a reload: pages keep what they show, and no toast (nothing new).',
                target: '#librarySync.idle',
                actions: { type: 'markSynced', params: ({ event }) => event.output },
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
