/**
 * `npm run paths -- --replay FILE...`: replays exported JSON files (`--format json`, one document
 * or the array `--all` prints) against the current machines of the registry, with nothing but
 * each file: its input, its events, its expected state values and tags (model-paths/pathReplay.ts).
 * One line a step; the first step that differs ends the run (exit 1), a file made from another
 * definition of its machine is refused (exit 3), a file that is not an export too (exit 2).
 */
import { readFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { formatEvent } from './modelPaths';
import {
  checkDocument,
  formatDifference,
  formatExpected,
  replayDocument,
  ReplayRefused,
  type ReplayDocument,
  type ReplayedStep,
} from './pathReplay';
import { eventNamesOf } from './transitions';
import type { MachineRegistry } from './machinePaths';

/** Exit codes of `--replay` (docs/qa.md#replay-an-exported-file). */
export const REPLAY_EXIT = { same: 0, differs: 1, notAnExport: 2, otherDefinition: 3 } as const;

export interface ReplayRun {
  code: number;
  out: string;
  err: string;
}

const counted = (n: number, what: string): string => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** Reads and replays each file in turn; `read` is the file system's (a test may pass its own). */
export function replayFiles(
  registry: MachineRegistry,
  files: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): ReplayRun {
  const out: string[] = [];
  const totals = { machines: 0, paths: 0, steps: 0 };
  const refuse = (code: number, line: string): ReplayRun => ({ code, out: out.join('\n'), err: line });
  for (const file of files) {
    let documents: ReplayDocument[];
    try {
      const parsed = JSON.parse(read(file)) as unknown;
      documents = (Array.isArray(parsed) ? parsed : [parsed]) as ReplayDocument[];
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      const why =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EISDIR'
            ? 'a folder has that name'
            : error instanceof SyntaxError
              ? `not JSON (${message})`
              : message;
      return refuse(REPLAY_EXIT.notAnExport, `paths: cannot replay ${file}: ${why}`);
    }
    for (const document of documents) {
      const name = document && typeof document === 'object' ? document.machine : undefined;
      const machine = typeof name === 'string' ? registry.machines[name] : undefined;
      if (!machine) {
        const what =
          typeof name === 'string'
            ? `machine '${name}' is not in the registry`
            : 'not an export of npm run paths --format json';
        return refuse(REPLAY_EXIT.notAnExport, `paths: cannot replay ${file}: ${what}`);
      }
      try {
        checkDocument(machine, document);
      } catch (error) {
        if (!(error instanceof ReplayRefused)) throw error;
        return refuse(REPLAY_EXIT.otherDefinition, `paths: refused ${file}: ${error.message}`);
      }
      out.push(
        `${file}: ${name} (${machine.id}, ${document.definitionHash}), ${counted(document.paths.length, 'path')}`,
      );
      const line = stepLine(machine);
      let difference: ReplayedStep | null;
      try {
        difference = replayDocument(machine, document, (step) => {
          out.push(line(step));
          if (step.step > 0 && step.same) totals.steps++;
        });
      } catch (error) {
        // an unknown stub, a step without its event: the file is not what an export writes
        return refuse(REPLAY_EXIT.notAnExport, `paths: cannot replay ${file}: ${(error as Error).message}`);
      }
      if (difference) return refuse(REPLAY_EXIT.differs, `paths: ${file}: ${formatDifference(difference)}`);
      totals.machines++;
      totals.paths += document.paths.length;
    }
  }
  out.push(
    `Replayed ${counted(files.length, 'file')}: ${counted(totals.machines, 'machine')}, ${counted(totals.paths, 'path')}, ${counted(totals.steps, 'step')}, each as exported`,
  );
  return { code: REPLAY_EXIT.same, out: out.join('\n'), err: '' };
}

/** `session-3 step 2 (done: fetchUser): loggedIn.idle [] ok`; a step that differs says what it got. */
function stepLine(machine: AnyStateMachine): (step: ReplayedStep) => string {
  const names = eventNamesOf(machine);
  return (step) => {
    const event = step.event ? (names.get(step.event.type) ?? formatEvent({ type: step.event.type })) : 'start';
    const head = `${step.path} ${step.event ? `step ${step.step} (${event})` : 'start'}`;
    return step.same
      ? `${head}: ${formatExpected(step.expected)} ok`
      : `${head}: expected ${formatExpected(step.expected)}, got ${formatExpected(step.actual)} DIFFERS`;
  };
}
