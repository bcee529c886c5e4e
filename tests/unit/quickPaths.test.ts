// The quick generator (tools/pathGenerators.ts `quickPaths`): from where the walk is, the nearest
// transition not fired yet, breadth first; short paths, deterministic, bounded.
import { describe, expect, it } from 'vitest';
import { setup, type AnyMachineSnapshot } from 'xstate';
import { quickPaths, transitionPercent, WalkLimitError, type GeneratedPaths } from '../../tools/pathGenerators';
import { defaultEvents, withPendingActors } from '../../tools/modelPaths';
import { formatPathsReport, walkSpecOf } from '../../scripts/lib/machinePaths';
import { registry } from '../../scripts/lib/machineRegistry';
import { runPaths } from '../../scripts/lib/pathsCli';
import { corridorSpec } from './fixtures/corridorMachine';
import { smallMachine } from './fixtures/smallMachine';

const eventsOf = (generated: GeneratedPaths) => generated.paths.map((path) => path.steps.slice(1).map((step) => step.event.type));

describe('quickPaths', () => {
  it('walks to the near transition, then on to the far one, in one path with the fewest events', () => {
    const generated = quickPaths(corridorSpec);
    expect(eventsOf(generated)).toEqual([['GO', 'PEEK', 'GO', 'GO', 'GO', 'OPEN']]);
    expect(transitionPercent(generated.coverage)).toBe(100);
    expect(generated.generator).toBe('quick');
  });

  it('starts a new path from the initial state when maxLength is reached or nothing is left within it', () => {
    expect(eventsOf(quickPaths(corridorSpec, { maxLength: 5 }))).toEqual([['GO', 'PEEK'], ['GO', 'GO', 'GO', 'GO', 'OPEN']]);
    // OPEN needs five events: past a cap of four it stays missing, and the walk stops
    const short = quickPaths(corridorSpec, { maxLength: 4 });
    expect(eventsOf(short)).toEqual([['GO', 'PEEK']]);
    expect(short.coverage.transitions.missing.map((m) => m.transition)).toEqual(['walking —OPEN→ open']);
  });

  it('fires always branches, delays and invoked actors’ results (each edge computed with what it fires)', () => {
    const machine = withPendingActors(smallMachine, ['fetchThing']);
    const spec = { machine, events: defaultEvents(machine, [{ type: 'GO', to: 'a' }, { type: 'GO', to: 'b' }]) };
    const generated = quickPaths(spec);
    expect(generated.coverage.transitions).toMatchObject({ covered: 8, total: 8, missing: [] });
    expect(generated.coverage.states.missing).toEqual([]);
  });

  it('sends only what the spec’s filter and the accept option allow', () => {
    const noPeek = quickPaths(corridorSpec, { accept: (_snapshot, event) => event.type !== 'PEEK' });
    expect(eventsOf(noPeek).flat()).not.toContain('PEEK');
    expect(noPeek.coverage.transitions.missing.map((m) => m.transition)).toEqual(['walking —PEEK→ (stays)']);
    const stepOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { step: number }).step;
    const filtered = quickPaths({ ...corridorSpec, filter: (snapshot, event) => event.type !== 'GO' || stepOf(snapshot) < 2 });
    const goesFromStep2 = filtered.paths.flatMap((path) => path.steps.slice(1).filter((step, i) => step.event.type === 'GO' && stepOf(path.steps[i]!.state) >= 2));
    expect(goesFromStep2).toEqual([]);
    expect(filtered.coverage.transitions.missing.map((m) => m.transition)).toEqual(['walking —OPEN→ open']);
  });

  it('gives the same output for the same seed, byte for byte', () => {
    const spec = walkSpecOf(registry, 'session');
    const render = (seed?: number) => formatPathsReport(registry, 'session', quickPaths(spec, seed === undefined ? {} : { seed }));
    expect(render()).toBe(render());
    const seeded = render(42);
    expect(seeded).toBe(render(42));
    expect(seeded).toContain('quick, seed 42');
  });

  it('does not aim again at a step whose replay did not fire what the search predicted', () => {
    // the search runs no action: it believes PEEK still opens after GO, the real actor knows better
    let open = true;
    const machine = setup({}).createMachine({
      id: 'stale',
      initial: 'idle',
      states: { idle: { on: { GO: { actions: () => (open = false) }, PEEK: { guard: () => open, target: 'peeked' } } }, peeked: {} },
    });
    const generated = quickPaths({ machine, events: [{ type: 'GO' }, { type: 'PEEK' }] }, { maxLength: 3 });
    expect(eventsOf(generated)).toEqual([['GO']]);
    expect(generated.coverage.transitions.missing.map((m) => m.transition)).toEqual(['idle —PEEK→ peeked']);
  });

  it('refuses past its cap on the edges its searches compute', () => {
    expect(() => quickPaths(corridorSpec, { maxEdges: 3 })).toThrow(WalkLimitError);
    expect(() => quickPaths(corridorSpec, { maxEdges: 3 })).toThrow(/corridor: the quick walk's searches passed 3 edges/);
  });
});

describe('npm run paths --generator quick', () => {
  it('fires every transition of every registry machine that is not listed as unreachable', { timeout: 120_000 }, () => {
    const run = runPaths(registry, ['--all', '--generator', 'quick', '--min-coverage', '100']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^player \(player\): \d+ quick path\(s\)$/m);
  });

  it('takes --seed and --max-length, and refuses what only random walks take', () => {
    const small = { machines: { corridor: corridorSpec.machine }, pathStateKeys: { corridor: corridorSpec.stateKey! }, unreachable: { corridor: corridorSpec.unreachable! } };
    const run = runPaths(small, ['corridor', '--generator', 'quick', '--seed', '5', '--max-length', '5']);
    expect(run.out.split('\n').slice(0, 3)).toEqual([
      'corridor (corridor): 2 quick, seed 5 path(s)',
      'Path 1: walking → (GO) walking → (PEEK) walking',
      'Path 2: walking → (GO) walking → (GO) walking → (GO) walking → (GO) walking → (OPEN) open',
    ]);
    expect(runPaths(small, ['corridor', '--generator', 'quick', '--until', 'transitions:50']).err).toMatch(/^--until only apply to --generator random\n/);
    expect(runPaths(small, ['corridor', '--generator', 'quik']).err).toMatch(/^Unknown generator 'quik' \(shortest, simple, random or quick\)/);
    expect(runPaths(small, ['--help']).out).toContain('--generator quick');
  });
});

