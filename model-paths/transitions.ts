/**
 * Every transition of a machine, counted one by one (each guarded branch of an event, each invoked
 * actor's done and error, each delay, each `always` branch), with a stable id such as
 * `loggedOut.loggingIn —done: login→ loggedIn` or `form —SUBMIT#2→ form`, and a recorder that
 * replays events on a real actor and tells which of them fired.
 *
 * Which branch fired is read from the actor's own microsteps (the inspection event
 * `@xstate.microstep` lists the transition definitions it took), so coverage is exact: a guard that
 * refused, or an event the state ignores, fires nothing.
 */
import {
  createActor,
  SimulatedClock,
  type ActorOptions,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { allStateNodes } from './modelPaths';

/** A transition definition as XState keeps it on its source state node. */
export interface TransitionDefinition {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  delay?: number | string;
  description?: string;
}

export interface MachineTransition {
  /** `<source> —<event>[#branch]→ <targets>`: stable while the machine's definition is unchanged. */
  id: string;
  /** Root-relative path of the state that owns it (`(machine)` for the root). */
  source: string;
  /** The event as the machine names it: `LOGIN`, `done: fetchUser`, `after 3000 ms`, `always`. */
  event: string;
  /** The event type an actor receives (`''` for `always`). */
  eventType: string;
  /** Root-relative paths of the states it enters (none when it stays). */
  targets: string[];
  /** The machine's own words for it (`description`), when it has some. */
  description?: string;
}

const ROOT = '(machine)';

/** Every transition of the machine, in document order. */
export function transitionsOf(machine: AnyStateMachine): MachineTransition[] {
  return allStateNodes(machine).flatMap((node) => {
    const groups = [...(node.transitions.values() as Iterable<TransitionDefinition[]>)];
    if (node.always) groups.push(node.always as TransitionDefinition[]);
    return groups.flatMap((group) => group.map((definition) => describeTransition(definition)));
  });
}

// ids of the definitions met so far: a definition belongs to one machine for good, and walks meet the same ones thousands of times
const idCache = new WeakMap<TransitionDefinition, string>();

/** The id of a transition definition (cached: walks meet the same ones thousands of times). */
export function transitionIdOf(definition: TransitionDefinition): string {
  let id = idCache.get(definition);
  if (id === undefined) {
    id = describeTransition(definition).id;
    idCache.set(definition, id);
  }
  return id;
}

/**
 * Ids of the transitions `event` selects from `snapshot` (its first microstep, eventless ones after
 * it left out), without running anything: a cheap test before a replay confirms.
 */
export function selectedTransitions(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
): string[] {
  const definitions = machine.getTransitionData(snapshot as never, event) as unknown as TransitionDefinition[];
  return definitions.filter((definition) => siblingsOf(definition).includes(definition)).map(transitionIdOf);
}

function describeTransition(definition: TransitionDefinition): MachineTransition {
  const { source, eventType } = definition;
  const group = siblingsOf(definition);
  const branch = group.length > 1 ? `#${group.indexOf(definition) + 1}` : '';
  const event = eventName(definition);
  const targets = (definition.target ?? []).map(statePath);
  const to = targets.length ? targets.join(', ') : '(stays)';
  const { description } = definition;
  return {
    id: `${statePath(source)} —${event}${branch}→ ${to}`,
    source: statePath(source),
    event,
    eventType,
    targets,
    ...(description && { description }),
  };
}

function siblingsOf(definition: TransitionDefinition): TransitionDefinition[] {
  const { source, eventType } = definition;
  if (eventType === '') return (source.always ?? []) as TransitionDefinition[];
  return (source.transitions.get(eventType) ?? []) as TransitionDefinition[];
}

function statePath(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : ROOT;
}

/** `done: fetchUser`, `error: createShare`, `after 3000 ms`, `always`, or the event type itself. */
function eventName(definition: TransitionDefinition): string {
  const { source, eventType } = definition;
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) {
    const delay = definition.delay;
    return typeof delay === 'number' ? `after ${delay} ms` : `after ${String(delay)}`;
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) {
    const invoke = (source.invoke as Array<{ id: string; src: unknown }>).find((def) => def.id === actor[2]);
    const name = typeof invoke?.src === 'string' ? invoke.src : actor[2];
    return `${actor[1]}: ${name}`;
  }
  if (eventType.startsWith('xstate.done.state.')) return `done: ${eventType.slice('xstate.done.state.'.length)}`;
  return eventType;
}

/** Event type → the name the machine gives it (for titles): `xstate.done.actor.login` → `done: login`. */
export function eventNamesOf(machine: AnyStateMachine): Map<string, string> {
  const names = new Map<string, string>();
  for (const transition of transitionsOf(machine)) {
    if (transition.eventType !== transition.event) names.set(transition.eventType, transition.event);
  }
  return names;
}

/** Ids of the transitions a `@xstate.microstep` inspection event says were taken (none for other events). */
export function microstepTransitionIds(event: InspectionEvent): string[] {
  if (event.type !== '@xstate.microstep') return [];
  const taken = (event as unknown as { _transitions: TransitionDefinition[] })._transitions;
  // initial transitions are not on any state's list: only listed ones count
  return taken.filter((definition) => siblingsOf(definition).includes(definition)).map(transitionIdOf);
}

/** One sent event and what it did, as a replay recorded it (step 0 is the start, event `xstate.init`). */
export interface RecordedStep {
  state: AnyMachineSnapshot;
  event: EventObject;
  /** Ids of the transitions this event fired, eventless ones it triggered included. */
  fired: string[];
}

export interface RecordOptions {
  input?: unknown;
  actorOptions?: Omit<ActorOptions<AnyStateMachine>, 'input' | 'inspect'>;
}

/**
 * Starts the machine and sends the events one by one, recording each snapshot and the transitions
 * each event fired. Synchronous: the caller's actors must never settle on their own (see
 * `withPendingActors`), delays run on a SimulatedClock that nobody advances.
 */
export class TransitionRecorder {
  private readonly actor;
  private readonly fired: string[] = [];
  readonly steps: RecordedStep[] = [];
  /** Why the actor failed (e.g. an actor error no state handles), once it has. */
  failure: unknown;

  constructor(machine: AnyStateMachine, options: RecordOptions = {}) {
    const actorOptions = {
      clock: new SimulatedClock(),
      ...options.actorOptions,
      ...(options.input !== undefined && { input: options.input }),
      inspect: (event: InspectionEvent) => this.inspect(event),
    } as ActorOptions<AnyStateMachine>;
    this.actor = createActor(machine, actorOptions);
    this.actor.subscribe({ error: (error) => (this.failure = error) });
    this.actor.start();
    this.record({ type: 'xstate.init' });
  }

  get snapshot(): AnyMachineSnapshot {
    return this.actor.getSnapshot() as AnyMachineSnapshot;
  }

  get failed(): boolean {
    return this.failure !== undefined || this.snapshot.status === 'error';
  }

  /** Sends one event; the ids it fired, or null when the actor failed or had finished (no step recorded). */
  send(event: EventObject): string[] | null {
    if (this.failed) return null;
    if (this.snapshot.status !== 'active') {
      this.failure = new Error(`${event.type} sent after the machine finished`);
      return null;
    }
    this.actor.send(event);
    return this.record(event);
  }

  stop(): void {
    this.actor.stop();
  }

  private record(event: EventObject): string[] | null {
    if (this.failed) {
      this.failure ??= this.snapshot.error;
      return null;
    }
    const fired = this.fired.splice(0);
    this.steps.push({ state: this.snapshot, event, fired });
    return fired;
  }

  private inspect(event: InspectionEvent): void {
    if (event.actorRef === this.actor) this.fired.push(...microstepTransitionIds(event));
  }
}

/** Replays `events` from the start: the steps recorded, up to the first that failed the actor, if any. */
export function recordEvents(
  machine: AnyStateMachine,
  events: readonly AnyEventObject[],
  options: RecordOptions = {},
): { steps: RecordedStep[]; failed: boolean } {
  const recorder = new TransitionRecorder(machine, options);
  try {
    for (const event of events) if (!recorder.send(event)) break;
    return { steps: recorder.steps, failed: recorder.failed };
  } finally {
    recorder.stop();
  }
}
