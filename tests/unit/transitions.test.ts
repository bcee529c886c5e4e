// The transition list and the recorder that tells which transition an event fired
// (model-paths/transitions.ts), on a small machine with two guarded branches, an always, a delay and an invoke.
import { describe, expect, it } from 'vitest';
import { recordEvents, selectedTransitions, transitionsOf } from '../../model-paths/transitions';
import { smallMachine } from './fixtures/smallMachine';

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

describe('selectedTransitions', () => {
  it('names the branch an event selects from a snapshot without running it, nothing for an ignored event', () => {
    const start = recordEvents(smallMachine, []).steps[0]!.state;
    expect(selectedTransitions(smallMachine, start, { type: 'GO', to: 'b' })).toEqual(['idle —GO#2→ b']);
    expect(selectedTransitions(smallMachine, start, { type: 'GO', to: 'a' })).toEqual(['idle —GO#1→ a']);
    expect(selectedTransitions(smallMachine, start, { type: 'xstate.after.3000.small.waiting' })).toEqual([]);
  });
});
