// The waiting plays (docs/behaviour.md#play-reports): every play the player counts is kept on the
// device first (storage/waitingPlays.ts), then sent to the server in batches; a play leaves the
// device only when the server confirmed it, or refused it as malformed (dropped with a warning), or
// when it is stamped over an hour ahead of the server's clock (never sent, dropped with a warning).
// Anything else (no network, the server down, a server error) waits and is tried again, sooner
// when the server answers again. Signing out sends what waits, if the server answers in time.
// signedOut → signedIn (sending ⇄ idle | retrying) → flushing → flushed → signedOut
import { assign, emit, enqueueActions, setup } from 'xstate';
import { PLAYS_RETRY_FIRST_MS, PLAYS_RETRY_MOST_MS, PLAYS_SIGN_OUT_WAIT_MS } from '@/shared/constants';
import type { NotifyEvent } from '@/shared/effects';
import { output, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';

/** what one round of sending did */
export interface SentPlays {
  /** confirmed by the server (removed from the device) */
  sent: number;
  /** refused as malformed (removed, with a warning) */
  refused: number;
  /** stamped over an hour ahead of the server's clock (removed unsent, with a warning) */
  ahead: number;
  /** still waiting after this round */
  left: number;
}

export interface PlaysContext {
  /** the signed-in account whose plays are sent */
  user: string | null;
  /** failed rounds in a row (the retry waits longer after each) */
  failures: number;
  /** plays waiting on the device, as the last round counted them */
  waiting: number;
  /** a play was kept while a round was sending (it may have missed it: another round goes) */
  keptMeanwhile: boolean;
}

export type PlaysEvent =
  | { type: 'SIGNED_IN'; user: string }
  | { type: 'SIGNED_OUT' }
  /** the player counted a play and it was kept on the device */
  | { type: 'PLAY_KEPT' }
  /** the server answered a call again (the app status saw it) */
  | { type: 'SERVER_REACHED' }
  /** signing out: send what waits now, once */
  | { type: 'FLUSH' };

export type PlaysEmitted =
  | NotifyEvent
  | { type: 'flushed' }
  /** the server took plays (最近播放 shows them) */
  | { type: 'sent'; count: number };

/** what views and the sign-out ask (hasTag) */
export type PlaysTag = 'sending' | 'retrying' | 'flushed';

export const playsMachine = setup({
  types: {
    context: {} as PlaysContext,
    events: {} as PlaysEvent,
    emitted: {} as PlaysEmitted,
    tags: {} as PlaysTag,
  },
  actors: {
    /** one batch of the user's waiting plays: read, sent, removed; throws when it could not be sent */
    sendWaiting: provideMe<SentPlays, { user: string }>('plays', 'sendWaiting'),
  },
  delays: {
    /** 5 s after the first failure, doubling, at most 10 min */
    retryDelay: ({ context }) =>
      Math.min(PLAYS_RETRY_MOST_MS, PLAYS_RETRY_FIRST_MS * 2 ** Math.max(0, context.failures - 1)),
    signOutWait: PLAYS_SIGN_OUT_WAIT_MS,
  },
  guards: {
    /**
     * plays still wait, and the round moved some or a play was kept meanwhile (a round that moved
     * none, with nothing new, would only repeat itself)
     */
    moreWait: ({ context }, sent: SentPlays) =>
      sent.left > 0 && (sent.sent + sent.refused + sent.ahead > 0 || context.keptMeanwhile),
  },
  actions: {
    setUser: assign({ user: ({ event }) => (event.type === 'SIGNED_IN' ? event.user : null) }),
    forgetUser: assign({ user: null, failures: 0, waiting: 0, keptMeanwhile: false }),
    startRound: assign({ keptMeanwhile: false }),
    notePlayKept: assign({ keptMeanwhile: true }),
    countSent: assign((_, sent: SentPlays) => ({ failures: 0, waiting: sent.left })),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    tellSent: enqueueActions(({ enqueue }, sent: SentPlays) => {
      if (sent.sent > 0) enqueue.emit({ type: 'sent', count: sent.sent });
    }),
    warnOfDropped: enqueueActions(({ enqueue }, sent: SentPlays) => {
      const parts = [
        sent.refused > 0 ? text.plays.refused(sent.refused) : '',
        sent.ahead > 0 ? text.plays.ahead(sent.ahead) : '',
      ].filter(Boolean);
      if (parts.length > 0) enqueue.emit({ type: 'notify', severity: 'error', message: parts.join(' ') });
    }),
    emitFlushed: emit({ type: 'flushed' }),
  },
}).createMachine({
  id: 'plays',
  description:
    'Plays made on this device wait here until the server confirms them: kept across reloads, sent in batches, tried again when the server answers, never sent twice.',
  context: { user: null, failures: 0, waiting: 0, keptMeanwhile: false },
  initial: 'signedOut',
  states: {
    signedOut: {
      description: 'Nobody is signed in: no play is sent.',
      on: { SIGNED_IN: { target: 'signedIn', actions: 'setUser' } },
    },
    signedIn: {
      description: 'Somebody is signed in: their waiting plays go to the server.',
      on: {
        SIGNED_OUT: { target: 'signedOut', actions: 'forgetUser' },
        FLUSH: '#plays.flushing',
      },
      initial: 'sending',
      states: {
        sending: {
          description: 'A batch of waiting plays (up to 100, oldest first) is sent.',
          tags: ['sending'],
          entry: 'startRound',
          on: { PLAY_KEPT: { actions: 'notePlayKept' } },
          invoke: {
            id: 'sendWaiting',
            src: 'sendWaiting',
            input: ({ context }) => ({ user: context.user ?? '' }),
            onDone: [
              {
                guard: { type: 'moreWait', params: output },
                target: 'sending',
                reenter: true,
                actions: [
                  { type: 'countSent', params: output },
                  { type: 'tellSent', params: output },
                  { type: 'warnOfDropped', params: output },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'countSent', params: output },
                  { type: 'tellSent', params: output },
                  { type: 'warnOfDropped', params: output },
                ],
              },
            ],
            onError: { target: 'retrying', actions: 'countFailure' },
          },
        },
        idle: {
          description: 'Nothing waits (or what waits was just tried): a new play is sent at once.',
          on: { PLAY_KEPT: 'sending' },
        },
        retrying: {
          description:
            'The last batch could not be sent (no network, the server down or failing): it is tried again after a wait that doubles each time (5 s … 10 min), or as soon as the server answers a call.',
          tags: ['retrying'],
          after: { retryDelay: 'sending' },
          on: { SERVER_REACHED: 'sending' },
        },
      },
    },
    flushing: {
      description: 'Signing out: what waits is sent now, for at most 5 s; what is left is dropped with the account.',
      tags: ['sending'],
      after: { signOutWait: 'flushed' },
      on: { SIGNED_OUT: { target: 'signedOut', actions: 'forgetUser' } },
      initial: 'batch',
      states: {
        batch: {
          description: 'One batch of what waits is sent.',
          invoke: {
            id: 'flushWaiting',
            src: 'sendWaiting',
            input: ({ context }) => ({ user: context.user ?? '' }),
            onDone: [
              {
                guard: { type: 'moreWait', params: output },
                target: 'batch',
                reenter: true,
                actions: { type: 'countSent', params: output },
              },
              { target: '#plays.flushed', actions: { type: 'countSent', params: output } },
            ],
            onError: '#plays.flushed',
          },
        },
      },
    },
    flushed: {
      description:
        'The sign-out goes on; the device forgets what still waits. Should it fail, a new play goes on sending, and another sign-out sends again.',
      tags: ['flushed'],
      entry: 'emitFlushed',
      on: {
        SIGNED_OUT: { target: 'signedOut', actions: 'forgetUser' },
        PLAY_KEPT: '#plays.signedIn.sending',
        FLUSH: 'flushing',
      },
    },
  },
});
