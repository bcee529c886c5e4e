// Runs a machine's generated paths in real Chromium through its adapter: one vitest test per path
// (titled as `npm run paths` titles it), each step done as the user does it and each state reached
// checked as the user sees it (runPath.ts), then a test that the paths fire every transition a user
// can reach. The summary line counts only what the paths that passed took.
import { describe, expect, test } from 'vitest';
import type { Suite } from '../support/suite';
import type { AnyInterfaceAdapter } from './adapter';
import { coverageProblems, summaryLine, type PlannedPath } from './plan';
import { PATH_TIMEOUT_MS, planOf, runPath } from './runPath';

export { runPath } from './runPath';

/** Registers a describe for the adapter's machine; `summaries` gets its summary line once it has run. */
export function interfacePaths(adapter: AnyInterfaceAdapter, suite: Suite, summaries: string[]): void {
  const plan = planOf(adapter);
  const passed = new Set<PlannedPath>();
  describe(adapter.machine, () => {
    plan.paths.forEach((path, index) => {
      test(
        `Path ${index + 1}: ${path.title}`,
        async () => {
          await runPath(adapter, suite, path);
          passed.add(path);
        },
        PATH_TIMEOUT_MS,
      );
    });
    test('the paths fire every transition a user can reach, and none the adapter lists as out of reach', () => {
      summaries.push(summaryLine(plan, passed));
      expect(coverageProblems(plan)).toEqual([]);
      expect(passed.size, 'every path passed').toBe(plan.paths.length);
    });
  });
}
