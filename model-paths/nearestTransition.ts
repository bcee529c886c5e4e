/**
 * The search behind `quickPaths` (model-paths/pathGenerators.ts): from where a walk is, the fewest events
 * that end in an event firing a transition not fired yet (breadth first, GraphWalker's quick random
 * made deterministic).
 *
 * Each edge is computed with the machine's own transition function on an inert actor scope, as
 * xstate's `getNextSnapshot` does, but one whose inspection reports the microsteps: what an edge
 * fires, `always` branches included, is known without replaying from the initial state. The walk
 * still replays every route it takes on a real actor (model-paths/transitions.ts) before counting it.
 */
import {
  createActor,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { microstepTransitionIds, transitionIdOf } from './transitions';

/** Event types the active states name, or null when one takes any event (a wildcard). */
export function eventTypesIn(snapshot: AnyMachineSnapshot): Set<string> | null {
  const types = new Set<string>();
  for (const node of snapshot._nodes) {
    for (const type of node.transitions.keys()) {
      if (type === '*' || type.endsWith('.*')) return null;
      types.add(type);
    }
  }
  return types;
}

/** The next snapshot for an event, and the ids of the transitions it fired, without an actor running. */
export class TransitionProbe {
  private readonly self;
  private readonly scope: AnyActorScope;
  private fired: string[] = [];

  constructor(
    private readonly machine: AnyStateMachine,
    input?: unknown,
  ) {
    // never started: it only lends its system (whose inspection we read) and its identity
    this.self = createActor(machine, {
      ...(input !== undefined && { input }),
      inspect: (event) => {
        if (event.actorRef === this.self) this.fired.push(...microstepTransitionIds(event));
      },
    });
    // what xstate's createInertActorScope builds: no action runs, nothing is deferred or emitted
    this.scope = {
      self: this.self,
      defer: () => {},
      id: '',
      logger: () => {},
      sessionId: '',
      stopChild: () => {},
      system: this.self.system,
      emit: () => {},
      actionExecutor: () => {},
    } as unknown as AnyActorScope;
  }

  /** null when the event fails the machine (a throwing guard, an error no state handles). */
  next(snapshot: AnyMachineSnapshot, event: EventObject): { snapshot: AnyMachineSnapshot; fired: string[] } | null {
    this.fired = [];
    try {
      (this.self as unknown as { _snapshot: AnyMachineSnapshot })._snapshot = snapshot;
      const next = this.machine.transition(snapshot as never, event as never, this.scope) as AnyMachineSnapshot;
      return next.status === 'error' ? null : { snapshot: next, fired: this.fired };
    } catch {
      return null;
    }
  }
}

export interface RouteSearch {
  machine: AnyStateMachine;
  events: readonly EventObject[];
  stateKey: (snapshot: AnyMachineSnapshot, event?: EventObject, previous?: AnyMachineSnapshot) => string;
  /** The walk spec's filter and the caller's accept option together: may this event be sent here? */
  allows: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
}

export interface RouteOptions {
  /** Events the route may have at most. */
  maxDepth: number;
  /** Whether firing this transition is what the route is for. */
  wanted: (id: string) => boolean;
  /** `routeStep` keys of last steps whose replay did not fire what the search predicted: not aimed at again. */
  skip: ReadonlySet<string>;
  /** Edges the search may still compute, shared by all searches of a walk; below zero it stops. */
  budget: { edges: number };
  /** The order events are tried in (ties go to the first): the spec's, or one a seed shuffled. */
  order: readonly EventObject[];
  /**
   * Tell states apart by what the events select from them too, not by the state key alone (see
   * `nearestRoute`): slower, for when a search by the key found nothing.
   */
  refine?: boolean;
}

export interface Route {
  events: EventObject[];
  /** The key of its last step, for `RouteOptions.skip`. */
  last: string;
}

/** The key of sending `event` (index `index` in the spec's events) from a state of key `key`. */
const routeStep = (key: string, index: number): string => `${key}\u0000${index}`;

interface Node {
  snapshot: AnyMachineSnapshot;
  key: string;
  events: EventObject[];
  /** The events it takes, once known. */
  choices?: Choice[];
}

/**
 * The shortest route from `start` whose last event fires a wanted transition: null when none is
 * within `maxDepth`, 'exhausted' when the budget ran out first.
 *
 * With `refine`, two snapshots are one state of the search only when the spec's state key says so
 * and the same events select the same transitions from both. A key that leaves out what a guard
 * reads (whether a track's length is known, say) merges a state where a seek plays with one where
 * it does nothing, and which of them the search keeps depends on the order events are tried in
 * (the seed): the transition is then not found, though one event fires it.
 */
export function nearestRoute(
  search: RouteSearch,
  probe: TransitionProbe,
  start: AnyMachineSnapshot,
  options: RouteOptions,
): Route | null | 'exhausted' {
  const { maxDepth, wanted, skip, budget, order, refine = false } = options;
  const index = new Map(search.events.map((event, i) => [event, i]));
  const node = (
    snapshot: AnyMachineSnapshot,
    events: EventObject[],
    event?: EventObject,
    previous?: AnyMachineSnapshot,
  ): Node => {
    const key = search.stateKey(snapshot, event, previous);
    if (!refine) return { snapshot, events, key };
    const choices = choicesOf(search, snapshot, index);
    return { snapshot, events, choices, key: `${key}\u0000${choices.map((c) => `${c.index}:${c.selects}`).join(' ')}` };
  };
  const first = node(start, []);
  const seen = new Set([first.key]);
  let level = [first];
  for (let depth = 0; depth < maxDepth && level.length; depth++) {
    const nextLevel: Node[] = [];
    for (const from of level) {
      const handled = new Set((from.choices ?? choicesOf(search, from.snapshot, index)).map((choice) => choice.event));
      for (const event of order) {
        if (!handled.has(event)) continue;
        if (--budget.edges < 0) return 'exhausted';
        const edge = probe.next(from.snapshot, event);
        if (!edge) continue;
        const step = routeStep(from.key, index.get(event)!);
        if (!skip.has(step) && edge.fired.some(wanted)) return { events: [...from.events, event], last: step };
        if (edge.snapshot.status !== 'active') continue;
        const to = node(edge.snapshot, [...from.events, event], event, from.snapshot);
        if (seen.has(to.key)) continue;
        seen.add(to.key);
        nextLevel.push(to);
      }
    }
    level = nextLevel;
  }
  return null;
}

/** An event the snapshot handles and the search allows, and the transitions it selects there. */
interface Choice {
  event: EventObject;
  /** Its index in the spec's events. */
  index: number;
  selects: string;
}

/** The events the snapshot handles and the search allows, each with what it selects there. */
function choicesOf(
  search: RouteSearch,
  snapshot: AnyMachineSnapshot,
  index: ReadonlyMap<EventObject, number>,
): Choice[] {
  const named = eventTypesIn(snapshot);
  const choices: Choice[] = [];
  for (const event of search.events) {
    if (named && !named.has(event.type)) continue;
    const selected = search.machine.getTransitionData(snapshot as never, event);
    if (selected.length === 0 || !search.allows(snapshot, event)) continue;
    choices.push({
      event,
      index: index.get(event)!,
      selects: selected.map((t) => transitionIdOf(t as never)).join('|'),
    });
  }
  return choices;
}
