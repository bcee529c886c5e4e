/**
 * `npm run paths -- … --format json|csv|md`: the generated paths as files QA tools read, nothing
 * cut (docs/qa.md describes each format). Pure: model-paths/cli.ts decides where they go.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import type { StateValue } from 'xstate';
import { allStateNodes, formatStateValue, leafPaths } from './modelPaths';
import { definitionHash, expectedState, inputAsData, type ExpectedState } from './pathReplay';
import type { GeneratedPaths, UnreachableTransition } from './pathGenerators';
import { eventNamesOf, transitionsOf } from './transitions';
import { formatPathsReport, machineOf, pathTitler, type MachineRegistry } from './machinePaths';

/** Each format and the extension of its files under `--out`. */
export const pathsFormats = { text: 'txt', json: 'json', csv: 'csv', md: 'md' } as const;
export type PathsFormat = keyof typeof pathsFormats;

interface PathStep {
  /** State before the event, as the text prints it (`loggedIn.{playback.paused, loop.list}`). */
  from: string;
  /** The event as sent, its whole payload included. */
  event: Record<string, unknown> & { type: string };
  to: string;
  /** Ids of the transitions this one event fired, in order (several with an `always`; none when ignored). */
  transition: string[];
  /** The state value reached (`to` as data) and its tags, sorted: what a replay expects (model-paths/pathReplay.ts). */
  value: StateValue;
  tags: string[];
}

export interface PathsDocument {
  /** The registry's name of the machine (`npm run paths -- <machine>`). */
  machine: string;
  /** The machine's XState id and a hash of its definition: a replay refuses a file made from another. */
  machineId: string;
  definitionHash: string;
  /** The machine's input as data, functions as the stubs they stand for (docs/qa.md); absent when it takes none. */
  input?: unknown;
  generator: GeneratedPaths['generator'];
  seed: number | null;
  coverage: {
    states: { covered: number; total: number; missing: string[] };
    transitions: {
      covered: number;
      total: number;
      missing: UnreachableTransition[];
      unreachable: UnreachableTransition[];
    };
  };
  /** `input`: only on a path that starts from one of the machine's further inputs (docs/qa.md). */
  paths: { id: string; title: string; input?: unknown; start: ExpectedState; steps: PathStep[] }[];
}

/** `<machine>-<n>`, n counting the paths from 1 in the order they are generated (which a run repeats). */
const pathId = (machine: string, index: number): string => `${machine}-${index + 1}`;

/** The event with errors as `{name, message, …own fields}` and functions as their stubs, so JSON keeps all it says. */
const plainEvent = (event: EventObject): PathStep['event'] =>
  inputAsData(event, `event ${event.type}`) as PathStep['event'];

function pathsDocument(registry: MachineRegistry, name: string, generated: GeneratedPaths): PathsDocument {
  const machine = machineOf(registry, name);
  const title = pathTitler(machine);
  const { states, transitions } = generated.coverage;
  const input = registry.pathInputs?.[name];
  return {
    machine: name,
    machineId: machine.id,
    definitionHash: definitionHash(machine),
    ...(input !== undefined && { input: inputAsData(input) }),
    generator: generated.generator,
    seed: generated.seed ?? null,
    coverage: {
      states: { covered: states.covered, total: states.total, missing: states.missing },
      transitions: {
        covered: transitions.covered,
        total: transitions.total,
        missing: transitions.missing,
        unreachable: transitions.explained,
      },
    },
    paths: generated.paths.map((path, i) => ({
      id: pathId(name, i),
      title: title(path),
      ...('input' in path && { input: inputAsData(path.input) }),
      start: expectedState(path.steps[0]!.state),
      steps: path.steps.slice(1).map((step, j) => ({
        from: formatStateValue(path.steps[j]!.state.value),
        event: plainEvent(step.event),
        to: formatStateValue(step.state.value),
        transition: step.fired,
        ...expectedState(step.state),
      })),
    })),
  };
}

/**
 * The document as indented JSON with each path's start and each step on one line of its own: as
 * easy to read a step at a time, and a third smaller than indenting the state values and payloads.
 */
function documentJson(document: PathsDocument): string {
  const lines: string[] = [];
  // each one-line object stands in the indented text as a string that names it
  const mark = (value: unknown) => `\u0000${lines.push(JSON.stringify(value)) - 1}`;
  const marked = {
    ...document,
    paths: document.paths.map((path) => ({ ...path, start: mark(path.start), steps: path.steps.map(mark) })),
  };
  return JSON.stringify(marked, null, 2).replace(/"\\u0000(\d+)"/g, (_, i: string) => lines[Number(i)]!);
}

/** One machine's paths in `format`: the text `npm run paths` always printed, or an export. */
export function formatPaths(
  registry: MachineRegistry,
  name: string,
  generated: GeneratedPaths,
  format: PathsFormat,
): string {
  if (format === 'text') return formatPathsReport(registry, name, generated);
  const document = pathsDocument(registry, name, generated);
  if (format === 'json') return documentJson(document);
  if (format === 'csv') return pathsCsv([document]);
  return pathsMarkdown(machineOf(registry, name), document, generated, registry.pathEventLabels?.[name]);
}

/** Several machines in one output (stdout without `--out`): a JSON array, one CSV table, the texts one after the other. */
export function joinOutputs(format: PathsFormat, outputs: readonly string[]): string {
  if (format === 'json') return outputs.length === 1 ? outputs[0]! : `[\n${outputs.join(',\n')}\n]`;
  if (format === 'csv')
    return [outputs[0]!, ...outputs.slice(1).map((csv) => csv.slice(csv.indexOf('\r\n') + 2))].join('');
  return outputs.join('\n\n');
}

const csvHeader = ['path_id', 'path_title', 'step', 'from', 'event', 'event_payload_json', 'to', 'transitions'];

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled; lines end in CRLF. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row a step; `event` is the type as sent, `transitions` the ids fired, one a line. */
function pathsCsv(documents: readonly PathsDocument[]): string {
  const rows = [csvHeader];
  for (const document of documents) {
    for (const path of document.paths) {
      path.steps.forEach((step, i) => {
        const { type, ...payload } = step.event;
        const payloadJson = Object.keys(payload).length ? JSON.stringify(payload) : '';
        rows.push([
          path.id,
          path.title,
          String(i + 1),
          step.from,
          type,
          payloadJson,
          step.to,
          step.transition.join('\n'),
        ]);
      });
    }
  }
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** `fetchUser` → `fetch user`, `SUBMIT_CODE` → `submit code`, `audio.ended` → `audio ended`. */
function spokenName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** What happened, as a listener says it: `the fetch user call succeeds`, `3000 ms pass`, `submit code`. */
export function eventPhrase(name: string): string {
  const actor = /^(done|error): (.+)$/.exec(name);
  if (actor) return `the ${spokenName(actor[2]!)} call ${actor[1] === 'done' ? 'succeeds' : 'fails'}`;
  const delay = /^after (\d+) ms$/.exec(name);
  if (delay) return `${delay[1]} ms pass`;
  if (name.startsWith('after ')) return `the ${spokenName(name.slice('after '.length))} delay passes`;
  return spokenName(name);
}

/**
 * Each path as a manual test case: given the state it starts in, when each event, then the state
 * reached. An event reads as its label from the machine's samples (`pathEventLabels`, keyed by the
 * type as sent), else as a phrase made from its name.
 */
function pathsMarkdown(
  machine: AnyStateMachine,
  document: PathsDocument,
  generated: GeneratedPaths,
  labels: Readonly<Record<string, string>> = {},
): string {
  const descriptions = new Map<string, string>();
  for (const node of allStateNodes(machine))
    if (node.description) descriptions.set(node.path.join('.'), node.description);
  const why = new Map(transitionsOf(machine).flatMap((t) => (t.description ? [[t.id, t.description] as const] : [])));
  const names = eventNamesOf(machine);
  // a state in the product's words: its own description, else the nearest enclosing one's
  const said = (leaf: string): string => {
    const spoken = `*${leaf.split('.').map(spokenName).join(' › ')}*`;
    for (let parts = leaf.split('.'); parts.length; parts = parts.slice(0, -1)) {
      const text = descriptions.get(parts.join('.'));
      if (text) return `${spoken}: ${text}`;
    }
    return spoken;
  };
  const { coverage } = document;
  const lines = [
    `# ${document.machine}: ${document.paths.length} test case(s)`,
    '',
    `Generated by \`npm run paths\` (${document.generator} generator${document.seed === null ? '' : `, seed ${document.seed}`}). ` +
      `Coverage: states ${coverage.states.covered}/${coverage.states.total}, transitions ${coverage.transitions.covered}/${coverage.transitions.total}.`,
  ];
  document.paths.forEach((path, p) => {
    // the atomic states each step is in (step 0: the start)
    const leaves = generated.paths[p]!.steps.map((step) => leafPaths(step.state.value));
    lines.push('', `## ${path.id}`, '', `\`${path.title}\``, '', `- **Given** ${leaves[0]!.map(said).join('; ')}`);
    path.steps.forEach((step, i) => {
      const { type, ...payload } = step.event;
      const name = names.get(type) ?? type;
      const data = Object.keys(payload).length ? ` with \`${JSON.stringify(payload)}\`` : '';
      const reasons = step.transition.flatMap((id) => (why.has(id) ? [why.get(id)!] : []));
      lines.push(
        `- **When** ${labels[type] ?? eventPhrase(name)} (\`${name}\`)${data}${reasons.length ? ` (${reasons.join(' ')})` : ''}`,
      );
      const before = new Set(leaves[i]);
      const changed = leaves[i + 1]!.filter((leaf) => !before.has(leaf));
      lines.push(
        step.transition.length === 0
          ? '  - **Then** nothing changes'
          : `  - **Then** ${changed.length ? changed.map(said).join('; ') : `still ${leaves[i + 1]!.map(said).join('; ')}`}`,
      );
    });
  });
  return lines.join('\n');
}
