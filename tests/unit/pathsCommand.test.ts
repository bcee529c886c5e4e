// The command itself, as a QA engineer pipes it into another tool: nothing of a long report is lost.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `npm run paths -- …` as npm does (node with tsx), its output read through a pipe. */
function pathsThroughPipe(args: readonly string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/machine-paths.ts', ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('npm run paths through a pipe', () => {
  it('writes the whole report, footer included, before it exits (the playlists report of every path is over 200 kB)', async () => {
    const { code, out } = await pathsThroughPipe(['playlists', '--every-path']);
    expect(code).toBe(0);
    expect(out.length).toBeGreaterThan(200_000);
    expect(out.trimEnd().split('\n').at(-1)).toMatch(/^Coverage: states \d+\/\d+, transitions \d+\/\d+/);
  }, 60_000);

  it('--out to a place that cannot be written: one line on stderr and exit 2, nothing on stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paths-out-'));
    try {
      const file = join(dir, 'not-a-folder');
      writeFileSync(file, '');
      const { code, out, err } = await pathsThroughPipe(['messages', '--format', 'json', '--out', join(file, 'x')]);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err.trim().split('\n')).toEqual([
        `paths: cannot write ${join(file, 'x', 'messages.json')} (--out ${join(file, 'x')}): a part of the path is a file, not a folder`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
