// The user's libraries (credentials) (docs/behaviour.md#library-pages, #library-sync): list, the add dialog, delete with a
// confirm dialog. Changes are emitted so the sync machine syncs or removes local data.
import { assertEvent, assign, emit, setup, type ActorRefFrom } from 'xstate';
import { failure, loadingStates, output, provideMe } from '@/shared/machines';
import type { Credential, NewCredential } from '@/shared/types';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { libraryOrigin } from '@/services/libraryUrls';
import { libraryError, type LibraryForm } from './forms';

export interface LibrariesContext {
  credentials: Credential[];
  formError: string | null;
  pendingDelete: Credential | null;
}

export type LibrariesEvent =
  | { type: 'LOAD' }
  /** a library refused a token: read the credentials again (the server renews its tokens) */
  | { type: 'REFRESH' }
  | { type: 'RESET' }
  | { type: 'OPEN_ADD' }
  | { type: 'CLOSE' }
  | { type: 'SUBMIT_ADD'; form: LibraryForm }
  | { type: 'DELETE'; id: string }
  | { type: 'CONFIRM' };

/** what views ask of a snapshot (hasTag), instead of naming its states */
export type LibrariesTag = 'busy' | 'loading' | 'ready' | 'failed' | 'addDialog' | 'deleteDialog';

export type CredentialsChangedEvent = { type: 'credentialsChanged'; credentials: Credential[] };
export type LibraryRemovedEvent = { type: 'libraryRemoved'; url: string };

export const librariesMachine = setup({
  types: {
    context: {} as LibrariesContext,
    events: {} as LibrariesEvent,
    emitted: {} as NotifyEvent | CredentialsChangedEvent | LibraryRemovedEvent,
    tags: {} as LibrariesTag,
  },
  actors: {
    listCredentials: provideMe<Credential[]>('libraries', 'listCredentials'),
    addCredential: provideMe<Credential, NewCredential>('libraries', 'addCredential'),
    deleteCredential: provideMe<void, { id: string }>('libraries', 'deleteCredential'),
  },
  guards: {
    addFormInvalid: ({ event }) => {
      assertEvent(event, 'SUBMIT_ADD');
      return libraryError(event.form) !== null;
    },
    deletable: ({ context, event }) => {
      assertEvent(event, 'DELETE');
      const credential = context.credentials.find((c) => c.id === event.id);
      return credential !== undefined && !credential.controlled;
    },
    urlStillUsed: ({ context }) => {
      const deleted = context.pendingDelete;
      return deleted !== null && context.credentials.some((c) => c.id !== deleted.id && c.url === deleted.url);
    },
  },
  actions: {
    setCredentials: assign((_, credentials: Credential[]) => ({ credentials })),
    clearCredentials: assign({ credentials: [], formError: null, pendingDelete: null }),
    appendCredential: assign(({ context }, params: { credential: Credential }) => ({
      credentials: [...context.credentials, params.credential],
    })),
    removePending: assign({
      credentials: ({ context }) => context.credentials.filter((c) => c.id !== context.pendingDelete?.id),
    }),
    setPendingDelete: assign({
      pendingDelete: ({ context, event }) => {
        assertEvent(event, 'DELETE');
        return context.credentials.find((c) => c.id === event.id) ?? null;
      },
    }),
    clearPendingDelete: assign({ pendingDelete: null }),
    showFormError: assign({
      formError: ({ event }) => {
        assertEvent(event, 'SUBMIT_ADD');
        return libraryError(event.form);
      },
    }),
    clearFormError: assign({ formError: null }),
    announceCredentials: emit(({ context }) => ({
      type: 'credentialsChanged' as const,
      credentials: context.credentials,
    })),
    announceRemoval: emit(({ context }) => ({
      type: 'libraryRemoved' as const,
      url: context.pendingDelete?.url ?? '',
    })),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  description: "The 音频仓库 page: the user's libraries, the 添加音频仓库 dialog and the delete confirmation.",
  id: 'libraries',
  context: { credentials: [], formError: null, pendingDelete: null },
  initial: 'idle',
  on: { RESET: { target: '.idle', actions: 'clearCredentials' } },
  states: {
    idle: {
      description: 'Nobody signed in yet: credentials load after login.',
      tags: ['loading'],
      on: { LOAD: 'loading' },
    },
    ...loadingStates('listCredentials', 'setCredentials', 'announceCredentials'),
    ready: {
      description: 'The libraries are listed.',
      tags: ['ready'],
      initial: 'browsing',
      on: { LOAD: '.browsing' },
      states: {
        browsing: {
          description: 'The list of libraries, no dialog open.',
          on: {
            OPEN_ADD: { target: 'addDialog', actions: 'clearFormError' },
            DELETE: { guard: 'deletable', target: 'confirmingDelete', actions: 'setPendingDelete' },
            REFRESH: 'refreshing',
          },
        },
        refreshing: {
          description:
            'Reads the credentials again after a library refused a token; their announcement syncs it once more.',
          invoke: {
            id: 'refreshCredentials',
            src: 'listCredentials',
            onDone: {
              target: 'browsing',
              actions: [{ type: 'setCredentials', params: output }, 'announceCredentials'],
            },
            onError: { target: 'browsing', actions: { type: 'notifyError', params: failure } },
          },
        },
        addDialog: {
          description: 'The 添加音频仓库 dialog is open (名称, URL, Token, 优先级).',
          tags: ['addDialog'],
          on: {
            CLOSE: 'browsing',
            SUBMIT_ADD: [
              { guard: 'addFormInvalid', actions: 'showFormError' },
              { target: 'adding', actions: 'clearFormError' },
            ],
          },
        },
        adding: {
          description: '确定 was pressed in the add dialog: the server adds the library.',
          tags: ['busy', 'addDialog'],
          invoke: {
            id: 'addCredential',
            src: 'addCredential',
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT_ADD');
              const { name, url, token, priority } = event.form;
              return {
                name: name.trim(),
                url: libraryOrigin(url) ?? url,
                token: token.trim(),
                priority: Number(priority),
              };
            },
            onDone: {
              target: 'browsing',
              actions: [
                { type: 'appendCredential', params: ({ event }) => ({ credential: event.output }) },
                'announceCredentials',
              ],
            },
            onError: { target: 'addDialog', actions: { type: 'notifyError', params: failure } },
          },
        },
        confirmingDelete: {
          description: 'The 确认删除音频仓库 dialog asks whether to delete the library.',
          tags: ['deleteDialog'],
          on: { CONFIRM: 'deleting', CLOSE: { target: 'browsing', actions: 'clearPendingDelete' } },
        },
        deleting: {
          description: 'The deletion was confirmed: the server deletes the library.',
          tags: ['busy', 'deleteDialog'],
          invoke: {
            id: 'deleteCredential',
            src: 'deleteCredential',
            input: ({ context }) => ({ id: context.pendingDelete?.id ?? '' }),
            onDone: [
              {
                guard: 'urlStillUsed',
                description: 'Another credential still reaches the same library: keep its local data.',
                target: 'browsing',
                actions: ['removePending', 'announceCredentials', 'clearPendingDelete'],
              },
              {
                target: 'browsing',
                actions: ['removePending', 'announceRemoval', 'announceCredentials', 'clearPendingDelete'],
              },
            ],
            onError: { target: 'browsing', actions: [{ type: 'notifyError', params: failure }, 'clearPendingDelete'] },
          },
        },
      },
    },
  },
});

export type LibrariesRef = ActorRefFrom<typeof librariesMachine>;
