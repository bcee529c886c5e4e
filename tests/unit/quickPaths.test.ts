// The quick generator (model-paths/pathGenerators.ts `quickPaths`): from where the walk is, the nearest
// transition not fired yet, breadth first; short paths, deterministic, bounded.
import { describe, expect, it } from 'vitest';
import { assign, setup, type AnyMachineSnapshot } from 'xstate';
import { quickPaths, transitionPercent, WalkLimitError, type GeneratedPaths } from '../../model-paths/pathGenerators';
import { defaultEvents, withPendingActors } from '../../model-paths/modelPaths';
import { nearestRoute, TransitionProbe } from '../../model-paths/nearestTransition';
import { TransitionRecorder } from '../../model-paths/transitions';
import { formatPathsReport, generatePaths, walkSpecOf } from '../../model-paths/machinePaths';
import { registry } from '../../model-paths/registry';
import { runPaths } from '../../model-paths/cli';
import { corridorSpec } from './fixtures/corridorMachine';
import { smallMachine } from './fixtures/smallMachine';

const eventsOf = (generated: GeneratedPaths) =>
  generated.paths.map((path) => path.steps.slice(1).map((step) => step.event.type));

describe('quickPaths', () => {
  it('walks to the near transition, then on to the far one, in one path with the fewest events', () => {
    const generated = quickPaths(corridorSpec);
    expect(eventsOf(generated)).toEqual([['GO', 'PEEK', 'GO', 'GO', 'GO', 'OPEN']]);
    expect(transitionPercent(generated.coverage)).toBe(100);
    expect(generated.generator).toBe('quick');
  });

  it('starts a new path from the initial state when maxLength is reached or nothing is left within it', () => {
    expect(eventsOf(quickPaths(corridorSpec, { maxLength: 5 }))).toEqual([
      ['GO', 'PEEK'],
      ['GO', 'GO', 'GO', 'GO', 'OPEN'],
    ]);
    // OPEN needs five events: past a cap of four it stays missing, and the walk stops
    const short = quickPaths(corridorSpec, { maxLength: 4 });
    expect(eventsOf(short)).toEqual([['GO', 'PEEK']]);
    expect(short.coverage.transitions.missing.map((m) => m.transition)).toEqual(['walking —OPEN→ open']);
  });

  it('fires always branches, delays and invoked actors’ results (each edge computed with what it fires)', () => {
    const machine = withPendingActors(smallMachine, ['fetchThing']);
    const spec = {
      machine,
      events: defaultEvents(machine, [
        { type: 'GO', to: 'a' },
        { type: 'GO', to: 'b' },
      ]),
    };
    const generated = quickPaths(spec);
    expect(generated.coverage.transitions).toMatchObject({ covered: 8, total: 8, missing: [] });
    expect(generated.coverage.states.missing).toEqual([]);
  });

  it('sends only what the spec’s filter and the accept option allow', () => {
    const noPeek = quickPaths(corridorSpec, { accept: (_snapshot, event) => event.type !== 'PEEK' });
    expect(eventsOf(noPeek).flat()).not.toContain('PEEK');
    expect(noPeek.coverage.transitions.missing.map((m) => m.transition)).toEqual(['walking —PEEK→ (stays)']);
    const stepOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { step: number }).step;
    const filtered = quickPaths({
      ...corridorSpec,
      filter: (snapshot, event) => event.type !== 'GO' || stepOf(snapshot) < 2,
    });
    const goesFromStep2 = filtered.paths.flatMap((path) =>
      path.steps.slice(1).filter((step, i) => step.event.type === 'GO' && stepOf(path.steps[i]!.state) >= 2),
    );
    expect(goesFromStep2).toEqual([]);
    expect(filtered.coverage.transitions.missing.map((m) => m.transition)).toEqual(['walking —OPEN→ open']);
  });

  it('gives the same output for the same seed, byte for byte', () => {
    const spec = walkSpecOf(registry, 'session');
    const render = (seed?: number) =>
      formatPathsReport(registry, 'session', quickPaths(spec, seed === undefined ? {} : { seed }));
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
      states: {
        idle: { on: { GO: { actions: () => (open = false) }, PEEK: { guard: () => open, target: 'peeked' } } },
        peeked: {},
      },
    });
    const generated = quickPaths({ machine, events: [{ type: 'GO' }, { type: 'PEEK' }] }, { maxLength: 3 });
    expect(eventsOf(generated)).toEqual([['GO']]);
    expect(generated.coverage.transitions.missing.map((m) => m.transition)).toEqual(['idle —PEEK→ peeked']);
  });

  it('refuses past its cap on the edges its searches compute', () => {
    expect(() => quickPaths(corridorSpec, { maxEdges: 3 })).toThrow(WalkLimitError);
    expect(() => quickPaths(corridorSpec, { maxEdges: 3 })).toThrow(
      /corridor: the quick walk's searches passed 3 edges/,
    );
  });
});

describe('quickPaths on a state key that merges what a guard tells apart', () => {
  // like the player's walk key, which leaves out whether the length is known: `ended` is reached
  // first without it (END), later with it (LOAD, END), and only then does SEEK play
  const player = setup({ types: { context: {} as { known: boolean } } }).createMachine({
    id: 'mini',
    context: { known: false },
    initial: 'idle',
    states: {
      idle: { on: { END: 'ended', LOAD: { target: 'loaded', actions: assign({ known: true }) } } },
      loaded: { on: { END: 'ended' } },
      ended: { on: { SEEK: { guard: ({ context }) => context.known, target: 'playing' } } },
      playing: {},
    },
  });
  const spec = {
    machine: player,
    events: [{ type: 'END' }, { type: 'LOAD' }, { type: 'SEEK' }],
    stateKey: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
  };

  it('finds the route a search by the key alone misses: states that one event treats apart are not merged', () => {
    const search = { ...spec, allows: () => true };
    const start = new TransitionRecorder(player).snapshot;
    const aim = {
      maxDepth: 10,
      wanted: (id: string) => id === 'ended —SEEK→ playing',
      skip: new Set<string>(),
      order: spec.events,
    };
    // by the key alone `ended` is met first without the length (END), and LOAD, END is merged into it
    expect(nearestRoute(search, new TransitionProbe(player), start, { ...aim, budget: { edges: 100 } })).toBeNull();
    const route = nearestRoute(search, new TransitionProbe(player), start, {
      ...aim,
      budget: { edges: 100 },
      refine: true,
    });
    expect(route !== null && route !== 'exhausted' && route.events.map((event) => event.type)).toEqual([
      'LOAD',
      'END',
      'SEEK',
    ]);
    // the walk fires it for every seed (the registry machines below: the player at seeds that missed it)
    for (const seed of [undefined, ...Array.from({ length: 50 }, (_, i) => i + 1)]) {
      expect(quickPaths(spec, seed === undefined ? {} : { seed }).coverage.transitions.missing, `seed ${seed}`).toEqual(
        [],
      );
    }
  });

  it('says why a transition stays missing: no route within the events a path may have', () => {
    const short = quickPaths(spec, { maxLength: 2 });
    expect(short.coverage.transitions.missing).toEqual([
      {
        transition: 'ended —SEEK→ playing',
        reason:
          'no route to it of at most 2 events from a start: no sample event fires it from any state the searches reach',
      },
    ]);
  });
});

describe('npm run paths --generator quick', () => {
  const machines = Object.keys(registry.machines);
  // the player's walk takes a second or more a seed, the session's a quarter: two of the seeds that
  // missed before the fix (2, 4, 5, 6 and 42 on the player) and the first ten; docs/qa.md says what ran beyond
  const slow: Record<string, number[]> = { player: [2, 42], session: Array.from({ length: 10 }, (_, i) => i + 1) };
  const seeds = (name: string) => slow[name] ?? Array.from({ length: 50 }, (_, i) => i + 1);

  it.each(machines)(
    '%s fires every transition it can for seeds 1-50',
    (name) => {
      for (const seed of seeds(name)) {
        const { coverage } = generatePaths(registry, name, { generator: 'quick', seed });
        expect(coverage.transitions.missing, `${name}, seed ${seed}`).toEqual([]);
      }
    },
    120_000,
  );

  it('fires every transition of every registry machine that is not listed as unreachable', { timeout: 120_000 }, () => {
    const run = runPaths(registry, ['--all', '--generator', 'quick', '--min-coverage', '100']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^player \(player\): \d+ quick path\(s\)$/m);
  });

  it('takes --seed and --max-length, and refuses what only random walks take', () => {
    const small = {
      machines: { corridor: corridorSpec.machine },
      pathStateKeys: { corridor: corridorSpec.stateKey! },
      unreachable: { corridor: corridorSpec.unreachable! },
    };
    const run = runPaths(small, ['corridor', '--generator', 'quick', '--seed', '5', '--max-length', '5']);
    expect(run.out.split('\n').slice(0, 3)).toEqual([
      'corridor (corridor): 2 quick, seed 5 path(s)',
      'Path 1: walking → (GO) walking → (PEEK) walking',
      'Path 2: walking → (GO) walking → (GO) walking → (GO) walking → (GO) walking → (OPEN) open',
    ]);
    expect(runPaths(small, ['corridor', '--generator', 'quick', '--until', 'transitions:50']).err).toMatch(
      /^--until only apply to --generator random\n/,
    );
    expect(runPaths(small, ['corridor', '--generator', 'quik']).err).toMatch(
      /^Unknown generator 'quik' \(shortest, simple, random or quick\)/,
    );
    expect(runPaths(small, ['--help']).out).toContain('--generator quick');
  });
});
