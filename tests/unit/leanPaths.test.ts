// Lean exports (model-paths/pathGenerators.ts `leanPaths`): every generator keeps only the paths that add
// coverage, with exactly the coverage of every path it walked (`--every-path`).
import { describe, expect, it } from 'vitest';
import { generatePaths, walkSpecOf, type PathsOptions } from '../../model-paths/machinePaths';
import { registry } from '../../model-paths/registry';
import {
  coverageOf,
  coveragePaths,
  leanPaths,
  type GeneratedPath,
  type GeneratedPaths,
} from '../../model-paths/pathGenerators';
import { defaultEvents, leafPaths, withPendingActors } from '../../model-paths/modelPaths';
import { smallMachine } from './fixtures/smallMachine';

/** A path as what replaying it needs: its input and its events. */
const eventsOf = (path: GeneratedPath) => path.steps.slice(1).map((step) => JSON.stringify(step.event));
const startOf = (path: GeneratedPath) => JSON.stringify(path.input ?? null);
const isPrefix = (a: GeneratedPath, b: GeneratedPath) => {
  const [short, long] = [eventsOf(a), eventsOf(b)];
  return startOf(a) === startOf(b) && short.length <= long.length && short.every((event, i) => event === long[i]);
};
/** What coverageOf counts, one path at a time. */
const itemsOf = (path: GeneratedPath) =>
  new Set(
    path.steps.flatMap((step) => [
      ...step.fired.map((id) => `t ${id}`),
      ...leafPaths(step.state.value).map((leaf) => `s ${leaf}`),
    ]),
  );

function expectLean(generated: GeneratedPaths, every: GeneratedPaths, label: string): void {
  const { paths } = generated;
  expect(generated.coverage, label).toEqual(every.coverage);
  expect(
    paths.filter((path) => path.steps.length < 2),
    `${label}: empty paths`,
  ).toEqual([]);
  paths.forEach((path, i) => {
    const prefixOf = paths.findIndex((other, j) => j !== i && isPrefix(path, other));
    expect(prefixOf, `${label}: path ${i + 1} is a prefix of path ${prefixOf + 1}`).toBe(-1);
    // each path covers something no other does: without it the coverage would drop
    const others = new Set(paths.flatMap((other, j) => (j === i ? [] : [...itemsOf(other)])));
    expect(
      [...itemsOf(path)].some((item) => !others.has(item)),
      `${label}: path ${i + 1} adds nothing`,
    ).toBe(true);
  });
  expect(paths.length, label).toBeLessThanOrEqual(every.paths.length);
}

describe('leanPaths', () => {
  const machine = withPendingActors(smallMachine, ['fetchThing']);
  const spec = {
    machine,
    events: defaultEvents(machine, [
      { type: 'GO', to: 'a' },
      { type: 'GO', to: 'b' },
    ]),
  };

  it('drops the start, the prefixes and the paths that add nothing, keeping the order and the coverage', () => {
    const every = coveragePaths(spec, { everyPath: true });
    expect(every.paths[0]!.steps).toHaveLength(1); // the start itself
    const lean = leanPaths(every.paths);
    expect(lean.every((path) => every.paths.includes(path))).toBe(true);
    expect(lean.map((path) => every.paths.indexOf(path))).toEqual(
      [...lean.map((path) => every.paths.indexOf(path))].sort((a, b) => a - b),
    );
    expect(coverageOf(spec, lean)).toEqual(every.coverage);
    expectLean(coveragePaths(spec), every, 'small');
  });

  it('keeps one of two paths that cover the same, and nothing of no paths', () => {
    const [path] = coveragePaths(spec).paths;
    expect(leanPaths([path!, { ...path! }])).toHaveLength(1);
    expect(leanPaths([])).toEqual([]);
  });
});

describe('every registry machine', () => {
  const generators: [string, PathsOptions][] = [
    ['its own walk', {}],
    ['quick', { generator: 'quick' }],
    ['random, seed 1', { generator: 'random', seed: 1 }],
  ];
  // every path once; what a generator prints is its lean cover (the test below shows it for two machines)
  it.each(Object.keys(registry.machines))(
    '%s: no empty path, no prefix, each path adds coverage, the coverage of every path',
    (name) => {
      const spec = walkSpecOf(registry, name);
      // the random walks of the player take seconds; every generator ends in the same lean step (finish)
      for (const [label, options] of name === 'player' ? generators.slice(0, 2) : generators) {
        const every = generatePaths(registry, name, { ...options, everyPath: true });
        const paths = leanPaths(every.paths);
        expectLean({ ...every, paths, coverage: coverageOf(spec, paths) }, every, `${name}, ${label}`);
      }
    },
    60_000,
  );

  it('a generator prints the lean cover of every path it walked, the same from one run to the next', () => {
    const events = (generated: GeneratedPaths) =>
      generated.paths.map((path) => `${startOf(path)} ${eventsOf(path).join(' ')}`);
    for (const [name, options] of [
      ['session', {}],
      ['shareWizard', { generator: 'random', seed: 42 }],
      ['playlist', { generator: 'quick', seed: 3 }],
    ] as const) {
      const lean = generatePaths(registry, name, options);
      expect(events(lean), name).toEqual(
        events({ ...lean, paths: leanPaths(generatePaths(registry, name, { ...options, everyPath: true }).paths) }),
      );
      expect(events(generatePaths(registry, name, options)), name).toEqual(events(lean));
    }
  });
});
