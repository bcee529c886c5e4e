// The layer rules of .dependency-cruiser.cjs (npm run lint:deps) can fail: each rule fires on a
// fixture tree (tests/unit/fixtures/layers/src for the client's layers, tests/unit/fixtures/tooling
// for the rules between src, server, the tooling folders and tests), and the allowed imports there pass.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const { layerRules, toolingRules } = require('../../lint/layerRules.cjs') as {
  layerRules: (root?: string) => IForbiddenRuleType[];
  toolingRules: (root?: string) => IForbiddenRuleType[];
};

// As dependency-cruiser reports paths: relative to baseDir (the repo root).
const ROOT = 'tests/unit/fixtures/layers/src';
const TOOLING_ROOT = 'tests/unit/fixtures/tooling';
// Fixture files relative to their fixture root; npm packages as npm:<name>.
const relTo =
  (root: string) =>
  (path: string): string =>
    path.startsWith(`${root}/`)
      ? path.slice(root.length + 1)
      : path.replace(/^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, 'npm:$1');
const rel = relTo(ROOT);

let configOptions: ICruiseOptions;
let result: ICruiseResult;
let toolingResult: ICruiseResult;

/** cruises a fixture tree with the real configuration, its rules replaced by `forbidden` */
async function cruiseFixture(root: string, forbidden: IForbiddenRuleType[]): Promise<ICruiseResult> {
  const tsConfigFile = join(repoRoot, 'tsconfig.json');
  const options: ICruiseOptions = {
    ...configOptions,
    baseDir: repoRoot,
    tsConfig: { fileName: tsConfigFile },
    ruleSet: { ...configOptions.ruleSet, forbidden },
  };
  const reported = await cruise([root], options, {}, { tsConfig: extractTSConfig(tsConfigFile) });
  return reported.output as ICruiseResult;
}

beforeAll(async () => {
  configOptions = await extractDepcruiseOptions(join(repoRoot, '.dependency-cruiser.cjs'));
  result = await cruiseFixture(ROOT, layerRules(ROOT));
  toolingResult = await cruiseFixture(TOOLING_ROOT, toolingRules(TOOLING_ROOT));
}, 60_000);

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('the configuration file uses layerRules for src and toolingRules for the repository, counting type-only imports and resolving through tsconfig.json', () => {
    expect(configOptions.ruleSet?.forbidden).toEqual([...layerRules('src'), ...toolingRules()]);
    expect(configOptions.tsPreCompilationDeps).toBe(true);
    expect(configOptions.tsConfig?.fileName).toBe('tsconfig.json');
  });

  it('every rule has a name and a comment for whoever breaks it', () => {
    for (const rule of [...layerRules(), ...toolingRules()]) {
      expect(rule.name).toMatch(/^[a-z-]+$/);
      expect(rule.comment?.length ?? 0).toBeGreaterThan(40);
      expect(rule.severity).toBe('error');
    }
  });

  it('reports exactly the fixture violations, one rule each', () => {
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${rel(v.from)} → ${rel(v.to)}`).sort();
    expect(violations).toEqual(
      [
        'feature-not-to-app: features/y/toApp.ts → app/app.ts',
        'feature-to-other-feature-only-via-index: features/y/internal.ts → features/x/b.ts',
        'io-not-to-ui-features-or-app: services/toUi.ts → ui/Widget.ts',
        'no-circular: features/z/cycleA.ts → features/z/cycleB.ts',
        'no-framework-in-plain-layers: services/hook.ts → npm:react',
        'not-to-unresolvable: ui/Gone.ts → ./Gone.module.css',
        'no-ui-framework-in-shared: shared/view.ts → npm:react',
        'rules-only-to-rules-and-shared: rules/toStorage.ts → storage/store.ts',
        'services-not-to-storage: services/toStorage.ts → storage/store.ts',
        'storage-not-to-services: storage/toServices.ts → services/clean.ts',
        'samples-only-for-tooling: features/x/usesSamples.ts → features/x/xMachine.samples.ts',
        'shared-only-to-shared: shared/a.ts → features/x/b.ts',
        'ui-not-to-features-or-app: ui/Widget.ts → features/x/b.ts',
        'no-machine-in-ui: ui/runsMachine.ts → npm:xstate',
      ].sort(),
    );
    // Every rule is shown to fire.
    const fired = new Set(result.summary.violations.map((v) => v.rule.name));
    expect([...fired].sort()).toEqual(
      layerRules()
        .map((rule) => rule.name)
        .sort(),
    );
    expect(result.summary.error).toBe(result.summary.violations.length);
  });

  it('sees the allowed imports (so their passing is not vacuous), including type-only ones and CSS', () => {
    const edges = new Map(
      result.modules.map((m) => [
        rel(m.source),
        m.dependencies.map((d) => ({ to: rel(d.resolved), types: d.dependencyTypes })),
      ]),
    );
    const targets = (from: string): string[] => (edges.get(from) ?? []).map((d) => d.to).sort();

    expect(targets('features/y/viaIndex.ts')).toEqual(
      [
        'features/w/index.tsx',
        'features/x/components.ts',
        'features/x/index.ts',
        'features/x/narrow.public.ts',
        'features/y/own.ts',
        'storage/store.ts',
        'ui/Button.ts',
      ].sort(),
    );
    expect(targets('app/app.ts')).toEqual(['features/x/b.ts']);
    expect(targets('shared/machineHelper.ts')).toEqual(['npm:xstate']);
    expect(targets('ui/Button.ts')).toEqual(['shared/words.ts', 'ui/Button.module.css', 'ui/plain.css']);
    // a ui file may name xstate's types (an inspector callback), not run a machine
    expect(targets('ui/inspectHook.ts')).toEqual(['npm:xstate']);
    expect(targets('services/clean.ts')).toEqual(['npm:ofetch', 'rules/rule.ts', 'shared/words.ts']);
    expect(targets('storage/store.ts')).toEqual(['rules/rule.ts', 'shared/words.ts']);
    expect(targets('rules/rule.ts')).toEqual(['npm:jwt-decode', 'shared/words.ts']);
    // a samples file may import the app's files and other samples
    expect(targets('features/x/xMachine.samples.ts')).toEqual(['features/x/b.ts', 'shared/words.samples.ts']);

    // "import type" is a dependency too (tsPreCompilationDeps: true).
    const widget = edges.get('ui/Widget.ts') ?? [];
    expect(widget).toHaveLength(1);
    expect(widget[0]?.types).toContain('type-only');
  });

  it('the scripts, benchmarks, build plugins, model paths and harness do not import the tests, and the server does not import the app', () => {
    const relTooling = relTo(TOOLING_ROOT);
    const violations = toolingResult.summary.violations
      .map((v) => `${v.rule.name}: ${relTooling(v.from)} → ${relTooling(v.to)}`)
      .sort();
    expect(violations).toEqual(
      [
        'server-not-to-app: server/toApp.ts → src/app/routes.ts',
        'tooling-not-to-tests: bench/toTests.ts → tests/helper.ts',
        'tooling-not-to-tests: scripts/toTests.ts → tests/helper.ts',
        'tooling-not-to-tests: harness/toTests.ts → tests/helper.ts',
      ].sort(),
    );
    const edges = new Map(
      toolingResult.modules.map((m) => [
        relTooling(m.source),
        m.dependencies.map((d) => relTooling(d.resolved)).sort(),
      ]),
    );
    expect(edges.get('bench/toHarness.ts')).toEqual(['harness/browser.ts']);
    expect(edges.get('tests/helper.ts')).toEqual(['harness/browser.ts']);
    expect(edges.get('server/own.ts')).toEqual(['server/toApp.ts', 'src/shared/words.ts']);
  });
});
