/**
 * Adds this run's counts, keyed by run name, to the file named by TEST_SUMMARY_FILE, so that
 * `scripts/test-summary.ts` can end `npm test` with one line summing every run
 * ("Tests: 123 passed, 0 failed"). Used beside the default reporter in both vitest configs; does
 * nothing when the variable is unset (a plain `vitest run`). `npm test` names a file of its own,
 * so parallel runs in one work tree do not mix their counts. Each run writes a file of its own
 * beside it (`<file>.<run>`): `npm test` runs the browser files beside the others, and two runs
 * ending at once would each rewrite one shared file without the other's counts.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';

export const SUMMARY_ENV = 'TEST_SUMMARY_FILE';
/** names the run instead of the config's `run` option: one config run as two (`npm test`'s browser files) */
export const SUMMARY_RUN_ENV = 'TEST_SUMMARY_RUN';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface RunSummary extends Counts {
  /** Counts per vitest project (unit, views, server, e2e). */
  projects: Record<string, Counts>;
  /** Test files that failed outside any test (import error, failing beforeAll…); counted in `failed`. */
  failedFiles: string[];
  /** Errors outside tests; counted in `failed`. */
  unhandledErrors: number;
  reason: TestRunEndReason;
  finishedAt: string;
}

export interface SummaryFile {
  runs: Record<string, RunSummary>;
}

function readOne(file: string): SummaryFile['runs'] {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as Partial<SummaryFile>).runs ?? {};
  } catch {
    return {};
  }
}

/** `file` and every run's file beside it (`<file>.<run>`) */
function summaryFiles(file: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return [file];
  }
  const prefix = `${basename(file)}.`;
  return [file, ...names.filter((name) => name.startsWith(prefix)).map((name) => join(dirname(file), name))];
}

/** every run recorded for `file` */
export function readSummary(file: string): SummaryFile {
  return { runs: Object.assign({}, ...summaryFiles(file).map(readOne)) };
}

/** forgets every run recorded for `file` */
export function removeSummary(file: string): void {
  for (const each of summaryFiles(file)) rmSync(each, { force: true });
}

export function writeSummary(summary: SummaryFile, file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
}

export function summariseRun(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<SerializedError>,
  reason: TestRunEndReason,
): RunSummary {
  const projects: Record<string, Counts> = {};
  const failedFiles: string[] = [];
  for (const module of testModules) {
    const name = module.project.name || 'default';
    const counts = projects[name] ?? { passed: 0, failed: 0, skipped: 0 };
    projects[name] = counts;
    let failedTests = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') {
        counts.failed++;
        failedTests++;
      } else if (state === 'skipped') counts.skipped++;
    }
    if (module.state() === 'failed' && failedTests === 0) {
      counts.failed++;
      failedFiles.push(module.relativeModuleId);
    }
  }
  const total = Object.values(projects).reduce(
    (sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: sum.skipped + c.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  return {
    ...total,
    failed: total.failed + unhandledErrors.length,
    projects,
    failedFiles,
    unhandledErrors: unhandledErrors.length,
    reason,
    finishedAt: new Date().toISOString(),
  };
}

/** Loaded by path from the vitest configs: `['./harness/summaryReporter.ts', { run: 'main' }]`. */
export default class SummaryReporter implements Reporter {
  private readonly file: string | undefined;

  constructor(private readonly options: { run: string; file?: string }) {
    this.file = options.file ?? process.env[SUMMARY_ENV];
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): void {
    if (!this.file) return;
    const run = process.env[SUMMARY_RUN_ENV] || this.options.run;
    writeSummary({ runs: { [run]: summariseRun(testModules, unhandledErrors, reason) } }, `${this.file}.${run}`);
  }
}
