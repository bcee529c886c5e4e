import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Browser tests: real Chromium (playwright-core) against the real reference server on loopback.
// The global setup generates the server's demo content once per run (see tests/e2e/support/).
export default defineConfig({
  // the interface paths (tests/e2e/paths) walk the app's machines, which import through '@'
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/globalSetup.ts'],
    reporters: ['default', ['./harness/summaryReporter.ts', { run: 'e2e' }]],
    testTimeout: 60000,
    hookTimeout: 120000,
    fileParallelism: false,
  },
});
