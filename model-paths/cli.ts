/**
 * Arguments of `npm run paths` and the run itself, pure (the exit code and the text to print are
 * returned), so tests drive it without spawning a process. scripts/machine-paths.ts prints.
 */
import { SIMPLE_LIMIT, WalkLimitError, transitionPercent, type GeneratedPaths } from './pathGenerators';
import { mkdirSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { generatePaths, type MachineRegistry, type PathsOptions } from './machinePaths';
import { formatPaths, joinOutputs, pathsFormats, type PathsFormat } from './export';
import { replayFiles } from './replayFiles';

const pathsUsage = `Usage: npm run paths -- <machine>... | --all [options]   or   npm run paths -- --replay FILE...
  (default)                  shortest paths to every state, then one path for each transition not fired yet
                             (a machine whose samples say pathGenerator: 'simple' walks every simple path)
  --generator shortest       the shortest paths, whatever the machine's samples say
  --simple                   every simple path instead (refused past ${SIMPLE_LIMIT} states: use --generator random)
  --generator random         seeded random walks; with --seed N (default 1), --max-length N (events a walk, default 50),
                             --until transitions:P (stop at P % of the transitions, default 100), --max-steps N (default 20 000)
  --generator quick          from where the walk is, the nearest transition not fired yet, again and again (fewest steps);
                             with --seed N (shuffles ties), --max-length N (events a path, default 50)
  --every-path               every path the generator walks (prefixes of others, the start itself), not only those that add coverage
  --min-coverage P           exit 1 when a machine fires less than P % of its transitions (unreachable ones listed beside it excepted)
  --format text|json|csv|md  text (default), JSON, CSV (one row a step) or Markdown test cases (docs/qa.md)
  --out DIR                  write one file a machine, DIR/<machine>.<txt|json|csv|md>, instead of printing
                             (and print each file's paths, steps and bytes, then the totals)
  --replay FILE...           replay exported JSON files (--format json) against the current machines, one line a step:
                             exit 1 at the first step that differs, 3 for a file made from another definition of
                             its machine (export it again), 2 for a file that is not an export
  --help                     this text`;

export interface PathsRun {
  code: number;
  out: string;
  err: string;
  /** What `--out` writes (`writePathsFiles`): one file a machine. */
  files: { path: string; content: string }[];
}

interface ParsedArgs {
  /** The machines, or with `replay` the files to replay. */
  names: string[];
  all: boolean;
  replay: boolean;
  help: boolean;
  minCoverage?: number;
  format: PathsFormat;
  outDir?: string;
  options: PathsOptions;
}

class UsageError extends Error {}

function formatOf(name: string): PathsFormat {
  if (!(name in pathsFormats)) throw new UsageError(`Unknown format '${name}' (text, json, csv or md)`);
  return name as PathsFormat;
}

export function parsePathsArgs(args: readonly string[]): ParsedArgs {
  const names: string[] = [];
  let all = false;
  let replay = false;
  let help = false;
  let everyPath = false;
  let simple = false;
  let generator: string | undefined;
  let minCoverage: number | undefined;
  const numbers: Record<string, number> = {};
  let until: number | undefined;
  let format: PathsFormat = 'text';
  let outDir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = (): string => {
      const next = args[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    const number = (): number => {
      const text = value();
      const parsed = Number(text);
      if (!Number.isFinite(parsed) || parsed < 0) throw new UsageError(`${arg} needs a number, got '${text}'`);
      return parsed;
    };
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--all') all = true;
    else if (arg === '--replay') replay = true;
    else if (arg === '--simple') simple = true;
    else if (arg === '--every-path') everyPath = true;
    else if (arg === '--generator') generator = value();
    else if (arg === '--min-coverage') minCoverage = number();
    else if (arg === '--out') outDir = value();
    else if (arg === '--format') format = formatOf(value());
    else if (arg === '--seed' || arg === '--max-length' || arg === '--max-steps') numbers[arg] = number();
    else if (arg === '--until') {
      const goal = /^transitions:(\d+(?:\.\d+)?)$/.exec(value());
      if (!goal) throw new UsageError('--until takes transitions:<percent>, e.g. --until transitions:100');
      until = Number(goal[1]);
    } else if (arg.startsWith('-')) throw new UsageError(`Unknown option '${arg}'`);
    else names.push(arg);
  }
  if (replay && (args.length !== names.length + 1 || names.length === 0)) {
    throw new UsageError(
      names.length === 0 ? '--replay needs the files to replay' : '--replay takes files only, no other option',
    );
  }
  if (generator !== undefined && !['shortest', 'simple', 'random', 'quick'].includes(generator)) {
    throw new UsageError(`Unknown generator '${generator}' (shortest, simple, random or quick)`);
  }
  const random = generator === 'random';
  const quick = generator === 'quick';
  const walkOnly = ['--seed', '--max-length'].filter((flag) => flag in numbers);
  const randomOnly = [
    ...['--max-steps'].filter((flag) => flag in numbers),
    ...(until !== undefined ? ['--until'] : []),
  ];
  if (!random && randomOnly.length)
    throw new UsageError(`${[...(quick ? [] : walkOnly), ...randomOnly].join(', ')} only apply to --generator random`);
  if (!random && !quick && walkOnly.length)
    throw new UsageError(`${walkOnly.join(', ')} only apply to --generator random or quick`);
  if (simple && generator !== undefined && generator !== 'simple')
    throw new UsageError(`--simple and --generator ${generator} disagree`);
  const generatorOptions: PathsOptions = random
    ? {
        generator: 'random',
        seed: numbers['--seed'] ?? 1,
        ...(numbers['--max-length'] !== undefined && { maxLength: numbers['--max-length'] }),
        ...(numbers['--max-steps'] !== undefined && { maxSteps: numbers['--max-steps'] }),
        ...(until !== undefined && { untilPercent: until }),
      }
    : quick
      ? {
          generator: 'quick',
          ...(numbers['--seed'] !== undefined && { seed: numbers['--seed'] }),
          ...(numbers['--max-length'] !== undefined && { maxLength: numbers['--max-length'] }),
        }
      : simple || generator !== undefined
        ? { generator: simple || generator === 'simple' ? 'simple' : 'shortest' }
        : // no generator asked for: the machine's own walk (its samples may choose simple)
          {};
  const options: PathsOptions = everyPath ? { ...generatorOptions, everyPath } : generatorOptions;
  return {
    names,
    all,
    replay,
    help,
    ...(minCoverage !== undefined && { minCoverage }),
    format,
    ...(outDir !== undefined && { outDir }),
    options,
  };
}

/** Runs `npm run paths` with these arguments over the registry. */
export function runPaths(registry: MachineRegistry, args: readonly string[]): PathsRun {
  let parsed: ParsedArgs;
  try {
    parsed = parsePathsArgs(args);
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, out: '', err: `${error.message}\n${pathsUsage}`, files: [] };
    throw error;
  }
  const known = Object.keys(registry.machines).sort();
  if (parsed.help) return { code: 0, out: `${pathsUsage}\nMachines: ${known.join(', ')}`, err: '', files: [] };
  if (parsed.replay) return { ...replayFiles(registry, parsed.names), files: [] };
  const names = parsed.all ? known : parsed.names;
  if (names.length === 0) return { code: 2, out: '', err: `${pathsUsage}\nMachines: ${known.join(', ')}`, files: [] };
  const { format, outDir } = parsed;
  const out: string[] = [];
  const files: PathsRun['files'] = [];
  const wrote: string[] = [];
  const totals = { paths: 0, steps: 0, bytes: 0 };
  const err: string[] = [];
  let code = 0;
  for (const name of names) {
    try {
      const generated = generatePaths(registry, name, parsed.options);
      const content = formatPaths(registry, name, generated, format);
      if (outDir === undefined) out.push(content);
      else {
        const file = { path: join(outDir, `${name}.${pathsFormats[format]}`), content: `${content}\n` };
        const size = {
          paths: generated.paths.length,
          steps: stepsIn(generated),
          bytes: Buffer.byteLength(file.content),
        };
        files.push(file);
        wrote.push(`Wrote ${file.path}: ${sizeLine(size)}`);
        for (const key of ['paths', 'steps', 'bytes'] as const) totals[key] += size[key];
      }
      const percent = transitionPercent(generated.coverage);
      if (parsed.minCoverage !== undefined && percent < parsed.minCoverage) {
        err.push(
          `${name}: ${percent.toFixed(1)} % of its transitions fired, below --min-coverage ${parsed.minCoverage}`,
        );
        code = 1;
      }
    } catch (error) {
      if (!(error instanceof WalkLimitError) && !(error instanceof Error && /Unknown machine/.test(error.message)))
        throw error;
      err.push(
        error instanceof WalkLimitError
          ? `${error.message}: refused (try the default generator or --generator random)`
          : error.message,
      );
      code = 1;
    }
  }
  const total = `Total: ${counted(files.length, 'file')}, ${sizeLine(totals)}`;
  const printed =
    outDir === undefined
      ? out.length
        ? joinOutputs(format, out)
        : ''
      : [...wrote, ...(files.length ? [total] : [])].join('\n');
  return { code, out: printed, err: err.join('\n'), files };
}

const stepsIn = (generated: GeneratedPaths): number =>
  generated.paths.reduce((sum, path) => sum + path.steps.length - 1, 0);

const counted = (n: number, what: string): string => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** `3 paths, 7 steps, 2,345 bytes` */
const sizeLine = ({ paths, steps, bytes }: { paths: number; steps: number; bytes: number }): string =>
  `${counted(paths, 'path')}, ${counted(steps, 'step')}, ${counted(bytes, 'byte')}`;

/**
 * Writes what `--out` asked for (the directory is made when missing); null when all was written,
 * else the one line that says what could not be. Only regular files are written: a FIFO or device
 * named like an export would block the command for ever (a FIFO no one reads) or swallow it.
 */
export function writePathsFiles(run: PathsRun): string | null {
  for (const file of run.files) {
    const dir = dirname(file.path);
    try {
      mkdirSync(dir, { recursive: true });
      const existing = statOrNull(file.path);
      if (existing && !existing.isFile()) return `paths: cannot write ${file.path}: it is not a regular file`;
      writeFileSync(file.path, file.content);
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      return `paths: cannot write ${file.path} (--out ${dir}): ${WRITE_ERRORS[code ?? ''] ?? (error as Error).message}`;
    }
  }
  return null;
}

/** What the usual write failures mean, in a line. */
const WRITE_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a part of the path is a file, not a folder',
  EISDIR: 'a folder has that name',
  ENOSPC: 'no space left on the device',
};

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
