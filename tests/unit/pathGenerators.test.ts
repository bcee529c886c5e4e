// Transition coverage (model-paths/pathGenerators.ts) and `npm run paths` (model-paths/cli.ts) on a
// small machine: two guarded branches, an always, a delay and an invoked actor.
import { describe, expect, it } from 'vitest';
import { assign, setup, type AnyEventObject, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  coveragePaths,
  coverageOf,
  mulberry32,
  randomPaths,
  transitionPercent,
  type WalkSpec,
} from '../../model-paths/pathGenerators';
import { defaultEvents, withPendingActors } from '../../model-paths/modelPaths';
import { transitionsOf } from '../../model-paths/transitions';
import { formatPathsReport, type MachineRegistry } from '../../model-paths/machinePaths';
import { runPaths } from '../../model-paths/cli';
import { smallMachine } from './fixtures/smallMachine';

const machine = withPendingActors(smallMachine, ['fetchThing']);
const samples: AnyEventObject[] = [
  { type: 'GO', to: 'a' },
  { type: 'GO', to: 'b' },
];
const spec: WalkSpec = { machine, events: defaultEvents(machine, samples) };
const registry: MachineRegistry = { machines: { small: smallMachine }, pathEvents: { small: samples } };

const firedBy = (paths: ReturnType<typeof coveragePaths>['paths']) =>
  new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.fired)));

describe('coveragePaths', () => {
  it('fires every transition, each added path confirmed by its replay', () => {
    const { paths, coverage } = coveragePaths(spec);
    expect(coverage.transitions).toMatchObject({ covered: 8, total: 8, missing: [] });
    expect(coverage.states).toMatchObject({ covered: 5, total: 5 });
    expect(firedBy(paths)).toEqual(new Set(transitionsOf(machine).map((t) => t.id)));
    // `a —always#1→ done` needs a BUMP before GO a: the shortest paths to states never take it
    const always = paths.find((p) => p.steps.at(-1)!.fired.includes('a —always#1→ done'))!;
    expect(always.steps.slice(1).map((s) => s.event.type)).toEqual(['BUMP', 'GO']);
  });

  it('reports what no sample fires, and what is explained as unreachable apart', () => {
    const withoutA = { machine, events: defaultEvents(machine, [{ type: 'GO', to: 'b' }]) };
    const { coverage } = coveragePaths({
      ...withoutA,
      unreachable: [{ transition: 'a —always#2→ waiting', reason: 'why' }],
    });
    expect(coverage.transitions.missing.map((m) => m.transition)).toEqual([
      'idle —GO#1→ a',
      'a —always#1→ done',
      'waiting —after 3000 ms→ idle',
    ]);
    expect(coverage.transitions.explained).toEqual([{ transition: 'a —always#2→ waiting', reason: 'why' }]);
    expect(coverage.states.missing).toEqual(['a', 'waiting']);
    expect(transitionPercent(coverage)).toBeCloseTo((4 / 7) * 100);
  });

  it('counts only what a replay fired: an ignored event covers nothing', () => {
    const { steps } = coveragePaths(spec).paths[0]!;
    const ignored = {
      state: steps[0]!.state,
      steps: [steps[0]!, { state: steps[0]!.state, event: { type: 'GO', to: 'b' }, fired: [] }],
    };
    expect(coverageOf(spec, [ignored]).transitions.covered).toBe(0);
  });
});

describe('randomPaths', () => {
  it('reaches full coverage, and the same seed gives the same paths', () => {
    const render = (seed: number) => formatPathsReport(registry, 'small', randomPaths(spec, { seed, maxLength: 5 }));
    const first = render(42);
    expect(first).toContain('Coverage: states 5/5, transitions 8/8');
    expect(render(42)).toBe(first);
    expect(mulberry32(7)()).toBe(mulberry32(7)());
    expect(mulberry32(7)()).not.toBe(mulberry32(8)());
  });

  it('stops at the step cap', () => {
    const { paths } = randomPaths(spec, { seed: 1, maxLength: 3, maxSteps: 2 });
    expect(paths.flatMap((p) => p.steps.slice(1)).length).toBeLessThanOrEqual(2);
  });
});

describe('npm run paths', () => {
  const counting = setup({ types: { context: {} as { n: number } } }).createMachine({
    id: 'counting',
    context: { n: 0 },
    initial: 'on',
    states: {
      on: {
        on: {
          UP: { actions: assign({ n: ({ context }) => context.n + 1 }) },
          OFF: { guard: () => false, target: 'off' },
        },
      },
      off: {},
    },
  });
  const partial: MachineRegistry = { machines: { counting } };

  it('exits 1 below --min-coverage and 0 at or above it', () => {
    const below = runPaths(partial, ['counting', '--min-coverage', '60']);
    expect(below.code).toBe(1);
    expect(below.err).toBe('counting: 50.0 % of its transitions fired, below --min-coverage 60');
    expect(below.out).toContain('Coverage: states 1/2, transitions 1/2');
    expect(below.out).toContain('on —OFF→ off: no sample event fires it');
    expect(runPaths(partial, ['counting', '--min-coverage', '50']).code).toBe(0);
    expect(
      runPaths({ ...partial, unreachable: { counting: [{ transition: 'on —OFF→ off', reason: 'never' }] } }, [
        '--all',
        '--min-coverage',
        '100',
      ]).code,
    ).toBe(0);
  });

  it('refuses unknown options and asks for a machine; --help prints the usage', () => {
    const unknown = runPaths(registry, ['small', '--json']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^Unknown option '--json'\nUsage: npm run paths/);
    expect(runPaths(registry, ['small', '--seed', '3']).err).toMatch(/^--seed only apply to --generator random/);
    expect(runPaths(registry, []).code).toBe(2);
    expect(runPaths(registry, ['--help'])).toMatchObject({ code: 0, out: expect.stringContaining('--min-coverage P') });
  });

  it('walks a machine whose samples choose the simple walk with it by default; --generator shortest still asks for the shortest', () => {
    const choosing: MachineRegistry = { ...registry, pathGenerators: { small: 'simple' } };
    const byDefault = runPaths(choosing, ['small']);
    expect(byDefault.out).toMatch(/^small \(small\): \d+ simple path\(s\)/);
    expect(byDefault.out).toBe(runPaths(choosing, ['small', '--simple']).out);
    expect(runPaths(choosing, ['small', '--generator', 'shortest']).out).toBe(runPaths(registry, ['small']).out);
    expect(runPaths(registry, ['small']).out).toMatch(/^small \(small\): \d+ shortest path\(s\)/);
  });

  it('a state key may read the snapshot the event was sent to, in the simple walk too', () => {
    const loop = setup({}).createMachine({
      id: 'loop',
      initial: 'a',
      states: { a: { on: { N: 'b' } }, b: { on: { N: 'a', M: 'b' } } },
    });
    // b entered from b and a entered from b are states of their own: a → b → b → a is a simple path
    const stateKey = (s: AnyMachineSnapshot, _e?: EventObject, previous?: AnyMachineSnapshot) =>
      JSON.stringify([s.value, previous?.value]);
    const simple = coveragePaths(
      { machine: loop, events: [{ type: 'N' }, { type: 'M' }], stateKey },
      { kind: 'simple' },
    );
    expect(simple.paths.map((p) => p.steps.map((step) => step.state.value).join(' '))).toContain('a b b a');
  });

  it('--simple refuses past its limit instead of running on', () => {
    const loop = setup({}).createMachine({
      id: 'loop',
      context: {},
      initial: 'a',
      states: { a: { on: { N: 'b' } }, b: { on: { N: 'a' } } },
    });
    expect(() => coveragePaths({ machine: loop, events: [{ type: 'N' }] }, { kind: 'simple', simpleLimit: 1 })).toThrow(
      'loop: the simple walk passed 1 states',
    );
    // a walk that tells states apart by an unbounded counter has no end of simple paths
    const counter = setup({ types: { context: {} as { n: number } } }).createMachine({
      id: 'counter',
      context: { n: 0 },
      on: { UP: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
    });
    const refused = runPaths({ machines: { counter }, pathStateKeys: { counter: (s) => String(s.context.n) } }, [
      'counter',
      '--simple',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      'counter: the simple walk passed 5000 states: refused (try the default generator or --generator random)',
    );
  });
});
