// The 保存到本机 dialog, before anything downloads: how many tracks, in which quality (the listener's,
// which the dialog may change for this download) and about how much space they take, beside the
// space this device has left. A download that would not fit is refused here, before it starts.
// Spawned by the keeping actor for each 保存到本机; it ends with what 开始保存 queues (nothing on 取消).
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { Quality } from '@/shared/constants';
import { provideMe } from '@/shared/machines';
import type { TrackInfo } from '@/shared/track';

export interface KeepPlanInput {
  /** the tracks not kept or queued yet */
  tracks: TrackInfo[];
  quality: Quality;
}

export interface KeepEstimate {
  /** the tracks' size in the chosen quality, estimated; null when the library told nothing */
  bytes: number | null;
  /** what this site may still store on the device (quota less usage); null when the browser does not say */
  available: number | null;
}

export interface KeepPlanContext extends KeepPlanInput {
  estimate: KeepEstimate | null;
  /** 开始保存 was pressed */
  started: boolean;
}

export type KeepPlanEvent = { type: 'SET_QUALITY'; quality: Quality } | { type: 'CONFIRM' } | { type: 'CLOSE' };

export type KeepPlanTag = 'estimating' | 'ready' | 'tooBig';

const UNKNOWN: KeepEstimate = { bytes: null, available: null };

export const keepPlanMachine = setup({
  types: {
    context: {} as KeepPlanContext,
    events: {} as KeepPlanEvent,
    input: {} as KeepPlanInput,
    tags: {} as KeepPlanTag,
  },
  actors: {
    estimateKeep: provideMe<KeepEstimate, KeepPlanInput>('keepPlan', 'estimateKeep'),
  },
  guards: {
    wouldNotFit: ({ context }) => {
      const { bytes, available } = context.estimate ?? UNKNOWN;
      return bytes !== null && available !== null && bytes > available;
    },
  },
  actions: {
    setEstimate: assign((_, estimate: KeepEstimate) => ({ estimate })),
    forgetEstimate: assign({ estimate: null }),
    setQuality: assign(({ event }) => (event.type === 'SET_QUALITY' ? { quality: event.quality } : {})),
    start: assign({ started: true }),
  },
}).createMachine({
  description:
    'The 保存到本机 dialog: the tracks, their quality and estimated size against the space left, then 开始保存 or 取消.',
  id: 'keepPlan',
  context: ({ input }) => ({ tracks: input.tracks, quality: input.quality, estimate: null, started: false }),
  // what its owner queues: the tracks in the chosen quality once 开始保存 was pressed
  output: ({ context }): { track: TrackInfo; quality: Quality }[] =>
    context.started ? context.tracks.map((track) => ({ track, quality: context.quality })) : [],
  initial: 'estimating',
  on: {
    CLOSE: { description: '取消, or the dialog closed: nothing is downloaded.', target: '.closed' },
  },
  states: {
    estimating: {
      description: 'The library is asked how large the tracks are in this quality, the browser how much space is left.',
      tags: ['estimating'],
      entry: 'forgetEstimate',
      invoke: {
        id: 'estimateKeep',
        src: 'estimateKeep',
        input: ({ context }) => ({ tracks: context.tracks, quality: context.quality }),
        onDone: { target: 'checking', actions: { type: 'setEstimate', params: ({ event }) => event.output } },
        // the size stays unknown: the listener may still start (a full device stops the queue then)
        onError: { target: 'ready', actions: { type: 'setEstimate', params: UNKNOWN } },
      },
      on: {
        SET_QUALITY: {
          description: 'Another quality: the size is estimated again.',
          target: 'estimating',
          reenter: true,
          actions: 'setQuality',
        },
      },
    },
    checking: {
      description: 'The estimate is set against the space left.',
      always: [
        { guard: 'wouldNotFit', description: 'More than the space left: refused before it starts.', target: 'tooBig' },
        { target: 'ready' },
      ],
    },
    ready: {
      description: 'The size and the space left show; 开始保存 can be pressed.',
      tags: ['ready'],
      on: {
        CONFIRM: {
          description: '开始保存: the tracks join the download queue in this quality.',
          target: 'closed',
          actions: 'start',
        },
        SET_QUALITY: { target: 'estimating', actions: 'setQuality' },
      },
    },
    tooBig: {
      description: 'The tracks would not fit: the dialog says so and 开始保存 stays off (a lower quality may fit).',
      tags: ['tooBig'],
      on: {
        SET_QUALITY: { target: 'estimating', actions: 'setQuality' },
      },
    },
    closed: {
      description: 'The dialog is done with: its owner forgets it.',
      type: 'final',
    },
  },
});

export type KeepPlanRef = ActorRefFrom<typeof keepPlanMachine>;
