// One walk per machine: the paths tests replay exactly the paths `npm run paths -- <name>` prints,
// title for title (both come from the samples beside the machine). Each machine's paths test checks
// it on the walk it replays (`itPrintsTheWalk`), so no walk is generated twice in a run; this file
// checks that every machine listed here does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from '../../model-paths/registry';

/** Machines whose paths test takes its walk from the registry (see each *.paths.test.ts). */
const oneWalk = [
  'shareWizard',
  'session',
  'player',
  'favouriteToggle',
  'favourites',
  'libraries',
  'librarySync',
  'loader',
  'lyrics',
  'lyricsEditor',
  'sharing',
  'appStatus',
  'messages',
  'settings',
  'myShares',
  'playlist',
  'playlists',
  'keepPlan',
  'smartLists',
  'smartListEditor',
  'shelf',
];

describe('npm run paths prints the paths the tests run', () => {
  it.each(oneWalk)('%s: its paths test replays the registry walk and checks what the command prints', (name) => {
    expect(registry.machines[name]).toBeDefined();
    const source = readFileSync(new URL(`./${name}.paths.test.ts`, import.meta.url), 'utf8');
    expect(source).toContain(`registryWalk('${name}', machine)`);
    expect(source).toContain(`itPrintsTheWalk('${name}', machineWalk)`);
  });
});
