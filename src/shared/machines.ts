// Helpers every machine uses.
// - Default actors are placeholders: each feature's actors.ts (define…Actors) gives the real ones and
//   tests give fakes, with machine.provide({ actors }). Running one unprovided fails loudly.
// - Done and error events reach named actions and guards as typed params, never as casts:
//   `params: ({ event }) => ({ user: event.output })`, or `params: failure` for an error.
import { fromPromise, type ErrorActorEvent } from 'xstate';

export function provideMe<TOutput, TInput = void>(machine: string, actor: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${machine} actor "${actor}" was not provided`);
  });
}

/** the params of an action or guard about a failed actor: what it threw */
export const failure = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });
