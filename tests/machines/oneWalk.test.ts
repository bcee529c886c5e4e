// One walk per machine: the paths tests replay exactly the paths `npm run paths -- <name>` prints,
// title for title (both come from the samples beside the machine).
import { describe, expect, it } from 'vitest';
import { registry } from '../../scripts/lib/machineRegistry';
import { runPaths } from '../../scripts/lib/pathsCli';
import { registryWalk } from './registryWalk';

/** Machines whose paths test takes its walk from the registry (see each *.paths.test.ts). */
const oneWalk = ['shareWizard', 'session', 'player'];

describe('npm run paths prints the paths the tests run', () => {
  it.each(oneWalk)('%s', (name) => {
    const printed = runPaths(registry, [name]).out.split('\n').filter((line) => line.startsWith('Path '));
    expect(printed.map((line) => line.replace(/^Path \d+: /, ''))).toEqual(registryWalk(name).cases.map(([title]) => title));
  });
});
