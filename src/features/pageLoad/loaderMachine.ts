// The generic loader (docs/behaviour.md#loader-and-toasts): runs one async load; a failure becomes an error message with the
// error's own text (emitted for a toast) and the loading flag ends false. The data is whatever the
// provided `load` gives (PageLoad<T> provides a load of T and reads the data back as T).
// RELOAD runs the load again (after a sync changed what it read) while the data it has stays
// shown; a failed reload keeps that data and says why in a toast, so a page never falls back to
// its skeleton or an error for a refresh.
import { assign, emit, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { provideMe } from '@/shared/machines';

interface LoaderContext {
  data: unknown;
  error: string | null;
}

type LoaderEvent = { type: 'RELOAD' };

type LoaderTag = 'busy' | 'shown';

const loaderSetup = setup({
  types: {
    context: {} as LoaderContext,
    events: {} as LoaderEvent,
    emitted: {} as NotifyEvent,
    tags: {} as LoaderTag,
  },
  actors: {
    load: provideMe<unknown>('loader', 'load'),
  },
  actions: {
    setData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    notifyError: emit(({ context }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: context.error ?? '',
    })),
    notifyReloadFailed: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
});

/** The loader as actor `id`, its load as actor `loadId`: the names the inspector lists them by. */
function defineLoader(id: string, loadId: string) {
  return loaderSetup.createMachine({
    description: "One page's data load: a spinner, then the data or an error toast.",
    id,
    context: { data: undefined, error: null },
    initial: 'loading',
    states: {
      loading: {
        description: 'The page shows its spinner while its data loads.',
        tags: ['busy'],
        on: {
          RELOAD: {
            description:
              'What the load reads changed meanwhile (a sync ended): it starts again, so the page never keeps what was read before.',
            target: 'loading',
            reenter: true,
          },
        },
        invoke: {
          id: loadId,
          src: 'load',
          onDone: { target: 'success', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
          onError: {
            target: 'failure',
            actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'notifyError'],
          },
        },
      },
      success: {
        description: 'The page shows its data.',
        tags: ['shown'],
        on: { RELOAD: 'reloading' },
      },
      reloading: {
        description: 'The data stays shown while it loads again.',
        tags: ['busy', 'shown'],
        on: {
          RELOAD: {
            description: 'Changed again meanwhile: the load starts again.',
            target: 'reloading',
            reenter: true,
          },
        },
        invoke: {
          id: loadId,
          src: 'load',
          onDone: { target: 'success', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
          onError: {
            target: 'success',
            actions: { type: 'notifyReloadFailed', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      failure: {
        description: 'Nothing to keep: a reload starts afresh.',
        on: { RELOAD: { target: 'loading', actions: assign({ error: null }) } },
      },
    },
  });
}

/** The loader the registry walks and the tests drive: actors `loader` and `load`. */
export const loaderMachine = defineLoader('loader', 'load');

const named = new Map<string, typeof loaderMachine>();

/**
 * The loader of one load by name, so the inspector tells one page's loader from another's: `album`
 * gives the actors `albumLoader` and `loadAlbum`. The same flow as `loaderMachine`; made once a name.
 */
export function namedLoader(name: string): typeof loaderMachine {
  let machine = named.get(name);
  if (!machine) {
    machine = defineLoader(`${name}Loader`, `load${name[0]!.toUpperCase()}${name.slice(1)}`);
    named.set(name, machine);
  }
  return machine;
}

export type LoaderRef = ActorRefFrom<typeof loaderMachine>;
