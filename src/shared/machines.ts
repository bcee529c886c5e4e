// Helpers every machine uses.
// - Default actors are placeholders: each feature's actors.ts (define…Actors) gives the real ones and
//   tests give fakes, with machine.provide({ actors }). Running one unprovided fails loudly.
// - Done and error events reach named actions and guards as typed params, never as casts:
//   `params: ({ event }) => ({ user: event.output })` (or `params: output` for the output as is), or
//   `params: failure` for an error.
import { fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';

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
export function loadingStates<const TSrc extends string, const TLoaded extends string, const TThen extends readonly string[] = []>(
  src: TSrc,
  loaded: TLoaded,
  ...then: TThen
) {
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
