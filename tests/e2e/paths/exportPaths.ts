/**
 * `npm run paths:ui -- --export DIR [<machine> ...]` (scripts/paths-ui.ts runs this file with tsx):
 * the interface paths the e2e suite runs, written as standalone Playwright test files, one a
 * machine (DIR/<machine>.spec.ts), beside a playwright.config.ts, a tsconfig.json and a package.json,
 * so that
 *
 *   BASE_URL=https://music.example.org npx playwright test -c DIR
 *
 * runs them against a deployed site. Each path is a `test(...)` listing its steps; each step is
 * done by the machine's adapter (tests/e2e/paths/<machine>.adapter.ts, imported, never copied).
 * No browser and no server: it only plans.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyInterfaceAdapter } from './adapter';
import { listedSteps } from './plan';
import { planOf } from './runPath';

const PATHS_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(PATHS_DIR, '../../..');
const ADAPTER_FILE = /^(.+)\.adapter\.ts$/;

/** Every adapter in tests/e2e/paths: `<machine>.adapter.ts` exporting `<machine>Adapter`. */
export async function loadAdapters(): Promise<AnyInterfaceAdapter[]> {
  const files = (await readdir(PATHS_DIR)).filter((file) => ADAPTER_FILE.test(file)).sort();
  const adapters: AnyInterfaceAdapter[] = [];
  for (const file of files) {
    const machine = ADAPTER_FILE.exec(file)![1]!;
    const module = (await import(join(PATHS_DIR, file))) as Record<string, AnyInterfaceAdapter | undefined>;
    const adapter = module[`${machine}Adapter`];
    if (adapter?.machine !== machine)
      throw new Error(
        `${file} must export the adapter of ${machine} as ${machine}Adapter (the exported files import it by that name)`,
      );
    adapters.push(adapter);
  }
  return adapters;
}

/** What the export did for one machine. */
export type Exported =
  | { machine: string; file: string; paths: number; siteNeeds?: string }
  | { machine: string; notExported: string };

/** A string as a TypeScript literal: in single quotes when nothing in it needs escaping. */
const literal = (text: string) => (/['\\\n]/.test(text) ? JSON.stringify(text) : `'${text}'`);

/** A path from the export folder to a file of the repository, as an import specifier. */
function importPath(dir: string, file: string): string {
  const path = relative(dir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** The machine's Playwright file: a test per path, its steps listed. */
function specFile(adapter: AnyInterfaceAdapter, dir: string): { text: string; paths: number } {
  const plan = planOf(adapter);
  const name = `${adapter.machine}Adapter`;
  const module = (file: string) => literal(importPath(dir, join(PATHS_DIR, file)).replace(/\.ts$/, ''));
  const walk = `seed ${adapter.seed}, ${adapter.generator ?? 'quick'} walks`;
  const tests = plan.paths.map((path, index) => {
    const steps = listedSteps(path).map((line) => `      ${literal(line)},`);
    return [
      `  test(${literal(`Path ${index + 1} (${path.steps.length} steps)`)}, async ({ site }) => {`,
      `    await run(${index + 1}, [`,
      ...steps,
      '    ], site);',
      '  });',
    ].join('\n');
  });
  const text = [
    `// ${adapter.machine} through the interface: ${plan.paths.length} path${plan.paths.length === 1 ? '' : 's'} from its walk (${walk}), exported by`,
    '// `npm run paths:ui -- --export DIR`; export again after the machine, its samples or its adapter change',
    '// (a path that is no longer the one listed refuses to run). Each step is done as a user does it and',
    `// each state reached is checked as the user sees it, by tests/e2e/paths/${adapter.machine}.adapter.ts.`,
    '//',
    '//   BASE_URL=https://… [DEMO_EMAIL=… DEMO_PASSWORD=…] npx playwright test -c DIR',
    ...(adapter.siteNeeds ? ['//', ...wrapComment(`The site needs: ${adapter.siteNeeds}`)] : []),
    `import { ${name} } from ${module(`${adapter.machine}.adapter.ts`)};`,
    `import { exportedPaths, test } from ${module('exported.ts')};`,
    '',
    `const run = exportedPaths(${name});`,
    '',
    `test.describe(${literal(adapter.machine)}, () => {`,
    tests.join('\n\n'),
    '});',
    '',
  ].join('\n');
  return { text, paths: plan.paths.length };
}

function wrapComment(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '//';
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > width && line !== '//') {
      lines.push(line);
      line = '//';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** Writes the export of the adapters named (all when none) into `dir`. */
export async function exportInterfacePaths(
  dir: string,
  machines: readonly string[] = [],
  adapters?: readonly AnyInterfaceAdapter[],
): Promise<Exported[]> {
  const all = adapters ?? (await loadAdapters());
  const unknown = machines.filter((machine) => !all.some((adapter) => adapter.machine === machine));
  if (unknown.length)
    throw new Error(`No interface adapter for: ${unknown.join(', ')}. Known: ${all.map((a) => a.machine).join(', ')}`);
  const chosen = all.filter((adapter) => !machines.length || machines.includes(adapter.machine));
  const target = resolve(dir);
  await mkdir(target, { recursive: true });
  const done: Exported[] = [];
  for (const adapter of chosen) {
    if (adapter.referenceServerOnly) {
      done.push({ machine: adapter.machine, notExported: adapter.referenceServerOnly });
      continue;
    }
    const file = join(target, `${adapter.machine}.spec.ts`);
    const { text, paths } = specFile(adapter, target);
    await writeFile(file, text);
    done.push({ machine: adapter.machine, file, paths, ...(adapter.siteNeeds && { siteNeeds: adapter.siteNeeds }) });
  }
  await writeFile(join(target, 'playwright.config.ts'), configFile(target));
  await writeFile(join(target, 'tsconfig.json'), tsconfigFile(target));
  // ES modules, as the repository's: a folder outside it would otherwise load the files as CommonJS
  await writeFile(join(target, 'package.json'), `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`);
  return done;
}

function configFile(dir: string): string {
  return [
    '// The exported interface paths in Playwright: the system Chromium, one path at a time (see the module).',
    `import { exportedPathsConfig } from ${literal(importPath(dir, join(PATHS_DIR, 'exportedConfig')))};`,
    '',
    'export default exportedPathsConfig();',
    '',
  ].join('\n');
}

// Playwright reads compilerOptions.paths (with baseUrl) of this file for every file it loads: the
// app's '@/' and the adapters' `vitest` expect, which is Playwright's in this run (exportedExpect.ts)
function tsconfigFile(dir: string): string {
  const baseUrl = importPath(dir, REPO_ROOT);
  const tsconfig = {
    compilerOptions: { baseUrl, paths: { '@/*': ['src/*'], vitest: ['tests/e2e/paths/exportedExpect.ts'] } },
  };
  return `${JSON.stringify(tsconfig, null, 2)}\n`;
}

/** A file as the command names it: from the working directory when inside it. */
const shown = (file: string) => {
  const path = relative(process.cwd(), file);
  return path && !path.startsWith('..') ? path : file;
};

/** The lines the command prints. */
function exportReport(dir: string, exported: readonly Exported[]): string {
  const lines = exported.map((entry) =>
    'notExported' in entry
      ? `  ${entry.machine}: not exported, it needs the reference server the e2e suite starts: ${entry.notExported}`
      : `  ${entry.machine}: ${entry.paths} path${entry.paths === 1 ? '' : 's'} → ${shown(entry.file)}${entry.siteNeeds ? `\n    the site needs: ${entry.siteNeeds}` : ''}`,
  );
  return [
    `Interface paths exported to ${dir}:`,
    ...lines,
    "Every exported path signs in with the reference server's demo account (or DEMO_EMAIL / DEMO_PASSWORD) and plays its demo library. Run them with:",
    `  BASE_URL=https://… npx playwright test -c ${dir}`,
  ].join('\n');
}

// run as a script: tsx tests/e2e/paths/exportPaths.ts DIR [machine ...]
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, ...machines] = process.argv.slice(2);
  if (!dir) {
    console.error('Usage: npm run paths:ui -- --export DIR [<machine> ...]');
    process.exit(2);
  }
  try {
    console.log(exportReport(dir, await exportInterfacePaths(dir, machines)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
