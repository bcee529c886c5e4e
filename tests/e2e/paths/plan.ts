// The interface paths of one machine, planned without a browser: walks (quick by default, seeded
// random on request) restricted to the events the adapter maps (so every step is something a user can do), each state they reach
// checked for a view check, and what they fire compared with what the adapter says no user
// reaches. Pure: tests/unit/interfacePaths.test.ts drives it with a tiny machine.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { formatEvent, leafPaths } from '../../../model-paths/modelPaths';
import { quickPaths, randomPaths, type GeneratedPath, type WalkSpec } from '../../../model-paths/pathGenerators';
import { transitionsOf } from '../../../model-paths/transitions';
import type { AnyInterfaceAdapter } from './adapter';

/** The parts of an adapter the plan reads (the rest needs a browser). */
export type AdapterPlan = Pick<
  AnyInterfaceAdapter,
  'machine' | 'seed' | 'generator' | 'maxLength' | 'stateKey' | 'events' | 'accepts' | 'states' | 'notThroughInterface'
>;

interface PlannedStep {
  event: AnyEventObject;
  /** Leaf states the step ends in: each is checked on the page. */
  states: string[];
  fired: string[];
  /** The machine's snapshot after the step, for checks that compare with its context. */
  model: AnyMachineSnapshot;
}

export interface PlannedPath {
  /** `<machine>-path-<n>`: names the path's screenshot and trace when it fails */
  id: string;
  title: string;
  initial: string[];
  initialModel: AnyMachineSnapshot;
  steps: PlannedStep[];
}

export interface InterfacePlan {
  machine: string;
  paths: PlannedPath[];
  /** Every transition of the machine, by id. */
  transitions: string[];
  fired: Set<string>;
  notThroughInterface: ReadonlySet<string>;
  unreachable: ReadonlySet<string>;
}

// a long walk costs one page and one sign-in: few long ones beat many short ones
const DEFAULT_MAX_LENGTH = 40;

/** The state a machine without states of its own is in (the settings): named as model-paths/transitions.ts names the root. */
export const ROOT_STATE = '(machine)';
const statesOf = (value: AnyMachineSnapshot['value']): string[] => {
  const leaves = leafPaths(value);
  return leaves.length ? leaves : [ROOT_STATE];
};

/**
 * Paths for the adapter from the machine's walk spec, titled by `title`. Throws when a state the
 * paths reach has no check, or the adapter lists a transition the machine does not have.
 */
export function planInterfacePaths(
  spec: WalkSpec,
  adapter: AdapterPlan,
  title: (path: GeneratedPath) => string,
): InterfacePlan {
  const transitions = transitionsOf(spec.machine).map((t) => t.id);
  const known = new Set(transitions);
  const stale = adapter.notThroughInterface.filter((entry) => !known.has(entry.transition));
  if (stale.length)
    throw new Error(
      `${adapter.machine}: notThroughInterface lists transitions the machine does not have: ${stale.map((e) => e.transition).join('; ')}`,
    );
  const notThroughInterface = new Set(adapter.notThroughInterface.map((entry) => entry.transition));
  const unreachable = new Set((spec.unreachable ?? []).map((entry) => entry.transition));
  const mapped = (event: EventObject) => event.type in adapter.events;
  const { accepts } = adapter;
  // a page starts in a fresh browser: from the walk's own input only (a further one, such as a user
  // stored by an earlier visit, is no start a page has; the adapter lists what only it reaches)
  const { moreInputs, ...ownStart } = spec;
  const walk = {
    ...ownStart,
    events: spec.events.filter(mapped),
    // the goal of the walk: every transition a user can reach
    unreachable: [...(spec.unreachable ?? []), ...adapter.notThroughInterface],
    ...(adapter.stateKey && { stateKey: adapter.stateKey }),
  };
  const options = {
    seed: adapter.seed,
    maxLength: adapter.maxLength ?? DEFAULT_MAX_LENGTH,
    ...(accepts && {
      accept: (snapshot: AnyMachineSnapshot, event: EventObject) => accepts(event as AnyEventObject, snapshot),
    }),
  };
  // every step costs a second or more in a browser: quick walks take the fewest
  const generated = adapter.generator === 'random' ? randomPaths(walk, options) : quickPaths(walk, options);
  const paths = generated.paths.map((path, index) => ({
    id: `${adapter.machine}-path-${index + 1}`,
    title: title(path),
    initial: statesOf(path.steps[0]!.state.value),
    initialModel: path.steps[0]!.state,
    steps: path.steps.slice(1).map((step) => ({
      event: step.event as AnyEventObject,
      states: statesOf(step.state.value),
      fired: step.fired,
      model: step.state,
    })),
  }));
  const empty = Object.entries(adapter.states)
    .filter(([, check]) => checksNothing(check))
    .map(([state]) => state);
  if (empty.length)
    throw new Error(
      `${adapter.machine}: state checks that check nothing (no parameter, or an empty body): ${empty.join('; ')}`,
    );
  const unchecked = new Map<string, string>();
  for (const path of paths) {
    for (const state of [...path.initial, ...path.steps.flatMap((step) => step.states)]) {
      if (!(state in adapter.states) && !unchecked.has(state)) unchecked.set(state, path.title);
    }
  }
  if (unchecked.size) {
    const list = [...unchecked].map(([state, path]) => `${state} (reached by ${path})`).join('; ');
    throw new Error(`${adapter.machine}: states the paths reach have no check in the adapter's states: ${list}`);
  }
  const fired = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.fired)));
  return { machine: adapter.machine, paths, transitions, fired, notThroughInterface, unreachable };
}

/**
 * What is wrong with the plan's coverage: a transition neither fired nor listed (a user can reach
 * it, or it belongs on a list), or a listed one a path does fire (the list is not honest).
 */
export function coverageProblems(plan: InterfacePlan): string[] {
  const problems: string[] = [];
  for (const id of plan.transitions) {
    const listed = plan.notThroughInterface.has(id) || plan.unreachable.has(id);
    if (!listed && !plan.fired.has(id)) problems.push(`not fired by any path: ${id}`);
    if (plan.notThroughInterface.has(id) && plan.fired.has(id))
      problems.push(`listed as not through the interface, but a path fires it: ${id}`);
  }
  return problems;
}

/** The path as an exported file lists it: `start: idle`, then `EVENT → state, state` a step. */
export function listedSteps(path: PlannedPath): string[] {
  return [
    `start: ${path.initial.join(', ')}`,
    ...path.steps.map((step) => `${formatEvent(step.event)} → ${step.states.join(', ')}`),
  ];
}

/**
 * Whether a state check cannot check anything: it takes no parameter (so never reads the page or
 * the model), or its body is empty. A check that waits only for what always shows is not caught
 * here: docs/qa.md asks each check to tell its state from the states next to it.
 */
export function checksNothing(check: (...args: never[]) => unknown): boolean {
  if (check.length === 0) return true;
  const source = check
    .toString()
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .trim();
  // `(ctx) => {}`, `async idle(ctx) {}`
  return /(=>|\))\s*\{\s*\}$/.test(source);
}

/**
 * What the run took, counted from the paths that passed only (a failed path counts nothing):
 * `session: 4 paths, 3 passed, 1 failed; transitions 49/75 through the interface, 20 not through
 * it (listed), 3 unreachable; states 14/16 checked`.
 */
export function summaryLine(plan: InterfacePlan, passed: Iterable<PlannedPath>): string {
  const passedPaths = new Set(passed);
  const took = plan.paths.filter((path) => passedPaths.has(path));
  const firedByPassed = new Set(took.flatMap((path) => path.steps.flatMap((step) => step.fired)));
  const fired = plan.transitions.filter((id) => firedByPassed.has(id)).length;
  const statesOf = (paths: readonly PlannedPath[]) =>
    new Set(paths.flatMap((path) => [...path.initial, ...path.steps.flatMap((step) => step.states)]));
  return (
    `${plan.machine}: ${plan.paths.length} paths, ${took.length} passed, ${plan.paths.length - took.length} failed; ` +
    `transitions ${fired}/${plan.transitions.length} through the interface, ` +
    `${plan.notThroughInterface.size} not through it (listed), ${plan.unreachable.size} unreachable; ` +
    `states ${statesOf(took).size}/${statesOf(plan.paths).size} checked`
  );
}
