// `npm run paths -- … --format json|csv|md --out DIR` (model-paths/export.ts, model-paths/cli.ts):
// the exports QA tools read, whole payloads, stable ids.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise, setup, type AnyEventObject } from 'xstate';
import type { MachineRegistry } from '../../model-paths/machinePaths';
import { registry as machines } from '../../model-paths/registry';
import { parsePathsArgs, runPaths, writePathsFiles } from '../../model-paths/cli';
import { csvField, eventPhrase } from '../../model-paths/export';
import { definitionHash, returns } from '../../model-paths/pathReplay';
import { smallMachine } from './fixtures/smallMachine';

const signIn = setup({ actors: { login: fromPromise<string>(() => new Promise<string>(() => {})) } }).createMachine({
  id: 'signIn',
  initial: 'idle',
  states: {
    idle: { description: 'The sign-in form is empty.', on: { LOGIN: 'loggingIn' } },
    loggingIn: {
      invoke: {
        src: 'login',
        onDone: { target: 'signedIn', description: 'The server knows the password.' },
        onError: 'refused',
      },
    },
    signedIn: { description: 'The home page shows the user.' },
    refused: {},
  },
});
const note = 'a, "quoted"\nsecond line of a note that is longer than sixty characters in all';
const refusal = Object.assign(new Error('wrong password'), { status: 902011 });
const samples: AnyEventObject[] = [
  { type: 'LOGIN', email: 'mio@example.com', note },
  { type: 'xstate.done.actor.0.signIn.loggingIn', output: 'token' },
  { type: 'xstate.error.actor.0.signIn.loggingIn', error: refusal },
];
const registry: MachineRegistry = {
  machines: { signIn, small: smallMachine },
  pathEvents: {
    signIn: samples,
    small: [
      { type: 'GO', to: 'a' },
      { type: 'GO', to: 'b' },
    ] as AnyEventObject[],
  },
  unreachable: { small: [{ transition: 'waiting —after 3000 ms→ idle', reason: 'nobody waits 3 s here' }] },
};
const run = (...args: string[]) => runPaths(registry, args);

/** RFC 4180 read back: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  for (let i = 0, quoted = false; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('--format json', () => {
  const json = run('signIn', '--format', 'json');
  const document = JSON.parse(json.out);

  it('has the documented shape, whole payloads and errors with their fields', () => {
    expect(json.code).toBe(0);
    expect(Object.keys(document)).toEqual([
      'machine',
      'machineId',
      'definitionHash',
      'generator',
      'seed',
      'coverage',
      'paths',
    ]);
    expect(document).toMatchObject({
      machine: 'signIn',
      machineId: 'signIn',
      definitionHash: definitionHash(signIn),
      generator: 'shortest',
      seed: null,
    });
    expect(document.coverage).toEqual({
      states: { covered: 4, total: 4, missing: [] },
      transitions: { covered: 3, total: 3, missing: [], unreachable: [] },
    });
    // the two paths that add coverage: the start and the path to loggingIn are prefixes of both
    expect(document.paths.map((path: { id: string }) => path.id)).toEqual(['signIn-1', 'signIn-2']);
    const refused = document.paths.find((path: { title: string }) => path.title.endsWith('refused'));
    expect(refused.start).toEqual({ value: 'idle', tags: [] });
    expect(refused.steps).toEqual([
      {
        from: 'idle',
        event: { type: 'LOGIN', email: 'mio@example.com', note },
        to: 'loggingIn',
        transition: ['idle —LOGIN→ loggingIn'],
        value: 'loggingIn',
        tags: [],
      },
      {
        from: 'loggingIn',
        event: {
          type: 'xstate.error.actor.0.signIn.loggingIn',
          error: { name: 'Error', message: 'wrong password', status: 902011 },
        },
        to: 'refused',
        transition: ['loggingIn —error: login→ refused'],
        value: 'refused',
        tags: [],
      },
    ]);
  });

  it('writes each path start and each step on a line of its own', () => {
    const lines = json.out.split('\n');
    expect(lines.filter((line) => line.trimStart().startsWith('"start": {"value":'))).toHaveLength(
      document.paths.length,
    );
    const steps = document.paths.reduce((sum: number, path: { steps: unknown[] }) => sum + path.steps.length, 0);
    expect(lines.filter((line) => line.trimStart().startsWith('{"from":'))).toHaveLength(steps);
  });

  it("carries the machine's input as data, a function as the stub it stands for", () => {
    const withInput: MachineRegistry = { ...registry, pathInputs: { signIn: { user: null, now: returns(1) } } };
    expect(JSON.parse(runPaths(withInput, ['signIn', '--format', 'json']).out).input).toEqual({
      user: null,
      now: { $stub: 'returns', value: 1 },
    });
    expect(document).not.toHaveProperty('input');
  });

  it('lists the unreachable transitions apart, and an always fired with its event in one step', () => {
    const small = JSON.parse(run('small', '--format', 'json').out);
    expect(small.coverage.transitions.unreachable).toEqual([
      { transition: 'waiting —after 3000 ms→ idle', reason: 'nobody waits 3 s here' },
    ]);
    const always = small.paths
      .flatMap((path: { steps: { transition: string[] }[] }) => path.steps)
      .find((step: { transition: string[] }) => step.transition.length > 1);
    expect(always.transition).toEqual(['idle —GO#1→ a', 'a —always#2→ waiting']);
  });

  it('is byte for byte the same in a second run; a seeded random walk too', () => {
    expect(run('signIn', '--format', 'json').out).toBe(json.out);
    const random = run('small', '--generator', 'random', '--seed', '42', '--format', 'json').out;
    expect(JSON.parse(random)).toMatchObject({ generator: 'random', seed: 42 });
    expect(run('small', '--generator', 'random', '--seed', '42', '--format', 'json').out).toBe(random);
  });

  it('prints an array for several machines', () => {
    expect(JSON.parse(run('--all', '--format', 'json').out).map((doc: { machine: string }) => doc.machine)).toEqual([
      'signIn',
      'small',
    ]);
  });
});

describe('--format csv', () => {
  it('one row a step, RFC 4180 quoting of commas, quotes and line breaks', () => {
    const csv = run('signIn', '--format', 'csv').out;
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([
      'path_id',
      'path_title',
      'step',
      'from',
      'event',
      'event_payload_json',
      'to',
      'transitions',
    ]);
    const login = rows.find((row) => row[0] === 'signIn-2')!;
    expect(login.slice(2)).toEqual([
      '1',
      'idle',
      'LOGIN',
      JSON.stringify({ email: 'mio@example.com', note }),
      'loggingIn',
      'idle —LOGIN→ loggingIn',
    ]);
    // 2 + 2 steps in the two paths; with --every-path 1 + 2 + 2 (the start has no row)
    expect(rows).toHaveLength(5);
    expect(parseCsv(run('signIn', '--format', 'csv', '--every-path').out)).toHaveLength(6);
    expect(csvField('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvField('plain')).toBe('plain');
  });
});

describe('--format md', () => {
  const md = run('signIn', '--format', 'md').out;

  it('writes each path as given / when / then in the machine words, without internal event ids', () => {
    expect(md).toContain('## signIn-2');
    expect(md).toContain('- **Given** *idle*: The sign-in form is empty.');
    expect(md).toContain(
      '- **When** the login call succeeds (`done: login`) with `{"output":"token"}` (The server knows the password.)',
    );
    expect(md).toContain('  - **Then** *signed in*: The home page shows the user.');
    expect(md).toContain('- **When** the login call fails (`error: login`)');
    expect(md).not.toContain('xstate.');
  });

  it('says delays and events as a listener does', () => {
    expect(eventPhrase('after 3000 ms')).toBe('3000 ms pass');
    expect(eventPhrase('SUBMIT_CODE')).toBe('submit code');
    expect(eventPhrase('done: fetchUser')).toBe('the fetch user call succeeds');
  });
});

describe('--format text and --out', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paths-out-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the text cuts no payload', () => {
    expect(run('signIn').out).toContain(JSON.stringify({ email: 'mio@example.com', note }));
  });

  it('--out writes one file a machine and prints where', () => {
    const written = run('--all', '--format', 'csv', '--out', dir);
    writePathsFiles(written);
    expect(readdirSync(dir).sort()).toEqual(['signIn.csv', 'small.csv']);
    const bytes = (name: string) => Buffer.byteLength(readFileSync(join(dir, name), 'utf8')).toLocaleString('en-US');
    const signInBytes = Buffer.byteLength(readFileSync(join(dir, 'signIn.csv'), 'utf8'));
    const smallBytes = Buffer.byteLength(readFileSync(join(dir, 'small.csv'), 'utf8'));
    const lines = written.out.split('\n');
    expect(lines[0]).toBe(`Wrote ${join(dir, 'signIn.csv')}: 2 paths, 4 steps, ${bytes('signIn.csv')} bytes`);
    expect(lines[1]).toMatch(
      new RegExp(`^Wrote ${join(dir, 'small.csv')}: \\d+ paths, \\d+ steps, ${bytes('small.csv')} bytes$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^Total: 2 files, \\d+ paths, \\d+ steps, ${(signInBytes + smallBytes).toLocaleString('en-US')} bytes$`,
      ),
    );
    expect(lines).toHaveLength(3);
    expect(readFileSync(join(dir, 'signIn.csv'), 'utf8')).toBe(`${run('signIn', '--format', 'csv').out}\n`);
  });

  it('--out that cannot be written: one line saying why, nothing thrown', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const failure = writePathsFiles(run('signIn', '--format', 'csv', '--out', join(file, 'exports')));
    expect(failure).toBe(
      `paths: cannot write ${join(file, 'exports', 'signIn.csv')} (--out ${join(file, 'exports')}): a part of the path is a file, not a folder`,
    );
  });

  it('--out onto a FIFO is refused at once instead of waiting for a reader', () => {
    const fifos = mkdtempSync(join(tmpdir(), 'paths-fifo-'));
    try {
      execFileSync('mkfifo', [join(fifos, 'signIn.json')]);
      expect(writePathsFiles(run('signIn', '--format', 'json', '--out', fifos))).toBe(
        `paths: cannot write ${join(fifos, 'signIn.json')}: it is not a regular file`,
      );
    } finally {
      rmSync(fifos, { recursive: true, force: true });
    }
  });

  it('refuses an unknown format with the usage', () => {
    const refused = run('signIn', '--format', 'xml');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^Unknown format 'xml' \(text, json, csv or md\)\nUsage: npm run paths/);
  });
});

describe('docs/qa.md', () => {
  it('every npm run paths command in it parses and names machines that exist', () => {
    const doc = readFileSync(join(__dirname, '../../docs/qa.md'), 'utf8');
    const commands = [...doc.matchAll(/npm run paths -- ([^`\n]+)/g)].map((match) => match[1]!.trim().split(/\s+/));
    expect(commands.length).toBeGreaterThan(5);
    for (const args of commands) {
      const parsed = parsePathsArgs(args);
      expect(parsed.all || parsed.help || parsed.names.length > 0, args.join(' ')).toBe(true);
      // with --replay the names are the files to replay: exported JSON files
      if (parsed.replay) for (const file of parsed.names) expect(file, args.join(' ')).toMatch(/\.json$/);
      else for (const name of parsed.names) expect(Object.keys(machines.machines), args.join(' ')).toContain(name);
    }
  });
});
