/**
 * The replay contract of an exported path (`npm run paths -- --format json`, docs/qa.md): what a
 * file carries so that it replays against the current machine with nothing but the file, and the
 * replay itself (`npm run paths -- --replay FILE...`).
 *
 * - The machine: its registry name, its XState id and `definitionHash(machine)`, a hash of its
 *   definition (states, transitions, guards, actions, invokes and delays by name): a file exported
 *   before the machine changed is refused rather than replayed into a difference nobody can read.
 * - The input, as data: a function in it is written as the stub it stands for
 *   (`{"$stub": "returns", "value": V}` is `() => V`); `inputFromData` makes the function again.
 * - Every event as sent, errors as `{name, message, …fields}`: the guards read those fields
 *   (src/services/api/errors.ts), so the plain object takes the branch the thrown error took.
 * - Per step the state value and tags the machine reached.
 *
 * The replay runs the registry's machine with every named actor a fake that never settles and a
 * clock nobody advances: only the file's events (its `xstate.done.actor.*`, `xstate.after.*`) move it.
 */
import { createHash } from 'node:crypto';
import { createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { errorsAsObjects, formatEvent, formatStateValue, stableStringify, withPendingActors } from './modelPaths';

/** The key that marks a stub in an exported input. */
export const STUB_KEY = '$stub';

/** What a function in an input stands for: each stub by name, from its value in the file to the function. */
const stubs: Record<string, (value: unknown) => (...args: never[]) => unknown> = {
  /** `() => value`: a fixed clock (`now`), a fixed shuffle (`random`). */
  returns: (value) => () => value,
};

const stubOf = new WeakMap<object, { stub: keyof typeof stubs; value: unknown }>();

/** `() => value`, exported as `{"$stub": "returns", "value": value}` (a sample input's fixed clock, say). */
export function returns<T>(value: T): () => T {
  const stub = () => value;
  stubOf.set(stub, { stub: 'returns', value });
  return stub;
}

/**
 * The input (or an event) as JSON data: each function as the stub it stands for, errors as
 * `{name, message, …}`. A function that is no stub cannot be replayed: it is refused, naming where it is.
 */
export function inputAsData(input: unknown, where = 'input'): unknown {
  if (typeof input === 'function') {
    const stub = stubOf.get(input);
    if (!stub) throw new Error(`${where} is a function with no stub: write it as returns(…) from tools/pathReplay.ts`);
    return { [STUB_KEY]: stub.stub, value: inputAsData(stub.value, `${where}()`) };
  }
  if (Array.isArray(input)) return input.map((item, i) => inputAsData(item, `${where}[${i}]`));
  // a plain object's fields one by one; anything else (an error, a date) as JSON writes it
  if (input !== null && typeof input === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(input))) {
    return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, inputAsData(value, `${where}.${key}`)]));
  }
  return JSON.parse(JSON.stringify(input, errorsAsObjects) ?? 'null') as unknown;
}

/** The input a replay passes: each `{"$stub": …}` made the function it stands for again. */
export function inputFromData(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(inputFromData);
  if (data === null || typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  if (typeof record[STUB_KEY] === 'string') {
    const make = stubs[record[STUB_KEY]];
    if (!make) throw new ReplayRefused(`unknown stub '${record[STUB_KEY]}' in the input (known: ${Object.keys(stubs).join(', ')})`);
    return make(inputFromData(record.value));
  }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, inputFromData(value)]));
}

/**
 * A hash of what the machine does: its definition (states, transitions, guards, actions, invokes,
 * delays, tags), functions by name, descriptions left out (a wording change keeps its files).
 * The same in every run and process (sorted keys, no addresses).
 */
export function definitionHash(machine: AnyStateMachine): string {
  const { guards, actions, actors, delays } = machine.implementations as unknown as Record<string, Record<string, unknown> | undefined>;
  const named = (implementations: Record<string, unknown> = {}) =>
    Object.fromEntries(Object.entries(implementations).map(([key, value]) => [key, typeof value === 'function' ? 'ƒ' : value]));
  const shape = { definition: machine.definition, guards: named(guards), actions: named(actions), actors: Object.keys(actors ?? {}).sort(), delays: named(delays) };
  const text = stableStringify(shape, (key, value) => {
    if (key === 'description' || key === 'toJSON') return undefined;
    return typeof value === 'function' ? `ƒ${(value as { name?: string }).name ?? ''}` : value;
  });
  return `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

/** The machine a replay runs: every named actor a fake that never settles (the file's events finish them). */
export function replayMachine<M extends AnyStateMachine>(machine: M): M {
  return withPendingActors(machine, Object.keys(machine.implementations.actors));
}

/** What a snapshot is, as a file writes it: its state value and tags (sorted). */
export interface ExpectedState {
  value: StateValue;
  tags: string[];
}

export const expectedState = (snapshot: AnyMachineSnapshot): ExpectedState => ({ value: snapshot.value, tags: [...snapshot.tags].sort() });

/** What a replay reads from an exported document (scripts/lib/pathsExport.ts writes more). */
export interface ReplayDocument {
  machine: string;
  machineId: string;
  definitionHash: string;
  /** The machine's input, as data (absent: it takes none). */
  input?: unknown;
  paths: ReplayPath[];
}

export interface ReplayPath {
  id: string;
  /** Its own input, when it starts from one of the machine's further inputs. */
  input?: unknown;
  start: ExpectedState;
  steps: ({ event: EventObject } & ExpectedState)[];
}

/** A file that cannot be replayed against the current machines (made from another definition, not an export). */
export class ReplayRefused extends Error {}

/** One replayed step: `step` 0 is the start. */
export interface ReplayedStep {
  path: string;
  step: number;
  event: EventObject | null;
  expected: ExpectedState;
  actual: ExpectedState | { failed: string };
  same: boolean;
}

/** `loggedOut.askingCode [askingCode]` */
export function formatExpected(state: ExpectedState | { failed: string }): string {
  if ('failed' in state) return `the actor failed: ${state.failed}`;
  return `${formatStateValue(state.value)} [${state.tags.join(', ')}]`;
}

/** One line about a step that differs: path id, step, event (payload and all), expected and actual. */
export function formatDifference(step: ReplayedStep): string {
  const event = step.event ? formatEvent(step.event) : 'the start';
  return `${step.path} step ${step.step} (${event}): expected ${formatExpected(step.expected)}, got ${formatExpected(step.actual)}`;
}

/**
 * Checks that the document was made from this machine (its id and definition hash); throws
 * `ReplayRefused` with one line saying why not.
 */
export function checkDocument(machine: AnyStateMachine, document: ReplayDocument): void {
  const { machine: name, machineId, definitionHash: hash } = document;
  if (typeof hash !== 'string' || typeof machineId !== 'string' || !Array.isArray(document.paths)) {
    throw new ReplayRefused(`${name}: the file has no machineId/definitionHash (exported before replays were possible): export it again`);
  }
  if (machineId !== machine.id) throw new ReplayRefused(`${name}: the file is for machine id '${machineId}', the registry's is '${machine.id}'`);
  const current = definitionHash(machine);
  if (hash !== current) {
    throw new ReplayRefused(`${name}: the file was exported from another definition of the machine (${hash}, now ${current}): export it again`);
  }
}

/**
 * Replays every path of a checked document on the machine, step by step, calling `onStep` for each
 * (the start included); stops at the first step that differs and returns it (null: all the same).
 */
export function replayDocument(machine: AnyStateMachine, document: ReplayDocument, onStep: (step: ReplayedStep) => void = () => {}): ReplayedStep | null {
  checkDocument(machine, document);
  const replayed = replayMachine(machine);
  for (const path of document.paths) {
    const input = inputFromData(path.input !== undefined ? path.input : document.input);
    const actor = createActor(replayed, { clock: new SimulatedClock(), ...(input !== undefined && { input }) } as never);
    let failure: unknown;
    let failed = false;
    // without an error observer an actor error would be rethrown, outside the replay
    const subscription = actor.subscribe({ error: (error) => ((failed = true), (failure = error)) });
    const check = (step: number, event: EventObject | null, expected: ExpectedState): ReplayedStep => {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      const actual =
        failed || snapshot.status === 'error' ? { failed: errorText(failure ?? snapshot.error) } : expectedState(snapshot);
      const same = !('failed' in actual) && stableStringify(actual.value) === stableStringify(expected.value) && actual.tags.join('\n') === [...expected.tags].sort().join('\n');
      const result = { path: path.id, step, event, expected, actual, same };
      onStep(result);
      return result;
    };
    try {
      actor.start();
      let result = check(0, null, path.start);
      for (let i = 0; result.same && i < path.steps.length; i++) {
        const { event, value, tags } = path.steps[i]!;
        actor.send(inputFromData(event) as EventObject);
        result = check(i + 1, event, { value, tags });
      }
      if (!result.same) return result;
    } finally {
      subscription.unsubscribe();
      actor.stop();
    }
  }
  return null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
