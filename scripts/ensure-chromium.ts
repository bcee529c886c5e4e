/**
 * Makes sure a Chromium is available for the e2e tests (run by `npm run test:e2e`).
 * Missing, as root with apt-get (CI): installs the distribution's `chromium` package. Otherwise
 * exits 1 saying how to get one.
 */
import { spawnSync } from 'node:child_process';
import { INSTALL_HINT, probeChromium } from '../tests/e2e/support/chromium';

function found(): boolean {
  const probe = probeChromium();
  if (probe.ok) console.log(`Chromium: ${probe.version} (${probe.path})`);
  else console.error(`Chromium: ${probe.reason}`);
  return probe.ok;
}

function hasAptGet(): boolean {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function run(command: string, args: string[]): void {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

if (!found()) {
  const isRoot = process.getuid?.() === 0;
  if (process.env.CHROMIUM_PATH || !isRoot || !hasAptGet()) {
    console.error(`Chromium is needed for the browser tests. ${INSTALL_HINT}`);
    process.exit(1);
  }
  try {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', 'chromium']);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  if (!found()) {
    console.error(`Installing chromium did not give a working browser. ${INSTALL_HINT}`);
    process.exit(1);
  }
}
