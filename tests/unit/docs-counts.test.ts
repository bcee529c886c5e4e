// The docs' maps are checked against the tree, as the route table is: every list of features, machines,
// layer rules, chunk groups, root folders, benchmarks and paths tests that docs/architecture.md and
// docs/qa.md state is the list the code has. A folder, machine, rule or chunk group added without its
// row (or a row left behind by a removal) fails here.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string): string => readFileSync(join(repoRoot, path), 'utf8');
const architecture = read('docs/architecture.md');
const qa = read('docs/qa.md');

/** the text of a heading's section, up to the next heading of its level or above */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{1,6} /.test(line) && line.replace(/^#+ /, '') === heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** the rows (cells, trimmed) of the table whose header row starts with `firstHeader` */
function tableRows(markdown: string, firstHeader: string): string[][] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => line.startsWith(`| ${firstHeader} |`));
  if (header < 0) throw new Error(`no table headed "${firstHeader}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** the names in backticks in a cell: `a`, `b` → a, b */
const backticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

const sorted = (names: Iterable<string>): string[] => [...names].sort();

/** the machines of model-paths/registry.ts and the feature folder each is imported from */
function registeredMachines(): Map<string, string> {
  const registry = read('model-paths/registry.ts');
  const folderOf = new Map<string, string>();
  for (const [, variable = '', feature = ''] of registry.matchAll(
    /import \{ (\w+Machine) \} from '@\/features\/(\w+)\/\w+Machine';/g,
  )) {
    folderOf.set(variable, feature);
  }
  const registered = /const registered[^{]*\{([\s\S]*?)\n\};/.exec(registry)?.[1] ?? '';
  const machines = new Map<string, string>();
  for (const [, name = '', variable = ''] of registered.matchAll(/^\s+(\w+): \[(\w+Machine)\b/gm)) {
    machines.set(name, folderOf.get(variable) ?? '(not imported from a feature)');
  }
  return machines;
}

const featureFolders = readdirSync(join(repoRoot, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const machines = registeredMachines();
const featureRows = tableRows(section(architecture, '2. A feature folder'), 'feature');
const machineRows = tableRows(section(architecture, '5. Machines'), 'machine');

describe('the readers of the docs', () => {
  it('read sections, tables and names in backticks', () => {
    const markdown =
      '# A\n## 1. One\n| name | what |\n|---|---|\n| `a`, `b` | x |\n| `c` | y |\n\ntext\n## 2. Two\n| name | z |';
    expect(tableRows(section(markdown, '1. One'), 'name')).toEqual([
      ['`a`, `b`', 'x'],
      ['`c`', 'y'],
    ]);
    expect(backticked('`a`, `b` and c')).toEqual(['a', 'b']);
    expect(() => section(markdown, '3. Three')).toThrow();
  });

  it('read the registry: each machine and the feature folder it comes from', () => {
    expect(machines.get('player')).toBe('player');
    expect(machines.get('loader')).toBe('pageLoad');
    expect(machines.size).toBeGreaterThan(0);
  });
});

describe('docs/architecture.md states what the tree holds', () => {
  it('is a map, under 350 lines (the figures live in docs/performance.md)', () => {
    expect(architecture.trimEnd().split('\n').length).toBeLessThan(350);
  });

  it('the features table names every folder under src/features, and only those', () => {
    expect(sorted(featureRows.flatMap(([feature = '']) => backticked(feature)))).toEqual(sorted(featureFolders));
  });

  it('the machines table names every machine of the registry, each in the feature folder it comes from', () => {
    const stated = new Map(
      machineRows.map(([machine = '', feature = '']) => [backticked(machine)[0] ?? machine, feature]),
    );
    expect(sorted(stated.keys())).toEqual(sorted(machines.keys()));
    for (const [name, feature] of machines) expect(`${name} in ${stated.get(name)}`).toBe(`${name} in ${feature}`);
  });

  it('the features table gives each feature the machines the machines table does', () => {
    for (const [feature = '', cell = ''] of featureRows) {
      const name = backticked(feature)[0] ?? feature;
      const inMachinesTable = machineRows
        .filter((row) => row[1] === name)
        .map(([machine = '']) => backticked(machine)[0] ?? machine);
      expect(`${name}: ${sorted(backticked(cell)).join(', ')}`).toBe(`${name}: ${sorted(inMachinesTable).join(', ')}`);
    }
  });

  it('the layer-rule table names every rule of lint/layerRules.cjs, and only those', () => {
    const require = createRequire(import.meta.url);
    const { layerRules, toolingRules } = require(join(repoRoot, 'lint/layerRules.cjs')) as Record<
      'layerRules' | 'toolingRules',
      () => { name: string }[]
    >;
    const rules = [...layerRules(), ...toolingRules()].map((rule) => rule.name);
    const stated = tableRows(section(architecture, '1. Layers and the import rule'), 'rule').flatMap(([rule = '']) =>
      backticked(rule),
    );
    expect(sorted(stated)).toEqual(sorted(rules));
  });

  it('the chunk-group table names every group of vite.config.ts, and only those', () => {
    const groups = /groups: \[([\s\S]*?)\n {12}\],/.exec(read('vite.config.ts'))?.[1] ?? '';
    // however the formatter lays a group out (on one line or over several)
    const defined = [...groups.matchAll(/\{\s*name: '(\w+)'/g)].map((m) => m[1] ?? '');
    expect(defined.length).toBeGreaterThan(0);
    const stated = tableRows(section(architecture, '8. Routing and the frame'), 'chunk group').flatMap(([group = '']) =>
      backticked(group),
    );
    expect(sorted(stated)).toEqual(sorted(defined));
  });

  it('the folders table names every folder at the root, and only those', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0');
    const folders = new Set(
      tracked.filter((path) => path.includes('/')).map((path) => path.slice(0, path.indexOf('/'))),
    );
    const stated = tableRows(section(architecture, 'Folders at the root'), 'folder').flatMap(([folder = '']) =>
      backticked(folder),
    );
    expect(sorted(stated.map((name) => name.replace(/\/$/, '')))).toEqual(sorted(folders));
  });

  it('the machines without a paths test are the ones it names', () => {
    const withTest = readdirSync(join(repoRoot, 'tests/machines'))
      .filter((file) => file.endsWith('.paths.test.ts'))
      .map((file) => file.replace('.paths.test.ts', ''));
    const sentence = /every machine in the registry\s+but\s+((?:`\w+`(?:, | and )?)+)/.exec(
      section(architecture, '10. Tests and benchmarks'),
    );
    const without = backticked(sentence?.[1] ?? '');
    expect(sorted(withTest)).toEqual(sorted([...machines.keys()].filter((name) => !without.includes(name))));
  });

  it('the benchmarks named are those bench/run.ts runs, and performance.md cites only those', () => {
    const run = read('bench/run.ts');
    const modules = (/const modules: BenchModule\[\] = \[([^\]]*)\]/.exec(run)?.[1] ?? '')
      .split(',')
      .map((m) => m.trim().replace(/Bench$/, ''))
      .filter(Boolean);
    const benchFiles = readdirSync(join(repoRoot, 'bench'))
      .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
      .map((file) => file.replace(/\.ts$/, ''));
    expect(sorted(modules)).toEqual(sorted(benchFiles));
    const listed =
      /`npm run bench -- <name>`, one of ([^;]+);/.exec(section(architecture, '10. Tests and benchmarks'))?.[1] ?? '';
    expect(sorted(backticked(listed))).toEqual(sorted(benchFiles));
    const cited = [...read('docs/performance.md').matchAll(/npm run bench -- (\w+)/g)].map((m) => m[1] ?? '');
    expect(cited.filter((name) => !benchFiles.includes(name))).toEqual([]);
  });
});

describe('docs/qa.md states what the tree holds', () => {
  it('the machines whose paths drive the app are those with an interface adapter', () => {
    const adapters = readdirSync(join(repoRoot, 'tests/e2e/paths'))
      .filter((file) => file.endsWith('.adapter.ts'))
      .map((file) => file.replace('.adapter.ts', ''));
    const paragraph = /real reference server: ([\s\S]+?):\n\n/.exec(section(qa, 'Paths that drive the app'))?.[1] ?? '';
    expect(sorted(backticked(paragraph))).toEqual(sorted(adapters));
  });
});
