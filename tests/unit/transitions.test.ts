// The transition list and the recorder that tells which transition an event fired
// (tools/transitions.ts), on a small machine with two guarded branches, an always, a delay and an invoke.
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { recordEvents, transitionsOf } from '../../tools/transitions';

export const smallMachine = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'GO'; to: 'a' | 'b' } | { type: 'BUMP' } },
  actors: { fetchThing: fromPromise<string>(() => new Promise<string>(() => {})) },
}).createMachine({
  id: 'small',
  context: { count: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        GO: [{ guard: ({ event }) => event.to === 'a', target: 'a' }, { target: 'b' }],
        BUMP: { actions: assign({ count: ({ context }) => context.count + 1 }) },
      },
    },
    a: { always: [{ guard: ({ context }) => context.count > 0, target: 'done' }, { target: 'waiting' }] },
    waiting: { after: { 3000: 'idle' } },
    b: { invoke: { src: 'fetchThing', onDone: 'done', onError: 'idle' } },
    done: { type: 'final' },
  },
});

describe('transitionsOf', () => {
  it('lists each branch, always, delay and invoke result once, with the names the machine gives them', () => {
    expect(transitionsOf(smallMachine).map((t) => t.id)).toEqual([
      'idle —GO#1→ a',
      'idle —GO#2→ b',
      'idle —BUMP→ (stays)',
      'a —always#1→ done',
      'a —always#2→ waiting',
      'waiting —after 3000 ms→ idle',
      'b —done: fetchThing→ done',
      'b —error: fetchThing→ idle',
    ]);
  });
});

describe('recordEvents', () => {
  it('tells which guarded branch and which always branch fired', () => {
    const { steps } = recordEvents(smallMachine, [{ type: 'GO', to: 'a' }]);
    expect(steps.map((s) => s.fired)).toEqual([[], ['idle —GO#1→ a', 'a —always#2→ waiting']]);
    const { steps: bumped } = recordEvents(smallMachine, [{ type: 'BUMP' }, { type: 'GO', to: 'a' }]);
    expect(bumped.at(-1)!.fired).toEqual(['idle —GO#1→ a', 'a —always#1→ done']);
  });

  it('records delays, invoke results and nothing for an ignored event', () => {
    const { steps } = recordEvents(smallMachine, [
      { type: 'GO', to: 'a' },
      { type: 'xstate.after.3000.small.waiting' },
      { type: 'BUMP' },
      { type: 'GO', to: 'b' },
      { type: 'GO', to: 'b' },
      { type: 'xstate.error.actor.0.small.b' },
    ]);
    expect(steps.slice(2).map((s) => s.fired)).toEqual([
      ['waiting —after 3000 ms→ idle'],
      ['idle —BUMP→ (stays)'],
      ['idle —GO#2→ b'],
      [],
      ['b —error: fetchThing→ idle'],
    ]);
  });
});
