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
 * - Per step the state value and tags the machine reached, and the transitions the event fired.
 *
 * The replay runs the registry's machine with every named actor a fake that never settles and a
 * clock nobody advances: only the file's events (its `xstate.done.actor.*`, `xstate.after.*`) move it.
 */
import { createHash } from 'node:crypto';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { errorsAsObjects, formatEvent, formatStateValue, stableStringify, withPendingActors } from './modelPaths';
import { TransitionRecorder } from './transitions';

/** The key that marks a stub in an exported input. */
const STUB_KEY = '$stub';

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
    if (!stub)
      throw new Error(`${where} is a function with no stub: write it as returns(…) from model-paths/pathReplay.ts`);
    return { [STUB_KEY]: stub.stub, value: inputAsData(stub.value, `${where}()`) };
  }
  if (Array.isArray(input)) return input.map((item, i) => inputAsData(item, `${where}[${i}]`));
  // a plain object's fields one by one; anything else (an error, a date) as JSON writes it
  if (input !== null && typeof input === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(input))) {
    // a field left undefined is left out, as JSON does
    const fields = Object.entries(input).filter(([, value]) => value !== undefined);
    return Object.fromEntries(fields.map(([key, value]) => [key, inputAsData(value, `${where}.${key}`)]));
  }
  const text = JSON.stringify(input, errorsAsObjects) as string | undefined;
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

/** The input a replay passes: each `{"$stub": …}` made the function it stands for again. */
export function inputFromData(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(inputFromData);
  if (data === null || typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  if (typeof record[STUB_KEY] === 'string') {
    const make = Object.hasOwn(stubs, record[STUB_KEY]) ? stubs[record[STUB_KEY]] : undefined;
    if (!make)
      throw new ReplayRefused(
        `unknown stub '${record[STUB_KEY]}' in the input (known: ${Object.keys(stubs).join(', ')})`,
      );
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
  const { guards, actions, actors, delays } = machine.implementations as unknown as Record<
    string,
    Record<string, unknown> | undefined
  >;
  const named = (implementations: Record<string, unknown> = {}) =>
    Object.fromEntries(
      Object.entries(implementations).map(([key, value]) => [key, typeof value === 'function' ? 'ƒ' : value]),
    );
  const shape = {
    definition: machine.definition,
    guards: named(guards),
    actions: named(actions),
    actors: Object.keys(actors ?? {}).sort(),
    delays: named(delays),
  };
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

export const expectedState = (snapshot: AnyMachineSnapshot): ExpectedState => ({
  value: snapshot.value,
  tags: [...snapshot.tags].sort(),
});

/** What a replay reads from an exported document (model-paths/export.ts writes more). */
export interface ReplayDocument {
  machine: string;
  machineId: string;
  definitionHash: string;
  /** The machine's input, as data (absent: it takes none). */
  input?: unknown;
  paths: ReplayPath[];
}

interface ReplayPath {
  id: string;
  /** Its own input, when it starts from one of the machine's further inputs. */
  input?: unknown;
  start: ExpectedState;
  /** `transition`: the ids of the transitions the event fired (model-paths/transitions.ts), checked when present. */
  steps: ({ event: EventObject; transition?: string[] } & ExpectedState)[];
}

/** A file that cannot be replayed against the current machines (made from another definition, not an export). */
export class ReplayRefused extends Error {}

/** A step as a replay compares it: the state and tags, and the transitions the event fired (absent at the start). */
export interface ComparedState extends ExpectedState {
  transition?: string[];
}

/** One replayed step: `step` 0 is the start. */
export interface ReplayedStep {
  path: string;
  step: number;
  event: EventObject | null;
  expected: ComparedState;
  actual: ComparedState | { failed: string };
  same: boolean;
}

/** `loggedOut.askingCode [askingCode]`, with the transitions fired when asked (`, fired: a —X→ b`). */
export function formatExpected(state: ComparedState | { failed: string }, withTransitions = false): string {
  if ('failed' in state) return `the actor failed: ${state.failed}`;
  const fired = withTransitions && state.transition ? `, fired: ${state.transition.join(' + ') || 'nothing'}` : '';
  return `${formatStateValue(state.value)} [${state.tags.join(', ')}]${fired}`;
}

/**
 * One line about a step that differs: path id, step, event (payload and all), expected and actual;
 * the transitions fired too when the state is the same but another branch took the machine there.
 */
export function formatDifference(step: ReplayedStep): string {
  const event = step.event ? formatEvent(step.event) : 'the start';
  const { expected, actual } = step;
  const sameState = !('failed' in actual) && sameValueAndTags(expected, actual);
  return `${step.path} step ${step.step} (${event}): expected ${formatExpected(expected, sameState)}, got ${formatExpected(actual, sameState)}`;
}

const sameValueAndTags = (a: ExpectedState, b: ExpectedState): boolean =>
  stableStringify(a.value) === stableStringify(b.value) &&
  [...a.tags].sort().join('\n') === [...b.tags].sort().join('\n');

/**
 * Checks that the document was made from this machine (its id and definition hash); throws
 * `ReplayRefused` with one line saying why not.
 */
export function checkDocument(machine: AnyStateMachine, document: ReplayDocument): void {
  const { machine: name, machineId, definitionHash: hash } = document;
  if (typeof hash !== 'string' || typeof machineId !== 'string' || !Array.isArray(document.paths)) {
    throw new ReplayRefused(
      `${name}: the file has no machineId/definitionHash (exported before replays were possible): export it again`,
    );
  }
  if (machineId !== machine.id)
    throw new ReplayRefused(`${name}: the file is for machine id '${machineId}', the registry's is '${machine.id}'`);
  const current = definitionHash(machine);
  if (hash !== current) {
    throw new ReplayRefused(
      `${name}: the file was exported from another definition of the machine (${hash}, now ${current}): export it again`,
    );
  }
}

/**
 * Replays every path of a checked document on the machine, step by step, calling `onStep` for each
 * (the start included): the state value, the tags and, when the file lists them, the transitions
 * the event fired (two guarded branches may end in the same state). Stops at the first step that
 * differs and returns it (null: all the same).
 */
export function replayDocument(
  machine: AnyStateMachine,
  document: ReplayDocument,
  onStep: (step: ReplayedStep) => void = () => {},
): ReplayedStep | null {
  checkDocument(machine, document);
  const replayed = replayMachine(machine);
  for (const path of document.paths) {
    const input = inputFromData(path.input !== undefined ? path.input : document.input);
    const recorder = new TransitionRecorder(replayed, input !== undefined ? { input } : {});
    const check = (
      step: number,
      event: EventObject | null,
      expected: ComparedState,
      fired: string[] | null,
    ): ReplayedStep => {
      const actual =
        fired === null
          ? { failed: errorText(recorder.failure) }
          : { ...expectedState(recorder.snapshot), transition: fired };
      const same =
        !('failed' in actual) &&
        sameValueAndTags(expected, actual) &&
        (expected.transition === undefined || expected.transition.join('\n') === actual.transition.join('\n'));
      const result = { path: path.id, step, event, expected, actual, same };
      onStep(result);
      return result;
    };
    try {
      let result = check(0, null, path.start, recorder.failed ? null : []);
      for (let i = 0; result.same && i < path.steps.length; i++) {
        const { event, value, tags, transition } = path.steps[i]!;
        const fired = recorder.send(inputFromData(event) as EventObject);
        result = check(i + 1, event, { value, tags, ...(transition && { transition }) }, fired);
      }
      if (!result.same) return result;
    } finally {
      recorder.stop();
    }
  }
  return null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
