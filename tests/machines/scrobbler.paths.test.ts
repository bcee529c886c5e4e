// Model-based paths over the ListenBrainz scrobbler: every path `npm run paths -- scrobbler` prints
// is replayed and checked against the rules written out plainly (where it is, the setting it would
// store, what it has to send, what it said); then the real machine on a moved clock with a fake
// ListenBrainz: one request a second at most, the waits its headers and a 429 ask, the doubling
// retry, a malformed batch sent again one listen at a time, and a refused token said once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import {
  SIGNED_OUT,
  scrobblerMachine,
  type ScrobblerContext,
  type ScrobblerEmitted,
  type SentListens,
} from '@/features/scrobbling/scrobblerMachine';
import { LISTENS_PER_IMPORT, PLAYS_RETRY_FIRST_MS } from '@/shared/constants';
import { text } from '@/shared/text';
import { readServiceUrl, readToken, type Listen } from '@/rules/listens';
import type { TokenCheck } from '@/services/listenBrainz';
import type { ScrobbleSetting } from '@/storage/listens';
import { assertAllStatesReached, replayPath, stateIdsOf, type MachinePath } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk, stateOf } from './registryWalk';

type Machine = typeof scrobblerMachine;
const never = <T, I>() => fromPromise<T, I>(() => new Promise<never>(() => {}));
const walked = scrobblerMachine.provide({
  actors: {
    readSetting: never<{ setting: ScrobbleSetting; waiting: number }, { user: string }>(),
    checkToken: never<TokenCheck, { url: string; token: string }>(),
    sendWaiting: never<SentListens, { user: string; url: string; token: string; limit: number }>(),
    announce: never<number, { url: string; token: string; listen: Listen | null }>(),
  },
});

/** the rules, plainly */
function expected(path: MachinePath<Machine>) {
  let state = 'signedOut';
  const c: ScrobblerContext = { ...SIGNED_OUT };
  const emitted: ScrobblerEmitted[] = [];
  const persist = () => emitted.push({ type: 'settingChanged', user: c.user ?? '', setting: c.setting });
  const on = () => state.startsWith('on.');
  const ready = () => {
    state = c.nowPlaying !== null ? 'on.announcing' : c.waiting > 0 ? 'on.sending' : 'on.ready';
  };
  const refuse = () => {
    state = 'paused';
    c.setting = { ...c.setting, on: false };
    [c.problem, c.nowPlaying] = ['refused', null];
    persist();
    emitted.push({ type: 'notify', severity: 'error', message: text.scrobbling.refusedNotice });
  };
  const connect = (e: { token: string; url: string }) => {
    if (readToken(e.token) === null) c.problem = 'badToken';
    else if (readServiceUrl(e.url) === null) c.problem = 'badUrl';
    else {
      state = 'checking';
      c.candidate = { token: readToken(e.token)!, url: readServiceUrl(e.url)! };
      c.problem = null;
    }
  };
  for (const { event } of path.steps.slice(1)) {
    const e = event as {
      type: string;
      user?: string;
      output?: unknown;
      error?: { kind: string; waitMs: number };
      token?: string;
      url?: string;
      listen?: Listen;
    };
    if (e.type === 'SIGNED_OUT') {
      state = 'signedOut';
      Object.assign(c, SIGNED_OUT);
    } else if (e.type === 'SIGNED_IN' && state === 'signedOut') [state, c.user] = ['loading', e.user!];
    else if (e.type === 'xstate.done.actor.readSetting') {
      ({ setting: c.setting, waiting: c.waiting } = e.output as { setting: ScrobbleSetting; waiting: number });
      state = c.setting.token !== null ? (c.setting.on ? 'on.sending' : 'paused') : 'none';
      if (state !== 'on.sending') [c.nowPlaying, c.waitMs] = [null, 0];
    } else if (e.type === 'xstate.error.actor.readSetting') [state, c.nowPlaying, c.waitMs] = ['none', null, 0];
    else if (e.type === 'NOW_PLAYING' && state === 'loading') c.nowPlaying = e.listen!;
    else if (e.type === 'CONNECT' && (state === 'none' || state === 'paused')) connect(e as never);
    else if (e.type === 'xstate.done.actor.checkToken') {
      const check = e.output as TokenCheck;
      if (check.valid) {
        c.setting = { url: c.candidate!.url, token: c.candidate!.token, userName: check.userName, on: true };
        Object.assign(c, { candidate: null, problem: null, failures: 0, singly: 0 });
        state = 'on.sending';
        persist();
      } else {
        [c.problem, c.candidate] = ['invalid', null];
        state = c.setting.token !== null ? 'paused' : 'none';
      }
    } else if (e.type === 'xstate.error.actor.checkToken') {
      [c.problem, c.candidate] = ['unreachable', null];
      state = c.setting.token !== null ? 'paused' : 'none';
    } else if (e.type === 'TURN_ON' && state === 'paused') {
      c.setting = { ...c.setting, on: true };
      [c.problem, c.failures, state] = [null, 0, 'on.sending'];
      persist();
    } else if (e.type === 'TURN_OFF' && on()) {
      c.setting = { ...c.setting, on: false };
      [c.nowPlaying, state] = [null, 'paused'];
      persist();
    } else if (e.type === 'REMOVE_TOKEN' && (on() || state === 'paused')) {
      c.setting = { url: c.setting.url, token: null, userName: null, on: false };
      [c.nowPlaying, c.problem, state] = [null, null, 'none'];
      persist();
    } else if (e.type === 'NOW_PLAYING' && on()) {
      c.nowPlaying = e.listen!;
      if (state === 'on.ready') ready();
    } else if (e.type === 'LISTEN_KEPT' && on()) {
      c.waiting += 1;
      if (state === 'on.ready') ready();
    } else if (e.type === 'xstate.done.actor.sendWaiting') {
      const sent = e.output as SentListens;
      Object.assign(c, {
        waiting: sent.left,
        singly: sent.refusedTogether > 0 ? sent.refusedTogether : Math.max(0, c.singly - sent.sent - sent.dropped),
        failures: 0,
        waitMs: sent.waitMs,
      });
      if (sent.dropped > 0)
        emitted.push({ type: 'notify', severity: 'error', message: text.scrobbling.dropped(sent.dropped) });
      state = 'on.spacing';
    } else if (e.type === 'xstate.error.actor.sendWaiting') {
      const kind = e.error!.kind;
      if (kind === 'refused') refuse();
      else if (kind === 'tooMany') [state, c.waitMs] = ['on.waitingForService', e.error!.waitMs];
      else [state, c.failures, c.waitMs] = ['on.retrying', c.failures + 1, 0];
    } else if (e.type === 'xstate.done.actor.announce') {
      [c.nowPlaying, c.waitMs, c.failures, state] = [null, e.output as number, 0, 'on.spacing'];
    } else if (e.type === 'xstate.error.actor.announce') {
      const kind = e.error!.kind;
      if (kind === 'refused') refuse();
      else {
        [c.nowPlaying, c.waitMs] = [null, 0];
        if (kind === 'tooMany') [state, c.waitMs] = ['on.waitingForService', e.error!.waitMs];
        else state = 'on.spacing';
      }
    } else if (e.type.startsWith('xstate.after.requestGap') || e.type.startsWith('xstate.after.serviceWait')) ready();
    else if (e.type.startsWith('xstate.after.retryDelay')) state = 'on.sending';
    else if (e.type === 'NETWORK_BACK' && state === 'on.retrying') state = 'on.sending';
  }
  return { state, context: c, emitted };
}

describe('scrobbler paths', () => {
  const machineWalk = registryWalk('scrobbler', scrobblerMachine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('scrobbler', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(scrobblerMachine)).toEqual([
      'signedOut',
      'loading',
      'none',
      'checking',
      'paused',
      'on.sending',
      'on.announcing',
      'on.spacing',
      'on.ready',
      'on.retrying',
      'on.waitingForService',
    ]);
    assertAllStatesReached(paths, scrobblerMachine);
  });

  it.each(cases)('%s', async (_, path) => {
    const emitted: ScrobblerEmitted[] = [];
    const { finalSnapshot: s } = await replayPath(walked, path, {
      actorOptions: {
        inspect: (event) => {
          if (event.type !== '@xstate.actor') return;
          for (const type of ['notify', 'settingChanged'] as const)
            (event.actorRef as AnyActorRef).on(type, (e: ScrobblerEmitted) => emitted.push(e));
        },
      },
    });
    const want = expected(path);
    expect(stateOf(s.value)).toBe(want.state);
    expect(s.context).toEqual(want.context);
    expect(emitted).toEqual(want.emitted);
  });
});

describe('scrobbler on the clock', () => {
  afterEach(() => vi.useRealTimers());

  const listen = (title: string): Listen => ({
    track_metadata: {
      artist_name: '港灯乐团',
      track_name: title,
      additional_info: { media_player: 'Anniv web player', submission_client: 'Anniv web player' },
    },
  });
  const on: ScrobbleSetting = { url: 'https://lb.example', token: 'token-1', userName: 'harbor', on: true };

  /** the machine signed in with scrobbling on; ListenBrainz answers each request from `answers` in turn */
  function start(
    waitingAtStart: number,
    answers: (number | { kind: string; waitMs?: number })[],
    refuseBatches = false,
  ) {
    vi.useFakeTimers();
    let waiting = waitingAtStart;
    const requests: { at: number; what: string; limit?: number }[] = [];
    const answer = () => {
      const next = answers.shift() ?? 1_000;
      if (typeof next !== 'number') throw { name: 'ListenBrainzError', message: next.kind, waitMs: 0, ...next };
      return next;
    };
    const actor = createActor(
      scrobblerMachine.provide({
        actors: {
          readSetting: fromPromise(async () => ({ setting: on, waiting })),
          checkToken: fromPromise(async (): Promise<TokenCheck> => ({ valid: true, userName: 'harbor' })),
          sendWaiting: fromPromise(async ({ input }) => {
            if (waiting === 0) return { sent: 0, dropped: 0, left: 0, waitMs: 0, refusedTogether: 0 };
            requests.push({ at: Date.now(), what: 'listens', limit: input.limit });
            const batch = Math.min(waiting, input.limit);
            if (refuseBatches && batch > 1)
              return { sent: 0, dropped: 0, left: waiting, waitMs: 1_000, refusedTogether: batch };
            const waitMs = answer();
            waiting -= batch;
            return { sent: batch, dropped: 0, left: waiting, waitMs, refusedTogether: 0 };
          }),
          announce: fromPromise(async () => {
            requests.push({ at: Date.now(), what: 'playing_now' });
            return answer();
          }),
        },
      }),
    ).start();
    const emitted: ScrobblerEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.send({ type: 'SIGNED_IN', user: 'u1' });
    const keep = () => {
      waiting += 1;
      actor.send({ type: 'LISTEN_KEPT' });
    };
    return { actor, requests, emitted, keep };
  }

  it('never more than one request a second, whatever comes', async () => {
    const { actor, requests, keep } = start(2_500, []);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'NOW_PLAYING', listen: listen('港灯') });
    keep();
    await vi.advanceTimersByTimeAsync(10_000);
    // 2,501 listens: 1,000 + 1,000 + 501 in three imports, the playing_now between them
    expect(requests.map((r) => r.what)).toEqual(['listens', 'playing_now', 'listens', 'listens']);
    const gaps = requests.slice(1).map((r, i) => r.at - requests[i]!.at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1_000);
    expect(actor.getSnapshot().context.waiting).toBe(0);
  });

  it('headers that say none are left hold the next request until the window resets; a 429 waits what it names', async () => {
    const { requests, keep } = start(1, [30_000, { kind: 'tooMany', waitMs: 20_000 }, 1_000]);
    await vi.advanceTimersByTimeAsync(0);
    keep();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
  });

  it('no answer: tried again after 5 s, 10 s, 20 s; what waits is sent once ListenBrainz answers', async () => {
    const unreachable = { kind: 'unreachable' };
    const { actor, requests } = start(3, [unreachable, unreachable, unreachable, 1_000]);
    await vi.advanceTimersByTimeAsync(0);
    for (const wait of [PLAYS_RETRY_FIRST_MS, PLAYS_RETRY_FIRST_MS * 2, PLAYS_RETRY_FIRST_MS * 4]) {
      const before = requests.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(requests).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(requests).toHaveLength(before + 1);
    }
    expect(actor.getSnapshot().context.waiting).toBe(0);
  });

  it('no answer while offline: what waits goes as soon as the browser is online again', async () => {
    const { actor, requests } = start(2, [{ kind: 'unreachable' }, { kind: 'unreachable' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('retrying')).toBe(true);
    actor.send({ type: 'NETWORK_BACK' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(2);
    // the second failure waits 10 s, unless the browser comes online again
    actor.send({ type: 'NETWORK_BACK' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(3);
    expect(actor.getSnapshot().context.waiting).toBe(0);
  });

  it('a batch refused as malformed goes again one listen at a time, then in batches again', async () => {
    const { requests, keep } = start(3, [], true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests.map((r) => r.limit)).toEqual([LISTENS_PER_IMPORT, 1, 1, 1]);
    keep();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests.map((r) => r.limit)).toEqual([LISTENS_PER_IMPORT, 1, 1, 1, LISTENS_PER_IMPORT]);
  });

  it('a token refused later turns scrobbling off with one message, and nothing more is sent', async () => {
    const { actor, requests, emitted, keep } = start(0, [{ kind: 'refused' }]);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'NOW_PLAYING', listen: listen('港灯') });
    await vi.advanceTimersByTimeAsync(2_000);
    keep();
    actor.send({ type: 'NOW_PLAYING', listen: listen('海竖琴') });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe('refused');
    expect(emitted.filter((e) => e.type === 'notify')).toEqual([
      { type: 'notify', severity: 'error', message: text.scrobbling.refusedNotice },
    ]);
    expect(emitted.filter((e) => e.type === 'settingChanged').at(-1)).toMatchObject({
      setting: { on: false, token: 'token-1' },
    });
  });
});
