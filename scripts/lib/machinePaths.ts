/**
 * Readable model-based paths of a machine for QA (`npm run paths -- <name> [--simple]`).
 * Pure: scripts/machine-paths.ts loads the registry and prints.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import {
  assertAllStatesReached,
  defaultEvents,
  describePath,
  machinePaths,
} from '../../tools/modelPaths';

export interface MachineRegistry {
  machines: Record<string, AnyStateMachine>;
  /** Sample events per machine (with payloads); without them every event type is tried with none. */
  pathEvents?: Record<string, readonly EventObject[]>;
  /** Input per machine, for machines that need one. */
  pathInputs?: Record<string, unknown>;
  /** State key per machine, for machines whose guards read context (default: the state value). */
  pathStateKeys?: Record<string, (snapshot: AnyMachineSnapshot) => string>;
}

export interface PathsReportOptions {
  simple?: boolean;
}

/** "Path 3: unknown → (xstate.done.actor.fetchUser) loggedIn → (LOGOUT) loggingOut" lines. */
export function renderPathsReport(
  registry: MachineRegistry,
  name: string,
  options: PathsReportOptions = {},
): string {
  const machine = registry.machines[name];
  if (!machine) {
    const known = Object.keys(registry.machines).sort();
    throw new Error(
      `Unknown machine '${name}'. Known: ${known.length ? known.join(', ') : '(none registered in scripts/lib/machineRegistry.ts)'}`,
    );
  }
  // Samples carry payloads; every other event type the machine handles is tried without one.
  const events = defaultEvents(machine, registry.pathEvents?.[name] ?? []);
  const kind = options.simple ? 'simple' : 'shortest';
  const input = registry.pathInputs?.[name];
  const serializeState = registry.pathStateKeys?.[name];
  const paths = machinePaths(machine, {
    events,
    kind,
    ...(input !== undefined && { input }),
    ...(serializeState && { serializeState }),
  });
  const lines = [
    `${name} (${machine.id}): ${paths.length} ${kind} path(s), events: ${[...new Set(events.map((e) => e.type))].join(', ') || '(none)'}`,
    ...paths.map((path, i) => `Path ${i + 1}: ${describePath(path)}`),
  ];
  try {
    assertAllStatesReached(paths, machine);
  } catch (error) {
    lines.push(`Warning: ${error instanceof Error ? error.message : String(error)}`);
  }
  return lines.join('\n');
}
