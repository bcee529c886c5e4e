// The closing line of `npm test` (scripts/test-summary.ts): the type check runs beside the tests,
// so its failure reaches the summary as a check and fails the run even when every test passed.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import SummaryReporter, {
  SUMMARY_ENV,
  SUMMARY_RUN_ENV,
  writeSummary,
  type RunSummary,
} from '../../harness/summaryReporter';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'anniv-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const passedRun: RunSummary = {
  passed: 3,
  failed: 0,
  skipped: 0,
  projects: { unit: { passed: 3, failed: 0, skipped: 0 } },
  failedFiles: [],
  unhandledErrors: 0,
  reason: 'passed',
  finishedAt: '2026-01-01T00:00:00.000Z',
};

/** runs the summary over one passed run with `args`; its exit code and what it printed */
function summary(
  name: string,
  args: string[],
  before?: (file: string) => void,
): Promise<{ code: number; out: string }> {
  const file = join(dir, `${name}.json`);
  writeSummary({ runs: { main: passedRun } }, file);
  before?.(file);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/test-summary.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, [SUMMARY_ENV]: file } },
      (error, out) => resolve({ code: error ? Number(error.code) : 0, out }),
    );
  });
}

describe('npm test closing summary', () => {
  it('a failed check fails the run although every test passed', async () => {
    const { code, out } = await summary('failed-check', [
      '--expect',
      'main',
      '--status',
      '0',
      '--checks',
      'typecheck=2',
    ]);
    expect(out).toContain('typecheck: failed with exit code 2');
    expect(out).toContain('Tests: 3 passed, 1 failed');
    expect(code).toBe(1);
  });

  it('a passed check adds nothing', async () => {
    const { code, out } = await summary('passed-check', [
      '--expect',
      'main',
      '--status',
      '0',
      '--checks',
      'typecheck=0',
    ]);
    expect(out).not.toContain('typecheck');
    expect(out).toContain('Tests: 3 passed, 0 failed');
    expect(code).toBe(0);
  });

  it('runs ending side by side each keep their counts: the browser files run as two runs of one config', async () => {
    let file = '';
    const { code, out } = await summary('two-runs', ['--expect', 'main,e2e,e2e-alone', '--status', '0,0,0'], (f) => {
      file = f;
      const reporter = new SummaryReporter({ run: 'e2e', file: f });
      reporter.onTestRunEnd([], [], 'passed');
      vi.stubEnv(SUMMARY_RUN_ENV, 'e2e-alone');
      reporter.onTestRunEnd([], [], 'passed');
      vi.unstubAllEnvs();
    });
    expect(out).toContain('main: 3 passed');
    expect(out).toContain('e2e: 0 passed');
    expect(out).toContain('e2e-alone: 0 passed');
    expect(out).toContain('Tests: 3 passed, 0 failed');
    expect(code).toBe(0);
    // the summary removes what it read
    expect(existsSync(file) || existsSync(`${file}.e2e`) || existsSync(`${file}.e2e-alone`)).toBe(false);
  });
});
