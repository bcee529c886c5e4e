// Model-based paths over the smart-playlist editor (docs/behaviour.md#smart-playlists): every path the walk
// of `npm run paths -- smartListEditor` takes (`--every-path`: the refusals for each set of rules too) is
// replayed with a count that answers only when the path says so, and checked against the rules written
// out plainly: what the draft is after each change, which changes count again and with which rules,
// which 保存 is refused with which message, and what the editor ends with.
import { describe, expect, it } from 'vitest';
import type { SmartListDraft, SmartRule } from '@/rules/smartLists';
import { smartListEditorMachine } from '@/features/smartLists/smartListEditorMachine';
import { pathEvents, pathInput } from '@/features/smartLists/smartListEditorMachine.samples';
import { text } from '@/shared/text';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  withPendingActors,
  withRecordingActors,
  type MachinePath,
} from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk, stateOf } from './registryWalk';

const machine = withPendingActors(smartListEditorMachine, ['countMatches']);
type Machine = typeof machine;

/** The samples' rules, plainly: a text with nothing typed and a release range with neither end are not filled in. */
function filledIn(rule: SmartRule): boolean {
  if (rule.kind === 'text') return rule.text.trim() !== '';
  if (rule.kind === 'released') return rule.from !== '' || rule.to !== '';
  return true;
}

/** 保存's checks, plainly: a name (at most 200 characters once trimmed), then every rule filled in. */
function refusal(draft: SmartListDraft): string | null {
  const name = draft.name.trim();
  if (name === '') return text.smartLists.editor.nameRequired;
  if (name.length > 200) return text.playlist.nameTooLong(200);
  const first = draft.rules.findIndex((rule) => !filledIn(rule));
  return first < 0 ? null : text.smartLists.editor.ruleIncomplete(first + 1);
}

type Sent = {
  type: string;
  name?: string;
  match?: SmartListDraft['match'];
  rule?: SmartRule;
  index?: number;
  sortBy?: SmartListDraft['sortBy'];
  limit?: number | null;
  seed?: number;
  output?: number;
};

/** The rules, plainly: where each event leads, what the draft becomes, what is counted and what is saved. */
function expected(path: MachinePath<Machine>) {
  let state = 'editing.counting';
  let draft: SmartListDraft = pathInput.draft;
  let count: number | null = null;
  let formError: string | null = null;
  let saved: SmartListDraft | null = null;
  // the editor counts as it opens, then after every change to what is matched and a pause
  const counted = [{ match: draft.match, rules: draft.rules.filter(filledIn) }];
  for (const { event } of path.steps.slice(1)) {
    const e = event as Sent;
    if (state === 'saved' || state === 'closed') throw new Error(`${e.type} sent after the editor ended`);
    const recount = () => (state = 'editing.waiting');
    switch (e.type) {
      case 'SET_NAME':
        [draft, formError] = [{ ...draft, name: e.name! }, null];
        break;
      case 'SET_MATCH':
        draft = { ...draft, match: e.match! };
        recount();
        break;
      case 'ADD_RULE':
        if (draft.rules.length < 20) {
          [draft, formError] = [{ ...draft, rules: [...draft.rules, e.rule!] }, null];
          recount();
        }
        break;
      case 'SET_RULE':
        [draft, formError] = [{ ...draft, rules: draft.rules.map((r, i) => (i === e.index ? e.rule! : r)) }, null];
        recount();
        break;
      case 'REMOVE_RULE':
        [draft, formError] = [{ ...draft, rules: draft.rules.filter((_, i) => i !== e.index) }, null];
        recount();
        break;
      case 'SET_SORT':
        draft = { ...draft, sortBy: e.sortBy! };
        break;
      case 'SET_LIMIT':
        draft = { ...draft, limit: e.limit! };
        break;
      case 'RESHUFFLE':
        draft = { ...draft, seed: e.seed! };
        break;
      case 'DATA_CHANGED':
        recount();
        break;
      case 'SUBMIT':
        formError = refusal(draft);
        if (formError === null) [state, saved] = ['saved', draft];
        break;
      case 'CLOSE':
        state = 'closed';
        break;
      case 'xstate.after.countDelay.smartListEditor.editing.waiting':
        expect(state).toBe('editing.waiting');
        state = 'editing.counting';
        counted.push({ match: draft.match, rules: draft.rules.filter(filledIn) });
        break;
      case 'xstate.done.actor.countMatches':
        expect(state).toBe('editing.counting');
        [state, count] = ['editing.idle', e.output!];
        break;
      case 'xstate.error.actor.countMatches':
        expect(state).toBe('editing.counting');
        state = 'editing.failed';
        break;
      default:
        throw new Error(`no rule for ${e.type}`);
    }
  }
  return { state, draft, count, formError, saved, counted };
}

describe('smartListEditor machine paths', () => {
  // the walk `npm run paths -- smartListEditor` prints, from the samples beside the machine; the
  // checks run on every path it took, so each set of rules is refused and saved
  const machineWalk = registryWalk('smartListEditor', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('smartListEditor', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual([
      'editing.idle',
      'editing.waiting',
      'editing.counting',
      'editing.failed',
      'saved',
      'closed',
    ]);
    assertAllStatesReached(paths, machine);
  });

  it('refuses 保存 for a missing name and for each first incomplete rule, and saves', () => {
    const ends = paths.map((path) => expected(path));
    const refusals = new Set(ends.map((end) => end.formError));
    expect(refusals).toContain(text.smartLists.editor.nameRequired);
    for (const n of [1, 2, 3]) expect(refusals).toContain(text.smartLists.editor.ruleIncomplete(n));
    expect(ends.some((end) => end.saved !== null && end.saved.rules.length !== pathInput.draft.rules.length)).toBe(
      true,
    );
  });

  it('the samples hold only rules the plain check above reads', () => {
    const kinds = pathEvents.flatMap((event) => ((event as Sent).rule ? [(event as Sent).rule!.kind] : []));
    const read = ['text', 'released', 'tag', 'liked'];
    expect(kinds.filter((kind) => !read.includes(kind))).toEqual([]);
    expect(pathInput.draft.rules.map((rule) => rule.kind)).toEqual(['plays', 'lastPlayed']);
  });

  it.each(cases)('%s', async (_, path) => {
    const recording = withRecordingActors(smartListEditorMachine, ['countMatches']);
    const { finalSnapshot: s } = await replayPath(recording.machine, path, { input: pathInput });
    const want = expected(path);
    expect(stateOf(s.value)).toBe(want.state);
    expect(s.context.draft).toEqual(want.draft);
    expect(s.context.count).toBe(want.count);
    expect(s.context.formError).toBe(want.formError);
    expect(s.context.saved).toEqual(want.saved);
    // what was counted: as the editor opened, then each time the pause after a change ran out
    expect(recording.inputs.countMatches).toEqual(want.counted);
    // what the dialog reads: 正在计算 while it waits or counts, 无法计算匹配数量 after a failure
    expect(s.hasTag('counting')).toBe(want.state === 'editing.waiting' || want.state === 'editing.counting');
    expect(s.hasTag('countFailed')).toBe(want.state === 'editing.failed');
    expect(Object.keys(s.children)).toEqual(want.state === 'editing.counting' ? ['countMatches'] : []);
    // it ends with the list as edited (保存), or nothing (取消)
    if (want.state === 'saved' || want.state === 'closed') {
      expect(s.status).toBe('done');
      expect(s.output).toEqual(want.saved);
    } else expect(s.status).toBe('active');
  });
});
