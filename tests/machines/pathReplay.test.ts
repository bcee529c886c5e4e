// The replay contract (model-paths/pathReplay.ts, docs/qa.md#replay-an-exported-file): every machine's
// default export, through JSON.stringify/parse as a QA engineer's tool reads it, replays against the
// registry's machine with nothing but the parsed file (its input, events with errors as data,
// expected state values and tags), step for step; a changed step or another definition is caught.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { generatePaths } from '../../model-paths/machinePaths';
import { registry } from '../../model-paths/registry';
import { formatPaths, type PathsDocument } from '../../model-paths/export';
import { runPaths } from '../../model-paths/cli';
import { REPLAY_EXIT } from '../../model-paths/replayFiles';
import {
  checkDocument,
  definitionHash,
  formatDifference,
  inputAsData,
  inputFromData,
  replayDocument,
  ReplayRefused,
  returns,
  type ReplayedStep,
} from '../../model-paths/pathReplay';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const names = Object.keys(registry.machines).sort();

// each machine's default export, as written: generated once for all the tests below
const texts = new Map<string, string>();
const exportText = (name: string): string => {
  if (!texts.has(name)) texts.set(name, formatPaths(registry, name, generatePaths(registry, name), 'json'));
  return texts.get(name)!;
};
/** The machine's default export (`npm run paths -- <name> --format json`), as a tool parses it. */
const exported = (name: string): PathsDocument => JSON.parse(exportText(name)) as PathsDocument;

describe('an exported file replays with nothing but the file', () => {
  it.each(names)(
    '%s: every step of every path as exported',
    (name) => {
      const document = exported(name);
      const steps: ReplayedStep[] = [];
      const difference = replayDocument(registry.machines[name]!, document, (step) => steps.push(step));
      expect(difference && formatDifference(difference)).toBeNull();
      // each path's start and each of its steps was replayed and matched
      const expected = document.paths.reduce((sum, path) => sum + 1 + path.steps.length, 0);
      expect(steps.length).toBe(expected);
      expect(steps.every((step) => step.same)).toBe(true);
    },
    120_000,
  );

  // every path walked, the machines whose guards read errors and inputs most
  it.each(['session', 'playlist', 'librarySync', 'shareWizard'])(
    '%s with --every-path: every step as exported',
    (name) => {
      const document = JSON.parse(runPaths(registry, [name, '--every-path', '--format', 'json']).out) as PathsDocument;
      const difference = replayDocument(registry.machines[name]!, document);
      expect(difference && formatDifference(difference)).toBeNull();
    },
    120_000,
  );

  it.each([
    ['session', 'quick'],
    ['playlist', 'quick'],
    ['session', 'random', '--seed', '3'],
    ['librarySync', 'random', '--seed', '3'],
  ])(
    '%s with --generator %s: every step as exported',
    (name, ...generator) => {
      const document = JSON.parse(
        runPaths(registry, [name, '--generator', ...generator, '--format', 'json']).out,
      ) as PathsDocument;
      expect(document.paths.length).toBeGreaterThan(0);
      const difference = replayDocument(registry.machines[name]!, document);
      expect(difference && formatDifference(difference)).toBeNull();
    },
    120_000,
  );

  it('the default export of every machine stays well under 1 MB of JSON, all it carries included', () => {
    const bytes = names.reduce((sum, name) => sum + Buffer.byteLength(exportText(name)), 0);
    expect(bytes).toBeLessThan(750_000);
  }, 120_000);

  it('the input the file carries is the one replayed: without it the session and the share wizard differ', () => {
    for (const name of ['session', 'shareWizard']) {
      const { input: _, ...withoutInput } = exported(name);
      expect(replayDocument(registry.machines[name]!, withoutInput)).not.toBeNull();
    }
  }, 120_000);

  it("a path's own input (a user stored by an earlier visit) is the one its replay starts from", () => {
    const document = exported('session');
    const stored = document.paths.filter((path) => path.input !== undefined);
    expect(stored.length).toBeGreaterThan(0);
    const withoutTheirs = { ...document, paths: stored.map(({ input: _, ...path }) => path) };
    expect(replayDocument(registry.machines.session!, withoutTheirs)).not.toBeNull();
  }, 120_000);

  it("errors in events are data the guards read: the session's refusals are plain objects in the file", () => {
    const document = exported('session');
    const errors = document.paths.flatMap((path) =>
      path.steps.flatMap((step) => ('error' in step.event ? [step.event.error] : [])),
    );
    expect(errors).toContainEqual({ name: 'ApiError', message: 'wrong 2fa code', status: 202001, httpStatus: 200 });
    expect(errors).toContainEqual({ name: 'ApiError', message: 'unauthorized', status: 902002, httpStatus: 200 });
  }, 120_000);
});

describe('a file that does not match is caught', () => {
  const keepPlan = exported('keepPlan');
  const confirm = keepPlan.paths.find((path) => path.steps.some((step) => step.event.type === 'CONFIRM'))!;
  const at = confirm.steps.findIndex((step) => step.event.type === 'CONFIRM');

  it('a step with another expected state fails at that step, naming path, step, event, expected and actual', () => {
    const tampered = structuredClone(keepPlan);
    const path = tampered.paths.find((p) => p.id === confirm.id)!;
    path.steps[at]!.value = 'ready';
    const difference = replayDocument(registry.machines.keepPlan!, tampered);
    expect(difference).not.toBeNull();
    expect(formatDifference(difference!)).toBe(
      `${confirm.id} step ${at + 1} (CONFIRM): expected ready [], got closed []`,
    );
  });

  it('a step reached by another branch than the file says fails, naming the transitions fired', () => {
    const tampered = structuredClone(keepPlan);
    const path = tampered.paths.find((p) => p.id === confirm.id)!;
    const fired = path.steps[at]!.transition;
    path.steps[at]!.transition = ['ready —CONFIRM#2→ closed'];
    expect(formatDifference(replayDocument(registry.machines.keepPlan!, tampered)!)).toBe(
      `${confirm.id} step ${at + 1} (CONFIRM): expected closed [], fired: ready —CONFIRM#2→ closed, got closed [], fired: ${fired.join(' + ')}`,
    );
  });

  it('a step with other tags fails too', () => {
    const tampered = structuredClone(keepPlan);
    tampered.paths[0]!.start.tags = ['ready'];
    expect(formatDifference(replayDocument(registry.machines.keepPlan!, tampered)!)).toBe(
      `${keepPlan.paths[0]!.id} step 0 (the start): expected estimating [ready], got estimating [estimating]`,
    );
  });

  it('a file with another definition hash is refused before any step, in one line', () => {
    const stale = { ...keepPlan, definitionHash: 'sha256:0000000000000000' };
    let replayed = 0;
    expect(() => replayDocument(registry.machines.keepPlan!, stale, () => replayed++)).toThrow(ReplayRefused);
    expect(replayed).toBe(0);
    expect(() => checkDocument(registry.machines.keepPlan!, stale)).toThrow(
      `keepPlan: the file was exported from another definition of the machine (sha256:0000000000000000, now ${keepPlan.definitionHash}): export it again`,
    );
    // a file exported before the contract carried no hash: refused too
    const { definitionHash: _, ...old } = keepPlan;
    expect(() => checkDocument(registry.machines.keepPlan!, old as PathsDocument)).toThrow(/export it again/);
  });
});

describe('definitionHash', () => {
  const config = (target: 'b' | 'c', guard: 'ok' | 'fine') =>
    setup({ guards: { ok: () => true, fine: () => true } }).createMachine({
      id: 'small',
      initial: 'a',
      states: { a: { on: { GO: { target, guard }, STAY: { description: 'words only' } } }, b: {}, c: {} },
    });

  it('is the same for the same definition, made again; a description does not count', () => {
    expect(definitionHash(config('b', 'ok'))).toBe(definitionHash(config('b', 'ok')));
    expect(definitionHash(registry.machines.session!)).toBe(definitionHash(registry.machines.session!));
    expect(definitionHash(config('b', 'ok'))).toMatch(/^sha256:[0-9a-f]{16}$/);
  });

  it('changes with a transition or a guard', () => {
    expect(definitionHash(config('c', 'ok'))).not.toBe(definitionHash(config('b', 'ok')));
    expect(definitionHash(config('b', 'fine'))).not.toBe(definitionHash(config('b', 'ok')));
  });
});

describe('an input with functions', () => {
  it('writes each stub by name and makes the function again', () => {
    const data = inputAsData({ volume: 100, now: returns(1_700_000_000_000) });
    expect(data).toEqual({ volume: 100, now: { $stub: 'returns', value: 1_700_000_000_000 } });
    const input = inputFromData(JSON.parse(JSON.stringify(data))) as { now: () => number };
    expect(input.now()).toBe(1_700_000_000_000);
  });

  it('an event is written the same way: errors as their fields, stubs by name', () => {
    const event = {
      type: 'LOADED',
      error: Object.assign(new Error('no'), { status: 1 }),
      at: new Date(0),
      now: returns(5),
    };
    expect(JSON.parse(JSON.stringify(inputAsData(event)))).toEqual({
      type: 'LOADED',
      error: { name: 'Error', message: 'no', status: 1 },
      at: '1970-01-01T00:00:00.000Z',
      now: { $stub: 'returns', value: 5 },
    });
  });

  it('refuses a function that is no stub, naming where it is', () => {
    expect(() => inputAsData({ clock: { now: () => 1 } })).toThrow('input.clock.now is a function with no stub');
    expect(() => inputFromData({ now: { $stub: 'random' } })).toThrow("unknown stub 'random'");
    expect(() => inputFromData({ now: { $stub: 'constructor' } })).toThrow("unknown stub 'constructor'");
  });
});

describe('npm run paths -- --replay FILE (the command, in its own process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paths-replay-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const keepPlanJson = runPaths(registry, ['keepPlan', '--format', 'json']).out;

  const replay = (file: string) =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile('npx', ['tsx', 'scripts/machine-paths.ts', '--replay', file], { cwd: repoRoot }, (error, out, err) =>
        resolve({ code: error ? Number((error as { code?: unknown }).code) : 0, out, err }),
      );
    });

  it('replays a file exported by another process: one line a step, exit 0', async () => {
    const file = join(dir, 'keepPlan.json');
    writeFileSync(file, keepPlanJson);
    const { code, out, err } = await replay(file);
    expect(err).toBe('');
    expect(code).toBe(REPLAY_EXIT.same);
    const document = JSON.parse(keepPlanJson) as PathsDocument;
    const steps = document.paths.reduce((sum, path) => sum + path.steps.length, 0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe(`${file}: keepPlan (keepPlan, ${document.definitionHash}), ${document.paths.length} paths`);
    expect(lines.filter((line) => / step \d+ \(.+\): .+ ok$/.test(line))).toHaveLength(steps);
    expect(lines).toContain('keepPlan-1 step 1 (CLOSE): closed [] ok');
    expect(lines.at(-1)).toBe(
      `Replayed 1 file: 1 machine, ${document.paths.length} paths, ${steps} steps, each as exported`,
    );
  }, 60_000);

  it("every machine's export, as the array --all prints: the hashes agree across processes", async () => {
    const file = join(dir, 'all.json');
    writeFileSync(file, `[\n${names.map(exportText).join(',\n')}\n]\n`);
    const { code, out, err } = await replay(file);
    expect(err).toBe('');
    expect(code).toBe(REPLAY_EXIT.same);
    expect(out.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^Replayed 1 file: ${names.length} machines, `));
  }, 180_000);

  it('a tampered step: exit 1 and one line naming path, step, event, expected and actual', async () => {
    const document = JSON.parse(keepPlanJson) as PathsDocument;
    document.paths[0]!.steps[0]!.value = 'ready';
    const file = join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(document));
    const { code, out, err } = await replay(file);
    expect(code).toBe(REPLAY_EXIT.differs);
    expect(err.trim()).toBe(`paths: ${file}: keepPlan-1 step 1 (CLOSE): expected ready [], got closed []`);
    expect(out.trimEnd().split('\n').at(-1)).toBe(
      'keepPlan-1 step 1 (CLOSE): expected ready [], got closed [] DIFFERS',
    );
  }, 60_000);

  it('a file from another definition: exit 3 and one line', async () => {
    const document = JSON.parse(keepPlanJson) as PathsDocument;
    const file = join(dir, 'stale.json');
    writeFileSync(file, JSON.stringify({ ...document, definitionHash: 'sha256:0123456789abcdef' }));
    const { code, out, err } = await replay(file);
    expect(code).toBe(REPLAY_EXIT.otherDefinition);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toEqual([
      `paths: refused ${file}: keepPlan: the file was exported from another definition of the machine (sha256:0123456789abcdef, now ${document.definitionHash}): export it again`,
    ]);
  }, 60_000);
});

describe('--replay arguments', () => {
  it('refuses no file, other options, and a file that is not an export', () => {
    expect(runPaths(registry, ['--replay'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^--replay needs the files to replay\n/),
    });
    expect(runPaths(registry, ['--replay', 'a.json', '--format', 'csv'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^--replay takes files only/),
    });
    expect(runPaths(registry, ['--replay', join(tmpdir(), 'no-such-export.json')])).toMatchObject({
      code: REPLAY_EXIT.notAnExport,
      err: `paths: cannot replay ${join(tmpdir(), 'no-such-export.json')}: no such file`,
    });
  });
});
