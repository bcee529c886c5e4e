import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { LongestFirstSequencer } from './tests/e2e/support/longestFirst';

// The file that runs alone, after the others: the gapless hand-over is timed on the audio clock,
// which other files' browsers move (docs/performance.md, the browser suite). npm test runs the
// two projects as two runs: the first beside vitest, the second once everything else has ended.
const ALONE = ['tests/e2e/gapless.test.ts'];

// Browser tests: real Chromium (playwright-core) against the real reference server on loopback.
// The global setup generates the server's demo content once per run (see tests/e2e/support/).
// Files run side by side: each starts its own server (own ports, own copy of the demo content) and
// its own browser, so they share nothing but the machine.
export default defineConfig({
  // the interface paths (tests/e2e/paths) walk the app's machines, which import through '@'
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    globalSetup: ['tests/e2e/support/globalSetup.ts'],
    reporters: ['default', ['./harness/summaryReporter.ts', { run: 'e2e' }]],
    // a test waits on its pages (harness/browser.ts PAGE_WAIT_MS each), which take longer side by side
    testTimeout: 90000,
    hookTimeout: 120000,
    // a poll waits on what the page shows: the default 1 s does not hold on a loaded machine
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...ALONE],
          // the files wait mostly on their server and the page, so more files than cores fit; see
          // docs/performance.md for the counts measured on the 2-core machine
          fileParallelism: true,
          maxWorkers: 3,
          // a worker's files share its modules (Playwright, the machines the interface paths walk)
          // instead of importing them again each; every file starts its own server and browser
          isolate: false,
          sequence: { sequencer: LongestFirstSequencer, groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          include: ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
