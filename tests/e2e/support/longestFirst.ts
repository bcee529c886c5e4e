// The order e2e files start in when files run side by side: the files that take longest start
// first, so none of them starts last and holds the run up alone. Vitest orders by the durations it
// cached from the last run, and with no cache (a fresh clone) by file size, which puts the
// shortest files first for the interface path groups and the deployment journeys (a few lines
// calling a shared module), and started the longest file tenth. These go first whatever the cache
// says; the rest keep vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take longest, relative to the repository, longest first
 * (measured alone at three files side by side: 119, 95, 94, 92, 74, 68, 66 and 65 s; the next is 57 s).
 */
const LONGEST = [
  'tests/e2e/playback.test.ts',
  'tests/e2e/deployment-strict.test.ts',
  'tests/e2e/interface-paths/session.test.ts',
  'tests/e2e/interface-paths/lists.test.ts',
  'tests/e2e/interface-paths/sharing.test.ts',
  'tests/e2e/interface-paths/keeping.test.ts',
  'tests/e2e/interface-paths/player.test.ts',
  'tests/e2e/deployment-reference.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const file = spec.moduleId.slice(spec.project.config.root.length).replace(/^\//, '');
  const index = LONGEST.indexOf(file);
  return index === -1 ? LONGEST.length : index;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a rank, vitest's order stays
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
