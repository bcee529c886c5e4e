// Model-based paths over 我的统计's loader: every path `npm run paths -- stats` prints is replayed and
// checked against the rules written out plainly; then the real machine asks each period once.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { statsMachine, type StatsResult } from '@/features/listening/statsMachine';
import type { StatsPeriod } from '@/rules/stats';
import { assertAllStatesReached, replayPath, stateIdsOf, type MachinePath } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

type Machine = typeof statsMachine;
const pending = fromPromise<StatsResult, { period: StatsPeriod; now: number }>(() => new Promise<never>(() => {}));
const walked = statsMachine.provide({ actors: { loadStats: pending } });

function expected(path: MachinePath<Machine>) {
  let state = 'loading';
  let period: StatsPeriod = 'month';
  let result: StatsResult | null = null;
  for (const { event } of path.steps.slice(1)) {
    const e = event as { type: string; period?: StatsPeriod; output?: StatsResult };
    if (e.type === 'CHOOSE_PERIOD') [state, period] = ['loading', e.period!];
    else if (e.type === 'xstate.done.actor.loadStats') [state, result] = ['ready', e.output!];
    else if (e.type === 'xstate.error.actor.loadStats') state = 'failed';
    else if (e.type === 'RETRY' && state === 'failed') state = 'loading';
  }
  return { state, period, result };
}

describe('stats paths', () => {
  const machineWalk = registryWalk('stats', statsMachine);
  const { paths, cases, inputOf } = machineWalk;
  itPrintsTheWalk('stats', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(statsMachine)).toEqual(['loading', 'ready', 'failed']);
    assertAllStatesReached(paths, statsMachine);
  });

  it.each(cases)('%s', async (_, path) => {
    const { finalSnapshot: s } = await replayPath(walked, path, { input: inputOf(path) as never });
    const want = expected(path);
    expect(s.value).toBe(want.state);
    expect(s.context.period).toBe(want.period);
    expect(s.context.result).toEqual(want.result);
  });
});

describe('reading a period', () => {
  it('30 天 first; another period reads that one, with the clock of the moment; what showed stays meanwhile', async () => {
    const asked: { period: StatsPeriod; now: number }[] = [];
    let finish: (result: StatsResult) => void = () => {};
    const loadStats = fromPromise<StatsResult, { period: StatsPeriod; now: number }>(({ input }) => {
      asked.push(input);
      return new Promise((resolve) => (finish = resolve));
    });
    let clock = 1000;
    const actor = createActor(statsMachine.provide({ actors: { loadStats } }), { input: { now: () => clock } }).start();
    const result = { bars: [], summary: { plays: 0 } } as unknown as StatsResult;
    finish(result);
    await waitFor(actor, (s) => s.matches('ready'));
    clock = 2000;
    actor.send({ type: 'CHOOSE_PERIOD', period: 'all' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.result).toBe(result);
    expect(asked).toEqual([
      { period: 'month', now: 1000 },
      { period: 'all', now: 2000 },
    ]);
  });
});
