// Sample events for `npm run paths -- smartLists` and tests/machines/smartLists.paths.test.ts (payloads
// included, beside the events derived from the machine; a full account among them), its input, the
// state key, what the pages send (pathFilter) and the refusal they never ask for (unreachable).
// Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import type { SmartList } from '@/rules/smartLists';
import { SMART_LISTS_MAX } from '@/shared/constants';
import type { AccountLists } from '@/storage/smartLists';
import type { SmartListsContext } from './smartListsMachine';

const NOW = 1_700_000_000_000;

/** the account, the ready-made lists' seed and the time they are made at */
export const pathInput = { user: '1', seed: 7, now: NOW };

/** a list kept from an earlier visit */
const sampleKept: SmartList = {
  id: '5d0c6a52-8a4e-4f3b-9d17-2c1f0e9b7a31',
  name: '周末的摇滚',
  match: 'all',
  rules: [{ kind: 'tag', tag: '风格:摇滚' }],
  sortBy: 'shuffle',
  seed: 3,
  limit: 50,
  updatedAt: NOW - 86_400_000,
};

/** 新建智能歌单, saved */
const sampleNew: SmartList = {
  id: 'c2f9e1d4-3b7a-4c8e-a6f0-91d2b3c4e5f6',
  name: '爵士小号',
  match: 'any',
  rules: [
    { kind: 'text', field: 'artist', op: 'contains', text: 'Chet Baker' },
    { kind: 'tag', tag: '风格:爵士' },
  ],
  sortBy: 'released',
  seed: 11,
  limit: null,
  updatedAt: NOW + 60_000,
};

/** 最常播放 (a ready-made list) edited: the first 50 only */
const sampleEdited: SmartList = {
  id: 'most-played',
  name: '最常播放',
  match: 'all',
  rules: [{ kind: 'plays', op: 'atLeast', count: 1 }],
  sortBy: 'mostPlayed',
  seed: 7,
  limit: 50,
  updatedAt: NOW + 120_000,
};

/** a file of three lists, one of them damaged: the two read, with the ids and the time the page gives them */
const importedFile: SmartList[] = [1, 2].map((n) => ({
  id: `file-${n}`,
  name: `导入 ${n}`,
  match: 'all',
  rules: [{ kind: 'added', days: 7 * n }],
  sortBy: 'added',
  seed: 0,
  limit: null,
  updatedAt: NOW + 180_000,
}));

/** an account that keeps as many lists as it may (100), made one a day */
export const fullAccount: SmartList[] = Array.from({ length: SMART_LISTS_MAX }, (_, i) => ({
  id: `kept-${i + 1}`,
  name: `歌单 ${i + 1}`,
  match: 'all',
  rules: [],
  sortBy: 'title',
  seed: 0,
  limit: null,
  updatedAt: NOW - (i + 1) * 86_400_000,
}));

export const pathEvents: AnyEventObject[] = [
  // a new account (the ready-made lists), an account with one list, one that deleted every list, a full one
  { type: 'xstate.done.actor.readLists', output: { lists: [], started: false } satisfies AccountLists },
  { type: 'xstate.done.actor.readLists', output: { lists: [sampleKept], started: true } satisfies AccountLists },
  { type: 'xstate.done.actor.readLists', output: { lists: [], started: true } satisfies AccountLists },
  { type: 'xstate.done.actor.readLists', output: { lists: fullAccount, started: true } satisfies AccountLists },
  {
    type: 'xstate.error.actor.readLists',
    error: new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError'),
  },
  { type: 'SAVE_LIST', list: sampleNew },
  { type: 'SAVE_LIST', list: sampleEdited },
  { type: 'DELETE_LIST', id: 'most-played' },
  { type: 'DELETE_LIST', id: sampleKept.id },
  { type: 'RESHUFFLE', id: 'liked-shuffled', seed: 42 },
  { type: 'RESHUFFLE', id: sampleKept.id, seed: 42 },
  { type: 'IMPORT', lists: importedFile, skipped: 1 },
  { type: 'xstate.done.actor.writeLists' },
  {
    type: 'xstate.error.actor.writeLists',
    error: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
  },
];

/**
 * Where it is and which lists it holds (by id, with each one's seed and time of change): each set of
 * lists is walked, full (100) among them, and every change of a list (重新随机, an edit).
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const { lists } = snapshot.context as SmartListsContext;
  return JSON.stringify([snapshot.value, lists.map((list) => `${list.id} ${list.seed} ${list.updatedAt}`).sort()]);
};

/**
 * What the pages send: 删除 and 重新随机 on a list that shows; an import's lists with new ids (the
 * samples always give the same ones), and only when they fit: 导入 reads the file with the room the
 * account has left and refuses a bigger one itself (SmartListsToolbar), so IMPORT brings no more.
 */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) => {
  const { lists } = snapshot.context as SmartListsContext;
  const ids = new Set(lists.map((list) => list.id));
  const sent = event as { id?: string; lists?: SmartList[] };
  if (event.type === 'DELETE_LIST' || event.type === 'RESHUFFLE') return ids.has(sent.id ?? '') && snapshot.can(event);
  if (event.type === 'IMPORT' && sent.lists) {
    if (sent.lists.some((list) => ids.has(list.id))) return false;
    if (lists.length + sent.lists.length > SMART_LISTS_MAX) return false;
  }
  return snapshot.can(event);
};

/** The store's own refusal of a file past the room left, which the page never sends (see pathFilter). */
export const unreachable = [
  {
    transition: 'ready —IMPORT#2→ (stays)',
    reason:
      "导入 reads a file with the room the account has left (100 − its lists) and refuses a bigger one before the store sees it; the store's own refusal is fired in tests/machines/smartLists.test.ts",
  },
];

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  'xstate.done.actor.readLists': "the account's 智能歌单 are read from the device (none yet for a new account)",
  'xstate.error.actor.readLists': 'the device cannot read them (IndexedDB refuses: 智能歌单无法从本机读取)',
  LOAD: 'the listener presses 重试 on the 智能歌单 page',
  SAVE_LIST: 'the listener presses 保存 in 新建智能歌单 or 编辑智能歌单',
  DELETE_LIST: 'the listener confirms 删除 on a list',
  IMPORT: 'the listener picks a file with 导入 and it holds lists',
  RESHUFFLE: "the listener presses 重新随机 on a list's page",
  'xstate.done.actor.writeLists': 'the device keeps the lists',
  'xstate.error.actor.writeLists': 'the device refuses to keep them (e.g. no room left)',
};
