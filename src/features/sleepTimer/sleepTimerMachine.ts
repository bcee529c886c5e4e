// 定时关闭, the sleep timer (docs/behaviour.md#sleep-timer): after a length of time the output fades
// for its last 10 s and playback pauses; or playback pauses at the end of the current track or of
// the queue (the player does that part: it knows where a track ends). It never stops the queue or
// loses its place. What it asks of the player it emits (app/system.ts sends it on):
//   fadeOut {ms} · sleep · restoreLevel · stopAfter {scope}
// off → timed (counting → fading) → off | atEnd → off (the player reports it paused there)
import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { SLEEP_FADE_MS, SLEEP_TIMER_MAX_MINUTES } from '@/shared/constants';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';

/** where playback stops: at the end of the current track, or of the queue's last item */
export type SleepScope = 'track' | 'queue';

export interface SleepTimerContext {
  /** when the timed pause comes (ms since the epoch), while timed */
  endsAt: number | null;
  /** the length chosen, while timed */
  minutes: number | null;
  /** the end it waits for, while at an end */
  scope: SleepScope | null;
  /** the clock (tests and path walks give a fixed one) */
  now: () => number;
}

export interface SleepTimerInput {
  now?: () => number;
}

export type SleepTimerEvent =
  /** a length in whole minutes (15, 30, 45, 60, 90 or one the listener typed) */
  | { type: 'SET_TIMER'; minutes: number }
  | { type: 'STOP_AFTER'; scope: SleepScope }
  | { type: 'CANCEL' }
  /** the player paused at the end the timer waited for */
  | { type: 'PLAYER_SLEPT' };

export type SleepTimerEmitted =
  | NotifyEvent
  | { type: 'fadeOut'; ms: number }
  | { type: 'sleep' }
  | { type: 'restoreLevel' }
  | { type: 'stopAfter'; scope: SleepScope | null };

/** what views ask (hasTag): running (any timer), timed (a length), fading (its last seconds), atEnd */
export type SleepTimerTag = 'running' | 'timed' | 'fading' | 'atEnd';

/** a whole number of minutes the timer takes: 1 to 720 */
export function validSleepMinutes(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= SLEEP_TIMER_MAX_MINUTES;
}

const left = (context: SleepTimerContext) => Math.max(0, (context.endsAt ?? 0) - context.now());

export const sleepTimerMachine = setup({
  types: {
    context: {} as SleepTimerContext,
    events: {} as SleepTimerEvent,
    emitted: {} as SleepTimerEmitted,
    input: {} as SleepTimerInput,
    tags: {} as SleepTimerTag,
  },
  delays: {
    /** until the fade begins: the last SLEEP_FADE_MS before the pause */
    untilFade: ({ context }) => Math.max(0, left(context) - SLEEP_FADE_MS),
    untilPause: ({ context }) => left(context),
  },
  guards: {
    validMinutes: ({ event }) => event.type === 'SET_TIMER' && validSleepMinutes(event.minutes),
  },
  actions: {
    setDeadline: assign(({ context, event }) =>
      event.type === 'SET_TIMER'
        ? { minutes: event.minutes, endsAt: context.now() + event.minutes * 60_000, scope: null }
        : {},
    ),
    setScope: assign(({ event }) => (event.type === 'STOP_AFTER' ? { scope: event.scope } : {})),
    clear: assign({ endsAt: null, minutes: null, scope: null }),
    fadePlayer: emit(({ context }) => ({ type: 'fadeOut' as const, ms: Math.min(SLEEP_FADE_MS, left(context)) })),
    sleepPlayer: emit({ type: 'sleep' }),
    restorePlayer: emit({ type: 'restoreLevel' }),
    armPlayer: emit(({ context }) => ({ type: 'stopAfter' as const, scope: context.scope })),
    disarmPlayer: emit({ type: 'stopAfter', scope: null }),
    notifyStarted: emit(({ context }) => ({
      type: 'notify' as const,
      severity: 'info' as const,
      message: text.sleepTimer.started(context.minutes ?? 0),
    })),
    notifyArmed: emit(({ context }) => ({
      type: 'notify' as const,
      severity: 'info' as const,
      message: context.scope === 'queue' ? text.sleepTimer.armedQueue : text.sleepTimer.armedTrack,
    })),
    notifyInvalid: emit({ type: 'notify', severity: 'error', message: text.sleepTimer.invalidMinutes }),
    notifyCancelled: emit({ type: 'notify', severity: 'info', message: text.sleepTimer.cancelled }),
    notifySlept: emit({ type: 'notify', severity: 'info', message: text.sleepTimer.slept }),
  },
}).createMachine({
  id: 'sleepTimer',
  description:
    '定时关闭: pauses playback after a length of time, its last 10 s fading out, or at the end of the current track or of the queue. The queue keeps its place.',
  context: ({ input }) => ({ endsAt: null, minutes: null, scope: null, now: input.now ?? Date.now }),
  initial: 'off',
  on: {
    SET_TIMER: {
      description:
        'Not a whole number of minutes from 1 to 720 (a valid one is taken where the timer is): said, nothing changes.',
      actions: 'notifyInvalid',
    },
  },
  states: {
    off: {
      description: 'No sleep timer: playback goes on.',
      on: {
        SET_TIMER: { guard: 'validMinutes', target: 'timed', actions: ['setDeadline', 'notifyStarted'] },
        STOP_AFTER: { target: 'atEnd', actions: ['setScope', 'armPlayer', 'notifyArmed'] },
      },
    },
    timed: {
      description: 'The chosen time runs; the player bar shows what is left.',
      tags: ['running', 'timed'],
      initial: 'counting',
      on: {
        SET_TIMER: {
          guard: 'validMinutes',
          description: 'Another length: it counts from now.',
          target: 'timed',
          reenter: true,
          actions: ['setDeadline', 'notifyStarted'],
        },
        STOP_AFTER: { target: 'atEnd', actions: ['clear', 'setScope', 'armPlayer', 'notifyArmed'] },
        CANCEL: { target: 'off', actions: ['clear', 'notifyCancelled'] },
      },
      states: {
        counting: {
          description: 'Playback goes on until the last 10 s.',
          after: { untilFade: 'fading' },
        },
        fading: {
          description: 'The last 10 s: the output fades out, then playback pauses where it is.',
          tags: ['fading'],
          entry: 'fadePlayer',
          after: { untilPause: { target: '#sleepTimer.off', actions: ['sleepPlayer', 'clear', 'notifySlept'] } },
          on: {
            SET_TIMER: {
              guard: 'validMinutes',
              description: 'Another length while fading: the sound comes back and the time counts from now.',
              target: '#sleepTimer.timed',
              reenter: true,
              actions: ['restorePlayer', 'setDeadline', 'notifyStarted'],
            },
            STOP_AFTER: {
              target: '#sleepTimer.atEnd',
              actions: ['restorePlayer', 'clear', 'setScope', 'armPlayer', 'notifyArmed'],
            },
            CANCEL: {
              description: 'Cancelled while fading: the sound comes back and playback goes on.',
              target: '#sleepTimer.off',
              actions: ['restorePlayer', 'clear', 'notifyCancelled'],
            },
          },
        },
      },
    },
    atEnd: {
      description:
        'The player pauses at the end of the current track (or of the queue), fading its last 10 s; the player bar says so.',
      tags: ['running', 'atEnd'],
      on: {
        PLAYER_SLEPT: { target: 'off', actions: ['clear', 'notifySlept'] },
        SET_TIMER: {
          guard: 'validMinutes',
          target: 'timed',
          actions: ['disarmPlayer', 'clear', 'setDeadline', 'notifyStarted'],
        },
        STOP_AFTER: { target: 'atEnd', reenter: true, actions: ['setScope', 'armPlayer', 'notifyArmed'] },
        CANCEL: { target: 'off', actions: ['disarmPlayer', 'clear', 'notifyCancelled'] },
      },
    },
  },
});

export type SleepTimerRef = ActorRefFrom<typeof sleepTimerMachine>;
export type SleepTimerSnapshot = SnapshotFrom<typeof sleepTimerMachine>;
