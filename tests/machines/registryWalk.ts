// The one walk of a machine (issue: the titles the command prints are the titles the tests run):
// the paths `npm run paths -- <name>` prints, from the samples beside the machine, as test cases.
import { expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { registry } from '../../model-paths/registry';
import { formatPathsReport, generatePaths, pathTitler } from '../../model-paths/machinePaths';
import type { GeneratedPath } from '../../model-paths/pathGenerators';
import type { MachinePath } from '../../model-paths/modelPaths';

/** Title prefix of the paths only `--every-path` prints (the lean walk leaves them out: they add no coverage). */
const EVERY_PATH = '--every-path: ';

/**
 * `_machine` only types the paths for the caller's own machine (its fakes), which replays them.
 * `cases`: the paths the command prints, by their titles. `everyPaths` and `allCases`: every path
 * the walk took (`npm run paths -- <name> --every-path`), for tests that check a model over walks
 * that tell contexts apart; `allCases` names the ones the lean walk leaves out `--every-path: <title>`.
 */
export function registryWalk<M extends AnyStateMachine>(name: string, _machine?: M) {
  const generated = generatePaths(registry, name);
  const every = generatePaths(registry, name, { everyPath: true });
  const title = pathTitler(registry.machines[name]!);
  // replayPath reads a path's state values and events: a replayed path is one
  const asMachinePaths = (list: readonly GeneratedPath[]) => list as unknown as MachinePath<M>[];
  const paths = asMachinePaths(generated.paths);
  const everyPaths = asMachinePaths(every.paths);
  const cases = generated.paths.map((path, i) => [title(path), paths[i]!] as const);
  const lean = new Set(cases.map(([name]) => name));
  const extra = every.paths.flatMap((path, i) =>
    lean.has(title(path)) ? [] : [[`${EVERY_PATH}${title(path)}`, everyPaths[i]!] as const],
  );
  /** The input a path starts from: its own (one of the machine's further inputs), else the machine's. */
  const inputOf = (path: MachinePath<M>): unknown =>
    (path as unknown as GeneratedPath).input !== undefined
      ? (path as unknown as GeneratedPath).input
      : registry.pathInputs[name];
  return { generated, paths, cases, everyPaths, allCases: [...cases, ...extra], inputOf };
}

/** the titles of the paths a report of `npm run paths` prints, in order */
export const printedTitles = (report: string): string[] =>
  report
    .split('\n')
    .filter((line) => line.startsWith('Path '))
    .map((line) => line.replace(/^Path \d+: /, ''));

/**
 * The walk is one: `npm run paths -- <name>` prints exactly the titles of the paths the calling
 * file replays. Each machine's paths test calls it with the walk it replays, so a walk is generated
 * once per run (tests/machines/oneWalk.test.ts checks every listed machine's file does).
 */
export function itPrintsTheWalk(
  name: string,
  walk: Pick<ReturnType<typeof registryWalk>, 'generated' | 'cases'>,
): void {
  it(`npm run paths -- ${name} prints the paths this file runs`, () => {
    expect(printedTitles(formatPathsReport(registry, name, walk.generated))).toEqual(
      walk.cases.map(([title]) => title),
    );
  });
}

/** a state value as the rules written plainly name it: `on.sending` for `{ on: 'sending' }` */
export const stateOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}.${stateOf(v)}`)
        .join('');
