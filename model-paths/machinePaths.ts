/**
 * Model-based paths of a machine for QA (`npm run paths -- <name>`): by default every transition
 * covered (model-paths/pathGenerators.ts), with a footer naming what is not and why.
 * Pure: model-paths/cli.ts reads the arguments and scripts/machine-paths.ts prints.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { defaultEvents, describePath } from './modelPaths';
import { replayMachine } from './pathReplay';
import {
  coveragePaths,
  quickPaths,
  randomPaths,
  type GeneratedPath,
  type GeneratedPaths,
  type UnreachableTransition,
  type WalkSpec,
} from './pathGenerators';
import { eventNamesOf } from './transitions';

export interface MachineRegistry {
  machines: Record<string, AnyStateMachine>;
  /** Sample events per machine (with payloads); without them every event type is tried with none. */
  pathEvents?: Record<string, readonly EventObject[]>;
  /** Input per machine, for machines that need one. */
  pathInputs?: Record<string, unknown>;
  /** Further inputs per machine, walked for the transitions its input cannot reach (see WalkSpec.moreInputs). */
  pathMoreInputs?: Record<string, readonly unknown[]>;
  /** State key per machine, for machines whose guards read context (default: the state value); see WalkSpec.stateKey. */
  pathStateKeys?: Record<string, NonNullable<WalkSpec['stateKey']>>;
  /** Events the graph walk may take from a snapshot, per machine (default: all). */
  pathFilters?: Record<string, (snapshot: AnyMachineSnapshot, event: EventObject) => boolean>;
  /** The generator a machine is walked with when none is asked for (default: shortest). */
  pathGenerators?: Record<string, 'shortest' | 'simple'>;
  /** Transitions no path can fire, with the reason, per machine. */
  unreachable?: Record<string, readonly UnreachableTransition[]>;
  /** Per machine, each event type → what it means to a listener (the Markdown test cases' wording). */
  pathEventLabels?: Record<string, Record<string, string>>;
}

/** `everyPath`: every path the generator walked, not only those that add coverage (`--every-path`). */
export type PathsOptions = { everyPath?: boolean } & (
  | { generator?: 'shortest' | 'simple' /** the same as generator: 'simple' */; simple?: boolean }
  | { generator: 'random'; seed: number; maxLength?: number; untilPercent?: number; maxSteps?: number }
  | { generator: 'quick'; seed?: number; maxLength?: number }
);

export function machineOf(registry: MachineRegistry, name: string): AnyStateMachine {
  const machine = registry.machines[name];
  if (!machine) {
    const known = Object.keys(registry.machines).sort();
    throw new Error(
      `Unknown machine '${name}'. Known: ${known.length ? known.join(', ') : '(none registered in model-paths/registry.ts)'}`,
    );
  }
  return machine;
}

/** The one walk of a machine: its samples, with fakes for its actors that settle only when a path says so. */
export function walkSpecOf(registry: MachineRegistry, name: string): WalkSpec {
  const real = machineOf(registry, name);
  // the machine a replay of an exported file runs too (model-paths/pathReplay.ts)
  const machine = replayMachine(real);
  const input = registry.pathInputs?.[name];
  const moreInputs = registry.pathMoreInputs?.[name];
  const stateKey = registry.pathStateKeys?.[name];
  const filter = registry.pathFilters?.[name];
  return {
    machine,
    // samples carry payloads; every other event type the machine handles is tried without one
    events: defaultEvents(machine, registry.pathEvents?.[name] ?? []),
    ...(input !== undefined && { input }),
    ...(moreInputs?.length && { moreInputs }),
    ...(stateKey && { stateKey }),
    ...(filter && { filter }),
    unreachable: registry.unreachable?.[name] ?? [],
  };
}

export function generatePaths(registry: MachineRegistry, name: string, options: PathsOptions = {}): GeneratedPaths {
  const spec = walkSpecOf(registry, name);
  if (options.generator === 'random') return randomPaths(spec, options);
  if (options.generator === 'quick') return quickPaths(spec, options);
  const kind = options.simple ? 'simple' : (options.generator ?? registry.pathGenerators?.[name] ?? 'shortest');
  return coveragePaths(spec, { kind, ...(options.everyPath && { everyPath: true }) });
}

/**
 * Path titles as the command prints them and the paths tests name their cases; a path that starts
 * from one of the machine's further inputs says so first: `input {"storedUser":{…}}: unknown → …`.
 */
export function pathTitler(machine: AnyStateMachine): (path: GeneratedPath) => string {
  const names = eventNamesOf(machine);
  return (path) => `${'input' in path ? `input ${JSON.stringify(path.input)}: ` : ''}${describePath(path, names)}`;
}

/** Generates the machine's paths and renders them (`formatPathsReport`). */
export function renderPathsReport(registry: MachineRegistry, name: string, options: PathsOptions = {}): string {
  return formatPathsReport(registry, name, generatePaths(registry, name, options));
}

/** "Path 3: unknown → (done: fetchUser) loggedIn → (LOGOUT) loggingOut" lines, then the coverage footer. */
export function formatPathsReport(registry: MachineRegistry, name: string, generated: GeneratedPaths): string {
  const machine = machineOf(registry, name);
  const title = pathTitler(machine);
  const { states, transitions } = generated.coverage;
  const how = generated.seed !== undefined ? `${generated.generator}, seed ${generated.seed}` : generated.generator;
  const lines = [
    `${name} (${machine.id}): ${generated.paths.length} ${how} path(s)`,
    ...generated.paths.map((path, i) => `Path ${i + 1}: ${title(path)}`),
    `Coverage: states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}` +
      (transitions.explained.length ? ` (${transitions.explained.length} unreachable, explained)` : ''),
  ];
  if (states.missing.length) lines.push(`States not reached: ${states.missing.join(', ')}`);
  if (transitions.missing.length) {
    lines.push(
      'Transitions not covered:',
      ...transitions.missing.map((entry) => `  ${entry.transition}: ${entry.reason}`),
    );
  }
  if (transitions.explained.length) {
    lines.push(
      'Unreachable (listed beside the machine):',
      ...transitions.explained.map((entry) => `  ${entry.transition}: ${entry.reason}`),
    );
  }
  return lines.join('\n');
}
