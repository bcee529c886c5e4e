// My shares: the user's share links, newest first, each of which can be copied (复制链接) or taken
// back (deleted), one at a time.
import { assertEvent, assign, emit, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { failure, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import type { ShareEntry } from '@/shared/types';

export interface MySharesContext {
  shares: ShareEntry[];
  deleting: string | null;
}

export type MySharesEvent = { type: 'DELETE'; id: string } | { type: 'COPY'; link: string } | { type: 'RETRY' };

export const mySharesMachine = setup({
  types: {
    context: {} as MySharesContext,
    events: {} as MySharesEvent,
    emitted: {} as NotifyEvent,
    tags: {} as 'busy' | 'loading' | 'failed',
  },
  actors: {
    listShares: provideMe<ShareEntry[]>('myShares', 'listShares'),
    deleteShare: provideMe<void, { id: string }>('myShares', 'deleteShare'),
    copyLink: provideMe<void, { link: string }>('myShares', 'copyLink'),
  },
  guards: {
    known: ({ context, event }) => {
      assertEvent(event, 'DELETE');
      return context.shares.some((s) => s.id === event.id);
    },
  },
  actions: {
    setShares: assign((_, params: { shares: ShareEntry[] }) => ({ shares: params.shares })),
    markDeleting: assign(({ event }) => {
      assertEvent(event, 'DELETE');
      return { deleting: event.id };
    }),
    removeDeleted: assign(({ context }) => ({
      shares: context.shares.filter((s) => s.id !== context.deleting),
      deleting: null,
    })),
    clearDeleting: assign({ deleting: null }),
    notifyRemoved: emit({ type: 'notify', severity: 'success', message: text.itemRemoved }),
    notifyCopied: emit({ type: 'notify', severity: 'success', message: text.share.copySucceeded }),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  description: "The 我的分享 page: the user's share links, newest first, each to copy or take back.",
  id: 'myShares',
  context: { shares: [], deleting: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The shares load: the page shows a spinner.',
      tags: ['busy', 'loading'],
      invoke: {
        id: 'listShares',
        src: 'listShares',
        onDone: { target: 'ready', actions: { type: 'setShares', params: ({ event }) => ({ shares: event.output }) } },
        onError: { target: 'failed', actions: { type: 'notifyError', params: failure } },
      },
    },
    failed: {
      description: 'The shares could not be read: the page says why, with 重试.',
      tags: ['failed'],
      on: { RETRY: 'loading' },
    },
    ready: {
      description: 'The shares are listed (or 还没有分享过).',
      on: {
        DELETE: { guard: 'known', target: 'deleting', actions: 'markDeleting' },
        COPY: 'copying',
      },
    },
    copying: {
      description:
        "A share's link goes to the clipboard (the same copy as the share wizard's); a browser that refuses says so.",
      tags: ['busy'],
      invoke: {
        id: 'copyLink',
        src: 'copyLink',
        input: ({ event }) => {
          assertEvent(event, 'COPY');
          return { link: event.link };
        },
        onDone: { target: 'ready', actions: 'notifyCopied' },
        onError: { target: 'ready', actions: { type: 'notifyError', params: failure } },
      },
    },
    deleting: {
      description: '收回分享 was pressed: the server deletes the share.',
      tags: ['busy'],
      invoke: {
        id: 'deleteShare',
        src: 'deleteShare',
        input: ({ context }) => ({ id: context.deleting ?? '' }),
        onDone: { target: 'ready', actions: ['removeDeleted', 'notifyRemoved'] },
        onError: { target: 'ready', actions: ['clearDeleting', { type: 'notifyError', params: failure }] },
      },
    },
  },
});

export type MySharesRef = ActorRefFrom<typeof mySharesMachine>;
