// The Stately Studio files `npm run machines` writes (docs/machines/<name>.studio.ts): each one,
// rebuilt by importing it, has the real machine's states and transitions (each guarded branch,
// every delay, `always`, invoked actors' done and error) and starts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';
import { machineStudioSource } from '../../model-paths/machineStudio';
import { implementationLabel, ownActions } from '../../model-paths/machineLabels';
import { machines } from '../../model-paths/registry';
import { allStateNodes } from '../../model-paths/modelPaths';

const studioFiles = import.meta.glob<{ default: AnyStateMachine }>('/docs/machines/*.studio.ts');

/** each state: id, type, initial child, tags, entry/exit and invoked actors */
const statesOf = (machine: AnyStateMachine) =>
  allStateNodes(machine).map((node) => ({
    id: node.id,
    type: node.type,
    initial: node.type === 'compound' ? (node.initial.target[0] as AnyStateNode).id : null,
    tags: node.tags,
    entry: ownActions(node.entry),
    exit: ownActions(node.exit),
    invoke: node.invoke.map((invoke) => [invoke.id, invoke.src]),
    description: node.description ?? null,
  }));

/** each transition: source, event type (done/error/after/always included), guard, targets, actions */
const transitionsOf = (machine: AnyStateMachine) =>
  allStateNodes(machine).flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((t: AnyTransitionDefinition) => ({
      source: node.id,
      event: t.eventType,
      guard: t.guard ? implementationLabel(t.guard) : null,
      targets: (t.target ?? []).map((target) => target.id),
      actions: t.actions.map(implementationLabel),
      reenter: t.reenter,
    })),
  );

/**
 * how each state writes its delays and its actors' results: under `after` and the invoke's
 * `onDone`/`onError`, not as plain events in `on`
 */
const writtenAs = (machine: AnyStateMachine) =>
  allStateNodes(machine).map((node) => {
    const on = Object.keys((node.config.on ?? {}) as Record<string, unknown>);
    const own = node.invoke.flatMap((invoke) => [`xstate.done.actor.${invoke.id}`, `xstate.error.actor.${invoke.id}`]);
    return {
      id: node.id,
      after: node.after.map((delayed) => delayed.delay),
      plainEvents: on.filter((type) => type.startsWith('xstate.after.') || own.includes(type)),
    };
  });

/** the names the rebuilt machine refers to, each given a stand-in so that it starts */
function withStandIns(machine: AnyStateMachine): AnyStateMachine {
  const nodes = allStateNodes(machine);
  const guards = new Set(transitionsOf(machine).flatMap((t) => (t.guard ? [t.guard] : [])));
  const delays = new Set(
    transitionsOf(machine).flatMap((t) => (t.event.startsWith('xstate.after.') ? [t.event.split('.')[2]!] : [])),
  );
  const actors = new Set(nodes.flatMap((node) => node.invoke.map((invoke) => String(invoke.src))));
  return machine.provide({
    guards: Object.fromEntries([...guards].map((name) => [name, () => false])),
    delays: Object.fromEntries([...delays].filter((name) => !/^\d+$/.test(name)).map((name) => [name, 60_000])),
    actors: Object.fromEntries([...actors].map((name) => [name, fromPromise(() => new Promise<never>(() => {}))])),
  });
}

describe('Stately Studio files (docs/machines/<name>.studio.ts)', () => {
  for (const [name, machine] of Object.entries(machines)) {
    it(`${name}: the file is up to date, and rebuilt from it the machine has the same states and transitions, and starts`, async () => {
      const path = `/docs/machines/${name}.studio.ts`;
      expect(readFileSync(new URL(`../..${path}`, import.meta.url), 'utf8')).toBe(machineStudioSource(name, machine));
      const rebuilt = (await studioFiles[path]!()).default;
      expect(statesOf(rebuilt)).toEqual(statesOf(machine));
      expect(transitionsOf(rebuilt)).toEqual(transitionsOf(machine));
      expect(writtenAs(rebuilt)).toEqual(writtenAs(machine).map((state) => ({ ...state, plainEvents: [] })));
      const actor = createActor(withStandIns(rebuilt)).start();
      expect(actor.getSnapshot().status).toBe('active');
      actor.stop();
    });
  }
});
