// Scrobbling to ListenBrainz (docs/behaviour.md#listenbrainz), per account: the token the listener
// pasted is checked (GET /1/validate-token) and, once on, the track that starts is announced
// (`playing_now`) and every listen kept on the device is sent, one as `single`, several as `import`
// (at most 1,000 a request). At most one request a second, longer when ListenBrainz's headers ask
// (none left in the window) or it answers 429; no answer is tried again after 5 s doubling to 10 min.
// A batch ListenBrainz refuses as malformed is sent again one listen at a time, and only the listen
// it refuses alone is dropped, with a warning. A token it refuses later turns scrobbling off with one
// message. Each change of the setting is emitted (`settingChanged`) for the wiring to store.
// signedOut → loading → none | paused | on (sending | announcing | spacing → ready | retrying | waitingForService)
import { assign, emit, enqueueActions, setup } from 'xstate';
import {
  LISTENBRAINZ_DEFAULT_URL,
  LISTENS_PER_IMPORT,
  PLAYS_RETRY_FIRST_MS,
  PLAYS_RETRY_MOST_MS,
} from '@/shared/constants';
import type { NotifyEvent } from '@/shared/effects';
import { failure, output, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import type { Listen } from '@/rules/listens';
import { readServiceUrl, readToken } from '@/rules/listens';
import { listenBrainzFailureOf, waitAskedOf, type TokenCheck } from '@/services/listenBrainz';
import type { ScrobbleSetting } from '@/storage/listens';

/** what one round of sending did */
export interface SentListens {
  /** taken by ListenBrainz (removed from the device) */
  sent: number;
  /** refused alone as malformed (removed, with a warning) */
  dropped: number;
  /** still waiting after this round */
  left: number;
  /** how long ListenBrainz's headers ask to wait before the next request (ms) */
  waitMs: number;
  /** a batch of this many was refused as malformed (none removed): they go again one at a time */
  refusedTogether: number;
}

/** what this device keeps for an account: its setting, and how many of its listens wait to be sent */
interface StoredScrobbling {
  setting: ScrobbleSetting;
  waiting: number;
}

/** what the 设置 page shows went wrong */
export type ScrobbleProblem =
  /** the pasted text cannot be a token */
  | 'badToken'
  /** the service address is not an http(s) address */
  | 'badUrl'
  /** ListenBrainz does not know the token */
  | 'invalid'
  /** ListenBrainz could not be reached to check it */
  | 'unreachable'
  /** ListenBrainz refused the token while sending: scrobbling was turned off */
  | 'refused';

export interface ScrobblerContext {
  user: string | null;
  setting: ScrobbleSetting;
  /** the token being checked */
  candidate: { token: string; url: string } | null;
  problem: ScrobbleProblem | null;
  /** listens waiting on the device, as last counted */
  waiting: number;
  /** the track to announce (`playing_now`), until it is */
  nowPlaying: Listen | null;
  /** listens still to be sent one at a time (after a batch refused as malformed) */
  singly: number;
  /** failed rounds in a row */
  failures: number;
  /** what ListenBrainz asked to wait before the next request (ms) */
  waitMs: number;
}

type ScrobblerEvent =
  | { type: 'SIGNED_IN'; user: string }
  | { type: 'SIGNED_OUT' }
  /** the listener pastes a token (and the service's address) and asks to connect */
  | { type: 'CONNECT'; token: string; url: string }
  | { type: 'TURN_ON' }
  | { type: 'TURN_OFF' }
  /** 移除令牌 */
  | { type: 'REMOVE_TOKEN' }
  /** a track began to play */
  | { type: 'NOW_PLAYING'; listen: Listen }
  /** a listen was kept on the device */
  | { type: 'LISTEN_KEPT' }
  /** the browser is online again */
  | { type: 'NETWORK_BACK' };

export type ScrobblerEmitted = NotifyEvent | { type: 'settingChanged'; user: string; setting: ScrobbleSetting };

/** what the 设置 page asks (hasTag) */
type ScrobblerTag = 'loading' | 'checking' | 'on' | 'paused' | 'none' | 'sending' | 'retrying';

const NO_SETTING: ScrobbleSetting = { url: LISTENBRAINZ_DEFAULT_URL, token: null, userName: null, on: false };

/** nobody signed in: nothing known, nothing to send */
export const SIGNED_OUT: ScrobblerContext = {
  user: null,
  setting: NO_SETTING,
  candidate: null,
  problem: null,
  waiting: 0,
  nowPlaying: null,
  singly: 0,
  failures: 0,
  waitMs: 0,
};

const scrobblerSetup = setup({
  types: {
    context: {} as ScrobblerContext,
    events: {} as ScrobblerEvent,
    emitted: {} as ScrobblerEmitted,
    tags: {} as ScrobblerTag,
  },
  actors: {
    /** this account's stored setting (none reads as a setting without token) and how many of its listens wait */
    readSetting: provideMe<StoredScrobbling, { user: string }>('scrobbler', 'readSetting'),
    /** GET /1/validate-token */
    checkToken: provideMe<TokenCheck, { url: string; token: string }>('scrobbler', 'checkToken'),
    /** the oldest waiting listens of the user (at most `limit`): sent, removed; throws a ListenBrainzError */
    sendWaiting: provideMe<SentListens, { user: string; url: string; token: string; limit: number }>(
      'scrobbler',
      'sendWaiting',
    ),
    /** `playing_now` (nothing to announce: nothing is sent); resolves with the wait the headers ask (ms) */
    announce: provideMe<number, { url: string; token: string; listen: Listen | null }>('scrobbler', 'announce'),
  },
  delays: {
    /** one second between requests, or what ListenBrainz asked */
    requestGap: ({ context }) => Math.max(1_000, context.waitMs),
    /** what a 429 asked */
    serviceWait: ({ context }) => Math.max(1_000, context.waitMs),
    /** 5 s after the first failure, doubling, at most 10 min */
    retryDelay: ({ context }) =>
      Math.min(PLAYS_RETRY_MOST_MS, PLAYS_RETRY_FIRST_MS * 2 ** Math.max(0, context.failures - 1)),
  },
  guards: {
    isOn: (_, { setting }: StoredScrobbling) => setting.token !== null && setting.on,
    hasToken: ({ context }) => context.setting.token !== null,
    storedToken: (_, { setting }: StoredScrobbling) => setting.token !== null,
    tokenValid: (_, check: TokenCheck) => check.valid,
    badToken: ({ event }) => event.type === 'CONNECT' && readToken(event.token) === null,
    badUrl: ({ event }) => event.type === 'CONNECT' && readServiceUrl(event.url) === null,
    refused: (_, { error }: { error: unknown }) => listenBrainzFailureOf(error) === 'refused',
    tooMany: (_, { error }: { error: unknown }) => listenBrainzFailureOf(error) === 'tooMany',
    announceDue: ({ context }) => context.nowPlaying !== null,
    listensWait: ({ context }) => context.waiting > 0,
  },
  actions: {
    setUser: assign({ user: ({ event }) => (event.type === 'SIGNED_IN' ? event.user : null) }),
    forgetAll: assign(() => SIGNED_OUT),
    // the listens left waiting by an earlier page are counted at once: a first round that fails counts none
    takeSetting: assign((_, { setting, waiting }: StoredScrobbling) => ({ setting, waiting })),
    takeCandidate: assign(({ event }) =>
      event.type === 'CONNECT'
        ? { candidate: { token: readToken(event.token) ?? '', url: readServiceUrl(event.url) ?? '' }, problem: null }
        : {},
    ),
    noteBadToken: assign({ problem: 'badToken' as const }),
    noteBadUrl: assign({ problem: 'badUrl' as const }),
    noteInvalid: assign({ problem: 'invalid' as const, candidate: null }),
    noteUnreachable: assign({ problem: 'unreachable' as const, candidate: null }),
    connect: assign(({ context }, check: TokenCheck) => ({
      setting: {
        url: context.candidate?.url ?? context.setting.url,
        token: context.candidate?.token ?? null,
        userName: check.valid ? check.userName : null,
        on: true,
      },
      candidate: null,
      problem: null,
      failures: 0,
      singly: 0,
    })),
    switchOn: assign({ setting: ({ context }) => ({ ...context.setting, on: true }), problem: null, failures: 0 }),
    switchOff: assign({ setting: ({ context }) => ({ ...context.setting, on: false }), nowPlaying: null }),
    dropToken: assign({
      setting: ({ context }) => ({ url: context.setting.url, token: null, userName: null, on: false }),
      nowPlaying: null,
      problem: null,
    }),
    noteRefused: assign({
      setting: ({ context }) => ({ ...context.setting, on: false }),
      problem: 'refused' as const,
      nowPlaying: null,
    }),
    tellRefused: emit({ type: 'notify', severity: 'error', message: text.scrobbling.refusedNotice }),
    persist: emit(({ context }) => ({
      type: 'settingChanged' as const,
      user: context.user ?? '',
      setting: context.setting,
    })),
    takeNowPlaying: assign({
      nowPlaying: ({ context, event }) => (event.type === 'NOW_PLAYING' ? event.listen : context.nowPlaying),
    }),
    countKept: assign({ waiting: ({ context }) => context.waiting + 1 }),
    countSent: assign(({ context }, sent: SentListens) => ({
      waiting: sent.left,
      singly: sent.refusedTogether > 0 ? sent.refusedTogether : Math.max(0, context.singly - sent.sent - sent.dropped),
      failures: 0,
      waitMs: sent.waitMs,
    })),
    warnOfDropped: enqueueActions(({ enqueue }, sent: SentListens) => {
      if (sent.dropped > 0)
        enqueue.emit({ type: 'notify', severity: 'error', message: text.scrobbling.dropped(sent.dropped) });
    }),
    announced: assign((_, waitMs: number) => ({ nowPlaying: null, waitMs, failures: 0 })),
    /** `playing_now` is for now only: one that failed is not tried again */
    dropAnnouncement: assign({ nowPlaying: null, waitMs: 0 }),
    takeServiceWait: assign((_, { error }: { error: unknown }) => ({ waitMs: waitAskedOf(error) })),
    countFailure: assign({ failures: ({ context }) => context.failures + 1, waitMs: 0 }),
  },
});

/** a token pasted (none kept, or a new one): checked, or what is wrong with it said */
const connectOrSay = [
  { guard: 'badToken', actions: 'noteBadToken' },
  { guard: 'badUrl', actions: 'noteBadUrl' },
  { target: 'checking', actions: 'takeCandidate' },
] as const;

/** ListenBrainz refused the token (401): scrobbling turns off, once said */
const refusedToken = {
  guard: { type: 'refused', params: failure },
  target: '#scrobbler.paused',
  actions: ['noteRefused', 'persist', 'tellRefused'],
} as const;

export const scrobblerMachine = scrobblerSetup.createMachine({
  id: 'scrobbler',
  description:
    'ListenBrainz for the signed-in account: the token is checked, then each track that starts is announced and each listen (half the track or 4 minutes) is sent, never faster than ListenBrainz allows.',
  context: SIGNED_OUT,
  initial: 'signedOut',
  on: { SIGNED_OUT: { target: '.signedOut', actions: 'forgetAll' } },
  states: {
    signedOut: {
      description: 'Nobody is signed in: nothing is sent.',
      on: { SIGNED_IN: { target: 'loading', actions: 'setUser' } },
    },
    loading: {
      description: 'The account’s setting, and how many of its listens wait, are read from this device.',
      tags: ['loading'],
      invoke: {
        id: 'readSetting',
        src: 'readSetting',
        input: ({ context }) => ({ user: context.user ?? '' }),
        onDone: [
          { guard: { type: 'isOn', params: output }, target: 'on', actions: { type: 'takeSetting', params: output } },
          {
            guard: { type: 'storedToken', params: output },
            target: 'paused',
            actions: [{ type: 'takeSetting', params: output }, 'dropAnnouncement'],
          },
          { target: 'none', actions: [{ type: 'takeSetting', params: output }, 'dropAnnouncement'] },
        ],
        onError: { target: 'none', actions: 'dropAnnouncement' },
      },
      // a track that begins as the page loads is announced once the setting says scrobbling is on
      on: { NOW_PLAYING: { actions: 'takeNowPlaying' } },
    },
    none: {
      description: 'No token: the 设置 page asks for one.',
      tags: ['none'],
      on: {
        CONNECT: connectOrSay,
      },
    },
    checking: {
      description: 'The pasted token is checked with ListenBrainz (GET /1/validate-token).',
      tags: ['checking'],
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        input: ({ context }) => ({ url: context.candidate?.url ?? '', token: context.candidate?.token ?? '' }),
        onDone: [
          {
            guard: { type: 'tokenValid', params: output },
            target: 'on',
            actions: [{ type: 'connect', params: output }, 'persist'],
          },
          { guard: 'hasToken', target: 'paused', actions: 'noteInvalid' },
          { target: 'none', actions: 'noteInvalid' },
        ],
        onError: [
          { guard: 'hasToken', target: 'paused', actions: 'noteUnreachable' },
          { target: 'none', actions: 'noteUnreachable' },
        ],
      },
    },
    paused: {
      description:
        'A token is kept but nothing is sent (turned off, or ListenBrainz refused the token): listens are not kept meanwhile.',
      tags: ['paused'],
      on: {
        TURN_ON: { target: 'on', actions: ['switchOn', 'persist'] },
        REMOVE_TOKEN: { target: 'none', actions: ['dropToken', 'persist'] },
        CONNECT: connectOrSay,
      },
    },
    on: {
      description: 'Scrobbling: tracks are announced as they start, listens are sent as they are kept.',
      tags: ['on'],
      on: {
        TURN_OFF: { target: 'paused', actions: ['switchOff', 'persist'] },
        REMOVE_TOKEN: { target: 'none', actions: ['dropToken', 'persist'] },
        NOW_PLAYING: { actions: 'takeNowPlaying' },
        LISTEN_KEPT: { actions: 'countKept' },
      },
      initial: 'sending',
      states: {
        sending: {
          description:
            'The oldest waiting listens go: one as `single`, several as `import` (at most 1,000), or one at a time after a batch refused as malformed.',
          tags: ['sending'],
          invoke: {
            id: 'sendWaiting',
            src: 'sendWaiting',
            input: ({ context }) => ({
              user: context.user ?? '',
              url: context.setting.url,
              token: context.setting.token ?? '',
              limit: context.singly > 0 ? 1 : LISTENS_PER_IMPORT,
            }),
            onDone: {
              target: 'spacing',
              actions: [
                { type: 'countSent', params: output },
                { type: 'warnOfDropped', params: output },
              ],
            },
            onError: [
              refusedToken,
              {
                guard: { type: 'tooMany', params: failure },
                target: 'waitingForService',
                actions: { type: 'takeServiceWait', params: failure },
              },
              { target: 'retrying', actions: 'countFailure' },
            ],
          },
        },
        announcing: {
          description: 'The track that began is announced (`playing_now`); one that fails is not tried again.',
          tags: ['sending'],
          invoke: {
            id: 'announce',
            src: 'announce',
            input: ({ context }) => ({
              url: context.setting.url,
              token: context.setting.token ?? '',
              listen: context.nowPlaying,
            }),
            onDone: { target: 'spacing', actions: { type: 'announced', params: output } },
            onError: [
              refusedToken,
              {
                guard: { type: 'tooMany', params: failure },
                target: 'waitingForService',
                actions: ['dropAnnouncement', { type: 'takeServiceWait', params: failure }],
              },
              { target: 'spacing', actions: 'dropAnnouncement' },
            ],
          },
        },
        spacing: {
          description: 'A second passes before the next request (longer when ListenBrainz’s headers ask).',
          after: { requestGap: 'ready' },
        },
        ready: {
          description: 'Nothing is being sent: a track that starts is announced, a listen kept is sent.',
          always: [
            { guard: 'announceDue', target: 'announcing' },
            { guard: 'listensWait', target: 'sending' },
          ],
        },
        retrying: {
          description:
            'ListenBrainz could not be reached (or failed): tried again after 5 s, doubling to 10 min, or as soon as the browser is online again.',
          tags: ['retrying'],
          after: { retryDelay: 'sending' },
          on: { NETWORK_BACK: 'sending' },
        },
        waitingForService: {
          description:
            'ListenBrainz answered 429 (too many requests): nothing goes until the wait it named has passed.',
          tags: ['retrying'],
          after: { serviceWait: 'ready' },
        },
      },
    },
  },
});
