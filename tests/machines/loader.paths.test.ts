// Model-based paths over the real loader machine (docs/architecture.md#10-tests-and-benchmarks): every path
// `npm run paths -- loader` prints (samples and state key beside the machine) is replayed with a fake `load` that
// settles only when the path says so; every state must be reached.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom, type EmittedFrom, type InspectionEvent } from 'xstate';
import { loaderMachine } from '@/features/pageLoad/loaderMachine';
import { doneSamples, errorSamples } from '@/features/pageLoad/loaderMachine.samples';
import { assertAllStatesReached, replayPath, stateIdsOf, type MachinePath } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const machine = loaderMachine.provide({ actors: { load: pending } as never });
type Loader = typeof machine;

/** The replayed actor's emitted events: the inspector listens on the root actor as soon as it exists. */
function emittedDuringReplay() {
  const emitted: EmittedFrom<Loader>[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId) {
      (event.actorRef as ActorRefFrom<Loader>).on('*', (e) => emitted.push(e));
    }
  };
  return { emitted, inspect };
}

/** What the loader should hold after a path's events: the spec's rules written out plainly. */
function expected(path: MachinePath<Loader>) {
  let state = 'loading';
  let data: unknown;
  let error: string | null = null;
  const notes: string[] = [];
  for (const { event } of path.steps.slice(1)) {
    const e = event as { type: string; output?: unknown; error?: unknown };
    const message = () => (e.error as Error).message;
    if (state === 'loading' && e.type === 'xstate.done.actor.load') [state, data, error] = ['success', e.output, null];
    else if (state === 'loading' && e.type === 'xstate.error.actor.load') {
      [state, error] = ['failure', message()];
      notes.push(message());
    } else if (state === 'success' && e.type === 'RELOAD') state = 'reloading';
    else if (state === 'reloading' && e.type === 'xstate.done.actor.load')
      [state, data, error] = ['success', e.output, null];
    // a failed reload keeps the data shown and says why
    else if (state === 'reloading' && e.type === 'xstate.error.actor.load') {
      state = 'success';
      notes.push(message());
    } else if (state === 'failure' && e.type === 'RELOAD') [state, error] = ['loading', null];
  }
  return { state, data, error, notes };
}

describe('loader machine paths', () => {
  // the walk `npm run paths -- loader` prints: a failed reload returns to a state already seen,
  // which only the paths added for transition coverage take
  // every path the walk took (`--every-path`): the checks below read walks that tell contexts apart
  const machineWalk = registryWalk('loader', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('loader', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual(['loading', 'success', 'reloading', 'failure']);
    assertAllStatesReached(paths, machine);
  });

  it('walks every done and error sample of the first load, and a reload of each loaded data', () => {
    const lastEvents = paths.map((p) => [String(p.steps.at(-2)?.state.value), p.steps.at(-1)!.event] as const);
    for (const sample of [...doneSamples, ...errorSamples]) expect(lastEvents).toContainEqual(['loading', sample]);
    const reloaded = paths.filter((p) => p.state.value === 'reloading').map((p) => p.state.context.data);
    expect(reloaded).toEqual(expect.arrayContaining(doneSamples.map((e) => e.output as unknown)));
  });

  it('the fake load never settles on its own', async () => {
    const actor = createActor(machine).start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('loading');
    actor.stop();
  });

  it.each(cases)('%s', async (_, path) => {
    const { emitted, inspect } = emittedDuringReplay();
    const { finalSnapshot: s } = await replayPath(machine, path, { actorOptions: { inspect } });
    const want = expected(path);
    expect(s.value).toBe(want.state);
    expect(s.context.data).toBe(want.data);
    expect(s.context.error).toBe(want.error);
    expect(s.hasTag('busy')).toBe(want.state === 'loading' || want.state === 'reloading');
    // what a page shows: the data while it is there, the error once nothing is
    expect(s.hasTag('shown')).toBe(want.state === 'success' || want.state === 'reloading');
    expect(emitted).toEqual(want.notes.map((message) => ({ type: 'notify', severity: 'error', message })));
    for (const message of want.notes) expect(message).not.toBe('');
  });
});
