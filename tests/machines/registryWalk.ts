// The one walk of a machine (issue: the titles the command prints are the titles the tests run):
// the paths `npm run paths -- <name>` prints, from the samples beside the machine, as test cases.
import type { AnyStateMachine } from 'xstate';
import { registry } from '../../scripts/lib/machineRegistry';
import { generatePaths, pathTitler } from '../../scripts/lib/machinePaths';
import type { MachinePath } from '../../tools/modelPaths';

/** `_machine` only types the paths for the caller's own machine (its fakes), which replays them. */
export function registryWalk<M extends AnyStateMachine>(name: string, _machine?: M) {
  const generated = generatePaths(registry, name);
  const title = pathTitler(registry.machines[name]!);
  // replayPath reads a path's state values and events: a replayed path is one
  const paths = generated.paths as unknown as MachinePath<M>[];
  return { generated, paths, cases: generated.paths.map((path, i) => [title(path), paths[i]!] as const) };
}
