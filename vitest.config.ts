import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Three projects: pure/node code, React views in happy-dom, and the reference server.
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    // The summary reporter records counts for the closing "Tests: N passed, M failed" of npm test.
    reporters: ['default', ['./harness/summaryReporter.ts', { run: 'main' }]],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          environment: 'node',
          // the files share a worker's modules instead of importing the app again each (half the
          // project's CPU time went there); they pass in any order (--sequence.shuffle.files), and
          // a file that needs fresh modules takes them with vi.resetModules()
          isolate: false,
          // path walks take under a second alone; on a 2-core machine running every suite at once
          // the longest took over 5 s (the default)
          testTimeout: 15000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.tsx', 'tests/app/**/*.test.ts'],
          environment: 'happy-dom',
          // as the unit project: the files share a worker's modules (importing the app per file was
          // 95 s of the project's 132 s of CPU); what a test leaves in them (the apps it rendered,
          // the cached availability, the address mode) the setup file resets after each test
          isolate: false,
          setupFiles: ['tests/support/setup-dom.ts'],
          testTimeout: 15000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // the demo library, generated once (or found in node_modules/.cache) before the files start
          globalSetup: ['tests/server/support/globalSetup.ts'],
          // as the unit project: the files share a worker's modules (each file imported the whole
          // server again); each builds its own servers and databases. Once a file has a server
          // listening, @hono/node-server's Response is the global one for the files after it
          // (server/api/share.ts, withShareCors)
          isolate: false,
          // a cheaper password hash: the files register and sign in hundreds of times (server/auth.ts)
          env: { PASSWORD_SCRYPT_N: '1024' },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
