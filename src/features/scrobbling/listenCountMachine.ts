// When a play becomes a listen (docs/behaviour.md#listenbrainz): the player's current track is
// followed, the time it really plays is summed (paused, buffering and not yet started do not
// count), and once half the track or 4 minutes have played, whichever comes first, the listen is
// due, stamped with the time the track began to play. Each time a track becomes current (again,
// in 单曲循环 too) is a new play. Nothing here sends anything: `started` and `listened` are emitted
// for the scrobbler.
// idle → track (starting → playing ⇄ held → listened)
import { assign, emit, setup } from 'xstate';
import { listenDueMs, listenMetadataOf, type Listen } from '@/rules/listens';
import type { TrackInfo } from '@/shared/track';

export interface ListenCountInput {
  /** the clock (ms); tests and paths pass a fixed one */
  now: () => number;
}

export interface ListenCountContext extends ListenCountInput {
  track: TrackInfo | null;
  /** the track's length (s), once known */
  duration: number | null;
  /** Unix seconds: when the track began to play */
  startedAt: number | null;
  /** ms played before the current stretch */
  heardMs: number;
  /** when the current stretch of playing began (ms), while it plays */
  playingSince: number | null;
}

export type ListenCountEvent =
  /** another play: a track became current (null: none is) */
  | { type: 'TRACK_CHANGED'; track: TrackInfo | null; duration: number | null }
  | { type: 'PLAYING' }
  /** paused, buffering, stopped */
  | { type: 'PAUSED' }
  | { type: 'DURATION_KNOWN'; seconds: number };

export type ListenCountEmitted =
  /** the track began to play: ListenBrainz's `playing_now` */
  | { type: 'started'; listen: Listen }
  /** half the track or 4 minutes have played: a listen */
  | { type: 'listened'; listen: Listen };

export const listenCountMachine = setup({
  types: {
    context: {} as ListenCountContext,
    events: {} as ListenCountEvent,
    input: {} as ListenCountInput,
    emitted: {} as ListenCountEmitted,
  },
  delays: {
    /** what is left to play of half the track or 4 minutes */
    listenDue: ({ context }) => Math.max(0, listenDueMs(context.duration) - context.heardMs),
  },
  guards: {
    hasTrack: ({ event }) => event.type === 'TRACK_CHANGED' && event.track !== null,
  },
  actions: {
    takeTrack: assign(({ event }) =>
      event.type === 'TRACK_CHANGED'
        ? { track: event.track, duration: event.duration, startedAt: null, heardMs: 0, playingSince: null }
        : {},
    ),
    forgetTrack: assign({ track: null, duration: null, startedAt: null, heardMs: 0, playingSince: null }),
    takeDuration: assign({
      duration: ({ context, event }) =>
        event.type === 'DURATION_KNOWN' && Number.isFinite(event.seconds) && event.seconds > 0
          ? event.seconds
          : context.duration,
    }),
    markStart: assign({ startedAt: ({ context }) => Math.round(context.now() / 1000) }),
    startStretch: assign({ playingSince: ({ context }) => context.now() }),
    endStretch: assign(({ context }) => ({
      heardMs:
        context.heardMs + (context.playingSince === null ? 0 : Math.max(0, context.now() - context.playingSince)),
      playingSince: null,
    })),
    tellStarted: emit(({ context }) => ({
      type: 'started' as const,
      listen: { track_metadata: listenMetadataOf(context.track!, context.duration) },
    })),
    tellListened: emit(({ context }) => ({
      type: 'listened' as const,
      listen: { listened_at: context.startedAt!, track_metadata: listenMetadataOf(context.track!, context.duration) },
    })),
  },
}).createMachine({
  id: 'listenCount',
  description:
    'Follows the track that plays and says when it becomes a listen: half the track or 4 minutes of real playing, whichever comes first.',
  context: ({ input }) => ({ ...input, track: null, duration: null, startedAt: null, heardMs: 0, playingSince: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'No track is current.',
      on: { TRACK_CHANGED: { guard: 'hasTrack', target: 'track', actions: 'takeTrack' } },
    },
    track: {
      description: 'A track is current: its playing time is summed.',
      on: {
        TRACK_CHANGED: [
          { guard: 'hasTrack', target: 'track', reenter: true, actions: 'takeTrack' },
          { target: 'idle', actions: 'forgetTrack' },
        ],
      },
      initial: 'starting',
      states: {
        starting: {
          description: 'The track is current but has not played yet (loading, or shown from a restored queue).',
          on: {
            PLAYING: { target: 'playing', actions: ['markStart', 'tellStarted'] },
            DURATION_KNOWN: { actions: 'takeDuration' },
          },
        },
        playing: {
          description: 'The track plays: its time counts.',
          entry: 'startStretch',
          exit: 'endStretch',
          after: { listenDue: { target: 'listened', actions: 'tellListened' } },
          on: {
            PAUSED: 'held',
            // the due time moves with the length: counted again from what was heard
            DURATION_KNOWN: { target: 'playing', reenter: true, actions: 'takeDuration' },
          },
        },
        held: {
          description: 'Paused or buffering: the count waits.',
          on: { PLAYING: 'playing', DURATION_KNOWN: { actions: 'takeDuration' } },
        },
        listened: {
          description: 'This play was a listen; the next one starts when a track becomes current again.',
        },
      },
    },
  },
});
