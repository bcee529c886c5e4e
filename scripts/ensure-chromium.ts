/**
 * Makes sure the tools the tests drive are here: Chromium for the e2e tests, and ffmpeg, with which
 * the strict server (ANNIV_STRICT=1) transcodes like annil (its server tests and the e2e).
 * Run first by `npm test` and by `npm run test:e2e`. Missing, as root with apt-get (CI): installs
 * the distribution's `chromium` / `ffmpeg` packages in one go. Otherwise exits 1 saying how.
 */
import { spawnSync } from 'node:child_process';
import { INSTALL_HINT, probeChromium } from '../tests/e2e/support/chromium';

function found(): boolean {
  const probe = probeChromium();
  if (probe.ok) console.log(`Chromium: ${probe.version} (${probe.path})`);
  else console.error(`Chromium: ${probe.reason}`);
  return probe.ok;
}

function hasFfmpeg(): boolean {
  const ok = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
  console.log(ok ? 'ffmpeg: found' : 'ffmpeg: missing');
  return ok;
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

const missing = [...(found() ? [] : ['chromium']), ...(hasFfmpeg() ? [] : ['ffmpeg'])];
if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  if ((missing.includes('chromium') && process.env.CHROMIUM_PATH) || !isRoot || !hasAptGet()) {
    console.error(`Needed for the tests: ${missing.join(', ')}. ${INSTALL_HINT} ffmpeg: apt-get install ffmpeg.`);
    process.exit(1);
  }
  try {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', ...missing]);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  if (!found() || !hasFfmpeg()) {
    console.error(`Installing ${missing.join(', ')} did not give working tools. ${INSTALL_HINT}`);
    process.exit(1);
  }
}
