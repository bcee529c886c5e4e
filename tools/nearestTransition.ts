/**
 * The search behind `quickPaths` (tools/pathGenerators.ts): from where a walk is, the fewest events
 * that end in an event firing a transition not fired yet (breadth first, GraphWalker's quick random
 * made deterministic).
 *
 * Each edge is computed with the machine's own transition function on an inert actor scope, as
 * xstate's `getNextSnapshot` does, but one whose inspection reports the microsteps: what an edge
 * fires, `always` branches included, is known without replaying from the initial state. The walk
 * still replays every route it takes on a real actor (tools/transitions.ts) before counting it.
 */
import { createActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { microstepTransitionIds } from './transitions';

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

  constructor(private readonly machine: AnyStateMachine, input?: unknown) {
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
}

export interface Route {
  events: EventObject[];
  /** The key of its last step, for `RouteOptions.skip`. */
  last: string;
}

/** The key of sending `event` (index `index` in the spec's events) from a state of key `key`. */
export const routeStep = (key: string, index: number): string => `${key}\u0000${index}`;

/**
 * The shortest route from `start` whose last event fires a wanted transition: null when none is
 * within `maxDepth`, 'exhausted' when the budget ran out first.
 */
export function nearestRoute(search: RouteSearch, probe: TransitionProbe, start: AnyMachineSnapshot, options: RouteOptions): Route | null | 'exhausted' {
  const { maxDepth, wanted, skip, budget, order } = options;
  const index = new Map(search.events.map((event, i) => [event, i]));
  const startKey = search.stateKey(start);
  const seen = new Set([startKey]);
  let level: { snapshot: AnyMachineSnapshot; key: string; events: EventObject[] }[] = [{ snapshot: start, key: startKey, events: [] }];
  for (let depth = 0; depth < maxDepth && level.length; depth++) {
    const nextLevel: typeof level = [];
    for (const node of level) {
      for (const event of sendable(search, node.snapshot, order)) {
        if (--budget.edges < 0) return 'exhausted';
        const edge = probe.next(node.snapshot, event);
        if (!edge) continue;
        const step = routeStep(node.key, index.get(event)!);
        if (!skip.has(step) && edge.fired.some(wanted)) return { events: [...node.events, event], last: step };
        if (edge.snapshot.status !== 'active') continue;
        const key = search.stateKey(edge.snapshot, event, node.snapshot);
        if (seen.has(key)) continue;
        seen.add(key);
        nextLevel.push({ snapshot: edge.snapshot, key, events: [...node.events, event] });
      }
    }
    level = nextLevel;
  }
  return null;
}

/** The events of `order` the snapshot handles and the search allows. */
function sendable(search: RouteSearch, snapshot: AnyMachineSnapshot, order: readonly EventObject[]): EventObject[] {
  const named = eventTypesIn(snapshot);
  return order.filter(
    (event) =>
      (!named || named.has(event.type)) &&
      search.machine.getTransitionData(snapshot as never, event).length > 0 &&
      search.allows(snapshot, event),
  );
}
