// The form check every machine with forms shares (src/shared/machines.ts): a submit refused by its rule
// shows the rule's message in its form, an accepted one goes on with the message cleared, and the
// rule runs once a submit (the message shown is the one the guard found).
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { checkedSubmit, formChecks } from '@/shared/machines';

type Event = { type: 'SEND'; name: string };
interface Context {
  formError: { form: 'name'; message: string } | null;
}

function machineCounting() {
  const runs: string[] = [];
  const checks = formChecks<Context, Event>({
    // biome-ignore lint/correctness/noComponentHookFactories: SEND is an event's rule, not a component
    SEND: (event) => {
      runs.push(event.name);
      return event.name.trim() === '' ? 'a name, please' : null;
    },
  });
  const machine = setup({
    types: { context: {} as Context, events: {} as Event },
    guards: { formInvalid: checks.invalid },
    actions: {
      showFormError: assign((args, params: { form: 'name' }) => ({
        formError: { form: params.form, message: checks.message(args) },
      })),
      clearFormError: assign({ formError: null }),
      noted: () => {},
    },
  }).createMachine({
    context: { formError: null },
    initial: 'editing',
    states: {
      editing: { on: { SEND: checkedSubmit('name', 'sent', 'noted') } },
      sent: { on: { SEND: checkedSubmit('name', 'sent') } },
    },
  });
  return { machine, runs };
}

describe('formChecks and checkedSubmit', () => {
  it('a refused submit shows its message in its form, once checked; an accepted one clears it and goes on', () => {
    const { machine, runs } = machineCounting();
    const actor = createActor(machine).start();
    actor.send({ type: 'SEND', name: ' ' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'name', message: 'a name, please' });
    expect(runs).toEqual([' ']);
    actor.send({ type: 'SEND', name: 'Mio' });
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().context.formError).toBeNull();
    expect(runs).toEqual([' ', 'Mio']);
  });

  it('the same event sent again is checked again (its context may have changed)', () => {
    const { machine, runs } = machineCounting();
    const actor = createActor(machine).start();
    const blank = { type: 'SEND', name: ' ' } as const;
    actor.send(blank);
    actor.send(blank);
    expect(runs).toEqual([' ', ' ']);
  });
});
