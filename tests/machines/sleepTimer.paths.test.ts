// Model-based paths over the real sleep timer (定时关闭): every path `npm run paths -- sleepTimer` prints is
// replayed and checked against the rules written out plainly (where it is, what it holds, what it asked
// of the player); then the real clock, moved by fake timers: the fade's 10 s, the pause, a cancel.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef, type AnyEventObject } from 'xstate';
import { sleepTimerMachine, validSleepMinutes, type SleepTimerEmitted } from '@/features/sleepTimer/sleepTimerMachine';
import { formatSleepLeft, sleepEndsAt, sleepRunning, sleepScope } from '@/features/sleepTimer/selectors';
import { SLEEP_FADE_MS } from '@/shared/constants';
import { text } from '@/shared/text';
import { assertAllStatesReached, replayPath, stateIdsOf, type MachinePath } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const NOW = 1_700_000_000_000;
type Machine = typeof sleepTimerMachine;
const EMITTED = ['notify', 'fadeOut', 'sleep', 'restoreLevel', 'stopAfter'] as const;

/** the rules, plainly: where each event leads and what the player is asked */
function expected(path: MachinePath<Machine>) {
  let state = 'off';
  let scope: string | null = null;
  let endsAt: number | null = null;
  const asked: AnyEventObject[] = [];
  for (const { event } of path.steps.slice(1)) {
    const e = event as { type: string; minutes?: number; scope?: string };
    const fading = state === 'timed.fading';
    if (e.type === 'SET_TIMER') {
      if (!validSleepMinutes(e.minutes!)) {
        asked.push({ type: 'notify', severity: 'error', message: text.sleepTimer.invalidMinutes });
        continue;
      }
      if (fading) asked.push({ type: 'restoreLevel' });
      if (state === 'atEnd') asked.push({ type: 'stopAfter', scope: null });
      [state, scope, endsAt] = ['timed.counting', null, NOW + e.minutes! * 60_000];
      asked.push({ type: 'notify', severity: 'info', message: text.sleepTimer.started(e.minutes!) });
    } else if (e.type === 'STOP_AFTER') {
      if (fading) asked.push({ type: 'restoreLevel' });
      [state, scope, endsAt] = ['atEnd', e.scope!, null];
      asked.push({ type: 'stopAfter', scope: e.scope });
      asked.push({
        type: 'notify',
        severity: 'info',
        message: e.scope === 'queue' ? text.sleepTimer.armedQueue : text.sleepTimer.armedTrack,
      });
    } else if (e.type === 'CANCEL' && state !== 'off') {
      if (fading) asked.push({ type: 'restoreLevel' });
      if (state === 'atEnd') asked.push({ type: 'stopAfter', scope: null });
      [state, scope, endsAt] = ['off', null, null];
      asked.push({ type: 'notify', severity: 'info', message: text.sleepTimer.cancelled });
    } else if (e.type === 'PLAYER_SLEPT' && state === 'atEnd') {
      [state, scope] = ['off', null];
      asked.push({ type: 'notify', severity: 'info', message: text.sleepTimer.slept });
    } else if (e.type.startsWith('xstate.after.untilFade')) {
      state = 'timed.fading';
      // the path's clock stands still: all of the fade is still ahead
      asked.push({ type: 'fadeOut', ms: SLEEP_FADE_MS });
    } else if (e.type.startsWith('xstate.after.untilPause')) {
      [state, endsAt] = ['off', null];
      asked.push({ type: 'sleep' }, { type: 'notify', severity: 'info', message: text.sleepTimer.slept });
    }
  }
  return { state, scope, endsAt, asked };
}

describe('sleep timer paths', () => {
  const machineWalk = registryWalk('sleepTimer', sleepTimerMachine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('sleepTimer', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(sleepTimerMachine)).toEqual(['off', 'timed.counting', 'timed.fading', 'atEnd']);
    assertAllStatesReached(paths, sleepTimerMachine);
  });

  it.each(cases)('%s', async (_, path) => {
    const asked: AnyEventObject[] = [];
    const { finalSnapshot: s } = await replayPath(sleepTimerMachine, path, {
      input: { now: () => NOW },
      actorOptions: {
        inspect: (event) => {
          if (event.type !== '@xstate.actor') return;
          for (const type of EMITTED)
            (event.actorRef as AnyActorRef).on(type, (emitted: SleepTimerEmitted) => asked.push(emitted));
        },
      },
    });
    const want = expected(path);
    const value = typeof s.value === 'string' ? s.value : `timed.${(s.value as { timed: string }).timed}`;
    expect(value).toBe(want.state);
    expect(sleepScope(s)).toBe(want.scope);
    expect(sleepEndsAt(s)).toBe(want.endsAt);
    expect(sleepRunning(s)).toBe(want.state !== 'off');
    expect(asked).toEqual(want.asked);
  });
});

describe('sleep timer on the clock', () => {
  afterEach(() => vi.useRealTimers());

  function start() {
    vi.useFakeTimers({ now: NOW });
    const asked: AnyEventObject[] = [];
    const actor = createActor(sleepTimerMachine, { input: {} });
    for (const type of EMITTED) actor.on(type, (emitted: SleepTimerEmitted) => asked.push(emitted));
    actor.start();
    const player = () => asked.filter((e) => e.type !== 'notify');
    return { actor, asked, player };
  }

  it('15 分钟: playback goes on for 14:50, fades for the last 10 s, then pauses and the timer is off', () => {
    const { actor, player } = start();
    actor.send({ type: 'SET_TIMER', minutes: 15 });
    expect(sleepEndsAt(actor.getSnapshot())).toBe(NOW + 15 * 60_000);
    vi.advanceTimersByTime(14 * 60_000 + 49_999);
    expect(player()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(player()).toEqual([{ type: 'fadeOut', ms: SLEEP_FADE_MS }]);
    expect(actor.getSnapshot().hasTag('fading')).toBe(true);
    vi.advanceTimersByTime(SLEEP_FADE_MS - 1);
    expect(player()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(player()).toEqual([{ type: 'fadeOut', ms: SLEEP_FADE_MS }, { type: 'sleep' }]);
    expect(sleepRunning(actor.getSnapshot())).toBe(false);
  });

  it('cancelled while fading, the sound comes back and nothing pauses; cancelled before, nothing is asked', () => {
    const { actor, player } = start();
    actor.send({ type: 'SET_TIMER', minutes: 1 });
    vi.advanceTimersByTime(30_000);
    actor.send({ type: 'CANCEL' });
    vi.advanceTimersByTime(60_000);
    expect(player()).toEqual([]);
    actor.send({ type: 'SET_TIMER', minutes: 1 });
    vi.advanceTimersByTime(55_000);
    actor.send({ type: 'CANCEL' });
    vi.advanceTimersByTime(60_000);
    expect(player()).toEqual([{ type: 'fadeOut', ms: SLEEP_FADE_MS }, { type: 'restoreLevel' }]);
  });

  it('a new length counts from now; at the end of the track the player is told, and told again when cancelled', () => {
    const { actor, player, asked } = start();
    actor.send({ type: 'SET_TIMER', minutes: 30 });
    vi.advanceTimersByTime(20 * 60_000);
    actor.send({ type: 'SET_TIMER', minutes: 15 });
    vi.advanceTimersByTime(14 * 60_000);
    expect(player()).toEqual([]);
    actor.send({ type: 'STOP_AFTER', scope: 'track' });
    vi.advanceTimersByTime(60 * 60_000);
    expect(player()).toEqual([{ type: 'stopAfter', scope: 'track' }]);
    actor.send({ type: 'CANCEL' });
    expect(player()).toEqual([
      { type: 'stopAfter', scope: 'track' },
      { type: 'stopAfter', scope: null },
    ]);
    expect(asked.filter((e) => e.type === 'notify').map((e) => e.message)).toEqual([
      text.sleepTimer.started(30),
      text.sleepTimer.started(15),
      text.sleepTimer.armedTrack,
      text.sleepTimer.cancelled,
    ]);
  });

  it('takes whole minutes from 1 to 720; shows what is left as m:ss or h:mm:ss', () => {
    expect([0, 1, 720, 721, 1.5, Number.NaN].map(validSleepMinutes)).toEqual([false, true, true, false, false, false]);
    expect(formatSleepLeft(15 * 60_000)).toBe('15:00');
    expect(formatSleepLeft(61_001)).toBe('1:02');
    expect(formatSleepLeft(90 * 60_000)).toBe('1:30:00');
    expect(formatSleepLeft(-5)).toBe('0:00');
  });
});
