// Controllable fake actors for machine tests: each call records its input and waits until the
// test settles it, so a test decides exactly when and how every service answers.
import { fromPromise } from 'xstate';

export interface FakeCall<TInput, TOutput> {
  input: TInput;
  resolve: (value: TOutput) => void;
  reject: (error: unknown) => void;
  /** aborted when the machine stops the actor */
  signal: AbortSignal;
}

export function fakeService<TOutput, TInput = void>() {
  const calls: FakeCall<TInput, TOutput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, resolve, reject, signal });
      }),
  );
  return {
    logic,
    calls,
    get last(): FakeCall<TInput, TOutput> {
      const call = calls.at(-1);
      if (!call) throw new Error('the fake service was never called');
      return call;
    },
  };
}

/** Lets promise callbacks (and the actor reactions to them) run; safe under fake timers. */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
