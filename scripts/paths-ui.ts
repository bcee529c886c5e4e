/**
 * `npm run paths:ui [-- <machine> ...]`: the machines' generated paths in real Chromium against the
 * real server (tests/e2e/interface-paths.test.ts), every machine with an adapter or only those
 * named. Run after `vite build` (the e2e server serves dist/); the script in package.json does both.
 */
import { spawnSync } from 'node:child_process';

const machines = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', 'tests/e2e/interface-paths.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, INTERFACE_PATHS: machines.join(',') },
});
process.exit(run.status ?? 1);
