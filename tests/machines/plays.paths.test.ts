// Model-based paths over the waiting plays: every path `npm run paths -- plays` prints is replayed and
// checked against the rules written out plainly (where it is, what it counts, what it warned of);
// then the real machine on a moved clock with a fake sender: batches until nothing waits, the
// doubling wait after failures, the server answering again, and signing out within 5 s.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { playsMachine, type PlaysEmitted, type SentPlays } from '@/features/listening/playsMachine';
import { PLAYS_RETRY_FIRST_MS, PLAYS_RETRY_MOST_MS, PLAYS_SIGN_OUT_WAIT_MS } from '@/shared/constants';
import { text } from '@/shared/text';
import { assertAllStatesReached, replayPath, stateIdsOf, type MachinePath } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk, stateOf } from './registryWalk';

type Machine = typeof playsMachine;
/** the paths send the sender's answers themselves: a round never ends on its own */
const pending = fromPromise<SentPlays, { user: string }>(() => new Promise<never>(() => {}));
const walked = playsMachine.provide({ actors: { sendWaiting: pending } });

/** the rules, plainly */
function expected(path: MachinePath<Machine>) {
  let state = 'signedOut';
  let user: string | null = null;
  let waiting = 0;
  let failures = 0;
  let keptMeanwhile = false;
  const emitted: PlaysEmitted[] = [];
  const moved = (o: SentPlays) => o.sent + o.refused + o.ahead > 0;
  const send = () => {
    state = 'signedIn.sending';
    keptMeanwhile = false;
  };
  for (const { event } of path.steps.slice(1)) {
    const e = event as { type: string; user?: string; output?: SentPlays };
    const flushing = state.startsWith('flushing');
    const before = state;
    if (e.type === 'SIGNED_IN' && state === 'signedOut') {
      user = e.user!;
      send();
    } else if (e.type === 'SIGNED_OUT' && state !== 'signedOut')
      [state, user, waiting, failures, keptMeanwhile] = ['signedOut', null, 0, 0, false];
    else if (e.type === 'FLUSH' && (state.startsWith('signedIn') || state === 'flushed')) state = 'flushing.batch';
    else if (e.type === 'PLAY_KEPT' && state === 'flushed') send();
    else if (e.type === 'PLAY_KEPT' && state === 'signedIn.sending') keptMeanwhile = true;
    else if (e.type === 'PLAY_KEPT' && state === 'signedIn.idle') send();
    else if (e.type === 'SERVER_REACHED' && state === 'signedIn.retrying') send();
    else if (e.type.startsWith('xstate.after.retryDelay')) send();
    else if (e.type.startsWith('xstate.after.signOutWait')) state = 'flushed';
    else if (e.type.startsWith('xstate.done.actor.')) {
      const o = e.output!;
      [waiting, failures] = [o.left, 0];
      const more = o.left > 0 && (moved(o) || keptMeanwhile);
      if (flushing) state = more ? 'flushing.batch' : 'flushed';
      else {
        if (more) send();
        else state = 'signedIn.idle';
        if (o.sent > 0) emitted.push({ type: 'sent', count: o.sent });
        const parts = [o.refused ? text.plays.refused(o.refused) : '', o.ahead ? text.plays.ahead(o.ahead) : ''];
        if (o.refused || o.ahead)
          emitted.push({ type: 'notify', severity: 'error', message: parts.filter(Boolean).join(' ') });
      }
    } else if (e.type.startsWith('xstate.error.actor.')) {
      if (flushing) state = 'flushed';
      else [state, failures] = ['signedIn.retrying', failures + 1];
    }
    if (state === 'flushed' && before !== 'flushed') emitted.push({ type: 'flushed' });
  }
  return { state, user, waiting, failures, keptMeanwhile, emitted };
}

describe('waiting plays paths', () => {
  const machineWalk = registryWalk('plays', playsMachine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('plays', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(playsMachine)).toEqual([
      'signedOut',
      'signedIn.sending',
      'signedIn.idle',
      'signedIn.retrying',
      'flushing.batch',
      'flushed',
    ]);
    assertAllStatesReached(paths, playsMachine);
  });

  it.each(cases)('%s', async (_, path) => {
    const emitted: PlaysEmitted[] = [];
    const { finalSnapshot: s } = await replayPath(walked, path, {
      actorOptions: {
        inspect: (event) => {
          if (event.type !== '@xstate.actor') return;
          for (const type of ['notify', 'flushed', 'sent'] as const)
            (event.actorRef as AnyActorRef).on(type, (e: PlaysEmitted) => emitted.push(e));
        },
      },
    });
    const want = expected(path);
    expect(stateOf(s.value)).toBe(want.state);
    const { emitted: wanted, state: _state, ...context } = want;
    expect(s.context).toEqual(context);
    expect(emitted).toEqual(wanted);
  });
});

describe('waiting plays on the clock', () => {
  afterEach(() => vi.useRealTimers());

  /** the machine with a sender that answers from `rounds` in turn (a thrown Error is a failed round) */
  function start(rounds: (SentPlays | Error)[]) {
    vi.useFakeTimers();
    const calls: number[] = [];
    const sendWaiting = fromPromise<SentPlays, { user: string }>(async () => {
      calls.push(Date.now());
      const next = rounds.shift();
      if (next === undefined) return { sent: 0, refused: 0, ahead: 0, left: 0 };
      if (next instanceof Error) throw next;
      return next;
    });
    const actor = createActor(playsMachine.provide({ actors: { sendWaiting } })).start();
    const emitted: PlaysEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    return { actor, calls, emitted };
  }

  it('signing in sends what waits, batch after batch, until nothing is left', async () => {
    const { actor, calls } = start([
      { sent: 100, refused: 0, ahead: 0, left: 150 },
      { sent: 100, refused: 0, ahead: 0, left: 50 },
      { sent: 50, refused: 0, ahead: 0, left: 0 },
    ]);
    actor.send({ type: 'SIGNED_IN', user: 'u1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(3);
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    actor.send({ type: 'PLAY_KEPT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(4);
  });

  it('a play kept while a round is sending is not missed: another round goes for it', async () => {
    let finish = (_: SentPlays) => {};
    const rounds: SentPlays[] = [];
    vi.useFakeTimers();
    const sendWaiting = fromPromise<SentPlays, { user: string }>(() => {
      rounds.push({ sent: 0, refused: 0, ahead: 0, left: 0 });
      return new Promise((resolve) => (finish = resolve));
    });
    const actor = createActor(playsMachine.provide({ actors: { sendWaiting } })).start();
    actor.send({ type: 'SIGNED_IN', user: 'u1' });
    actor.send({ type: 'PLAY_KEPT' });
    // the round read nothing before the play was kept, and counts it after
    finish({ sent: 0, refused: 0, ahead: 0, left: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toHaveLength(2);
    finish({ sent: 1, refused: 0, ahead: 0, left: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
  });

  it('after failures it waits 5 s, 10 s, 20 s … at most 10 min; the server answering again sends at once', async () => {
    const failures = Array.from({ length: 12 }, () => new Error('no answer'));
    const { actor, calls } = start([...failures]);
    actor.send({ type: 'SIGNED_IN', user: 'u1' });
    await vi.advanceTimersByTimeAsync(0);
    const t0 = Date.now();
    for (const wait of [5_000, 10_000, 20_000, 40_000]) {
      const before = calls.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(calls).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(before + 1);
    }
    expect(Date.now() - t0).toBe(PLAYS_RETRY_FIRST_MS * 15);
    // a play counted meanwhile waits with the rest
    actor.send({ type: 'PLAY_KEPT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(5);
    actor.send({ type: 'SERVER_REACHED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(6);
    // the longest wait is 10 minutes
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(PLAYS_RETRY_MOST_MS);
    const gaps = calls
      .slice(-4)
      .map((t, i, all) => (i === 0 ? 0 : t - all[i - 1]!))
      .slice(1);
    expect(gaps).toEqual([PLAYS_RETRY_MOST_MS, PLAYS_RETRY_MOST_MS, PLAYS_RETRY_MOST_MS]);
  });

  it('what the server took is told (最近播放 reads it); dropped plays are said once per round, a round that drops none says nothing', async () => {
    const { actor, emitted } = start([
      { sent: 98, refused: 1, ahead: 1, left: 5 },
      { sent: 5, refused: 0, ahead: 0, left: 0 },
    ]);
    actor.send({ type: 'SIGNED_IN', user: 'u1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted).toEqual([
      { type: 'sent', count: 98 },
      { type: 'notify', severity: 'error', message: `${text.plays.refused(1)} ${text.plays.ahead(1)}` },
      { type: 'sent', count: 5 },
    ]);
  });

  it('signing out waits for the batches to go, at most 5 s; then says it is done', async () => {
    let release = () => {};
    const sendWaiting = fromPromise<SentPlays, { user: string }>(
      () => new Promise((resolve) => (release = () => resolve({ sent: 1, refused: 0, ahead: 0, left: 0 }))),
    );
    vi.useFakeTimers();
    const actor = createActor(playsMachine.provide({ actors: { sendWaiting } })).start();
    actor.send({ type: 'SIGNED_IN', user: 'u1' });
    actor.send({ type: 'FLUSH' });
    expect(actor.getSnapshot().hasTag('flushed')).toBe(false);
    await vi.advanceTimersByTimeAsync(PLAYS_SIGN_OUT_WAIT_MS - 1);
    expect(actor.getSnapshot().hasTag('flushed')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().hasTag('flushed')).toBe(true);
    release();
    actor.send({ type: 'SIGNED_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});
