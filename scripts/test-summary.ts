/**
 * End of `npm test`: prints "Tests: N passed, M failed" summing every vitest run recorded by
 * harness/summaryReporter.ts in $TEST_SUMMARY_FILE, and exits 1 when anything failed, an
 * expected run did not report, a run's exit code says it failed, or a check that is not a test
 * run (the type check, which runs beside the tests) failed. Removes the file.
 *
 *   TEST_SUMMARY_FILE=… tsx scripts/test-summary.ts --expect main,e2e --status 0,1 --checks typecheck=0
 *   (one exit code per expected run, in the same order; each check by name with its exit code)
 */
import { readSummary, removeSummary, SUMMARY_ENV, type SummaryFile } from '../harness/summaryReporter';

interface Verdict {
  lines: string[];
  ok: boolean;
}

function judge(summary: SummaryFile, expected: string[], statuses: number[], checks: string[]): Verdict {
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const [name, run] of Object.entries(summary.runs)) {
    const projects = Object.entries(run.projects)
      .map(([project, c]) => `${project} ${c.passed}/${c.passed + c.failed}`)
      .join(', ');
    lines.push(
      `  ${name}: ${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped (${projects || 'no tests'})`,
    );
    for (const file of run.failedFiles) lines.push(`    failed outside a test: ${file}`);
    if (run.unhandledErrors > 0) lines.push(`    ${run.unhandledErrors} unhandled error(s)`);
    if (run.reason === 'interrupted') {
      lines.push('    run was interrupted');
      failed++;
    }
    passed += run.passed;
    failed += run.failed;
  }
  // A run that never reported, or a step that failed with no failed test (a crash, a build or
  // type error), counts as one failure so the closing line never reads "0 failed" on a red run.
  expected.forEach((name, i) => {
    const run = summary.runs[name];
    const status = statuses[i] ?? 0;
    if (!run) {
      lines.push(`  ${name}: did not run or did not report (exit code ${status})`);
      failed++;
    } else if (status !== 0 && run.failed === 0) {
      lines.push(`  ${name}: exited with code ${status} although no test failed`);
      failed++;
    }
  });
  // a failed check counts as one failure, like a step that failed with no failed test
  for (const check of checks) {
    const [name, status] = check.split('=');
    if (Number(status ?? 1) !== 0) {
      lines.push(`  ${name}: failed with exit code ${status} (its output is above)`);
      failed++;
    }
  }
  lines.push(`Tests: ${passed} passed, ${failed} failed`);
  return { lines, ok: failed === 0 };
}

function listArg(name: string): string[] {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  return value ? value.split(',').filter(Boolean) : [];
}

const file = process.env[SUMMARY_ENV];
if (!file) {
  console.error(`${SUMMARY_ENV} is not set: run this through \`npm test\`.`);
  process.exit(1);
}
const { lines, ok } = judge(
  readSummary(file),
  listArg('--expect'),
  listArg('--status').map(Number),
  listArg('--checks'),
);
removeSummary(file);
console.log(lines.join('\n'));
process.exit(ok ? 0 : 1);
