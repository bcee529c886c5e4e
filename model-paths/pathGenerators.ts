/**
 * Path generators that aim at transition coverage, and the coverage they reach.
 *
 * - `coveragePaths`: the shortest (or simple) paths to every state from xstate/graph, then, for
 *   each transition none of them fired, the shortest path found so far that ends in its source
 *   plus a sample event of its type, kept only if replaying it really fires that transition.
 * - `quickPaths`: from where the walk is, the fewest events to one that fires a transition not
 *   fired yet, again and again (GraphWalker's quick random, deterministic): short paths, few steps.
 * - `randomPaths`: seeded random walks (GraphWalker style) that stop at a transition-coverage goal
 *   or a step cap; when they stall, what is left is aimed at from the points they passed. The same
 *   seed gives the same paths.
 *
 * Every path is replayed on a real actor (model-paths/transitions.ts records what fired), so what is
 * reported as covered has been seen firing, not predicted. Each generator then keeps only the paths
 * that add coverage (`leanPaths`: no empty path, no path that is a prefix of another), unless
 * asked for every path (`everyPath`); a spec with further inputs is walked from each of them too,
 * for what its own input cannot reach.
 */
import { getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { leafPaths, machinePaths, matchesStatePath, stateIdsOf } from './modelPaths';
import {
  recordEvents,
  selectedTransitions,
  transitionsOf,
  TransitionRecorder,
  type MachineTransition,
  type RecordedStep,
} from './transitions';
import { mulberry32 } from '../server/demo/synth';
import { eventTypesIn, nearestRoute, TransitionProbe, type RouteSearch } from './nearestTransition';

/** The demo's seeded PRNG (mulberry32): the same seed gives the same walks. */
export { mulberry32 };

/** A transition no path can fire, with the reason (kept beside the machine, in its samples file). */
export interface UnreachableTransition {
  transition: string;
  reason: string;
}

/** Everything a walk of one machine needs; the samples file beside each machine provides it. */
export interface WalkSpec {
  /** The machine with fake actors that never settle (`withPendingActors`). */
  machine: AnyStateMachine;
  events: readonly EventObject[];
  input?: unknown;
  /**
   * Further inputs the walk starts from, for the transitions `input` cannot reach (a user stored by
   * an earlier visit, say): each is walked after it, aiming only at what is still not fired.
   */
  moreInputs?: readonly unknown[];
  /**
   * What makes two snapshots the same state for the graph walk (default: the state value); it may
   * read the event that led there and the snapshot before it (e.g. to walk an event from every state).
   */
  stateKey?: (snapshot: AnyMachineSnapshot, event?: EventObject, previous?: AnyMachineSnapshot) => string;
  /** Events the graph walk may take from a snapshot (default: all). */
  filter?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  unreachable?: readonly UnreachableTransition[];
}

/** A replayed path; shaped like an xstate/graph path, so `replayPath` and `describePath` take it. */
export interface GeneratedPath {
  state: AnyMachineSnapshot;
  steps: RecordedStep[];
  /** The input the path starts from, when it is one of the spec's `moreInputs` (absent: the spec's own `input`). */
  input?: unknown;
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: {
    covered: number;
    total: number;
    /** Not fired and not explained. */
    missing: UnreachableTransition[];
    /** Not fired, listed as unreachable beside the machine. */
    explained: UnreachableTransition[];
  };
}

export interface GeneratedPaths {
  generator: 'shortest' | 'simple' | 'random' | 'quick';
  seed?: number;
  paths: GeneratedPath[];
  coverage: Coverage;
}

/** Raised when a walk would pass its limit: the caller explains instead of running forever. */
export class WalkLimitError extends Error {}

/** A path to aim from: where it ends and the events that lead there (a graph path or a replayed one). */
interface StartingPath {
  state: AnyMachineSnapshot;
  steps: ReadonlyArray<{ event: EventObject }>;
}

/** One candidate: a path's events, then maybe one more event, then the one aimed at the transition. */
interface Candidate {
  from: StartingPath;
  prefix: EventObject[];
  before?: EventObject;
  event: EventObject;
}

const NOT_FIRED = 'no sample event fires it from any state the paths reach';
// replays tried per transition before giving up on it: keeps the big machines bounded
const TRIES_AT_DEPTH_1 = 200;
const TRIES_AT_DEPTH_2 = 600;
// states a simple walk may visit: past that it is refused rather than left running for minutes
export const SIMPLE_LIMIT = 5_000;
// random walks in a row that fire nothing new before the random generator aims at what is left
const PLATEAU_WALKS = 30;

/** Every generator's option: keep every path it walked (prefixes and all) instead of the lean cover. */
interface EveryPathOption {
  everyPath?: boolean;
}

export interface CoverageOptions extends EveryPathOption {
  kind?: 'shortest' | 'simple';
  /** States the simple walk may visit before refusing (default 5 000). */
  simpleLimit?: number;
}

/** Shortest (or simple) paths to every state, extended until every transition fires or is explained. */
export function coveragePaths(spec: WalkSpec, options: CoverageOptions = {}): GeneratedPaths {
  const kind = options.kind ?? 'shortest';
  const paths = fromEachInput(spec, 100, (walk) => {
    const walked = replayedGraphWalk(walk, kind, options.simpleLimit);
    extendToCover(walk, walked, walked, transitionsOf(walk.machine));
    return walked;
  });
  return finish(spec, { generator: kind, paths }, options);
}

/**
 * For each transition (in `order`) none of `paths` fired: the event right after a path of `pool`
 * that ends in its source, then with one other event before it (a guard may read what that event
 * stored, e.g. a duration). A candidate joins `paths` only when its replay fires the transition;
 * each transition gets a bounded number of tries.
 */
function extendToCover(
  spec: WalkSpec,
  paths: GeneratedPath[],
  pool: readonly StartingPath[],
  order: readonly MachineTransition[],
  accept?: RandomOptions['accept'],
): void {
  const fired = firedIn(paths);
  const explained = new Set((spec.unreachable ?? []).map((entry) => entry.transition));
  const tryPath = (transition: MachineTransition, { from, prefix, before, event }: Candidate): boolean => {
    // the snapshot the path ends in tells, without a replay, whether the event can select the
    // transition; only those that may are replayed (an `always` fires after: always replayed)
    if (transition.eventType !== '' && !maySelect(spec.machine, transition.id, from.state, before, event)) return false;
    const transitionId = transition.id;
    const candidate = replay(spec, before ? [...prefix, before, event] : [...prefix, event]);
    if (candidate.failed || !candidate.steps.at(-1)!.fired.includes(transitionId)) return false;
    // the samples' filter holds here too: an event it refuses from a snapshot is not sent from it
    const allowed = (snapshot: AnyMachineSnapshot, event: EventObject) =>
      (spec.filter?.(snapshot, event) ?? true) && (accept?.(snapshot, event) ?? true);
    if (candidate.steps.some((step, i) => i > 0 && !allowed(candidate.steps[i - 1]!.state, step.event))) return false;
    paths.push({ state: candidate.state, steps: candidate.steps });
    for (const step of candidate.steps) for (const id of step.fired) fired.add(id);
    return true;
  };
  for (const depth of [1, 2]) {
    for (const transition of order) {
      if (fired.has(transition.id) || explained.has(transition.id)) continue;
      let tries = depth === 1 ? TRIES_AT_DEPTH_1 : TRIES_AT_DEPTH_2;
      for (const candidate of extensions(spec, transition, pool === paths ? [...paths] : pool, depth)) {
        if (tries-- <= 0 || tryPath(transition, candidate)) break;
      }
    }
  }
}

/**
 * Candidate event lists for a transition, shortest first: a path ending in its source state, then
 * `depth - 1` other events, then an event of its type (for an `always`, any event: it fires after
 * whatever event changes what its guard reads).
 */
function* extensions(
  spec: WalkSpec,
  transition: MachineTransition,
  paths: readonly StartingPath[],
  depth: number,
): Generator<Candidate> {
  const anyEvent = transition.eventType === '';
  const last = anyEvent ? spec.events : spec.events.filter((event) => event.type === transition.eventType);
  const inSource = paths.filter(
    (path) => transition.source === '(machine)' || matchesStatePath(path.state.value, transition.source),
  );
  // an `always` of a state nothing rests in fires on the way through: from anywhere
  const starts = anyEvent && inSource.length === 0 ? paths : inSource;
  for (const from of [...starts].sort((a, b) => a.steps.length - b.steps.length)) {
    const prefix = from.steps.slice(1).map((step) => step.event);
    for (const event of last) {
      if (depth === 1) yield { from, prefix, event };
      else for (const before of spec.events) yield { from, prefix, before, event };
    }
  }
}

export interface RandomOptions extends EveryPathOption {
  seed: number;
  /** Events per walk before a new walk starts from the initial state (default 50). */
  maxLength?: number;
  /** Stop once this percentage of the transitions not explained as unreachable has fired (default 100). */
  untilPercent?: number;
  /** Stop after this many events in all, goal reached or not (default 20 000). */
  maxSteps?: number;
  /**
   * Whether an event may be sent from a snapshot (default: every event the machine handles there),
   * e.g. only what a user can do on the page that state shows (tests/e2e/paths).
   */
  accept?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
}

/**
 * Seeded random walks: from the initial state, pick one of the events the current snapshot accepts,
 * again and again. A walk is kept (cut after the last transition it fired first) only when it fired
 * something new.
 */
export function randomPaths(spec: WalkSpec, options: RandomOptions): GeneratedPaths {
  const random = mulberry32(options.seed);
  const paths = fromEachInput(spec, options.untilPercent ?? 100, (walk) => randomWalks(walk, options, random));
  return finish(spec, { generator: 'random', seed: options.seed, paths }, options);
}

function randomWalks(spec: WalkSpec, options: RandomOptions, random: () => number): GeneratedPath[] {
  const { maxLength = 50, untilPercent = 100, maxSteps = 20_000, accept } = options;
  const explained = new Set((spec.unreachable ?? []).map((entry) => entry.transition));
  const pending = transitionsOf(spec.machine).filter((t) => !explained.has(t.id));
  const goal = pending.length;
  const fired = new Set<string>();
  const paths: GeneratedPath[] = [];
  let steps = 0;
  let idleWalks = 0;
  const reached = () => fired.size * 100 >= goal * untilPercent;
  while (steps < maxSteps && !reached() && idleWalks < PLATEAU_WALKS) {
    const recorder = new TransitionRecorder(spec.machine, recordOptions(spec));
    let lastNew = 0;
    try {
      lastNew = newlyFired(recorder.steps[0]!, fired) ? 0 : -1;
      for (let i = 0; i < maxLength && steps < maxSteps; i++) {
        const snapshot = recorder.snapshot;
        if (snapshot.status !== 'active') break;
        // half of the steps prefer an event that may fire a transition not fired yet (the branch a
        // guard picks is not known before): the walk gets to new ground without stalling on one guard
        const active = new Set(snapshot._nodes.map((node) => statePathOf(node.path)));
        const wanted = new Set(pending.filter((t) => active.has(t.source) && !fired.has(t.id)).map((t) => t.eventType));
        // not snapshot.can(): it leaves out transitions without target or actions (e.g. adding nothing);
        // an event no active state names is left out before asking the machine (most of them, each step)
        const named = eventTypesIn(snapshot);
        const accepted = spec.events.filter(
          (event) =>
            (!named || named.has(event.type)) &&
            spec.machine.getTransitionData(snapshot as never, event).length > 0 &&
            (accept?.(snapshot, event) ?? true),
        );
        const promising = random() < 0.5 ? accepted.filter((event) => wanted.has(event.type)) : [];
        const choices = promising.length ? promising : accepted;
        if (choices.length === 0) break;
        steps++;
        if (!recorder.send(choices[Math.floor(random() * choices.length)]!)) break;
        if (newlyFired(recorder.steps.at(-1)!, fired)) lastNew = recorder.steps.length - 1;
        if (fired.size * 100 >= goal * untilPercent) break;
      }
    } finally {
      recorder.stop();
    }
    idleWalks = lastNew >= 0 ? 0 : idleWalks + 1;
    if (lastNew >= 0) {
      const kept = recorder.steps.slice(0, lastNew + 1);
      paths.push({ state: kept.at(-1)!.state, steps: kept });
    }
  }
  if (!reached() && steps < maxSteps) {
    // the walks stalled (a deep state a random walk rarely keeps): aim at what is left, in an order
    // the seed shuffles, from the shortest paths to each state (GraphWalker's quick random does the
    // same); those paths are not replayed: each candidate is, before it is kept
    const pool = graphWalk(spec, 'shortest', SIMPLE_LIMIT) as unknown as StartingPath[];
    extendToCover(
      spec,
      paths,
      pool,
      shuffled(
        pending.filter((t) => !fired.has(t.id)),
        random,
      ),
      accept,
    );
  }
  return paths;
}

export interface QuickOptions extends EveryPathOption {
  /** Shuffles the order events are tried in, so ties between equally near transitions go another way. */
  seed?: number;
  /** Events per path before a new path starts from the initial state (default 50). */
  maxLength?: number;
  /** Whether an event may be sent from a snapshot (default: every event the machine handles there); see RandomOptions. */
  accept?: RandomOptions['accept'];
  /** Edges (an event from a state) the searches may compute in all before the walk is refused (default 200 000). */
  maxEdges?: number;
}

const QUICK_LIMIT = 200_000;

/**
 * Walks to the nearest transition not fired yet and fires it, again and again (model-paths/nearestTransition.ts
 * finds it breadth first from where the walk is, honouring the spec's filter and `accept`); when none
 * is reachable from there, or the path has `maxLength` events, a new path starts from the initial
 * state. Stops when every transition not explained as unreachable has fired, or when a new path
 * fires nothing. Each route is replayed on a real actor before it counts.
 */
export function quickPaths(spec: WalkSpec, options: QuickOptions = {}): GeneratedPaths {
  const { seed } = options;
  const random = seed === undefined ? undefined : mulberry32(seed);
  // the edge budget is the whole run's, further inputs included
  const budget = { edges: options.maxEdges ?? QUICK_LIMIT };
  const paths = fromEachInput(spec, 100, (walk) => quickWalks(walk, options, random, budget));
  const missed = `no route to it of at most ${options.maxLength ?? 50} events from a start: no sample event fires it from any state the searches reach`;
  return finish(spec, { generator: 'quick', ...(seed !== undefined && { seed }), paths }, options, missed);
}

function quickWalks(
  spec: WalkSpec,
  options: QuickOptions,
  random: (() => number) | undefined,
  budget: { edges: number },
): GeneratedPath[] {
  const { maxLength = 50, accept, maxEdges = QUICK_LIMIT } = options;
  const explained = new Set((spec.unreachable ?? []).map((entry) => entry.transition));
  const goal = new Set(
    transitionsOf(spec.machine)
      .map((t) => t.id)
      .filter((id) => !explained.has(id)),
  );
  const search: RouteSearch = {
    machine: spec.machine,
    events: spec.events,
    stateKey: spec.stateKey ?? ((snapshot) => JSON.stringify(snapshot.value)),
    allows: (snapshot, event) => (spec.filter?.(snapshot, event) ?? true) && (accept?.(snapshot, event) ?? true),
  };
  const probe = new TransitionProbe(spec.machine, spec.input);
  // last steps whose replay fired nothing new, though the search said it would: never aimed at again
  const skip = new Set<string>();
  const fired = new Set<string>();
  const paths: GeneratedPath[] = [];
  const wanted = (id: string) => goal.has(id) && !fired.has(id);
  const firesWanted = (step: RecordedStep) => {
    const fresh = step.fired.some(wanted);
    for (const id of step.fired) fired.add(id);
    return fresh;
  };
  const done = () => [...goal].every((id) => fired.has(id));
  while (!done()) {
    const recorder = new TransitionRecorder(spec.machine, recordOptions(spec));
    let lastNew = firesWanted(recorder.steps[0]!) ? 0 : -1;
    try {
      while (!done() && recorder.snapshot.status === 'active' && recorder.steps.length - 1 < maxLength) {
        const order = random ? shuffled(spec.events, random) : spec.events;
        const options = { maxDepth: maxLength - (recorder.steps.length - 1), wanted, skip, budget, order };
        // by the walk's state key first (fast); when that finds nothing, telling apart what the key merges
        let route = nearestRoute(search, probe, recorder.snapshot, options);
        if (route === null) route = nearestRoute(search, probe, recorder.snapshot, { ...options, refine: true });
        if (route === 'exhausted') {
          throw new WalkLimitError(`${spec.machine.id}: the quick walk's searches passed ${maxEdges} edges`);
        }
        if (!route) break;
        let confirmed = false;
        for (const event of route.events) {
          if (!recorder.send(event)) break;
          if (!firesWanted(recorder.steps.at(-1)!)) continue;
          lastNew = recorder.steps.length - 1;
          confirmed = true;
        }
        if (!confirmed) skip.add(route.last);
        if (recorder.failed) break;
      }
    } finally {
      recorder.stop();
    }
    // a new path from the initial state that fires nothing: nothing more is reachable
    if (lastNew < 0) break;
    const kept = recorder.steps.slice(0, lastNew + 1);
    paths.push({ state: kept.at(-1)!.state, steps: kept });
  }
  return paths;
}

/**
 * `walk` from the spec's input, then from each further input (`moreInputs`) while less than
 * `untilPercent` % of the transitions fired: there the transitions already fired count as
 * explained, so the walk aims only at the rest. The paths from a further input carry it.
 */
function fromEachInput(
  spec: WalkSpec,
  untilPercent: number,
  walk: (spec: WalkSpec) => GeneratedPath[],
): GeneratedPath[] {
  const { moreInputs = [], ...own } = spec;
  const paths = walk(own);
  for (const input of moreInputs) {
    if (transitionPercent(coverageOf(spec, paths)) >= untilPercent) break;
    const fired = [...firedIn(paths)].map((transition) => ({ transition, reason: 'fired from an input before' }));
    const further = walk({ ...own, input, unreachable: [...(spec.unreachable ?? []), ...fired] });
    paths.push(...further.map((path) => ({ ...path, input })));
  }
  return paths;
}

/** The generator's result: its lean cover (or every path, when asked) and the coverage they reach. */
function finish(
  spec: WalkSpec,
  generated: Omit<GeneratedPaths, 'coverage'>,
  options: EveryPathOption,
  missed = NOT_FIRED,
): GeneratedPaths {
  const paths = options.everyPath ? generated.paths : leanPaths(generated.paths);
  return { ...generated, paths, coverage: coverageOf(spec, paths, missed) };
}

/** What a path covers, as coverageOf counts it: the transitions it fired and the states it passed through. */
function coverageItems(path: GeneratedPath): Set<string> {
  const items = new Set<string>();
  for (const step of path.steps) {
    for (const id of step.fired) items.add(`t ${id}`);
    for (const leaf of leafPaths(step.state.value)) items.add(`s ${leaf}`);
  }
  return items;
}

/**
 * The paths that add coverage, a deterministic greedy cover: again and again the path that adds the
 * most transitions and states not covered yet (ties: the fewer events, then the earlier), until
 * none adds any; then any chosen path all of whose coverage the others have is dropped (a prefix of
 * a chosen path, say). The union of what they cover is exactly that of all the paths, so the
 * coverage is unchanged; no path is empty (the start adds nothing a longer path lacks) or a prefix
 * of another. The paths keep the order they were generated in, so ids stay stable per seed.
 */
export function leanPaths(paths: readonly GeneratedPath[]): GeneratedPath[] {
  const items = paths.map(coverageItems);
  const covered = new Set<string>();
  const chosen: number[] = [];
  const gainOf = (i: number) => {
    let gain = 0;
    for (const item of items[i]!) if (!covered.has(item)) gain++;
    return gain;
  };
  for (;;) {
    let best = -1;
    let bestGain = 0;
    for (let i = 0; i < paths.length; i++) {
      const gain = gainOf(i);
      if (gain > bestGain || (gain === bestGain && gain > 0 && paths[i]!.steps.length < paths[best]!.steps.length)) {
        best = i;
        bestGain = gain;
      }
    }
    if (best < 0) break;
    chosen.push(best);
    for (const item of items[best]!) covered.add(item);
  }
  // the last chosen first: the earliest choices cover the most, the late ones are likelier redundant
  const kept = new Set(chosen);
  for (const i of [...chosen].reverse()) {
    kept.delete(i);
    const others = new Set([...kept].flatMap((j) => [...items[j]!]));
    if ([...items[i]!].some((item) => !others.has(item))) kept.add(i);
  }
  return paths.filter((_, i) => kept.has(i));
}

/** Whether `event` (after `before`) can select the transition from `state`; when unsure (a throw), the replay decides. */
function maySelect(
  machine: AnyStateMachine,
  id: string,
  state: AnyMachineSnapshot,
  before: EventObject | undefined,
  event: EventObject,
): boolean {
  try {
    const source = (before ? getNextSnapshot(machine, state as never, before) : state) as AnyMachineSnapshot;
    return source.status === 'active' && selectedTransitions(machine, source, event).includes(id);
  } catch {
    return true;
  }
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function newlyFired(step: RecordedStep, fired: Set<string>): boolean {
  const before = fired.size;
  for (const id of step.fired) fired.add(id);
  return fired.size > before;
}

/** States and transitions the paths reached; a state passed through within one event counts. */
export function coverageOf(
  spec: Pick<WalkSpec, 'machine' | 'unreachable'>,
  paths: readonly GeneratedPath[],
  missed = NOT_FIRED,
): Coverage {
  const transitions = transitionsOf(spec.machine);
  const fired = firedIn(paths);
  const reached = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) for (const leaf of leafPaths(step.state.value)) reached.add(leaf);
  }
  for (const transition of transitions)
    if (fired.has(transition.id)) for (const target of transition.targets) reached.add(target);
  const states = stateIdsOf(spec.machine);
  const reasons = new Map((spec.unreachable ?? []).map((entry) => [entry.transition, entry.reason]));
  const notFired = transitions.filter((t) => !fired.has(t.id));
  return {
    states: {
      covered: states.filter((id) => reached.has(id)).length,
      total: states.length,
      missing: states.filter((id) => !reached.has(id)),
    },
    transitions: {
      covered: transitions.length - notFired.length,
      total: transitions.length,
      missing: notFired.filter((t) => !reasons.has(t.id)).map((t) => ({ transition: t.id, reason: missed })),
      explained: notFired
        .filter((t) => reasons.has(t.id))
        .map((t) => ({ transition: t.id, reason: reasons.get(t.id)! })),
    },
  };
}

/** Fired transitions as a share of those not explained as unreachable, in % (100 when there are none). */
export function transitionPercent(coverage: Coverage): number {
  const { covered, total, explained } = coverage.transitions;
  const goal = total - explained.length;
  return goal === 0 ? 100 : (covered / goal) * 100;
}

function firedIn(paths: readonly GeneratedPath[]): Set<string> {
  return new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.fired)));
}

function recordOptions(spec: WalkSpec) {
  return spec.input !== undefined ? { input: spec.input } : {};
}

/** The path as replayed; `failed` when the last event failed the actor (the path stops before it). */
function replay(spec: WalkSpec, events: readonly EventObject[]): GeneratedPath & { failed: boolean } {
  const { steps, failed } = recordEvents(spec.machine, events, recordOptions(spec));
  return { state: steps.at(-1)!.state, steps, failed };
}

/** xstate/graph's paths, replayed (a path it predicts through an unhandled actor error stops before it). */
function replayedGraphWalk(spec: WalkSpec, kind: 'shortest' | 'simple', simpleLimit = SIMPLE_LIMIT): GeneratedPath[] {
  return graphWalk(spec, kind, simpleLimit).map((path) => {
    const { state, steps } = replay(
      spec,
      path.steps.slice(1).map((step) => step.event),
    );
    return { state, steps };
  });
}

function graphWalk(spec: WalkSpec, kind: 'shortest' | 'simple', simpleLimit: number) {
  const base = spec.stateKey ?? ((snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value));
  let visits = 0;
  // getSimplePaths has no limit of its own: count the states it serialises and stop it past the limit
  const stateKey =
    kind === 'simple'
      ? (snapshot: AnyMachineSnapshot, event?: EventObject, previous?: AnyMachineSnapshot) => {
          if (++visits > simpleLimit)
            throw new WalkLimitError(`${spec.machine.id}: the simple walk passed ${simpleLimit} states`);
          return base(snapshot, event, previous);
        }
      : base;
  // xstate/graph computes a whole macrostep for every event in every state: the events no active
  // state names change nothing, so they are left out first (the paths found are the same), unless
  // the walk's state key reads the event: then an ignored event is a state of its own (a walk that
  // checks REPLACED is ignored while loading, say)
  const events = (snapshot: AnyMachineSnapshot) => {
    const named = spec.stateKey ? null : eventTypesIn(snapshot);
    return named ? spec.events.filter((event) => named.has(event.type)) : spec.events;
  };
  return machinePaths(spec.machine, {
    events: events as never,
    kind,
    serializeState: stateKey as never,
    ...(spec.filter && { filterEvents: spec.filter as never }),
    ...(spec.input !== undefined && { input: spec.input as never }),
  });
}

function statePathOf(path: readonly string[]): string {
  return path.length ? path.join('.') : '(machine)';
}
