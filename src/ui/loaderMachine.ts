// The generic loader of spec 4.5: runs one async load once; a failure becomes an error message with
// the error's own text (emitted for a toast) and the loading flag ends false. The data is whatever
// the provided `load` gives (PageLoad<T> provides a load of T and reads the data back as T).
import { assign, emit, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { provideMe } from '@/shared/machines';

export interface LoaderContext {
  data: unknown;
  error: string | null;
}

export type LoaderTag = 'busy';

export const loaderMachine = setup({
  types: {
    context: {} as LoaderContext,
    emitted: {} as NotifyEvent,
    tags: {} as LoaderTag,
  },
  actors: {
    load: provideMe<unknown>('loader', 'load'),
  },
  actions: {
    setData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
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
        onDone: { target: 'success', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'failure', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'notifyError'] },
      },
    },
    success: { type: 'final' },
    failure: { type: 'final' },
  },
});

export type LoaderRef = ActorRefFrom<typeof loaderMachine>;
