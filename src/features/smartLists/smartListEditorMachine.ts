// The smart-playlist editor (docs/behaviour.md#smart-playlists): name, 满足全部 / 满足任一, the rules,
// the order and the limit. While the listener edits, how many tracks match is worked out again a
// moment after the last change (rules still being filled in are left out of the count); 保存 checks
// the name and that every rule is complete, and ends with the list. editing.{count: idle →
// waiting → counting → idle | failed} → saved | closed.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { SmartListDraft, SmartRule } from '@/rules/smartLists';
import { SMART_LIST_RULES_MAX } from '@/shared/constants';
import { provideMe } from '@/shared/machines';
import { completeRules, draftProblem } from './forms';

export interface SmartListEditorInput {
  /** what the editor starts from: a list's draft, or a new one */
  draft: SmartListDraft;
}

export interface SmartListEditorContext {
  draft: SmartListDraft;
  /** how many tracks the complete rules match; null until counted */
  count: number | null;
  /** the check that refused 保存 */
  formError: string | null;
  /** what 保存 gave: the editor's output */
  saved: SmartListDraft | null;
}

export type SmartListEditorEvent =
  | { type: 'SET_NAME'; name: string }
  | { type: 'SET_MATCH'; match: SmartListDraft['match'] }
  | { type: 'ADD_RULE'; rule: SmartRule }
  | { type: 'SET_RULE'; index: number; rule: SmartRule }
  | { type: 'REMOVE_RULE'; index: number }
  | { type: 'SET_SORT'; sortBy: SmartListDraft['sortBy'] }
  | { type: 'SET_LIMIT'; limit: number | null }
  | { type: 'RESHUFFLE'; seed: number }
  | { type: 'DATA_CHANGED' }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' };

export type SmartListEditorTag = 'counting' | 'countFailed';

export const smartListEditorMachine = setup({
  types: {
    context: {} as SmartListEditorContext,
    events: {} as SmartListEditorEvent,
    input: {} as SmartListEditorInput,
    output: {} as SmartListDraft | null,
    tags: {} as SmartListEditorTag,
  },
  actors: {
    countMatches: provideMe<number, Pick<SmartListDraft, 'match' | 'rules'>>('smartListEditor', 'countMatches'),
  },
  delays: {
    /** the count waits for the listener to stop typing */
    countDelay: 400,
  },
  guards: {
    roomForRule: ({ context }) => context.draft.rules.length < SMART_LIST_RULES_MAX,
    draftInvalid: ({ context }) => draftProblem(context.draft) !== null,
  },
  actions: {
    edit: assign(({ context, event }) => {
      const draft = context.draft;
      switch (event.type) {
        case 'SET_NAME':
          return { draft: { ...draft, name: event.name }, formError: null };
        case 'SET_MATCH':
          return { draft: { ...draft, match: event.match } };
        case 'ADD_RULE':
          return { draft: { ...draft, rules: [...draft.rules, event.rule] }, formError: null };
        case 'SET_RULE':
          return { draft: { ...draft, rules: draft.rules.with(event.index, event.rule) }, formError: null };
        case 'REMOVE_RULE':
          return { draft: { ...draft, rules: draft.rules.filter((_, i) => i !== event.index) }, formError: null };
        case 'SET_SORT':
          return { draft: { ...draft, sortBy: event.sortBy } };
        case 'SET_LIMIT':
          return { draft: { ...draft, limit: event.limit } };
        case 'RESHUFFLE':
          return { draft: { ...draft, seed: event.seed } };
        default:
          return {};
      }
    }),
    setCount: assign((_, params: { count: number }) => ({ count: params.count })),
    showFormError: assign(({ context }) => ({ formError: draftProblem(context.draft) })),
    keepSaved: assign(({ context }) => ({ saved: context.draft })),
  },
}).createMachine({
  id: 'smartListEditor',
  description: 'The 智能歌单 editor: the rules with how many tracks they match, checked before 保存.',
  context: ({ input }) => ({ draft: input.draft, count: null, formError: null, saved: null }),
  output: ({ context }) => context.saved,
  initial: 'editing',
  states: {
    editing: {
      description: 'The form shows: name, 满足全部 / 满足任一, the rules, the order and the limit, with the count.',
      on: {
        SET_NAME: { actions: 'edit' },
        SET_SORT: { actions: 'edit' },
        SET_LIMIT: { actions: 'edit' },
        RESHUFFLE: { actions: 'edit' },
        // what changes the tracks matched is counted again (the name, order and limit do not)
        SET_MATCH: { target: '.waiting', actions: 'edit' },
        ADD_RULE: { description: 'At most 20 rules.', guard: 'roomForRule', target: '.waiting', actions: 'edit' },
        SET_RULE: { target: '.waiting', actions: 'edit' },
        REMOVE_RULE: { target: '.waiting', actions: 'edit' },
        DATA_CHANGED: {
          description: 'A library synced or the listener’s likes or plays changed: the rules are counted again.',
          target: '.waiting',
        },
        SUBMIT: [
          {
            description: 'A name is missing or a rule is incomplete: the message shows.',
            guard: 'draftInvalid',
            actions: 'showFormError',
          },
          { description: '保存: the list as edited.', target: 'saved', actions: 'keepSaved' },
        ],
        CLOSE: { description: '取消: nothing changes.', target: 'closed' },
      },
      initial: 'counting',
      states: {
        idle: { description: 'The count shows.' },
        waiting: {
          description: 'The rules changed: the count waits for the next change or a moment.',
          tags: ['counting'],
          after: { countDelay: 'counting' },
        },
        counting: {
          description: 'The worker counts the tracks the complete rules match.',
          tags: ['counting'],
          invoke: {
            id: 'countMatches',
            src: 'countMatches',
            input: ({ context }) => ({ match: context.draft.match, rules: completeRules(context.draft.rules) }),
            onDone: { target: 'idle', actions: { type: 'setCount', params: ({ event }) => ({ count: event.output }) } },
            onError: 'failed',
          },
        },
        failed: {
          description: 'The count could not be worked out (the data could not be read): the rules can still be saved.',
          tags: ['countFailed'],
        },
      },
    },
    saved: { description: 'Saved: the list is the editor’s output.', type: 'final' },
    closed: { description: 'Closed without saving.', type: 'final' },
  },
});

export type SmartListEditorSnapshot = SnapshotFrom<typeof smartListEditorMachine>;
