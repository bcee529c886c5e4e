// Model-based paths over the real loader machine (DESIGN.md 6): every path from xstate/graph is
// replayed with a fake `load` that settles only when the path says so; every state must be reached.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom, type EmittedFrom, type InspectionEvent } from 'xstate';
import { loaderMachine } from '@/ui/loaderMachine';
import { pathEvents } from '@/app/machineRegistry';
import { ApiError, NetworkError } from '@/services/api/errors';
import {
  assertAllStatesReached,
  defaultEvents,
  describePath,
  machinePaths,
  replayPath,
  stateIdsOf,
  type MachinePath,
  type PathEvent,
  type StateChecks,
} from '../support/modelPaths';

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const machine = loaderMachine.provide({ actors: { load: pending } as never });
type Loader = typeof machine;

// xstate/graph tells events apart by their JSON, and a plain Error serialises as {}: at most one
// plain Error here, the others are error classes with fields of their own.
const errorSamples: PathEvent<Loader>[] = [
  { type: 'xstate.error.actor.load', error: new NetworkError(503, 'Service Unavailable') },
  { type: 'xstate.error.actor.load', error: new NetworkError(null) },
  { type: 'xstate.error.actor.load', error: new ApiError(902002, 'unauthorized') },
  { type: 'xstate.error.actor.load', error: new Error('boom') },
];
const doneSamples: PathEvent<Loader>[] = [
  ...(pathEvents.loader! as PathEvent<Loader>[]),
  { type: 'xstate.done.actor.load', output: [{ id: 'a' }, { id: 'b' }] },
];
const events = defaultEvents(machine, [...doneSamples, ...errorSamples]);

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

/** Checks for one path: what success and failure hold depends on the event the path delivered. */
function checksFor(path: MachinePath<Loader>, emitted: readonly EmittedFrom<Loader>[]): StateChecks<Loader> {
  const last = path.steps.at(-1)!.event as { type: string; output?: unknown; error?: unknown };
  return {
    loading: (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(s.status).toBe('active');
      expect(s.context).toEqual({ data: undefined, error: null });
      expect(emitted).toEqual([]);
    },
    success: (s) => {
      expect(s.status).toBe('done');
      expect(s.hasTag('busy')).toBe(false);
      expect(s.context.data).toBe(last.output);
      expect(s.context.error).toBeNull();
      expect(emitted).toEqual([]);
    },
    failure: (s) => {
      const message = (last.error as Error).message;
      expect(message).not.toBe('');
      expect(s.status).toBe('done');
      expect(s.hasTag('busy')).toBe(false);
      expect(s.context.error).toBe(message);
      expect(s.context.data).toBeUndefined();
      expect(emitted).toEqual([{ type: 'notify', severity: 'error', message }]);
    },
  };
}

describe('loader machine paths', () => {
  // the context is finite (both other states are final), so every sample gets its own path
  const paths = machinePaths(machine, { events, distinguish: 'valueAndContext' });

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual(['loading', 'success', 'failure']);
    assertAllStatesReached(paths, machine);
  });

  it('walks every done and error sample', () => {
    const lastEvents = paths.map((p) => p.steps.at(-1)!.event);
    for (const sample of [...doneSamples, ...errorSamples]) expect(lastEvents).toContain(sample);
    expect(paths).toHaveLength(1 + doneSamples.length + errorSamples.length);
  });

  it('the fake load never settles on its own', async () => {
    const actor = createActor(machine).start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('loading');
    actor.stop();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_, path) => {
    const { emitted, inspect } = emittedDuringReplay();
    const checks = checksFor(path, emitted);
    const { checksRun } = await replayPath(machine, path, { checks, actorOptions: { inspect } });
    expect([...checksRun]).toEqual(['loading', ...(path.steps.length > 1 ? [String(path.state.value)] : [])]);
  });
});
