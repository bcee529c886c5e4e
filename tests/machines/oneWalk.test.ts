// One walk per machine: the paths tests replay exactly the paths `npm run paths -- <name>` prints,
// title for title (both come from the samples beside the machine).
import { describe, expect, it } from 'vitest';
import { formatPathsReport } from '../../model-paths/machinePaths';
import { registry } from '../../model-paths/registry';
import { runPaths } from '../../model-paths/cli';
import { registryWalk } from './registryWalk';

/** Machines whose paths test takes its walk from the registry (see each *.paths.test.ts). */
const oneWalk = [
  'shareWizard', 'session', 'player', 'favouriteToggle', 'favourites', 'libraries', 'librarySync', 'loader', 'lyrics',
  'sharing', 'appStatus', 'messages', 'settings', 'myShares', 'playlist', 'playlists', 'keepPlan',
];

const printedTitles = (report: string) =>
  report.split('\n').filter((line) => line.startsWith('Path ')).map((line) => line.replace(/^Path \d+: /, ''));

describe('npm run paths prints the paths the tests run', () => {
  // generated while collecting, as the paths tests do: the player's walk takes seconds
  const walks = new Map(oneWalk.map((name) => [name, registryWalk(name)]));

  it.each(oneWalk)('%s', (name) => {
    const { generated, cases } = walks.get(name)!;
    expect(printedTitles(formatPathsReport(registry, name, generated))).toEqual(cases.map(([title]) => title));
  });

  it('a new run of the command prints the same paths (shareWizard)', () => {
    expect(printedTitles(runPaths(registry, ['shareWizard']).out)).toEqual(walks.get('shareWizard')!.cases.map(([title]) => title));
  });
});
