// An account's smart playlists on the device (docs/behaviour.md#smart-playlists), with a fake device the
// tests settle: what the paths do not show. A full account (100 lists) read from the device; writes
// that overlap (the last change is the one written last, with every list); a refused write, then the
// next change; a read that fails, then 重试.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { SmartList } from '@/rules/smartLists';
import { smartListsMachine } from '@/features/smartLists/smartListsMachine';
import { text } from '@/shared/text';
import type { AccountLists } from '@/storage/smartLists';
import { fakeService, flush } from './fakes';

const NOW = 1_700_000_000_000;

const list = (id: string, extra: Partial<SmartList> = {}): SmartList => ({
  id,
  name: `歌单 ${id}`,
  match: 'all',
  rules: [{ kind: 'neverPlayed' }],
  sortBy: 'title',
  seed: 1,
  limit: null,
  updatedAt: NOW,
  ...extra,
});
const hundred = Array.from({ length: 100 }, (_, i) => list(`kept-${i + 1}`));

function start() {
  const read = fakeService<AccountLists, { user: string }>();
  const write = fakeService<void, { user: string; lists: SmartList[] }>();
  const toasts: AnyEventObject[] = [];
  const actor = createActor(smartListsMachine.provide({ actors: { readLists: read.logic, writeLists: write.logic } }), {
    input: { user: '1', seed: 7, now: NOW },
  });
  actor.on('*', (event) => toasts.push(event));
  actor.start();
  const lists = () => actor.getSnapshot().context.lists;
  const ids = () => lists().map((l) => l.id);
  return { actor, read, write, toasts, lists, ids };
}

async function started(stored: AccountLists) {
  const store = start();
  store.read.last.resolve(stored);
  await flush();
  return store;
}

const tooMany = { type: 'notify', severity: 'error', message: '每个账号最多保留 100 个智能歌单' };

describe('a full account', () => {
  it('refuses a new list and any file, nothing written; an edit is kept; after a 删除 a new list fits', async () => {
    const { actor, write, toasts, lists, ids } = await started({ lists: hundred, started: true });
    expect(lists()).toEqual(hundred);
    actor.send({ type: 'SAVE_LIST', list: list('new') });
    actor.send({ type: 'IMPORT', lists: [list('file-1')], skipped: 0 });
    expect(ids()).toEqual(hundred.map((l) => l.id));
    expect(write.calls).toHaveLength(0);
    expect(toasts).toEqual([tooMany, tooMany]);
    expect(actor.getSnapshot().matches({ ready: 'saved' })).toBe(true);
    // an edit of one of them is no new list
    const renamed = list('kept-50', { name: '改过的名字', updatedAt: NOW + 1 });
    actor.send({ type: 'SAVE_LIST', list: renamed });
    expect(lists()[49]).toEqual(renamed);
    expect(write.last.input.lists).toHaveLength(100);
    actor.send({ type: 'DELETE_LIST', id: 'kept-1' });
    actor.send({ type: 'SAVE_LIST', list: list('new') });
    expect(ids().at(-1)).toBe('new');
    expect(lists()).toHaveLength(100);
    expect(toasts).toEqual([tooMany, tooMany]);
  });

  it('a file comes in when it fits exactly, and not with one list more', async () => {
    const { actor, toasts, lists } = await started({ lists: hundred.slice(0, 97), started: true });
    actor.send({ type: 'IMPORT', lists: [list('a'), list('b'), list('c'), list('d')], skipped: 2 });
    expect(lists()).toHaveLength(97);
    actor.send({ type: 'IMPORT', lists: [list('a'), list('b'), list('c')], skipped: 2 });
    expect(lists()).toHaveLength(100);
    expect(toasts).toEqual([
      tooMany,
      { type: 'notify', severity: 'success', message: '已导入 3 个智能歌单，2 个无法读取已跳过' },
    ]);
  });
});

describe('writes', () => {
  it('a change while a write runs starts the next one with every list; the first is not waited for', async () => {
    const { actor, write, lists } = await started({ lists: [list('a'), list('b')], started: true });
    actor.send({ type: 'RESHUFFLE', id: 'a', seed: 99 });
    const first = write.last;
    expect(first.input).toEqual({ user: '1', lists: [list('a', { seed: 99 }), list('b')] });
    actor.send({ type: 'DELETE_LIST', id: 'b' });
    actor.send({ type: 'SAVE_LIST', list: list('c') });
    expect(write.calls.map((call) => call.input.lists.map((l) => l.id))).toEqual([['a', 'b'], ['a'], ['a', 'c']]);
    // the writes before the last one are left to the device, which runs them in order
    expect(first.signal.aborted).toBe(true);
    expect(lists()).toEqual([list('a', { seed: 99 }), list('c')]);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    write.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'saved' })).toBe(true);
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
  });

  it('a write the device refuses keeps the lists on the page and says so; the next change writes them all', async () => {
    const { actor, write, toasts, lists } = await started({ lists: [list('a')], started: true });
    actor.send({ type: 'SAVE_LIST', list: list('b') });
    write.last.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'unsaved' })).toBe(true);
    expect(lists()).toEqual([list('a'), list('b')]);
    expect(toasts).toEqual([{ type: 'notify', severity: 'error', message: text.smartLists.notSaved }]);
    actor.send({ type: 'RESHUFFLE', id: 'a', seed: 3 });
    expect(write.last.input.lists).toEqual([list('a', { seed: 3 }), list('b')]);
    write.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'saved' })).toBe(true);
  });
});

describe('reading', () => {
  it('a new account starts with the five ready-made lists, written at once; a started one with what it kept', async () => {
    const fresh = await started({ lists: [], started: false });
    expect(fresh.ids()).toEqual(['most-played', 'recently-added', 'long-unheard', 'never-played', 'liked-shuffled']);
    expect(fresh.lists().every((l) => l.seed === 7 && l.updatedAt === NOW)).toBe(true);
    expect(fresh.write.last.input).toEqual({ user: '1', lists: fresh.lists() });
    // deleting them all brings none back: the account is started
    const emptied = await started({ lists: [], started: true });
    expect(emptied.lists()).toEqual([]);
    expect(emptied.write.calls).toHaveLength(0);
  });

  it('a read that fails says so; 重试 reads again', async () => {
    const { actor, read, write, toasts, lists } = start();
    expect(read.last.input).toEqual({ user: '1' });
    read.last.reject(new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError'));
    await flush();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(toasts).toEqual([{ type: 'notify', severity: 'error', message: text.smartLists.notRead }]);
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(read.calls).toHaveLength(2);
    read.last.resolve({ lists: [list('a')], started: true });
    await flush();
    expect(lists()).toEqual([list('a')]);
    expect(write.calls).toHaveLength(0);
  });
});
