// One account's smart playlists (docs/behaviour.md#smart-playlists), kept on the device. It reads them
// once; an account that never had any starts with the five ready-made ones. Every change shows at
// once and is written behind it: a change made while a write runs starts the next one (IndexedDB
// runs them in order, so the last change is what stays); a write the device refuses keeps the lists
// for this page and says so. loading → ready.{saved, changed, saving, unsaved} | failed.
import { assertEvent, assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { presetDrafts, type SmartList, type SmartListDraft } from '@/rules/smartLists';
import type { NotifyEvent } from '@/shared/effects';
import { SMART_LISTS_MAX } from '@/shared/constants';
import { failure, output, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import type { AccountLists } from '@/storage/smartLists';

export interface SmartListsContext {
  user: string;
  lists: SmartList[];
  /** the ready-made lists' shuffle seed and time, for an account that has none yet */
  seed: number;
  now: number;
}

export type SmartListsEvent =
  /** a new list or a changed one (its id says which) */
  | { type: 'SAVE_LIST'; list: SmartList }
  | { type: 'DELETE_LIST'; id: string }
  /** lists from a file, ids and times given by the page */
  | { type: 'IMPORT'; lists: SmartList[]; skipped: number }
  | { type: 'RESHUFFLE'; id: string; seed: number }
  | { type: 'LOAD' };

export type SmartListsTag = 'loading' | 'failed' | 'ready' | 'saving';

/** the ready-made lists of a new account: fixed ids, so each is there once */
function readyMadeLists(seed: number, now: number): SmartList[] {
  const ids: Record<string, string> = {
    最常播放: 'most-played',
    最近添加: 'recently-added',
    很久没听: 'long-unheard',
    从未播放: 'never-played',
    我喜欢的随机: 'liked-shuffled',
  };
  return Object.entries(presetDrafts(seed)).map(([name, draft]: [string, SmartListDraft]) => ({
    ...draft,
    id: ids[name]!,
    updatedAt: now,
  }));
}

export const smartListsMachine = setup({
  types: {
    context: {} as SmartListsContext,
    events: {} as SmartListsEvent,
    emitted: {} as NotifyEvent,
    input: {} as { user: string; seed: number; now: number },
    tags: {} as SmartListsTag,
  },
  actors: {
    readLists: provideMe<AccountLists, { user: string }>('smartLists', 'readLists'),
    writeLists: provideMe<void, { user: string; lists: SmartList[] }>('smartLists', 'writeLists'),
  },
  guards: {
    notStarted: (_, params: AccountLists) => !params.started,
    roomFor: ({ context, event }) => {
      assertEvent(event, 'IMPORT');
      return context.lists.length + event.lists.length <= SMART_LISTS_MAX;
    },
    newAndFull: ({ context, event }) => {
      assertEvent(event, 'SAVE_LIST');
      return context.lists.length >= SMART_LISTS_MAX && !context.lists.some((list) => list.id === event.list.id);
    },
  },
  actions: {
    setLists: assign((_, params: AccountLists) => ({ lists: params.lists })),
    startWithReadyMade: assign(({ context }) => ({
      lists: [...readyMadeLists(context.seed, context.now), ...context.lists],
    })),
    saveList: assign(({ context, event }) => {
      assertEvent(event, 'SAVE_LIST');
      const at = context.lists.findIndex((list) => list.id === event.list.id);
      const lists = at < 0 ? [...context.lists, event.list] : context.lists.with(at, event.list);
      return { lists };
    }),
    deleteList: assign(({ context, event }) => {
      assertEvent(event, 'DELETE_LIST');
      return { lists: context.lists.filter((list) => list.id !== event.id) };
    }),
    importLists: assign(({ context, event }) => {
      assertEvent(event, 'IMPORT');
      return { lists: [...context.lists, ...event.lists] };
    }),
    reshuffle: assign(({ context, event }) => {
      assertEvent(event, 'RESHUFFLE');
      return { lists: context.lists.map((list) => (list.id === event.id ? { ...list, seed: event.seed } : list)) };
    }),
    notifyImported: emit(({ event }) => {
      assertEvent(event, 'IMPORT');
      return {
        type: 'notify' as const,
        severity: 'success' as const,
        message: text.smartLists.imported(event.lists.length, event.skipped),
      };
    }),
    notifyTooMany: emit({
      type: 'notify' as const,
      severity: 'error' as const,
      message: text.smartLists.tooMany(SMART_LISTS_MAX),
    }),
    notifyNotSaved: emit({ type: 'notify' as const, severity: 'error' as const, message: text.smartLists.notSaved }),
    notifyNotRead: emit({ type: 'notify' as const, severity: 'error' as const, message: text.smartLists.notRead }),
  },
}).createMachine({
  id: 'smartLists',
  description: "One account's 智能歌单 on this device: read once, changed at once, written behind.",
  context: ({ input }) => ({ user: input.user, lists: [], seed: input.seed, now: input.now }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The lists are read from the device.',
      tags: ['loading'],
      invoke: {
        id: 'readLists',
        src: 'readLists',
        input: ({ context }) => ({ user: context.user }),
        onDone: [
          {
            description: 'A new account: it starts with the five ready-made lists, written at once.',
            guard: { type: 'notStarted', params: output },
            target: 'ready.saving',
            actions: [{ type: 'setLists', params: output }, 'startWithReadyMade'],
          },
          { target: 'ready.saved', actions: { type: 'setLists', params: output } },
        ],
        onError: { target: 'failed', actions: { type: 'notifyNotRead', params: failure } },
      },
    },
    failed: {
      description: 'The device could not read them (IndexedDB refused): 重试 reads again.',
      tags: ['failed'],
      on: { LOAD: 'loading' },
    },
    ready: {
      description: 'The lists show; each change shows at once and is written behind it.',
      tags: ['ready'],
      on: {
        SAVE_LIST: [
          { description: 'A new list past the most an account keeps.', guard: 'newAndFull', actions: 'notifyTooMany' },
          { target: '.changed', actions: 'saveList' },
        ],
        DELETE_LIST: { target: '.changed', actions: 'deleteList' },
        IMPORT: [
          { guard: 'roomFor', target: '.changed', actions: ['importLists', 'notifyImported'] },
          { description: 'More lists than an account keeps: none come in.', actions: 'notifyTooMany' },
        ],
        RESHUFFLE: { description: '重新随机: a new seed, a new order.', target: '.changed', actions: 'reshuffle' },
      },
      initial: 'saved',
      states: {
        saved: { description: 'What shows is what the device keeps.' },
        changed: {
          description: 'A change shows; its write starts.',
          always: 'saving',
        },
        saving: {
          description: 'The lists are written; a change meanwhile starts the next write.',
          tags: ['saving'],
          invoke: {
            id: 'writeLists',
            src: 'writeLists',
            input: ({ context }) => ({ user: context.user, lists: context.lists }),
            onDone: 'saved',
            onError: { target: 'unsaved', actions: 'notifyNotSaved' },
          },
        },
        unsaved: {
          description: 'The device refused a write: the lists last for this page; the next change tries again.',
        },
      },
    },
  },
});

export type SmartListsRef = ActorRefFrom<typeof smartListsMachine>;
export type SmartListsSnapshot = SnapshotFrom<typeof smartListsMachine>;
