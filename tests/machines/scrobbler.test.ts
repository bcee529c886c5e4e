// The scrobbler as a page starts it with listens an earlier page left waiting on the device: they
// are counted as the setting loads, so the 设置 tab says how many wait even while ListenBrainz
// cannot be reached (a first round that fails counts none).
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { scrobblerMachine, type SentListens } from '@/features/scrobbling/scrobblerMachine';
import type { Listen } from '@/rules/listens';
import type { TokenCheck } from '@/services/listenBrainz';
import type { ScrobbleSetting } from '@/storage/listens';

const ON: ScrobbleSetting = { url: 'https://api.listenbrainz.org', token: 'token-of-mio', userName: 'mio', on: true };
/** as the service throws when nothing answers */
const unreachable = Object.assign(new Error('连不上 ListenBrainz'), {
  name: 'ListenBrainzError',
  kind: 'unreachable',
  waitMs: 0,
});

function startScrobbler(stored: { setting: ScrobbleSetting; waiting: number }, send: () => Promise<SentListens>) {
  const machine = scrobblerMachine.provide({
    actors: {
      readSetting: fromPromise<{ setting: ScrobbleSetting; waiting: number }, { user: string }>(async () => stored),
      checkToken: fromPromise<TokenCheck, { url: string; token: string }>(async () => ({ valid: false })),
      sendWaiting: fromPromise<SentListens, { user: string; url: string; token: string; limit: number }>(send),
      announce: fromPromise<number, { url: string; token: string; listen: Listen | null }>(async () => 1_000),
    },
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'SIGNED_IN', user: 'u1' });
  return actor;
}

describe('the scrobbler as a page starts', () => {
  test('listens left waiting are counted while ListenBrainz cannot be reached', async () => {
    const actor = startScrobbler({ setting: ON, waiting: 2 }, async () => {
      throw unreachable;
    });
    await waitFor(actor, (s) => s.hasTag('retrying'));
    expect(actor.getSnapshot().context.waiting).toBe(2);
    actor.stop();
  });

  test('once sent, the count is what is left', async () => {
    const actor = startScrobbler({ setting: ON, waiting: 2 }, async () => ({
      sent: 2,
      dropped: 0,
      left: 0,
      waitMs: 1_000,
      refusedTogether: 0,
    }));
    await waitFor(actor, (s) => s.matches({ on: 'spacing' }));
    expect(actor.getSnapshot().context.waiting).toBe(0);
    actor.stop();
  });

  test('no token kept: nothing is on, whatever waits', async () => {
    const actor = startScrobbler(
      { setting: { ...ON, token: null, userName: null, on: false }, waiting: 1 },
      async () => {
        throw new Error('not sent');
      },
    );
    await waitFor(actor, (s) => s.hasTag('none'));
    actor.stop();
  });
});
