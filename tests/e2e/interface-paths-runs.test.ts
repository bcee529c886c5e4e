// What a run of interface paths leaves behind (tests/e2e/paths/runPath.ts, exportPaths.ts), against
// the real server: a failing path saves a screenshot and a Playwright trace named after the path
// and the step, and says where; a machine's exported Playwright file runs with Playwright's own
// runner against the server, as QA runs it against a deployed site, and refuses a path it no
// longer lists as planned.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { TestPage } from '../../harness/browser';
import { REPO_ROOT } from '../../harness/serverProcess';
import type { AnyInterfaceAdapter } from './paths/adapter';
import { exportInterfacePaths } from './paths/exportPaths';
import { favouriteToggleAdapter } from './paths/favouriteToggle.adapter';
import { planOf, runPath } from './paths/runPath';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();
const folders: string[] = [];
const tempFolder = async (name: string) => {
  const dir = await mkdtemp(join(tmpdir(), `anniv-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('a failing interface path', () => {
  test('saves a screenshot and a trace named after the path and the step, and its error names them', async () => {
    const dir = await tempFolder('path-failure');
    // the heart's busy state checked for a text that never shows: step 1 (TOGGLE) fails
    const failing: AnyInterfaceAdapter = {
      ...favouriteToggleAdapter,
      states: {
        ...favouriteToggleAdapter.states,
        submitting: async (ctx: { tp: TestPage }) => {
          await ctx.tp.page.getByText('这段文字不在页面上').waitFor({ timeout: 2_000 });
        },
      },
    };
    const [path] = planOf(failing).paths;
    expect(path!.steps[0]!.states).toEqual(['submitting']);
    const error = await runPath(failing, suite, path!, { artifactsDir: dir }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^step 1 \(TOGGLE .*\): checking state submitting: /);
    // the files as the error names them (relative to where the run started, wherever the checkout is)
    const named = (/\nSaved for this failure: (.+)$/.exec(error!.message)?.[1] ?? '')
      .split(', ')
      .map((file) => resolve(file));
    const expected = ['favouriteToggle-path-1-step-1.png', 'favouriteToggle-path-1-step-1.trace.zip'].map((file) =>
      join(dir, file),
    );
    expect(named).toEqual(expected);
    for (const file of expected) expect(statSync(file).size, file).toBeGreaterThan(0);
  }, 120_000);
});

/** Runs a command to its end: its exit code and everything it printed. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('exported interface paths', () => {
  test("run with Playwright's runner against a site named by BASE_URL", async () => {
    const dir = await tempFolder('exported-paths');
    const exported = await exportInterfacePaths(dir, ['favouriteToggle']);
    expect(exported).toEqual([
      {
        machine: 'favouriteToggle',
        file: join(dir, 'favouriteToggle.spec.ts'),
        paths: planOf(favouriteToggleAdapter).paths.length,
      },
    ]);
    const spec = await readFile(join(dir, 'favouriteToggle.spec.ts'), 'utf8');
    // readable: the adapter imported, each path a test listing its steps
    expect(spec).toMatch(
      /^import \{ favouriteToggleAdapter \} from '.*\/tests\/e2e\/paths\/favouriteToggle\.adapter';$/m,
    );
    expect(spec).toMatch(/^ {2}test\('Path 1 \(\d+ steps\)', async \(\{ site \}\) => \{$/m);
    expect(spec).toContain("'start: idle',");
    expect(existsSync(join(dir, 'playwright.config.ts'))).toBe(true);
    const { server } = suite;
    const { code, output } = await run('npx', ['playwright', 'test', '-c', dir], {
      BASE_URL: server.baseUrl,
      DEMO_EMAIL: server.demo.email,
      DEMO_PASSWORD: server.demo.password,
    });
    expect(output).toMatch(/\b1 passed\b/);
    expect(code, output).toBe(0);
    // a file whose path is no longer the one the plan gives refuses to run it
    await writeFile(join(dir, 'favouriteToggle.spec.ts'), spec.replace("'start: idle',", "'start: submitting',"));
    const stale = await run('npx', ['playwright', 'test', '-c', dir], { BASE_URL: server.baseUrl });
    expect(stale.output).toContain('favouriteToggle path 1 is not the path this file lists');
    expect(stale.output).toContain('line 1 lists "start: submitting", the plan now has "start: idle"');
    expect(stale.code).toBe(1);
  }, 300_000);
});
