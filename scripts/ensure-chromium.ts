/**
 * Makes sure the tools the tests drive are here: Chromium for the e2e tests, and ffmpeg, with which
 * the strict server (ANNIV_STRICT=1) transcodes like annil (its server tests and the e2e).
 * Run first by `npm test` and by `npm run test:e2e`. Missing, as root with apt-get (CI): installs
 * the distribution's `chromium` / `ffmpeg` packages in one go. Otherwise exits 1 saying how.
 */
import { spawnSync } from 'node:child_process';
import { hasFfmpeg } from '../server/library/transcode';
import { INSTALL_HINT, probeChromium } from '../harness/chromium';

function chromiumFound(): boolean {
  const probe = probeChromium();
  if (probe.ok) console.log(`Chromium: ${probe.version} (${probe.path})`);
  else console.error(`Chromium: ${probe.reason}`);
  return probe.ok;
}

function ffmpegFound(): boolean {
  const ok = hasFfmpeg();
  if (ok) console.log('ffmpeg: found');
  else console.error('ffmpeg: not on PATH');
  return ok;
}

/** Each tool: Debian's package, whether it is here, and how to get it by hand. */
const TOOLS = [
  { name: 'chromium', found: chromiumFound, hint: INSTALL_HINT },
  { name: 'ffmpeg', found: ffmpegFound, hint: 'Install it with `sudo apt-get install ffmpeg`.' },
];

function hasAptGet(): boolean {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function run(command: string, args: string[]): void {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

const missing = TOOLS.filter((tool) => !tool.found());
// CHROMIUM_PATH names the browser to use: a missing one there is the user's to fix, not apt-get's
const installable = missing.filter((tool) => !(tool.name === 'chromium' && process.env.CHROMIUM_PATH));
if (installable.length > 0 && process.getuid?.() === 0 && hasAptGet()) {
  try {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', ...installable.map((tool) => tool.name)]);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
}
const stillMissing = missing.filter((tool) => !tool.found());
if (stillMissing.length > 0) {
  for (const tool of stillMissing) console.error(`${tool.name} is needed for the tests. ${tool.hint}`);
  process.exit(1);
}
