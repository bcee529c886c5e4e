// Sample events for `npm run paths -- plays` and tests/machines/plays.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import type { SentPlays } from './playsMachine';

const round = (sent: SentPlays) => sent;
const noAnswer = { name: 'NetworkError', status: null, message: '网络错误' };

export const pathEvents: AnyEventObject[] = [
  { type: 'SIGNED_IN', user: 'u1' },
  // every play sent
  ...['sendWaiting', 'flushWaiting'].flatMap((actor) => [
    { type: `xstate.done.actor.${actor}`, output: round({ sent: 3, refused: 0, ahead: 0, left: 0 }) },
    // a full batch went, more wait
    { type: `xstate.done.actor.${actor}`, output: round({ sent: 100, refused: 0, ahead: 0, left: 20 }) },
    // one refused as malformed, one stamped too far ahead: both dropped with a warning
    { type: `xstate.done.actor.${actor}`, output: round({ sent: 1, refused: 1, ahead: 1, left: 0 }) },
    { type: `xstate.error.actor.${actor}`, error: noAnswer },
  ]),
];

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  SIGNED_IN: 'the listener is signed in (or the page opens signed in)',
  SIGNED_OUT: 'the listener is signed out',
  PLAY_KEPT: 'a track has played for 10 s: its play is kept on the device',
  SERVER_REACHED: 'the server answers a call again',
  FLUSH: 'the listener signs out (注销)',
  'xstate.done.actor.sendWaiting': 'the server confirms a batch of plays',
  'xstate.error.actor.sendWaiting': 'the plays cannot be sent (no network, the server down or failing)',
  'xstate.done.actor.flushWaiting': 'signing out, the server confirms a batch of plays',
  'xstate.error.actor.flushWaiting': 'signing out, the plays cannot be sent',
  'xstate.after.retryDelay.plays.signedIn.retrying': 'the wait before the next try has passed',
  'xstate.after.signOutWait.plays.flushing': 'signing out has waited 5 s for the server',
};
