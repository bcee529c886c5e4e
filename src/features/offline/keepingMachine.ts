// Keeping tracks on this device for listening offline (docs/architecture.md#audio-kept-on-the-device):
// a queue of tracks downloaded one at a time (progress per track and overall), a failed download
// tried again a few times before its failure shows, cancel, removal, and the queue saved as it
// changes so a reload resumes where it stopped. I/O is done by injected actors.
import { assign, emit, fromCallback, raise, setup, stopChild, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import { KEEP_ATTEMPTS, KEEP_RETRY_DELAY_MS, type Quality } from '@/shared/constants';
import type { NotifyEvent } from '@/shared/effects';
import { hasErrorName } from '@/shared/errors';
import { failure, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import { trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';
import { keepPlanMachine, type KeepPlanRef } from './keepPlanMachine';

/** a track asked to be kept, in the quality it is kept in */
export interface KeepItem {
  track: TrackInfo;
  quality: Quality;
}

/** what is on this device at start: the kept tracks' keys and the queue a reload interrupted */
export interface KeptOnDevice {
  kept: string[];
  queue: KeepItem[];
  /** bytes kept of each kept track (its qualities together), by track key */
  bytes: Record<string, number>;
}

export interface KeepingContext {
  /** track keys (trackKey) of the tracks kept on this device, in any quality */
  kept: string[];
  /** bytes kept of each kept track, by track key: a list's size so far while it downloads */
  keptBytes: Record<string, number>;
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
  /** the open 保存到本机 dialog (what it would keep, its size against the space left) */
  plan: KeepPlanRef | null;
}

export type KeepingEvent =
  | { type: 'LOAD' }
  | { type: 'RESET' }
  /** 保存到本机 pressed: the dialog opens for the tracks not kept yet */
  | { type: 'PLAN'; tracks: TrackInfo[]; quality: Quality }
  /** 开始保存 in that dialog (or a caller that needs no dialog): the tracks join the queue */
  | { type: 'KEEP'; items: KeepItem[] }
  | { type: 'CANCEL' }
  | { type: 'REMOVE'; tracks: TrackIdentity[] }
  | { type: 'DOWNLOAD_PROGRESS'; bytes: number; total: number | null }
  | { type: 'TRACK_KEPT' }
  | { type: 'TRACK_FAILED'; error: unknown }
  /** the 保存到本机 dialog closed: what 开始保存 queues (none when cancelled) */
  | DoneActorEvent<KeepItem[], 'keepPlan'>;

export type QueueChangedEvent = { type: 'queueChanged'; queue: KeepItem[] };
export type KeepingEmitted = NotifyEvent | QueueChangedEvent;

/** what views ask of a snapshot */
export type KeepingTag = 'busy' | 'reading' | 'downloading' | 'removing';

const keyOf = (item: KeepItem) => trackKey(item.track);

/** the tracks of `items` neither kept nor queued yet, each once */
function newItems<T>(context: KeepingContext, items: readonly T[], key: (item: T) => string): T[] {
  const taken = new Set([...context.kept, ...context.queue.map(keyOf)]);
  const fresh: T[] = [];
  for (const item of items) {
    if (taken.has(key(item))) continue;
    taken.add(key(item));
    fresh.push(item);
  }
  return fresh;
}
const newKeepItems = (context: KeepingContext, items: readonly KeepItem[]) => newItems(context, items, keyOf);
const newTracks = (context: KeepingContext, tracks: readonly TrackInfo[]) => newItems(context, tracks, trackKey);

/** the device has no room left (Cache Storage's QuotaExceededError): trying again will not help */
const isOutOfSpace = (error: unknown) => hasErrorName(error, 'QuotaExceededError');

/** 保存到本机 in any state that takes it: the dialog for what is new, else a toast that all is kept */
const plan = [
  { guard: 'hasNewTracks', actions: ['stopPlan', 'openPlan'] },
  { description: 'Every track asked is kept or queued already.', actions: 'notifyAllKept' },
] as const;

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
    keepPlan: keepPlanMachine,
  },
  delays: {
    retryDelay: KEEP_RETRY_DELAY_MS,
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
    hasNewItems: ({ context, event }) => event.type === 'KEEP' && newKeepItems(context, event.items).length > 0,
    hasNewTracks: ({ context, event }) => event.type === 'PLAN' && newTracks(context, event.tracks).length > 0,
    planStarted: ({ event }) => event.type === 'xstate.done.actor.keepPlan' && event.output.length > 0,
    outOfSpace: ({ event }) => event.type === 'TRACK_FAILED' && isOutOfSpace(event.error),
    mayTryAgain: ({ context }) => context.failedTries + 1 < KEEP_ATTEMPTS,
    keptSome: ({ context }) => context.keptInBatch > 0,
  },
  actions: {
    setKept: assign((_, params: KeptOnDevice) => ({ kept: params.kept, queue: params.queue, keptBytes: params.bytes })),
    enqueue: assign(({ context, event }) =>
      event.type === 'KEEP' ? { queue: [...context.queue, ...newKeepItems(context, event.items)] } : {},
    ),
    // one dialog at a time, spawned under its actor's name so it is stopped by that name
    openPlan: assign(({ context, event, spawn }) => {
      if (event.type !== 'PLAN') return {};
      return {
        plan: spawn('keepPlan', {
          id: 'keepPlan',
          input: { tracks: newTracks(context, event.tracks), quality: event.quality },
        }),
      };
    }),
    stopPlan: stopChild('keepPlan'),
    forgetPlan: assign({ plan: null }),
    // queued as a KEEP is in whatever state the queue is
    keepPlanned: raise(({ event }) => ({
      type: 'KEEP' as const,
      items: event.type === 'xstate.done.actor.keepPlan' ? event.output : [],
    })),
    setProgress: assign(({ event }) =>
      event.type === 'DOWNLOAD_PROGRESS' ? { progress: { bytes: event.bytes, total: event.total } } : {},
    ),
    startTrack: assign({ progress: { bytes: 0, total: null } }),
    markKept: assign(({ context }) => {
      const key = keyOf(context.queue[0]!);
      return {
        kept: [...context.kept, key],
        keptBytes: { ...context.keptBytes, [key]: (context.keptBytes[key] ?? 0) + context.progress.bytes },
        queue: context.queue.slice(1),
        keptInBatch: context.keptInBatch + 1,
        failedTries: 0,
      };
    }),
    countFailedTry: assign(({ context }) => ({ failedTries: context.failedTries + 1 })),
    dropFailed: assign(({ context }) => ({ queue: context.queue.slice(1), failedTries: 0 })),
    clearQueue: assign({ queue: [], failedTries: 0, keptInBatch: 0 }),
    forgetAll: assign({
      kept: [],
      keptBytes: {},
      queue: [],
      progress: { bytes: 0, total: null },
      keptInBatch: 0,
      failedTries: 0,
      removing: [],
      plan: null,
    }),
    finishBatch: assign({ keptInBatch: 0 }),
    setRemoving: assign(({ event }) => (event.type === 'REMOVE' ? { removing: event.tracks } : {})),
    forgetRemoved: assign(({ context }) => {
      const gone = new Set(context.removing.map(trackKey));
      const keptBytes = Object.fromEntries(Object.entries(context.keptBytes).filter(([key]) => !gone.has(key)));
      return { kept: context.kept.filter((key) => !gone.has(key)), keptBytes, removing: [] };
    }),
    endRemoving: assign({ removing: [] }),
    saveQueue: emit(({ context }) => ({ type: 'queueChanged' as const, queue: context.queue })),
    notifyAllKept: emit({ type: 'notify', severity: 'info', message: text.offline.allKept }),
    notifyDone: emit(({ context }) => ({
      type: 'notify' as const,
      severity: 'success' as const,
      message: text.offline.keepDone(context.keptInBatch),
    })),
    notifyFailed: emit(({ context, event }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: text.offline.keepFailed(
        context.queue[0]?.track.title ?? '',
        errorMessage(event.type === 'TRACK_FAILED' ? event.error : null),
      ),
    })),
    notifyCancelled: emit({ type: 'notify', severity: 'info', message: text.offline.cancelled }),
    notifyOutOfSpace: emit({ type: 'notify', severity: 'error', message: text.offline.outOfSpace }),
    notifyRemoved: emit({ type: 'notify', severity: 'success', message: text.offline.removed }),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  description:
    'What is kept on this device for listening offline: the download queue (保存到本机), its progress, retries and cancel, and 移除本机副本.',
  id: 'keeping',
  context: {
    kept: [],
    keptBytes: {},
    queue: [],
    progress: { bytes: 0, total: null },
    keptInBatch: 0,
    failedTries: 0,
    removing: [],
    plan: null,
  },
  initial: 'waiting',
  on: {
    RESET: {
      description: 'Signed out: the device was cleared; nothing is read until somebody signs in.',
      target: '.waiting',
      actions: ['stopPlan', 'forgetAll'],
    },
    'xstate.done.actor.keepPlan': [
      {
        guard: 'planStarted',
        description: '开始保存 in the dialog: its tracks join the queue.',
        actions: ['forgetPlan', 'keepPlanned'],
      },
      { description: '取消 in the dialog: nothing is queued.', actions: 'forgetPlan' },
    ],
  },
  states: {
    waiting: {
      description:
        'Nobody is signed in: what this device keeps is not read (a visitor of a shared list loads none of it).',
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
        PLAN: plan,
        KEEP: [
          { guard: 'hasNewItems', target: 'downloading', actions: ['enqueue', 'saveQueue'] },
          { description: 'Every track asked is kept or queued already.', actions: 'notifyAllKept' },
        ],
        REMOVE: { target: 'removing', actions: 'setRemoving' },
      },
    },
    downloading: {
      description:
        'The first track of the queue downloads into the device: its progress shows, and the count of the batch.',
      tags: ['busy', 'downloading'],
      entry: 'startTrack',
      invoke: { id: 'downloadTrack', src: 'downloadTrack', input: ({ context }) => context.queue[0]! },
      on: {
        DOWNLOAD_PROGRESS: { actions: 'setProgress' },
        TRACK_KEPT: { target: 'next', actions: ['markKept', 'saveQueue'] },
        TRACK_FAILED: [
          {
            guard: 'outOfSpace',
            description: 'The device is full: the queue stops (what is kept stays), trying again would not help.',
            target: 'next',
            actions: ['notifyOutOfSpace', 'clearQueue', 'saveQueue'],
          },
          { guard: 'mayTryAgain', target: 'waitingToRetry', actions: 'countFailedTry' },
          { target: 'next', actions: ['notifyFailed', 'dropFailed', 'saveQueue'] },
        ],
        PLAN: plan,
        KEEP: { guard: 'hasNewItems', actions: ['enqueue', 'saveQueue'] },
        CANCEL: { target: 'idle', actions: ['clearQueue', 'saveQueue', 'notifyCancelled'] },
      },
    },
    waitingToRetry: {
      description: 'The download failed: it is tried again after a short wait.',
      tags: ['busy', 'downloading'],
      after: { retryDelay: { target: 'downloading' } },
      on: {
        PLAN: plan,
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
      on: {
        PLAN: plan,
        KEEP: { guard: 'hasNewItems', actions: ['enqueue', 'saveQueue'] },
      },
      invoke: {
        id: 'removeKept',
        src: 'removeKept',
        input: ({ context }) => context.removing,
        // tracks queued meanwhile start downloading then
        onDone: { target: 'resuming', actions: ['forgetRemoved', 'notifyRemoved'] },
        onError: { target: 'resuming', actions: ['endRemoving', { type: 'notifyError', params: failure }] },
      },
    },
  },
});

export type KeepingRef = ActorRefFrom<typeof keepingMachine>;
