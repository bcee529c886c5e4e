import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (playwright-core) against the real reference server on loopback.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 120000,
    fileParallelism: false,
  },
});
