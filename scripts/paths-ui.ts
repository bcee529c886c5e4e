/**
 * `npm run paths:ui [-- <machine> ...]`: the machines' generated paths in real Chromium against the
 * real server (tests/e2e/interface-paths/, a file a group of machines), every machine with an
 * adapter or only those named; it checks Chromium and builds the client first (the e2e server serves dist/).
 *
 * `npm run paths:ui -- --export DIR [<machine> ...]`: writes those paths as standalone Playwright
 * test files into DIR instead (tests/e2e/paths/exportPaths.ts; no browser, no build), for
 * `BASE_URL=https://… npx playwright test -c DIR` against a deployed site.
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const exportAt = args.indexOf('--export');
const exportDir = exportAt === -1 ? undefined : args[exportAt + 1];
if (exportAt !== -1 && (!exportDir || exportDir.startsWith('-'))) {
  console.error('Usage: npm run paths:ui -- --export DIR [<machine> ...]');
  process.exit(2);
}
const machines = args.filter((arg, i) => !arg.startsWith('-') && !(exportAt !== -1 && i === exportAt + 1));

/** Runs a command in this terminal; exits with its status when it fails. */
function step(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = process.env): void {
  const run = spawnSync(command, commandArgs, { stdio: 'inherit', env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

if (exportDir) {
  step('npx', ['tsx', 'tests/e2e/paths/exportPaths.ts', exportDir, ...machines]);
} else {
  step('npx', ['tsx', 'scripts/ensure-chromium.ts']);
  step('npx', ['vite', 'build']);
  step('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', 'tests/e2e/interface-paths/'], {
    ...process.env,
    INTERFACE_PATHS: machines.join(','),
  });
}
