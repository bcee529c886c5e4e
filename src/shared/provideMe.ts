// Default actors of the machines are placeholders: the wiring (src/app) and the tests provide the
// real or fake ones with machine.provide({ actors }). Running one unprovided fails loudly.
import { fromPromise } from 'xstate';

export function provideMe<TOutput, TInput = void>(machine: string, actor: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${machine} actor "${actor}" was not provided`);
  });
}
