// The generic loader of spec 4.5: runs one async fetch once; a failure becomes an error message
// with the error's own text and the loading flag ends false.
import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';

export interface LoaderContext<T = unknown> {
  data: T | undefined;
  error: string | null;
}

export const loaderMachine = setup({
  types: {
    context: {} as LoaderContext,
    emitted: {} as NotifyEvent,
  },
  actors: {
    load: fromPromise<unknown>(async () => {
      throw new Error('loader actor "load" was not provided');
    }),
  },
  actions: {
    setData: assign({ data: ({ event }) => (event as unknown as { output: unknown }).output, error: null }),
    setError: assign({
      error: ({ event }) => errorMessage((event as { error?: unknown }).error),
    }),
    notifyError: emit(({ context }) => ({ type: 'notify' as const, severity: 'error' as const, message: context.error ?? '' })),
  },
}).createMachine({
  id: 'loader',
  context: { data: undefined, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'success', actions: 'setData' },
        onError: { target: 'failure', actions: ['setError', 'notifyError'] },
      },
    },
    success: { type: 'final' },
    failure: { type: 'final' },
  },
});

export type LoaderRef = ActorRefFrom<typeof loaderMachine>;
