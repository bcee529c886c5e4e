// The command itself, as a QA engineer pipes it into another tool: nothing of a long report is lost.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `npm run paths -- …` as npm does (node with tsx), its output read through a pipe. */
function pathsThroughPipe(args: readonly string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/machine-paths.ts', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('npm run paths through a pipe', () => {
  it('writes the whole report, footer included, before it exits (the playlists report is over 200 kB)', async () => {
    const { code, out } = await pathsThroughPipe(['playlists']);
    expect(code).toBe(0);
    expect(out.length).toBeGreaterThan(200_000);
    expect(out.trimEnd().split('\n').at(-1)).toMatch(/^Coverage: states \d+\/\d+, transitions \d+\/\d+/);
  }, 60_000);
});
