// Each transition a samples file lists as unreachable (`unreachable`, beside the machine) is tried:
// a breadth-first search from each start of the machine's walk (its input and further inputs), over
// every sample event, telling states apart by the walk's key and by what the events select there,
// finds no route that fires it. A reason that stops holding (a guard changed, a sample added) fails.
import { describe, expect, it } from 'vitest';
import { walkSpecOf } from '../../model-paths/machinePaths';
import { registry } from '../../model-paths/registry';
import { nearestRoute, TransitionProbe, type RouteSearch } from '../../model-paths/nearestTransition';
import { TransitionRecorder, transitionsOf } from '../../model-paths/transitions';
import type { WalkSpec } from '../../model-paths/pathGenerators';

/** The shortest route from a start of the walk that fires one of `ids`, or null when none exists. */
function routeTo(spec: WalkSpec, ids: readonly string[]): { input: unknown; events: string[] } | null {
  const search: RouteSearch = {
    machine: spec.machine,
    events: spec.events,
    stateKey: spec.stateKey ?? ((snapshot) => JSON.stringify(snapshot.value)),
    allows: (snapshot, event) => spec.filter?.(snapshot, event) ?? true,
  };
  for (const input of [spec.input, ...(spec.moreInputs ?? [])]) {
    const recorder = new TransitionRecorder(spec.machine, input === undefined ? {} : { input });
    try {
      const route = nearestRoute(search, new TransitionProbe(spec.machine, input), recorder.snapshot, {
        maxDepth: 1_000,
        wanted: (fired) => ids.includes(fired),
        skip: new Set(),
        budget: { edges: 2_000_000 },
        order: spec.events,
        refine: true,
      });
      expect(route, `${ids.join('; ')}: the search ran out of edges`).not.toBe('exhausted');
      if (route && route !== 'exhausted') return { input, events: route.events.map((event) => event.type) };
    } finally {
      recorder.stop();
    }
  }
  return null;
}

const listed = Object.entries(registry.unreachable).flatMap(([name, entries]) =>
  entries.map((entry) => [name, entry.transition, entry.reason] as const),
);
const machines = [...new Set(listed.map(([name]) => name))];

describe('transitions listed as unreachable', () => {
  it('are few, each with a reason', () => {
    for (const [, , reason] of listed) expect(reason.length).toBeGreaterThan(20);
    // session's three that need a stored user are walked from one now (pathMoreInputs)
    expect(listed.map(([name]) => name)).not.toContain('session');
  });

  // one search a machine, for all its listed transitions at once (the player's takes seconds)
  it.each(machines)(
    '%s: none of them fires',
    (name) => {
      const spec = walkSpecOf(registry, name);
      const ids = listed.flatMap(([machine, id]) => (machine === name ? [id] : []));
      for (const id of ids) expect(transitionsOf(spec.machine).map((t) => t.id)).toContain(id);
      expect(routeTo(spec, ids)).toBeNull();
    },
    60_000,
  );

  it('the same search finds what can fire: the branches beside them, and the stored-user ones of session', () => {
    const player = walkSpecOf(registry, 'player');
    expect(routeTo(player, ['playback.playing —audio.ended#2→ playback.playing'])).not.toBeNull();
    const session = walkSpecOf(registry, 'session');
    for (const id of [
      'unknown —error: fetchUser#1→ clearingLocalData',
      'unknown —error: fetchUser#3→ loggedIn',
      'unknown —error: fetchUser#5→ loggedIn',
    ]) {
      expect(routeTo(session, [id]), id).toMatchObject({
        input: { storedUser: { userId: '1' } },
        events: ['xstate.error.actor.fetchUser'],
      });
    }
  }, 60_000);
});
