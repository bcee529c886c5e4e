import { describe, expect, test } from 'vitest';
import { and, assign, fromPromise, not, setup } from 'xstate';
import {
  assertAllStatesReached,
  defaultEvents,
  describePath,
  machinePaths,
  replayPath,
  stateIdsOf,
  type PathEvent,
  type StateChecks,
} from '../../model-paths/modelPaths';
import { machineDefinition, machineMermaid, renderMachineDocs } from '../../model-paths/machineDocs';
import { renderPathsReport } from '../../model-paths/machinePaths';

// A toy with the features real machines use: an invoked promise actor, a named delay, a parallel
// state, guards (one built from and/not) and context.
const toyMachine = setup({
  types: {
    context: {} as { user: string | null; plays: number },
    events: {} as { type: 'LOGIN' } | { type: 'LOGOUT' } | { type: 'TOGGLE' } | { type: 'LOOP' },
  },
  actors: {
    fetchUser: fromPromise<string>(() => Promise.reject(new Error('provide me'))),
  },
  delays: { logoutDelay: 2000 },
  guards: { canLogin: () => true, isBlocked: () => false, canPlay: () => true },
  actions: {
    rememberUser: assign({ user: ({ event }) => (event as unknown as { output: string }).output }),
    forgetUser: assign({ user: null }),
    countPlay: assign({ plays: ({ context }) => context.plays + 1 }),
  },
}).createMachine({
  id: 'toy',
  context: { user: null, plays: 0 },
  initial: 'unknown',
  states: {
    unknown: {
      description: 'Asking the server who is signed in',
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: { target: 'loggedIn', actions: 'rememberUser' },
        onError: 'loggedOut',
      },
    },
    loggedOut: {
      entry: 'forgetUser',
      on: { LOGIN: { guard: and(['canLogin', not('isBlocked')]), target: 'unknown' } },
    },
    loggedIn: {
      type: 'parallel',
      on: { LOGOUT: 'loggingOut' },
      states: {
        playback: {
          initial: 'paused',
          states: {
            paused: { on: { TOGGLE: { guard: 'canPlay', target: 'playing', actions: 'countPlay' } } },
            playing: { tags: ['busy'], on: { TOGGLE: 'paused' } },
          },
        },
        loop: {
          initial: 'listLoop',
          states: {
            listLoop: { on: { LOOP: 'trackLoop' } },
            trackLoop: { on: { LOOP: 'listLoop' } },
          },
        },
      },
    },
    loggingOut: { after: { logoutDelay: 'loggedOut' } },
  },
});

// Fake actors never settle by themselves: the path decides when fetchUser is done or fails.
const machine = toyMachine.provide({
  actors: { fetchUser: fromPromise<string>(() => new Promise<string>(() => {})) },
});
type Toy = typeof machine;

const samples: PathEvent<Toy>[] = [
  { type: 'xstate.done.actor.fetchUser', output: 'mio' },
  { type: 'xstate.error.actor.fetchUser', error: new Error('offline') },
];
const events: PathEvent<Toy>[] = [
  ...samples,
  { type: 'LOGIN' },
  { type: 'LOGOUT' },
  { type: 'TOGGLE' },
  { type: 'LOOP' },
  { type: 'xstate.after.logoutDelay.toy.loggingOut' },
];

const checks: StateChecks<Toy> = {
  unknown: (s) => expect(s.children.fetchUser).toBeDefined(),
  loggedIn: (s) => expect(s.context.user).toBe('mio'),
  loggedOut: (s) => expect(s.context.user).toBeNull(),
  'loggedIn.playback.playing': (s) => expect(s.hasTag('busy')).toBe(true),
  'loggedIn.playback.paused': (s) => expect(s.hasTag('busy')).toBe(false),
  loggingOut: (s) => expect(s.can({ type: 'LOGIN' })).toBe(false),
};

const shortest = machinePaths(machine, { events });

describe('model paths harness', () => {
  test('stateIdsOf lists every atomic state as a root-relative path', () => {
    expect(stateIdsOf(machine)).toEqual([
      'unknown',
      'loggedOut',
      'loggedIn.playback.paused',
      'loggedIn.playback.playing',
      'loggedIn.loop.listLoop',
      'loggedIn.loop.trackLoop',
      'loggingOut',
    ]);
  });

  test('derives the event types of on, delays and invokes', () => {
    expect(
      defaultEvents(machine, samples)
        .map((e) => e.type)
        .sort(),
    ).toEqual(events.map((e) => e.type).sort());
    expect(defaultEvents(machine, samples)[0]).toBe(samples[0]);
  });

  test('shortest paths reach every state', () => {
    expect(shortest.length).toBe(7); // 3 states beside loggedIn, 2 × 2 combinations inside it
    assertAllStatesReached(shortest, machine);
  });

  test.each(shortest.map((path) => [describePath(path), path] as const))('replays %s', async (_name, path) => {
    const result = await replayPath(machine, path, { checks });
    expect(result.finalSnapshot.value).toEqual(path.state.value);
  });

  test('simple paths replay too, and together they run every check', async () => {
    const simple = machinePaths(machine, { events, kind: 'simple' });
    expect(simple.length).toBeGreaterThan(shortest.length);
    assertAllStatesReached(simple, machine);
    const ran = new Set<string>();
    for (const path of simple) {
      for (const key of (await replayPath(machine, path, { checks })).checksRun) ran.add(key);
    }
    expect([...ran].sort()).toEqual(Object.keys(checks).sort());
  });

  test('delays never fire on their own during a replay', async () => {
    const toLoggingOut = shortest.find((p) => p.state.value === 'loggingOut')!;
    const result = await replayPath(machine, toLoggingOut, {
      checks: { loggingOut: () => new Promise<void>((resolve) => setTimeout(resolve, 20)) },
    });
    expect(result.finalSnapshot.value).toBe('loggingOut');
  });

  test('fails when a state is unreachable with the given events', () => {
    const withoutLogout = machinePaths(machine, { events: events.filter((e) => e.type !== 'LOGOUT') });
    expect(() => assertAllStatesReached(withoutLogout, machine)).toThrow(
      /not reached by any path: loggingOut$|loggingOut \(/,
    );
  });

  test('fails listing a state no transition leads to', () => {
    const withOrphan = setup({}).createMachine({
      id: 'orphaned',
      initial: 'a',
      states: { a: { on: { GO: 'b' } }, b: {}, orphan: {}, nested: { initial: 'x', states: { x: {} } } },
    });
    const paths = machinePaths(withOrphan, { events: [{ type: 'GO' }] });
    expect(() => assertAllStatesReached(paths, withOrphan)).toThrow(
      '2 state(s) not reached by any path: orphan, nested.x',
    );
    expect(() => assertAllStatesReached(paths, withOrphan, { ignore: ['orphan', 'nested.x'] })).not.toThrow();
  });

  test('replay fails when the real machine goes elsewhere than the graph said', async () => {
    const cannotPlay = machine.provide({ guards: { canPlay: () => false } });
    const toPlaying = shortest.find((p) =>
      describePath(p).endsWith('(TOGGLE) loggedIn.{playback.playing, loop.listLoop}'),
    )!;
    await expect(replayPath(cannotPlay, toPlaying)).rejects.toThrow(
      /at step 2 \(TOGGLE\): expected loggedIn\.\{playback\.playing, loop\.listLoop\}, got loggedIn\.\{playback\.paused, loop\.listLoop\}/,
    );
  });

  test('replay fails when a fake actor settles by itself', async () => {
    // fetchUser resolves at once, so the actor is already signed in when the path says it failed;
    // XState turns an error event nobody handles into an actor error.
    const eager = toyMachine.provide({ actors: { fetchUser: fromPromise(async () => 'eve') } });
    const viaError = shortest.find((p) => p.state.value === 'loggedOut')!;
    await expect(replayPath(eager, viaError)).rejects.toThrow(
      /at step 1 \(xstate\.error\.actor\.fetchUser .*\): the actor failed: offline/,
    );
  });

  test('replay fails when a check fails, naming the state and step', async () => {
    const toPlaying = shortest.find((p) => JSON.stringify(p.state.value).includes('playing'))!;
    const failing: StateChecks<Toy> = { 'loggedIn.playback.playing': (s) => expect(s.context.plays).toBe(99) };
    await expect(replayPath(machine, toPlaying, { checks: failing })).rejects.toThrow(
      /check 'loggedIn\.playback\.playing' failed/,
    );
  });

  test('describePath reads as steps', () => {
    const toTrackLoop = shortest.find(
      (p) => JSON.stringify(p.state.value).includes('trackLoop') && JSON.stringify(p.state.value).includes('paused'),
    )!;
    expect(describePath(toTrackLoop)).toBe(
      'unknown → (xstate.done.actor.fetchUser {"output":"mio"}) loggedIn.{playback.paused, loop.listLoop} → (LOOP) loggedIn.{playback.paused, loop.trackLoop}',
    );
  });
});

describe('machine docs and paths scripts', () => {
  test('writes JSON, a Mermaid page per machine and an index', () => {
    const files = renderMachineDocs({ toy: machine });
    expect(files.map((f) => f.path)).toEqual(['toy.json', 'toy.md', 'README.md']);
    expect(files[2]!.content).toContain('| [toy](toy.md) | `toy` |');
    const json = JSON.parse(files[0]!.content) as { states: Record<string, { invoke: { src: string }[] }> };
    expect(json.states.unknown!.invoke[0]!.src).toBe('fetchUser');
    expect(JSON.stringify(machineDefinition(machine))).toContain('"and(canLogin, not(isBlocked))"');
  });

  test('the Mermaid diagram has composites, regions and labelled transitions', () => {
    const mermaid = machineMermaid(machine);
    expect(mermaid.split('\n').slice(0, 4)).toEqual([
      'stateDiagram-v2',
      '  [*] --> machine',
      '  state "toy" as machine',
      '  state machine {',
    ]);
    for (const line of [
      '[*] --> unknown',
      'unknown --> loggedIn : done: fetchUser',
      'unknown --> loggedOut : error: fetchUser',
      'loggedOut --> unknown : LOGIN [and(canLogin, not(isBlocked))]',
      'loggedIn_playback_paused --> loggedIn_playback_playing : TOGGLE [canPlay]',
      'loggedIn --> loggingOut : LOGOUT',
      'loggingOut --> loggedOut : after logoutDelay',
      'state loggedIn {',
      '--',
      '[*] --> loggedIn_playback_paused',
      'unknown : Asking the server who is signed in',
    ]) {
      expect(mermaid).toContain(line);
    }
    // A machine without states is one box with its transitions as loops.
    const flat = setup({}).createMachine({ id: 'flat', on: { ADD: { actions: [] } } });
    expect(machineMermaid(flat).split('\n')).toEqual([
      'stateDiagram-v2',
      '  [*] --> machine',
      '  state "flat" as machine',
      '  machine --> machine : ADD',
    ]);
    const md = renderMachineDocs({ toy: machine })[1]!.content;
    expect(md).toContain('```mermaid\nstateDiagram-v2');
    expect(md).toContain('| `loggedIn.playback.paused` | TOGGLE | canPlay | `loggedIn.playback.playing` | countPlay |');
  });

  test('prints numbered paths, using the registry samples', () => {
    // every path walked (--every-path): the start first; by default only those that add coverage
    const report = renderPathsReport({ machines: { toy: machine }, pathEvents: { toy: samples } }, 'toy', {
      everyPath: true,
    });
    const lean = renderPathsReport({ machines: { toy: machine }, pathEvents: { toy: samples } }, 'toy');
    expect(lean).not.toContain('Path 1: unknown\n');
    expect(lean.split('\n').at(-1)).toBe(report.split('\n').at(-1));
    const lines = report.split('\n');
    expect(lines[0]).toMatch(/^toy \(toy\): \d+ shortest path\(s\)/);
    expect(lines[1]).toBe('Path 1: unknown');
    // system events read as the machine names them
    expect(report).toContain(
      'Path 4: unknown → (done: fetchUser {"output":"mio"}) loggedIn.{playback.paused, loop.listLoop} → (LOGOUT) loggingOut',
    );
    expect(report).not.toContain('Warning');
    const simple = renderPathsReport({ machines: { toy: machine }, pathEvents: { toy: samples } }, 'toy', {
      simple: true,
    });
    expect(simple).toMatch(/simple path\(s\)/);
    expect(() => renderPathsReport({ machines: { toy: machine } }, 'nope')).toThrow(
      "Unknown machine 'nope'. Known: toy",
    );
  });
});
