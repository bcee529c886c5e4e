// Sample events for `npm run paths -- smartListEditor` and tests/machines/smartListEditor.paths.test.ts
// (payloads included, beside the events derived from the machine, the recount's delay among them),
// its start (编辑 on 很久没听; 新建智能歌单 reaches nothing more: tests/machines/smartListEditor.test.ts
// starts there) and the state key. Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { presetDrafts, type SmartListDraft, type SmartRule } from '@/rules/smartLists';
import { NetworkError } from '@/services/api/errors';
import type { SmartListEditorContext, SmartListEditorInput } from './smartListEditorMachine';

/** 很久没听 as an account starts with it: two complete rules */
const sampleDraft: SmartListDraft = presetDrafts(7).很久没听;

/** rules as the editor's rows give them: complete, and just added (nothing typed yet) */
const sampleRules = {
  tag: { kind: 'tag', tag: '风格:摇滚' },
  liked: { kind: 'liked', target: 'album', liked: true },
  emptyText: { kind: 'text', field: 'title', op: 'contains', text: '' },
  openDates: { kind: 'released', from: '', to: '' },
} satisfies Record<string, SmartRule>;

/** whether a rule of these samples is filled in (a text with nothing typed, dates with neither end are not) */
const isSampleRuleComplete = (rule: SmartRule): boolean =>
  !(rule.kind === 'text' && rule.text.trim() === '') && !(rule.kind === 'released' && !rule.from && !rule.to);

/** 编辑 on 很久没听 */
export const pathInput: SmartListEditorInput = { draft: sampleDraft };

/** the most rules a walk adds up to: enough for an incomplete one after complete ones, few enough to keep it small */
const walkMaxRules = 3;

export const pathEvents: AnyEventObject[] = [
  // a name, and one cleared (or only spaces): 保存 is refused
  { type: 'SET_NAME', name: '周末的摇滚' },
  { type: 'SET_NAME', name: '  ' },
  { type: 'SET_MATCH', match: 'any' },
  { type: 'ADD_RULE', rule: sampleRules.tag },
  { type: 'ADD_RULE', rule: sampleRules.emptyText },
  // the first row changed to a complete rule, or to one not filled in yet
  { type: 'SET_RULE', index: 0, rule: sampleRules.liked },
  { type: 'SET_RULE', index: 0, rule: sampleRules.openDates },
  { type: 'REMOVE_RULE', index: 0 },
  { type: 'SET_SORT', sortBy: 'shuffle' },
  { type: 'SET_LIMIT', limit: 50 },
  { type: 'SET_LIMIT', limit: null },
  { type: 'RESHUFFLE', seed: 42 },
  { type: 'xstate.done.actor.countMatches', output: 128 },
  { type: 'xstate.done.actor.countMatches', output: 0 },
  // the album facts could not be brought in step (no network)
  { type: 'xstate.error.actor.countMatches', error: new NetworkError(null) },
];

/**
 * Where it is, whether the name is blank, which rules are filled in (`+`) and which not (`-`), in
 * order, whether 保存 left a message, and whether there is a count yet: so the refusals (no name,
 * the first incomplete rule), their clearing, and a count that comes or fails from each are walked.
 * The order, the limit and 满足任一 change nothing the walk reads.
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const { draft, formError, count } = snapshot.context as SmartListEditorContext;
  const filledIn = draft.rules.map((rule) => (isSampleRuleComplete(rule) ? '+' : '-')).join('');
  return JSON.stringify([snapshot.value, draft.name.trim() === '', filledIn, formError !== null, count !== null]);
};

/**
 * The rows the page shows are the only ones changed or removed (SET_RULE, REMOVE_RULE name one of
 * them), and a walk adds up to `walkMaxRules` rules (the machine's own limit, 20, is in
 * tests/machines/smartListEditor.test.ts).
 */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) => {
  const { rules } = (snapshot.context as SmartListEditorContext).draft;
  if (event.type === 'SET_RULE' || event.type === 'REMOVE_RULE')
    if (((event as { index?: number }).index ?? 0) >= rules.length) return false;
  if (event.type === 'ADD_RULE' && rules.length >= walkMaxRules) return false;
  return snapshot.can(event);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  SET_NAME: 'the listener types in 名称',
  SET_MATCH: 'the listener picks 满足全部规则 or 满足任一规则',
  ADD_RULE: 'the listener presses 添加规则',
  SET_RULE: "the listener changes a rule's 条件 or what it compares",
  REMOVE_RULE: 'the listener presses 删除规则 on a rule',
  SET_SORT: 'the listener picks an order in 排序',
  SET_LIMIT: 'the listener sets 数量上限 (or 不限)',
  RESHUFFLE: 'the listener presses 重新随机 (排序: 随机)',
  DATA_CHANGED: 'a library syncs, or a like or a play changes what the rules read',
  SUBMIT: 'the listener presses 保存',
  CLOSE: 'the listener presses 取消 (or closes the dialog)',
  'xstate.after.countDelay.smartListEditor.editing.waiting':
    'the listener has changed nothing for a moment (0.4 s): the count starts',
  'xstate.done.actor.countMatches': 'the worker says how many tracks the rules match (匹配 N 首)',
  'xstate.error.actor.countMatches': 'the worker cannot count them (无法计算匹配数量)',
};
