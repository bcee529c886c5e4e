// The smart-playlist editor (docs/behaviour.md#smart-playlists) on the clock, with a fake count the
// tests settle: what the paths cannot show (their delays fire when a path says so). The count waits
// 0.4 s after the last change to what is matched, counts only the rules filled in, drops a count the
// listener overtook; 添加规则 stops at 20; 新建智能歌单's checks; 取消.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SmartListDraft, SmartRule } from '@/rules/smartLists';
import { smartListEditorMachine } from '@/features/smartLists/smartListEditorMachine';
import { text } from '@/shared/text';
import { fakeService, flush } from './fakes';

type Counted = Pick<SmartListDraft, 'match' | 'rules'>;

const plays: SmartRule = { kind: 'plays', op: 'atLeast', count: 3 };
const liked: SmartRule = { kind: 'liked', target: 'track', liked: true };
const rock: SmartRule = { kind: 'tag', tag: '风格:摇滚' };
// as 添加规则 gives them: nothing typed yet
const noText: SmartRule = { kind: 'text', field: 'artist', op: 'contains', text: '' };
const noTag: SmartRule = { kind: 'tag', tag: '' };
const noDates: SmartRule = { kind: 'released', from: '', to: '' };

const edited: SmartListDraft = {
  name: '常听的',
  match: 'all',
  rules: [plays],
  sortBy: 'mostPlayed',
  seed: 5,
  limit: 100,
};
const blank: SmartListDraft = { name: '', match: 'all', rules: [], sortBy: 'added', seed: 9, limit: null };

function open(draft: SmartListDraft) {
  vi.useFakeTimers();
  const count = fakeService<number, Counted>();
  const actor = createActor(smartListEditorMachine.provide({ actors: { countMatches: count.logic } }), {
    input: { draft },
  }).start();
  return { actor, count, snapshot: () => actor.getSnapshot() };
}

afterEach(() => vi.useRealTimers());

describe('the count', () => {
  it('is worked out as the editor opens, with the rules filled in', async () => {
    const { count, snapshot } = open({ ...edited, rules: [plays, noText] });
    expect(count.calls.map((call) => call.input)).toEqual([{ match: 'all', rules: [plays] }]);
    expect(snapshot().hasTag('counting')).toBe(true);
    count.last.resolve(57);
    await flush();
    expect(snapshot().context.count).toBe(57);
    expect(snapshot().hasTag('counting')).toBe(false);
  });

  it('a rule changed, then another within 0.4 s: one count, 0.4 s after the last change, of the last rules', async () => {
    const { actor, count, snapshot } = open(edited);
    count.last.resolve(57);
    await flush();
    actor.send({ type: 'ADD_RULE', rule: liked });
    vi.advanceTimersByTime(399);
    actor.send({ type: 'SET_RULE', index: 0, rule: rock });
    vi.advanceTimersByTime(399);
    expect(count.calls).toHaveLength(1);
    // the count shown is the last one, marked as being worked out again
    expect(snapshot().context.count).toBe(57);
    expect(snapshot().hasTag('counting')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(count.calls.map((call) => call.input)).toEqual([
      { match: 'all', rules: [plays] },
      { match: 'all', rules: [rock, liked] },
    ]);
    vi.advanceTimersByTime(10_000);
    expect(count.calls).toHaveLength(2);
    count.last.resolve(12);
    await flush();
    expect(snapshot().context.count).toBe(12);
  });

  it('a library synced while it counted: the same rules are counted again, and the later count shows', async () => {
    const { actor, count, snapshot } = open(edited);
    actor.send({ type: 'DATA_CHANGED' });
    vi.advanceTimersByTime(400);
    expect(count.calls.map((call) => call.input)).toEqual([
      { match: 'all', rules: [plays] },
      { match: 'all', rules: [plays] },
    ]);
    count.last.resolve(9);
    await flush();
    expect(snapshot().context.count).toBe(9);
    // after a count that failed too
    actor.send({ type: 'DATA_CHANGED' });
    vi.advanceTimersByTime(400);
    count.last.reject(new Error('offline'));
    await flush();
    expect(snapshot().hasTag('countFailed')).toBe(true);
    actor.send({ type: 'DATA_CHANGED' });
    vi.advanceTimersByTime(400);
    count.last.resolve(10);
    await flush();
    expect(snapshot().context.count).toBe(10);
  });

  it('leaves out the rules not filled in, wherever they are; 满足任一 counts again too', () => {
    const { actor, count } = open(edited);
    actor.send({ type: 'ADD_RULE', rule: noText });
    actor.send({ type: 'ADD_RULE', rule: liked });
    actor.send({ type: 'ADD_RULE', rule: noTag });
    actor.send({ type: 'ADD_RULE', rule: noDates });
    vi.advanceTimersByTime(400);
    expect(count.last.input).toEqual({ match: 'all', rules: [plays, liked] });
    actor.send({ type: 'SET_MATCH', match: 'any' });
    vi.advanceTimersByTime(400);
    expect(count.last.input).toEqual({ match: 'any', rules: [plays, liked] });
    actor.send({ type: 'REMOVE_RULE', index: 0 });
    actor.send({ type: 'SET_RULE', index: 0, rule: { ...noText, text: 'Chet' } });
    vi.advanceTimersByTime(400);
    expect(count.last.input).toEqual({ match: 'any', rules: [{ ...noText, text: 'Chet' }, liked] });
    expect(count.calls).toHaveLength(4);
  });

  it('the name, the order, the limit and 重新随机 change nothing matched: no count', async () => {
    const { actor, count, snapshot } = open(edited);
    count.last.resolve(57);
    await flush();
    actor.send({ type: 'SET_NAME', name: '常听的摇滚' });
    actor.send({ type: 'SET_SORT', sortBy: 'shuffle' });
    actor.send({ type: 'RESHUFFLE', seed: 77 });
    actor.send({ type: 'SET_LIMIT', limit: 20 });
    vi.advanceTimersByTime(10_000);
    expect(count.calls).toHaveLength(1);
    expect(snapshot().hasTag('counting')).toBe(false);
    expect(snapshot().context.draft).toEqual({ ...edited, name: '常听的摇滚', sortBy: 'shuffle', seed: 77, limit: 20 });
  });

  it('a count the listener overtook is dropped: its answer never shows', async () => {
    const { actor, count, snapshot } = open(edited);
    const first = count.last;
    actor.send({ type: 'ADD_RULE', rule: liked });
    expect(first.signal.aborted).toBe(true);
    first.resolve(999);
    await flush();
    expect(snapshot().context.count).toBeNull();
    vi.advanceTimersByTime(400);
    count.last.resolve(8);
    await flush();
    expect(snapshot().context.count).toBe(8);
  });

  it('a count that fails says so; a change counts again, and the list can still be saved', async () => {
    const { actor, count, snapshot } = open(edited);
    count.last.reject(new Error('album facts unreadable'));
    await flush();
    expect(snapshot().hasTag('countFailed')).toBe(true);
    expect(snapshot().context.count).toBeNull();
    actor.send({ type: 'SET_MATCH', match: 'any' });
    expect(snapshot().hasTag('countFailed')).toBe(false);
    vi.advanceTimersByTime(400);
    count.last.reject(new Error('album facts unreadable'));
    await flush();
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().status).toBe('done');
    expect(snapshot().output).toEqual({ ...edited, match: 'any' });
  });
});

describe('the form', () => {
  it('添加规则 stops at 20 rules', () => {
    const { actor, snapshot } = open(blank);
    for (let i = 0; i < 25; i++) actor.send({ type: 'ADD_RULE', rule: { kind: 'added', days: i + 1 } });
    expect(snapshot().context.draft.rules).toHaveLength(20);
    expect(snapshot().context.draft.rules.at(-1)).toEqual({ kind: 'added', days: 20 });
  });

  it('新建智能歌单: a name first, then each rule filled in; each message goes with a change', () => {
    const { actor, count, snapshot } = open(blank);
    // no rule: every track of the libraries is counted
    expect(count.last.input).toEqual({ match: 'all', rules: [] });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().context.formError).toBe(text.smartLists.editor.nameRequired);
    actor.send({ type: 'SET_NAME', name: '   ' });
    expect(snapshot().context.formError).toBeNull();
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().context.formError).toBe(text.smartLists.editor.nameRequired);
    actor.send({ type: 'SET_NAME', name: '长'.repeat(201) });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().context.formError).toBe(text.playlist.nameTooLong(200));
    actor.send({ type: 'SET_NAME', name: `  ${'长'.repeat(200)}  ` });
    actor.send({ type: 'ADD_RULE', rule: liked });
    actor.send({ type: 'ADD_RULE', rule: noTag });
    actor.send({ type: 'ADD_RULE', rule: noDates });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().context.formError).toBe(text.smartLists.editor.ruleIncomplete(2));
    // the order changes nothing checked: the message stays
    actor.send({ type: 'SET_SORT', sortBy: 'title' });
    expect(snapshot().context.formError).toBe(text.smartLists.editor.ruleIncomplete(2));
    actor.send({ type: 'SET_RULE', index: 1, rule: { kind: 'tag', tag: '摇滚' } });
    actor.send({ type: 'SUBMIT' });
    // a tag is `type:name`
    expect(snapshot().context.formError).toBe(text.smartLists.editor.ruleIncomplete(2));
    actor.send({ type: 'SET_RULE', index: 1, rule: rock });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().context.formError).toBe(text.smartLists.editor.ruleIncomplete(3));
    actor.send({ type: 'SET_RULE', index: 2, rule: { kind: 'released', from: '', to: '1999' } });
    actor.send({ type: 'SUBMIT' });
    expect(snapshot().value).toBe('saved');
    // the name as typed: the page trims it as it keeps the list
    expect(snapshot().output).toEqual({
      ...blank,
      name: `  ${'长'.repeat(200)}  `,
      sortBy: 'title',
      rules: [liked, rock, { kind: 'released', from: '', to: '1999' }],
    });
  });

  it('取消 ends with nothing, and stops the count', () => {
    const { actor, count, snapshot } = open(edited);
    actor.send({ type: 'SET_NAME', name: '别的名字' });
    actor.send({ type: 'CLOSE' });
    expect(snapshot().status).toBe('done');
    expect(snapshot().output).toBeNull();
    expect(count.last.signal.aborted).toBe(true);
  });
});
