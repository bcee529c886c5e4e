// The interface paths' plan (tests/e2e/paths/plan.ts) on a tiny machine, no browser: the walk
// takes only the events the adapter maps, every state it reaches needs a check, and the coverage
// check holds the adapter's list of transitions no user reaches to account.
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup, type AnyEventObject } from 'xstate';
import { defaultEvents, describePath, withPendingActors } from '../../model-paths/modelPaths';
import type { WalkSpec } from '../../model-paths/pathGenerators';
import { corridorSpec } from './fixtures/corridorMachine';
import { coverageProblems, planInterfacePaths, ROOT_STATE, summaryLine, type AdapterPlan } from '../e2e/paths/plan';
import { runPath } from '../e2e/paths/runner';
import type { AnyInterfaceAdapter } from '../e2e/paths/adapter';
import type { Suite } from '../e2e/support/suite';

// a heart: the user toggles it, the server answers; RESET comes from elsewhere (no user sends it)
const heart = setup({ actors: { submit: fromPromise(async () => {}) } }).createMachine({
  id: 'heart',
  initial: 'idle',
  states: {
    idle: { on: { TOGGLE: 'submitting' } },
    submitting: {
      invoke: { id: 'submit', src: 'submit', onDone: 'idle', onError: 'idle' },
      on: { RESET: 'idle' },
    },
  },
});
const machine = withPendingActors(heart, ['submit']);
const samples: AnyEventObject[] = [{ type: 'xstate.error.actor.submit', error: new Error('refused') }];
const spec: WalkSpec = { machine, events: defaultEvents(machine, samples) };
const noop = async () => {};
// a state check of the tiny machines: it has a page to look at (a context), unlike an empty one
const look = async (page: { looked?: number }) => {
  page.looked = (page.looked ?? 0) + 1;
};
const RESET = 'submitting —RESET→ idle';

const adapter = (overrides: Partial<AdapterPlan> = {}): AdapterPlan => ({
  machine: 'heart',
  seed: 7,
  events: { TOGGLE: noop, 'xstate.done.actor.submit': noop, 'xstate.error.actor.submit': noop },
  states: { idle: look, submitting: look },
  notThroughInterface: [{ transition: RESET, reason: 'sent by the store, not by a user' }],
  ...overrides,
});
const plan = (overrides: Partial<AdapterPlan> = {}) =>
  planInterfacePaths(spec, adapter(overrides), (path) => describePath(path));

describe('planInterfacePaths', () => {
  it('walks only the events the adapter maps, and the same seed gives the same paths', () => {
    const first = plan();
    const types = new Set(first.paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect(types.has('RESET')).toBe(false);
    expect([...types].sort()).toEqual(['TOGGLE', 'xstate.done.actor.submit', 'xstate.error.actor.submit']);
    expect(plan().paths.map((path) => path.title)).toEqual(first.paths.map((path) => path.title));
    expect(coverageProblems(first)).toEqual([]);
    expect(summaryLine(first, first.paths)).toBe(
      `heart: ${first.paths.length} paths, ${first.paths.length} passed, 0 failed; transitions 3/4 through the interface, 1 not through it (listed), 0 unreachable; states 2/2 checked`,
    );
  });

  it('refuses a state check that checks nothing: no parameter, or an empty body', () => {
    expect(() => plan({ states: { idle: look, submitting: noop } })).toThrow(
      /state checks that check nothing \(no parameter, or an empty body\): submitting/,
    );
    expect(() => plan({ states: { idle: async (_page: unknown) => {}, submitting: look } })).toThrow(
      /check nothing .*: idle/,
    );
    const states = {
      async idle(_page: unknown) {
        // nothing shows
      },
      submitting: look,
    };
    expect(() => plan({ states })).toThrow(/check nothing .*: idle/);
  });

  it('never sends an event of a type the adapter does not map, even one the walk aims at', () => {
    const { paths, fired } = plan({ events: { TOGGLE: noop, 'xstate.done.actor.submit': noop } });
    expect(paths.flatMap((path) => path.steps.map((step) => step.event.type))).not.toContain(
      'xstate.error.actor.submit',
    );
    expect(fired.has('submitting —error: submit→ idle')).toBe(false);
  });

  it('leaves out sample events the adapter does not accept', () => {
    const { fired } = plan({ accepts: (event) => event.type !== 'xstate.error.actor.submit' });
    expect(fired.has('submitting —error: submit→ idle')).toBe(false);
  });

  it('refuses a state the paths reach without a check', () => {
    expect(() => plan({ states: { idle: look } })).toThrow(
      /states the paths reach have no check in the adapter's states: submitting/,
    );
  });

  it('checks a machine without states of its own in its one state, named as its transitions name the root', () => {
    const counter = setup({}).createMachine({
      id: 'counter',
      context: { n: 0 },
      on: { ADD: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
    });
    const counterSpec: WalkSpec = { machine: counter, events: [{ type: 'ADD' }] };
    const counterPlan = planInterfacePaths(
      counterSpec,
      { machine: 'counter', seed: 1, events: { ADD: noop }, states: { [ROOT_STATE]: look }, notThroughInterface: [] },
      (path) => describePath(path),
    );
    expect(counterPlan.paths[0]!.initial).toEqual(['(machine)']);
    expect(counterPlan.paths[0]!.steps.map((step) => step.states)).toEqual([['(machine)']]);
    expect(() =>
      planInterfacePaths(
        counterSpec,
        { machine: 'counter', seed: 1, events: { ADD: noop }, states: {}, notThroughInterface: [] },
        (path) => describePath(path),
      ),
    ).toThrow(/no check in the adapter's states: \(machine\)/);
  });

  it('refuses a listed transition the machine does not have', () => {
    expect(() => plan({ notThroughInterface: [{ transition: 'idle —NOPE→ idle', reason: 'stale' }] })).toThrow(
      /does not have: idle —NOPE→ idle/,
    );
  });
});

describe('summaryLine', () => {
  it('counts what the paths that passed took: a failed path counts nothing', () => {
    // two paths, so that one can fail: toggles answered each way, walked apart
    const twoPaths = plan({ maxLength: 2 });
    expect(twoPaths.paths.length).toBeGreaterThan(1);
    const [first] = twoPaths.paths;
    const firedByFirst = new Set(first!.steps.flatMap((step) => step.fired)).size;
    expect(summaryLine(twoPaths, [])).toBe(
      `heart: ${twoPaths.paths.length} paths, 0 passed, ${twoPaths.paths.length} failed; transitions 0/4 through the interface, 1 not through it (listed), 0 unreachable; states 0/2 checked`,
    );
    expect(summaryLine(twoPaths, [first!])).toContain(
      `1 passed, ${twoPaths.paths.length - 1} failed; transitions ${firedByFirst}/4 through the interface`,
    );
  });
});

describe('coverageProblems', () => {
  it('names a transition neither fired nor listed', () => {
    expect(coverageProblems(plan({ notThroughInterface: [] }))).toEqual([`not fired by any path: ${RESET}`]);
  });

  it('names a listed transition a path does fire: the list must stay honest', () => {
    const listed = 'idle —TOGGLE→ submitting';
    const problems = coverageProblems(
      plan({ notThroughInterface: [...adapter().notThroughInterface, { transition: listed, reason: 'wrong' }] }),
    );
    expect(problems).toContain(`listed as not through the interface, but a path fires it: ${listed}`);
  });
});

describe('the generator of the plan', () => {
  const corridorAdapter = (overrides: Partial<AdapterPlan> = {}): AdapterPlan => ({
    machine: 'corridor',
    seed: 7,
    events: { GO: noop, PEEK: noop, OPEN: noop, BACK: noop },
    states: { walking: look, open: look },
    notThroughInterface: [],
    ...overrides,
  });
  const eventsOf = (overrides: Partial<AdapterPlan> = {}) =>
    planInterfacePaths(corridorSpec, corridorAdapter(overrides), (path) => describePath(path)).paths.map((path) =>
      path.steps.map((step) => step.event.type),
    );

  it('walks to the nearest transition not fired yet by default: the fewest steps', () => {
    expect(eventsOf()).toEqual([['GO', 'PEEK', 'GO', 'GO', 'GO', 'OPEN']]);
  });

  it("tells states apart by the adapter's key: context its accepts reads, which the machine's own key leaves out", () => {
    const valueOnly = { ...corridorSpec, stateKey: undefined };
    const walk = (overrides: Partial<AdapterPlan>) =>
      planInterfacePaths(valueOnly, corridorAdapter(overrides), (path) => describePath(path)).paths.map((path) =>
        path.steps.map((step) => step.event.type),
      );
    // by its state value alone every corridor step is one state: the walk never finds the door
    expect(walk({}).flat()).not.toContain('OPEN');
    expect(walk({ stateKey: corridorSpec.stateKey! })).toEqual([['GO', 'PEEK', 'GO', 'GO', 'GO', 'OPEN']]);
  });

  it('takes seeded random walks when the adapter asks for them', () => {
    const random = eventsOf({ generator: 'random' });
    expect(random).toEqual(eventsOf({ generator: 'random' }));
    expect(random.flat()).toContain('BACK');
  });
});

describe('the state key of the plan', () => {
  // two-step sign-in in small: it can be turned off only while it is on; turned off either way (by
  // the server, or found off already)
  const lock = setup({ types: { context: {} as { on: boolean } } }).createMachine({
    id: 'lock',
    context: { on: false },
    initial: 'idle',
    states: {
      idle: { on: { ENABLE: 'enabling', DISABLE: 'disabling' } },
      enabling: { on: { ENABLED: { target: 'idle', actions: assign({ on: true }) } } },
      disabling: {
        on: {
          DISABLED: { target: 'idle', actions: assign({ on: false }) },
          WAS_OFF: { target: 'idle', actions: assign({ on: false }) },
        },
      },
    },
  });
  const lockSpec: WalkSpec = {
    machine: lock,
    events: ['ENABLE', 'ENABLED', 'DISABLE', 'DISABLED', 'WAS_OFF'].map((type) => ({ type })),
  };
  const lockAdapter = (overrides: Partial<AdapterPlan> = {}): AdapterPlan => ({
    machine: 'lock',
    seed: 7,
    events: { ENABLE: noop, ENABLED: noop, DISABLE: noop, DISABLED: noop, WAS_OFF: noop },
    accepts: (event, snapshot) =>
      event.type === 'DISABLE' ? snapshot.context.on : event.type === 'ENABLE' ? !snapshot.context.on : true,
    states: { idle: look, enabling: look, disabling: look },
    notThroughInterface: [],
    ...overrides,
  });
  const problemsOf = (overrides: Partial<AdapterPlan> = {}) =>
    coverageProblems(planInterfacePaths(lockSpec, lockAdapter(overrides), (path) => describePath(path)));

  it('keeps apart what the adapter says differs: a route through idle with it on is not cut at idle with it off', () => {
    // by the state value alone, idle with it on is idle seen before; when that finds nothing the
    // search looks again, telling idle apart by what the user can do there (accepts): found too
    expect(problemsOf()).toEqual([]);
    expect(problemsOf({ stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.on]) })).toEqual([]);
  });
});

describe('running a path', () => {
  it("gives each event the machine's snapshot after its step, and checks each state with it", async () => {
    const [path] = plan().paths.filter((p) => p.steps.length >= 2);
    const seen: string[] = [];
    const record =
      (what: string) =>
      async (_ctx: unknown, ...rest: unknown[]) => {
        const model = rest.at(-1) as { value: unknown };
        seen.push(`${what} ${JSON.stringify(model.value)}`);
      };
    const running: AnyInterfaceAdapter = {
      ...adapter(),
      events: {
        TOGGLE: record('TOGGLE'),
        'xstate.done.actor.submit': record('done'),
        'xstate.error.actor.submit': record('error'),
      },
      states: { idle: record('check idle'), submitting: record('check submitting') },
      start: async () => ({}),
      stop: async () => {},
    };
    await runPath(running, {} as Suite, path!);
    expect(seen.slice(0, 3)).toEqual(['check idle "idle"', 'TOGGLE "submitting"', 'check submitting "submitting"']);
  });
});
