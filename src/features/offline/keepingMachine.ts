// Keeping tracks on this device for listening offline (docs/architecture.md#audio-kept-on-the-device):
// a queue of tracks downloaded one at a time (progress per track and overall), a failed download
// tried again a few times before its failure shows, cancel, removal, and the queue saved as it
// changes so a reload resumes where it stopped. I/O is done by injected actors.
import { assign, emit, fromCallback, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import { KEEP_ATTEMPTS, KEEP_RETRY_DELAY_MS, type Quality } from '@/shared/constants';
import type { NotifyEvent } from '@/shared/effects';
import { failure, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import { trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';

/** a track asked to be kept, in the quality it is kept in */
export interface KeepItem {
  track: TrackInfo;
  quality: Quality;
}

/** what is on this device at start: the kept tracks' keys and the queue a reload interrupted */
export interface KeptOnDevice {
  kept: string[];
  queue: KeepItem[];
}

export interface KeepingContext {
  /** track keys (trackKey) of the tracks kept on this device, in any quality */
  kept: string[];
  /** tracks to download, the first being downloaded */
  queue: KeepItem[];
  /** bytes of the track being downloaded, and its size when the library says it */
  progress: { bytes: number; total: number | null };
  /** tracks kept since the queue was last empty (the overall progress: kept of kept + queued) */
  keptInBatch: number;
  /** tries of the track being downloaded that failed */
  failedTries: number;
  /** the tracks 移除本机副本 is removing */
  removing: TrackIdentity[];
}

export type KeepingEvent =
  | { type: 'LOAD' }
  | { type: 'RESET' }
  | { type: 'KEEP'; items: KeepItem[] }
  | { type: 'CANCEL' }
  | { type: 'REMOVE'; tracks: TrackIdentity[] }
  | { type: 'DOWNLOAD_PROGRESS'; bytes: number; total: number | null }
  | { type: 'TRACK_KEPT' }
  | { type: 'TRACK_FAILED'; error: unknown };

export type QueueChangedEvent = { type: 'queueChanged'; queue: KeepItem[] };
export type KeepingEmitted = NotifyEvent | QueueChangedEvent;

/** what views ask of a snapshot */
export type KeepingTag = 'busy' | 'reading' | 'downloading' | 'removing';

const keyOf = (item: KeepItem) => trackKey(item.track);

/** the tracks of `items` neither kept nor queued yet, each once */
function newItems(context: KeepingContext, items: readonly KeepItem[]): KeepItem[] {
  const taken = new Set([...context.kept, ...context.queue.map(keyOf)]);
  const fresh: KeepItem[] = [];
  for (const item of items) {
    if (taken.has(keyOf(item))) continue;
    taken.add(keyOf(item));
    fresh.push(item);
  }
  return fresh;
}

export const keepingMachine = setup({
  types: {
    context: {} as KeepingContext,
    events: {} as KeepingEvent,
    emitted: {} as KeepingEmitted,
    tags: {} as KeepingTag,
  },
  actors: {
    loadKept: provideMe<KeptOnDevice>('keeping', 'loadKept'),
    // downloads queue[0] into the device's store: reports DOWNLOAD_PROGRESS, then TRACK_KEPT or
    // TRACK_FAILED; stopped (CANCEL), it aborts and keeps nothing of the track
    downloadTrack: fromCallback<KeepingEvent, KeepItem>(() => {
      throw new Error('keeping actor "downloadTrack" was not provided');
    }),
    removeKept: provideMe<void, TrackIdentity[]>('keeping', 'removeKept'),
  },
  delays: {
    retryDelay: KEEP_RETRY_DELAY_MS,
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
    hasNewItems: ({ context, event }) => event.type === 'KEEP' && newItems(context, event.items).length > 0,
    mayTryAgain: ({ context }) => context.failedTries + 1 < KEEP_ATTEMPTS,
    keptSome: ({ context }) => context.keptInBatch > 0,
  },
  actions: {
    setKept: assign((_, params: KeptOnDevice) => ({ kept: params.kept, queue: params.queue })),
    enqueue: assign(({ context, event }) => (event.type === 'KEEP' ? { queue: [...context.queue, ...newItems(context, event.items)] } : {})),
    setProgress: assign(({ event }) => (event.type === 'DOWNLOAD_PROGRESS' ? { progress: { bytes: event.bytes, total: event.total } } : {})),
    startTrack: assign({ progress: { bytes: 0, total: null } }),
    markKept: assign(({ context }) => ({
      kept: [...context.kept, keyOf(context.queue[0]!)],
      queue: context.queue.slice(1),
      keptInBatch: context.keptInBatch + 1,
      failedTries: 0,
    })),
    countFailedTry: assign(({ context }) => ({ failedTries: context.failedTries + 1 })),
    dropFailed: assign(({ context }) => ({ queue: context.queue.slice(1), failedTries: 0 })),
    clearQueue: assign({ queue: [], failedTries: 0, keptInBatch: 0 }),
    forgetAll: assign({ kept: [], queue: [], progress: { bytes: 0, total: null }, keptInBatch: 0, failedTries: 0, removing: [] }),
    finishBatch: assign({ keptInBatch: 0 }),
    setRemoving: assign(({ event }) => (event.type === 'REMOVE' ? { removing: event.tracks } : {})),
    forgetRemoved: assign(({ context }) => {
      const gone = new Set(context.removing.map(trackKey));
      return { kept: context.kept.filter((key) => !gone.has(key)), removing: [] };
    }),
    endRemoving: assign({ removing: [] }),
    saveQueue: emit(({ context }) => ({ type: 'queueChanged' as const, queue: context.queue })),
    notifyAllKept: emit({ type: 'notify', severity: 'info', message: text.offline.allKept }),
    notifyDone: emit(({ context }) => ({ type: 'notify' as const, severity: 'success' as const, message: text.offline.keepDone(context.keptInBatch) })),
    notifyFailed: emit(({ context, event }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: text.offline.keepFailed(context.queue[0]?.track.title ?? '', errorMessage(event.type === 'TRACK_FAILED' ? event.error : null)),
    })),
    notifyCancelled: emit({ type: 'notify', severity: 'info', message: text.offline.cancelled }),
    notifyRemoved: emit({ type: 'notify', severity: 'success', message: text.offline.removed }),
    notifyError: emit((_, params: { error: unknown }) => ({ type: 'notify' as const, severity: 'error' as const, message: errorMessage(params.error) })),
  },
}).createMachine({
  description: 'What is kept on this device for listening offline: the download queue (保存到本机), its progress, retries and cancel, and 移除本机副本.',
  id: 'keeping',
  context: { kept: [], queue: [], progress: { bytes: 0, total: null }, keptInBatch: 0, failedTries: 0, removing: [] },
  initial: 'waiting',
  on: {
    RESET: { description: 'Signed out: the device was cleared; nothing is read until somebody signs in.', target: '.waiting', actions: 'forgetAll' },
  },
  states: {
    waiting: {
      description: 'Nobody is signed in: what this device keeps is not read (a visitor of a shared list loads none of it).',
      on: { LOAD: 'loading' },
    },
    loading: {
      description: 'What this device keeps, and the queue a reload interrupted, are read.',
      tags: ['busy', 'reading'],
      invoke: {
        id: 'loadKept',
        src: 'loadKept',
        onDone: { target: 'resuming', actions: { type: 'setKept', params: ({ event }) => event.output } },
        // no store on this browser (private mode): nothing is kept, keeping fails track by track
        onError: { target: 'idle' },
      },
    },
    resuming: {
      description: 'A queue left by a reload goes on where it stopped.',
      always: [{ guard: 'hasQueue', target: 'downloading' }, { target: 'idle' }],
    },
    idle: {
      description: 'Nothing is downloading.',
      on: {
        KEEP: [
          { guard: 'hasNewItems', target: 'downloading', actions: ['enqueue', 'saveQueue'] },
          { description: 'Every track asked is kept or queued already.', actions: 'notifyAllKept' },
        ],
        REMOVE: { target: 'removing', actions: 'setRemoving' },
      },
    },
    downloading: {
      description: 'The first track of the queue downloads into the device: its progress shows, and the count of the batch.',
      tags: ['busy', 'downloading'],
      entry: 'startTrack',
      invoke: { id: 'downloadTrack', src: 'downloadTrack', input: ({ context }) => context.queue[0]! },
      on: {
        DOWNLOAD_PROGRESS: { actions: 'setProgress' },
        TRACK_KEPT: { target: 'next', actions: ['markKept', 'saveQueue'] },
        TRACK_FAILED: [
          { guard: 'mayTryAgain', target: 'waitingToRetry', actions: 'countFailedTry' },
          { target: 'next', actions: ['notifyFailed', 'dropFailed', 'saveQueue'] },
        ],
        KEEP: { guard: 'hasNewItems', actions: ['enqueue', 'saveQueue'] },
        CANCEL: { target: 'idle', actions: ['clearQueue', 'saveQueue', 'notifyCancelled'] },
      },
    },
    waitingToRetry: {
      description: 'The download failed: it is tried again after a short wait.',
      tags: ['busy', 'downloading'],
      after: { retryDelay: { target: 'downloading' } },
      on: {
        KEEP: { guard: 'hasNewItems', actions: ['enqueue', 'saveQueue'] },
        CANCEL: { target: 'idle', actions: ['clearQueue', 'saveQueue', 'notifyCancelled'] },
      },
    },
    next: {
      description: 'A track is done with: the next one downloads, or the batch ends (its count in a toast).',
      always: [
        { guard: 'hasQueue', target: 'downloading' },
        { guard: 'keptSome', target: 'idle', actions: ['notifyDone', 'finishBatch'] },
        { target: 'idle', actions: 'finishBatch' },
      ],
    },
    removing: {
      description: '移除本机副本: the tracks and their records leave the device.',
      tags: ['busy', 'removing'],
      invoke: {
        id: 'removeKept',
        src: 'removeKept',
        input: ({ context }) => context.removing,
        onDone: { target: 'idle', actions: ['forgetRemoved', 'notifyRemoved'] },
        onError: { target: 'idle', actions: ['endRemoving', { type: 'notifyError', params: failure }] },
      },
    },
  },
});

export type KeepingRef = ActorRefFrom<typeof keepingMachine>;
