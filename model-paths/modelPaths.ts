/**
 * Model-based paths for XState v5 machines (docs/architecture.md#10-tests-and-benchmarks).
 *
 * 1. `machinePaths(machine, { events })` walks the REAL machine with `xstate/graph`
 *    (`getShortestPaths` or `getSimplePaths`). Only the events you list are explored (that is how
 *    xstate/graph behaves when `events` is given), so list the `xstate.done.actor.<id>` /
 *    `xstate.error.actor.<id>` events of invoked actors (with sample `output` / `error`) and the
 *    `xstate.after.<delay>.<stateId>` events of delays, or start from `defaultEvents(machine, samples)`.
 * 2. `replayPath(machine, path, { checks })` replays one path on a real `createActor(machine)`:
 *    it sends every step's event object as-is, compares the reached state value with the one the
 *    graph predicted, and runs the per-state checks whose key the snapshot matches.
 *    Sending `xstate.done.actor.X` directly works because the machine only matches the event type:
 *    it is handled exactly when the current state invokes an actor with id `X`. For that reason
 *    the caller's fake actors must never settle on their own (e.g.
 *    `fromPromise(() => new Promise(() => {}))`): the path decides when they "finish".
 *    Delays never fire by themselves during a replay (a `SimulatedClock` is used unless you pass
 *    another clock); the path sends their `xstate.after.*` events instead.
 * 3. `assertAllStatesReached(paths, machine)` fails listing every atomic state no path reaches.
 *
 * Plain functions that throw `Error`: usable from vitest and from scripts alike.
 */
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type ActorOptions,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';

/** Events the actor system sends to a machine: invoke results and delay timeouts. */
type SystemEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error?: unknown }
  | { type: `xstate.after.${string}` };

/** An event a path may contain: one of the machine's own events or a system event. */
export type PathEvent<M extends AnyStateMachine> = EventFromLogic<M> | SystemEvent;

type MachineSnapshot<M extends AnyStateMachine> = SnapshotFrom<M>;
export type MachinePath<M extends AnyStateMachine> = StatePath<MachineSnapshot<M>, PathEvent<M>>;

/** What the path helpers read from a path: state values and events. Any `MachinePath` fits. */
export interface PathLike {
  state: { value: StateValue };
  steps: ReadonlyArray<{ state: { value: StateValue }; event: EventObject }>;
}

/**
 * Checks keyed by a root-relative state path such as `loggedIn` or `playback.playing`.
 * A check runs for every replayed snapshot that is in (or inside) that state.
 */
export type StateChecks<M extends AnyStateMachine> = Record<
  string,
  (snapshot: MachineSnapshot<M>) => void | Promise<void>
>;

export interface PathOptions<M extends AnyStateMachine> {
  /** Events to explore (exactly these). A function receives the current snapshot. */
  events: readonly PathEvent<M>[] | ((snapshot: MachineSnapshot<M>) => readonly PathEvent<M>[]);
  /** `shortest` (default): one shortest path per distinct state. `simple`: every path without repeats. */
  kind?: 'shortest' | 'simple';
  /**
   * What makes two snapshots "the same state" for the walk. `value` (default) keeps the walk finite
   * whatever the context holds; `valueAndContext` is xstate/graph's own default.
   */
  distinguish?: 'value' | 'valueAndContext';
  /** Custom state key; overrides `distinguish`. */
  serializeState?: (snapshot: MachineSnapshot<M>) => string;
  input?: InputFrom<M>;
  /** Maximum traversal iterations (default 30 000). */
  limit?: number;
  filterEvents?: (snapshot: MachineSnapshot<M>, event: PathEvent<M>) => boolean;
  /** Keep only paths ending in a snapshot for which this is true. */
  toState?: (snapshot: MachineSnapshot<M>) => boolean;
  /** Do not explore past snapshots for which this is true. */
  stopWhen?: (snapshot: MachineSnapshot<M>) => boolean;
}

// the player (four parallel regions, queue size in the key) takes ~10 000 steps; an unbounded context takes far more
const DEFAULT_LIMIT = 30_000;

/** Paths through the real machine, from xstate/graph. */
export function machinePaths<M extends AnyStateMachine>(machine: M, options: PathOptions<M>): MachinePath<M>[] {
  const { kind = 'shortest', distinguish = 'value', limit = DEFAULT_LIMIT, ...rest } = options;
  const serializeState =
    rest.serializeState ??
    (distinguish === 'value'
      ? (snapshot: MachineSnapshot<M>) => stableStringify(machineSnapshot(snapshot).value)
      : (snapshot: MachineSnapshot<M>) => {
          const { value, context } = machineSnapshot(snapshot);
          return stableStringify({ value, context });
        });
  const generate = kind === 'simple' ? getSimplePaths : getShortestPaths;
  // xstate/graph types events as the machine's own events; system events are just as valid at runtime.
  type GraphOptions = NonNullable<Parameters<typeof getShortestPaths<M>>[1]>;
  const graphOptions = {
    events: rest.events,
    serializeState,
    limit,
    ...(rest.input !== undefined && { input: rest.input }),
    ...(rest.filterEvents && { filterEvents: rest.filterEvents }),
    ...(rest.toState && { toState: rest.toState }),
    ...(rest.stopWhen && { stopWhen: rest.stopWhen }),
  } as unknown as GraphOptions;
  try {
    return generate(machine, graphOptions) as unknown as MachinePath<M>[];
  } catch (error) {
    if (error instanceof Error && /limit exceeded/i.test(error.message)) {
      throw new Error(
        `${machine.id}: more than ${limit} traversal steps. The walk probably distinguishes an ` +
          `unbounded context; use distinguish: 'value' or a serializeState that ignores it.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * Every event type the machine reacts to anywhere (`on`, delays, invoke done/error), as `{ type }`,
 * with `samples` replacing the events of the same type (add payloads there, e.g. an actor's output;
 * several samples of one type are all kept). Wildcard descriptors and internal
 * `xstate.done.state.*` events are left out. Samples may be loosely typed (a registry's
 * `AnyEventObject[]`).
 */
export function defaultEvents<M extends AnyStateMachine>(
  machine: M,
  samples: readonly PathEvent<M>[] | readonly AnyEventObject[] = [],
): PathEvent<M>[] {
  const sampledTypes = new Set(samples.map((event) => (event as EventObject).type));
  const derived = eventTypesOf(machine)
    .filter((type) => !sampledTypes.has(type))
    .map((type) => ({ type }) as PathEvent<M>);
  return [...(samples as readonly PathEvent<M>[]), ...derived];
}

/** All event types with a transition somewhere in the machine, in document order. */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allStateNodes(machine)) {
    for (const type of node.transitions.keys()) {
      if (type === '*' || type.endsWith('.*') || type.startsWith('xstate.done.state.')) continue;
      types.add(type);
    }
  }
  return [...types];
}

export interface ReplayOptions<M extends AnyStateMachine> {
  checks?: StateChecks<M>;
  /** Run checks after every step (default) or only on the final snapshot. */
  checkAt?: 'every-step' | 'end';
  input?: InputFrom<M>;
  /** Extra actor options (id, systemId, inspect, clock…). The default clock is a SimulatedClock. */
  actorOptions?: Omit<ActorOptions<M>, 'input'>;
  /** Called before each event is sent (e.g. to advance fake timers). */
  beforeEvent?: (event: PathEvent<M>, stepIndex: number) => void | Promise<void>;
}

export interface ReplayResult<M extends AnyStateMachine> {
  finalSnapshot: MachineSnapshot<M>;
  /** Atomic state paths seen along the replay. */
  visited: Set<string>;
  /** Keys of the checks that ran at least once. */
  checksRun: Set<string>;
}

/** Replays a path on a real actor, verifying each reached state value and running the checks. */
export async function replayPath<M extends AnyStateMachine>(
  machine: M,
  path: MachinePath<M>,
  options: ReplayOptions<M> = {},
): Promise<ReplayResult<M>> {
  const { checks = {}, checkAt = 'every-step' } = options;
  const actorOptions = {
    clock: new SimulatedClock(),
    ...options.actorOptions,
    ...(options.input !== undefined && { input: options.input }),
  } as ActorOptions<M>;
  const actor = createActor(machine, actorOptions);
  let actorError: unknown;
  // Without an error observer an actor error would be rethrown asynchronously, outside the test.
  const subscription = actor.subscribe({ error: (error) => (actorError = error) });
  const visited = new Set<string>();
  const checksRun = new Set<string>();
  const plainPath = path as unknown as PathLike;
  const label = describePath(plainPath);

  const verify = async (stepIndex: number, runChecks: boolean): Promise<MachineSnapshot<M>> => {
    const typedSnapshot = actor.getSnapshot() as MachineSnapshot<M>;
    const snapshot = machineSnapshot(typedSnapshot);
    const step = plainPath.steps[stepIndex]!;
    const where = `${label}\n  at step ${stepIndex} (${formatEvent(step.event)})`;
    if (actorError !== undefined || snapshot.status === 'error') {
      const cause = actorError ?? snapshot.error;
      throw new Error(`${where}: the actor failed: ${errorText(cause)}`, { cause });
    }
    if (stableStringify(snapshot.value) !== stableStringify(step.state.value)) {
      throw new Error(
        `${where}: expected ${formatStateValue(step.state.value)}, got ${formatStateValue(snapshot.value)}`,
      );
    }
    for (const leaf of leafPaths(snapshot.value)) visited.add(leaf);
    if (runChecks) {
      for (const [key, check] of Object.entries(checks)) {
        if (!matchesStatePath(snapshot.value, key)) continue;
        checksRun.add(key);
        try {
          await check(typedSnapshot);
        } catch (error) {
          throw new Error(`${where}: check '${key}' failed: ${errorText(error)}`, { cause: error });
        }
      }
    }
    return typedSnapshot;
  };

  try {
    actor.start();
    const last = path.steps.length - 1;
    let snapshot = await verify(0, checkAt === 'every-step' || last === 0);
    for (let i = 1; i <= last; i++) {
      const event = path.steps[i]!.event;
      await options.beforeEvent?.(event, i);
      actor.send(event as EventFromLogic<M>);
      snapshot = await verify(i, checkAt === 'every-step' || i === last);
    }
    return { finalSnapshot: snapshot, visited, checksRun };
  } finally {
    subscription.unsubscribe();
    actor.stop();
  }
}

/** Root-relative dot paths of every atomic and final state, e.g. `loggedIn.playback.playing`. */
export function stateIdsOf(machine: AnyStateMachine): string[] {
  return allStateNodes(machine)
    .filter((node) => (node.type === 'atomic' || node.type === 'final') && node.path.length > 0)
    .map((node) => node.path.join('.'));
}

/** Atomic state paths reached by any step of any path. */
export function reachedStates(paths: readonly PathLike[]): Set<string> {
  const reached = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) for (const leaf of leafPaths(step.state.value)) reached.add(leaf);
    for (const leaf of leafPaths(path.state.value)) reached.add(leaf);
  }
  return reached;
}

/** Throws listing the atomic states no path reaches (minus `ignore`, for states proven unreachable). */
export function assertAllStatesReached(
  paths: readonly PathLike[],
  machine: AnyStateMachine,
  options: { ignore?: readonly string[] } = {},
): void {
  const reached = reachedStates(paths);
  const ignore = new Set(options.ignore ?? []);
  const unreached = stateIdsOf(machine).filter((id) => !reached.has(id) && !ignore.has(id));
  if (unreached.length > 0) {
    throw new Error(
      `${machine.id}: ${unreached.length} state(s) not reached by any path: ${unreached.join(', ')}` +
        ` (${paths.length} paths; add the events that lead there)`,
    );
  }
}

/** `unknown → (xstate.done.actor.fetchUser) loggedIn.{playback.paused, loop.list}` */
export function describePath(path: PathLike, names?: ReadonlyMap<string, string>): string {
  const [first, ...rest] = path.steps;
  if (!first) return formatStateValue(path.state.value);
  return [
    formatStateValue(first.state.value),
    ...rest.map((step) => `(${formatEvent(step.event, names)}) ${formatStateValue(step.state.value)}`),
  ].join(' → ');
}

/**
 * Event type, plus its whole payload as JSON when it carries one (never cut: a path must say
 * exactly what was sent; errors as `{name, message, …}`). Delays read `after <delay>`;
 * `names` (from `eventNamesOf` in model-paths/transitions.ts) gives system events the machine's names.
 */
export function formatEvent(event: EventObject, names?: ReadonlyMap<string, string>): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const name = names?.get(type) ?? (type.startsWith('xstate.after.') ? `after ${afterDelayName(type)}` : type);
  const keys = Object.keys(payload);
  if (keys.length === 0) return name;
  return `${name} ${safeJson(payload)}`;
}

/**
 * Delay name of an `xstate.after.<delay>.<stateNodeId>` event type. State node ids contain dots
 * too, so the delay is the segment right after `xstate.after.`.
 */
export function afterDelayName(type: string): string {
  return type.slice('xstate.after.'.length).split('.')[0] ?? type;
}

/** `idle`, `loggedIn.{playback.paused, loop.list}` */
export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value).filter((entry): entry is [string, StateValue] => entry[1] !== undefined);
  const parts = entries.map(([key, child]) => {
    const inner = formatStateValue(child);
    return inner ? `${key}.${inner}` : key;
  });
  return parts.length === 1 ? parts[0]! : `{${parts.join(', ')}}`;
}

/** Root-relative dot paths of the atomic states in a state value. */
export function leafPaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  const entries = Object.entries(value);
  if (entries.length === 0) return prefix ? [prefix.slice(0, -1)] : [];
  return entries.flatMap(([key, child]) =>
    child === undefined ? [prefix + key] : leafPaths(child, `${prefix}${key}.`),
  );
}

/** Whether a state value is in the state at `path` (`loggedIn`, `playback.playing`). */
export function matchesStatePath(value: StateValue, path: string): boolean {
  return leafPaths(value).some((leaf) => leaf === path || leaf.startsWith(`${path}.`));
}

/** Generic `SnapshotFrom<M>` does not expose machine snapshot members to the type checker. */
function machineSnapshot(snapshot: unknown): AnyMachineSnapshot {
  return snapshot as AnyMachineSnapshot;
}

/** The root and every state node below it, in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode): void => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child);
      visit(child);
    }
  };
  nodes.push(machine.root);
  visit(machine.root);
  return nodes;
}

/** JSON with sorted keys, so equal values always serialise the same way; `replace` first, as JSON.stringify's replacer. */
export function stableStringify(value: unknown, replace?: (key: string, value: unknown) => unknown): string {
  return JSON.stringify(value, (key, raw: unknown) => {
    const v = replace ? replace(key, raw) : raw;
    return v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v;
  });
}

/** An error as JSON carries nothing (its fields are not enumerable): its name, message and own fields instead. */
export function errorsAsObjects(_key: string, value: unknown): unknown {
  return value instanceof Error ? Object.assign({ name: value.name, message: value.message }, value) : value;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, errorsAsObjects) ?? '';
  } catch {
    return String(value);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `machine` with every named actor a fake that never settles: the path decides when each finishes */
export function withPendingActors<M extends AnyStateMachine>(machine: M, names: readonly string[]): M {
  const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
  return machine.provide({ actors: Object.fromEntries(names.map((name) => [name, pending])) } as never) as M;
}

/** the same, recording the input each actor is started with */
export function withRecordingActors<M extends AnyStateMachine, N extends string>(
  machine: M,
  names: readonly N[],
): { machine: M; inputs: Record<N, unknown[]> } {
  const inputs = Object.fromEntries(names.map((name) => [name, [] as unknown[]])) as Record<N, unknown[]>;
  const recording = (name: N) =>
    fromPromise<never, unknown>(({ input }) => {
      inputs[name].push(input);
      return new Promise<never>(() => {});
    });
  return {
    machine: machine.provide({
      actors: Object.fromEntries(names.map((name) => [name, recording(name)])),
    } as never) as M,
    inputs,
  };
}
