/**
 * Where the system Chromium is: `CHROMIUM_PATH`, else /usr/bin/chromium. Shared by the e2e tests
 * (which only look) and scripts/ensure-chromium.ts (which may install it).
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export type ChromiumProbe = { ok: true; path: string; version: string } | { ok: false; path: string; reason: string };

/** Checks that the browser is executable and answers `--version`. */
export function probeChromium(path = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM): ChromiumProbe {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return { ok: false, path, reason: `${path} does not exist or is not executable` };
  }
  try {
    const version = execFileSync(path, ['--version'], {
      encoding: 'utf8',
      timeout: 30_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
    return { ok: true, path, version };
  } catch (error) {
    return {
      ok: false,
      path,
      reason: `${path} --version failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

export const INSTALL_HINT =
  'Install it with `sudo apt-get install chromium`, or set CHROMIUM_PATH to a Chromium/Chrome binary.';

/** The browser path for the tests; throws with how to install it when there is none. */
export function chromiumPath(): string {
  const probe = probeChromium();
  if (!probe.ok) throw new Error(`Chromium not found: ${probe.reason}. ${INSTALL_HINT}`);
  return probe.path;
}
