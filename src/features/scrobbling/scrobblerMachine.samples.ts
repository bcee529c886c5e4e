// Sample events for `npm run paths -- scrobbler` and tests/machines/scrobbler.paths.test.ts (payloads
// included, beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Listen } from '@/rules/listens';
import type { ScrobbleSetting } from '@/storage/listens';
import type { ScrobblerContext, SentListens } from './scrobblerMachine';

const url = 'https://api.listenbrainz.org';
const setting = (token: string | null, on: boolean): ScrobbleSetting => ({
  url,
  token,
  userName: token === null ? null : 'harbor-listener',
  on,
});
const listen: Listen = {
  track_metadata: {
    artist_name: '港灯乐团',
    track_name: '港灯',
    release_name: '港灯夜曲',
    additional_info: {
      duration_ms: 180_000,
      tracknumber: 1,
      discnumber: 1,
      media_player: 'Anniv web player',
      submission_client: 'Anniv web player',
    },
  },
};
const sent = (round: SentListens) => round;
const failure = (kind: string, waitMs = 0) => ({ name: 'ListenBrainzError', kind, waitMs, message: kind });

export const pathEvents: AnyEventObject[] = [
  { type: 'SIGNED_IN', user: 'u1' },
  { type: 'SIGNED_OUT' },
  { type: 'xstate.done.actor.readSetting', output: { setting: setting(null, false), waiting: 0 } },
  // on, with listens an earlier page left waiting
  { type: 'xstate.done.actor.readSetting', output: { setting: setting('kept-token', true), waiting: 2 } },
  { type: 'xstate.done.actor.readSetting', output: { setting: setting('kept-token', false), waiting: 0 } },
  { type: 'CONNECT', token: ' 6f1d2c3b-token ', url },
  { type: 'CONNECT', token: '', url },
  { type: 'CONNECT', token: '6f1d2c3b-token', url: 'ftp://listens.example' },
  { type: 'xstate.done.actor.checkToken', output: { valid: true, userName: 'harbor-listener' } },
  { type: 'xstate.done.actor.checkToken', output: { valid: false } },
  { type: 'xstate.error.actor.checkToken', error: failure('unreachable') },
  { type: 'TURN_ON' },
  { type: 'TURN_OFF' },
  { type: 'REMOVE_TOKEN' },
  { type: 'NOW_PLAYING', listen },
  { type: 'LISTEN_KEPT' },
  {
    type: 'xstate.done.actor.sendWaiting',
    output: sent({ sent: 0, dropped: 0, left: 0, waitMs: 1_000, refusedTogether: 0 }),
  },
  {
    type: 'xstate.done.actor.sendWaiting',
    output: sent({ sent: 1_000, dropped: 0, left: 3, waitMs: 1_000, refusedTogether: 0 }),
  },
  // a batch of 3 refused as malformed: they go one at a time; one of them refused alone is dropped
  {
    type: 'xstate.done.actor.sendWaiting',
    output: sent({ sent: 0, dropped: 0, left: 3, waitMs: 1_000, refusedTogether: 3 }),
  },
  {
    type: 'xstate.done.actor.sendWaiting',
    output: sent({ sent: 0, dropped: 1, left: 2, waitMs: 1_000, refusedTogether: 0 }),
  },
  { type: 'xstate.error.actor.sendWaiting', error: failure('refused') },
  { type: 'xstate.error.actor.sendWaiting', error: failure('tooMany', 30_000) },
  { type: 'xstate.error.actor.sendWaiting', error: failure('malformed') },
  { type: 'xstate.error.actor.sendWaiting', error: failure('unreachable') },
  { type: 'xstate.done.actor.announce', output: 1_000 },
  { type: 'xstate.error.actor.announce', error: failure('refused') },
  { type: 'xstate.error.actor.announce', error: failure('tooMany', 30_000) },
  { type: 'xstate.error.actor.announce', error: failure('unreachable') },
];

/** where it is, what it has to say and to send: not how many listens wait */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as ScrobblerContext;
  return JSON.stringify([
    snapshot.value,
    c.problem,
    c.setting.token !== null,
    c.setting.on,
    c.waiting > 0,
    c.nowPlaying !== null,
    c.singly > 0,
    c.failures > 0,
  ]);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  SIGNED_IN: 'the listener is signed in (or the page opens signed in)',
  SIGNED_OUT: 'the listener is signed out',
  CONNECT: 'on 设置, the listener pastes a ListenBrainz token (and the service address) and presses 验证并开启',
  TURN_ON: 'the listener turns 记录收听 on',
  TURN_OFF: 'the listener turns 记录收听 off',
  REMOVE_TOKEN: 'the listener presses 移除令牌',
  NOW_PLAYING: 'a track begins to play',
  LISTEN_KEPT: 'a track has played half its length or 4 minutes: the listen is kept on the device',
  NETWORK_BACK: 'the browser is online again',
  'xstate.done.actor.readSetting': 'the account’s ListenBrainz setting is read from the device',
  'xstate.error.actor.readSetting': 'the device’s store cannot be read (read as no token)',
  'xstate.done.actor.checkToken': 'ListenBrainz answers whose token it is (or that it does not know it)',
  'xstate.error.actor.checkToken': 'ListenBrainz cannot be reached to check the token',
  'xstate.done.actor.sendWaiting':
    'ListenBrainz takes the listens sent, or refuses a batch as malformed (they go one at a time), or one alone (dropped)',
  'xstate.error.actor.sendWaiting': 'ListenBrainz refuses the token, answers 429, or cannot be reached',
  'xstate.done.actor.announce': 'ListenBrainz takes the playing_now',
  'xstate.error.actor.announce': 'the playing_now fails (refused token, 429, no answer)',
  'xstate.after.requestGap.scrobbler.on.spacing':
    'a second (or the wait ListenBrainz asked) has passed since the last request',
  'xstate.after.serviceWait.scrobbler.on.waitingForService': 'the wait a 429 named has passed',
  'xstate.after.retryDelay.scrobbler.on.retrying': 'the wait before the next try has passed',
};
