// Helpers every machine uses.
// - Default actors are placeholders: each feature's actors.ts (define…Actors) gives the real ones and
//   tests give fakes, with machine.provide({ actors }). Running one unprovided fails loudly.
// - Done and error events reach named actions and guards as typed params, never as casts:
//   `params: ({ event }) => ({ user: event.output })` (or `params: output` for the output as is), or
//   `params: failure` for an error.
import { fromPromise, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';

export function provideMe<TOutput, TInput = void>(machine: string, actor: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${machine} actor "${actor}" was not provided`);
  });
}

/** the params of an action or guard about a failed actor: what it threw */
export const failure = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/** the params of an action about a finished actor: what it gave */
export const output = <T>({ event }: { event: DoneActorEvent<T> }): T => event.output;

/**
 * A store's first load, the same in every store that loads after sign-in: `loading` runs the
 * actor `src` (invoked under that id) and goes to `ready` with the action `loaded` (its params are
 * the actor's output), then `then`; a failure goes to `failed` with the store's `notifyError`
 * toast, and LOAD there tries again. Spread into the machine's states next to its `idle` and
 * `ready`; the names stay the store's own, so the visualizer and graph walks see plain states.
 */
export function loadingStates<
  const TSrc extends string,
  const TLoaded extends string,
  const TThen extends readonly string[] = [],
>(src: TSrc, loaded: TLoaded, ...then: TThen) {
  return {
    loading: {
      description: 'The list loads: the page shows a spinner.',
      tags: ['busy', 'loading'],
      invoke: {
        id: src,
        src,
        onDone: { target: 'ready', actions: [{ type: loaded, params: output }, ...then] },
        onError: { target: 'failed', actions: { type: 'notifyError', params: failure } },
      },
    },
    failed: {
      description: 'The list could not be read: a toast says why.',
      tags: ['failed'],
      on: { LOAD: 'loading' },
    },
  } as const;
}

/**
 * The check of a form before it is sent, the same in every machine with forms: each submit event's
 * rule (the feature's forms.ts) runs once, when the guard asks; `showFormError` then reads the
 * message found for that same event instead of running the rule again.
 */
export function formChecks<TContext, TEvent extends EventObject>(
  rules: {
    [K in TEvent['type']]?: (event: Extract<TEvent, { type: K }>, context: TContext) => string | null;
  },
) {
  // the message found for an event in a context: the guard's and showFormError's of one transition
  // share both; the same event sent again (a walk reuses its samples) is checked again
  const found = new WeakMap<TEvent, { context: TContext; problem: string | null }>();
  const problemOf = (context: TContext, event: TEvent): string | null => {
    const known = found.get(event);
    if (known && known.context === context) return known.problem;
    const rule = rules[event.type as TEvent['type']] as
      | ((event: TEvent, context: TContext) => string | null)
      | undefined;
    const problem = rule ? rule(event, context) : null;
    found.set(event, { context, problem });
    return problem;
  };
  return {
    /** the guard: the form is refused */
    invalid: ({ context, event }: { context: TContext; event: TEvent }) => problemOf(context, event) !== null,
    /** the message the guard found for this event */
    message: ({ context, event }: { context: TContext; event: TEvent }) => problemOf(context, event) ?? '',
  };
}

/**
 * A form's submit event, the same pair of transitions everywhere: refused by its rule → its message
 * shows in that form (named guard `formInvalid`, action `showFormError`); accepted → the message
 * goes (`clearFormError`) and the machine goes to `target` with the further `actions`.
 */
export function checkedSubmit<
  const TForm extends string,
  const TTarget extends string,
  const TActions extends readonly string[] = [],
>(form: TForm, target: TTarget, ...actions: TActions) {
  return [
    { guard: 'formInvalid', actions: { type: 'showFormError', params: { form } } },
    { target, actions: ['clearFormError', ...actions] },
  ] as const;
}
