// Model-based paths over an account's smart playlists on the device (docs/behaviour.md#smart-playlists):
// every path the walk of `npm run paths -- smartLists` takes (`--every-path`: each set of lists, full
// among them) is replayed with a device that answers only when the path says so, and checked at every
// step against the rules written out plainly: the lists after each event (a new account's five
// ready-made ones, at most 100), what is read and written and when, and the toasts. A file past the
// room left is refused by the page before the store sees it: the store's own refusal is in
// smartLists.test.ts.
import { describe, expect, it } from 'vitest';
import type { ActorRefFrom, AnyEventObject, InspectionEvent } from 'xstate';
import type { SmartList } from '@/rules/smartLists';
import { smartListsMachine, type SmartListsSnapshot } from '@/features/smartLists/smartListsMachine';
import { fullAccount, pathEvents, pathInput } from '@/features/smartLists/smartListsMachine.samples';
import { text } from '@/shared/text';
import type { AccountLists } from '@/storage/smartLists';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  withPendingActors,
  withRecordingActors,
  type MachinePath,
  type PathEvent,
  type StateChecks,
} from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk, stateOf } from './registryWalk';

const machine = withPendingActors(smartListsMachine, ['readLists', 'writeLists']);
type Machine = typeof machine;

const MOST = 100;

/** The five lists a new account starts with (docs/behaviour.md#smart-playlists), with the input's seed and time. */
const readyMade = (seed: number, now: number): SmartList[] => [
  {
    id: 'most-played',
    name: '最常播放',
    match: 'all',
    rules: [{ kind: 'plays', op: 'atLeast', count: 1 }],
    sortBy: 'mostPlayed',
    seed,
    limit: 100,
    updatedAt: now,
  },
  {
    id: 'recently-added',
    name: '最近添加',
    match: 'all',
    rules: [{ kind: 'added', days: 30 }],
    sortBy: 'added',
    seed,
    limit: 500,
    updatedAt: now,
  },
  {
    id: 'long-unheard',
    name: '很久没听',
    match: 'all',
    rules: [
      { kind: 'plays', op: 'atLeast', count: 3 },
      { kind: 'lastPlayed', within: false, days: 90 },
    ],
    sortBy: 'mostPlayed',
    seed,
    limit: 100,
    updatedAt: now,
  },
  {
    id: 'never-played',
    name: '从未播放',
    match: 'all',
    rules: [{ kind: 'neverPlayed' }],
    sortBy: 'shuffle',
    seed,
    limit: 200,
    updatedAt: now,
  },
  {
    id: 'liked-shuffled',
    name: '我喜欢的随机',
    match: 'all',
    rules: [{ kind: 'liked', target: 'track', liked: true }],
    sortBy: 'shuffle',
    seed,
    limit: null,
    updatedAt: now,
  },
];

type Sent = AnyEventObject & {
  output?: AccountLists;
  list?: SmartList;
  id?: string;
  lists?: SmartList[];
  skipped?: number;
  seed?: number;
};

const toast = (severity: 'success' | 'error', message: string) => ({ type: 'notify', severity, message });

/** The rules, plainly: where the store is, its lists, every write it starts and every toast, after these events. */
function model(events: readonly Sent[]) {
  let state = 'loading';
  let lists: SmartList[] = [];
  const writes: { user: string; lists: SmartList[] }[] = [];
  const toasts: AnyEventObject[] = [];
  // the lists are read as the store starts, and again on 重试
  const reads = [{ user: pathInput.user }];
  // every change shows at once and starts a write of all the lists (a write running is left behind)
  const change = (next: SmartList[]) => {
    lists = next;
    state = 'ready.saving';
    writes.push({ user: pathInput.user, lists });
  };
  for (const e of events) {
    const inReady = state.startsWith('ready');
    if (e.type === 'xstate.done.actor.readLists' && state === 'loading') {
      if (e.output!.started) [state, lists] = ['ready.saved', e.output!.lists];
      // a new account: the ready-made lists, written at once
      else change([...readyMade(pathInput.seed, pathInput.now), ...e.output!.lists]);
    } else if (e.type === 'xstate.error.actor.readLists' && state === 'loading') {
      state = 'failed';
      toasts.push(toast('error', text.smartLists.notRead));
    } else if (e.type === 'LOAD' && state === 'failed') {
      state = 'loading';
      reads.push({ user: pathInput.user });
    } else if (e.type === 'SAVE_LIST' && inReady) {
      const at = lists.findIndex((list) => list.id === e.list!.id);
      if (at >= 0) change(lists.map((list, i) => (i === at ? e.list! : list)));
      else if (lists.length >= MOST) toasts.push(toast('error', text.smartLists.tooMany(MOST)));
      else change([...lists, e.list!]);
    } else if (e.type === 'DELETE_LIST' && inReady) change(lists.filter((list) => list.id !== e.id));
    else if (e.type === 'RESHUFFLE' && inReady)
      change(lists.map((list) => (list.id === e.id ? { ...list, seed: e.seed! } : list)));
    else if (e.type === 'IMPORT' && inReady) {
      if (lists.length + e.lists!.length > MOST) toasts.push(toast('error', text.smartLists.tooMany(MOST)));
      else {
        change([...lists, ...e.lists!]);
        toasts.push(toast('success', text.smartLists.imported(e.lists!.length, e.skipped!)));
      }
    } else if (e.type === 'xstate.done.actor.writeLists' && state === 'ready.saving') state = 'ready.saved';
    else if (e.type === 'xstate.error.actor.writeLists' && state === 'ready.saving') {
      state = 'ready.unsaved';
      toasts.push(toast('error', text.smartLists.notSaved));
    } else throw new Error(`${e.type} in ${state}: the walk sends only what the store takes`);
  }
  return { state, lists, reads, writes, toasts };
}

const sortedTags = (s: SmartListsSnapshot) => [...s.tags].sort();

function replayLog() {
  const events: Sent[] = [];
  const emitted: AnyEventObject[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId)
      (event.actorRef as ActorRefFrom<Machine>).on('*', (e) => emitted.push(e));
  };
  const beforeEvent = (event: PathEvent<Machine>) => {
    events.push(event as Sent);
  };
  return { events, emitted, inspect, beforeEvent };
}

function checksFor(
  log: ReturnType<typeof replayLog>,
  inputs: Record<'readLists' | 'writeLists', unknown[]>,
): StateChecks<Machine> {
  const always = (s: SmartListsSnapshot) => {
    const want = model(log.events);
    expect(stateOf(s.value)).toBe(want.state);
    expect(s.context.lists).toEqual(want.lists);
    expect(inputs.readLists).toEqual(want.reads);
    expect(inputs.writeLists).toEqual(want.writes);
    expect(log.emitted).toEqual(want.toasts);
    // never more than an account keeps, each list once
    expect(s.context.lists.length).toBeLessThanOrEqual(MOST);
    expect(new Set(s.context.lists.map((list) => list.id)).size).toBe(s.context.lists.length);
  };
  return {
    loading: (s) => {
      always(s);
      expect(sortedTags(s)).toEqual(['loading']);
      expect(Object.keys(s.children)).toEqual(['readLists']);
    },
    failed: (s) => {
      always(s);
      expect(sortedTags(s)).toEqual(['failed']);
      expect(Object.keys(s.children)).toEqual([]);
    },
    ready: (s) => {
      always(s);
      // 正在保存 only while a write runs: the one of the last change
      const saving = s.matches({ ready: 'saving' });
      expect(sortedTags(s)).toEqual(saving ? ['ready', 'saving'] : ['ready']);
      expect(Object.keys(s.children)).toEqual(saving ? ['writeLists'] : []);
    },
  };
}

describe('smartLists machine paths', () => {
  // the walk `npm run paths -- smartLists` prints, from the samples beside the machine; the checks
  // run on every path it took, so each set of lists is changed, written, refused and filled
  const machineWalk = registryWalk('smartLists', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('smartLists', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual([
      'loading',
      'failed',
      'ready.saved',
      'ready.changed',
      'ready.saving',
      'ready.unsaved',
    ]);
    // ready.changed is left as it is entered (its write starts): no step rests there
    assertAllStatesReached(paths, machine, { ignore: ['ready.changed'] });
  });

  it('walks a full account: a new list refused with 每个账号最多保留 100 个智能歌单, nothing written', () => {
    expect(fullAccount).toHaveLength(MOST);
    const full = paths.filter((path) => path.steps.some((step) => (step.event as Sent).output?.lists === fullAccount));
    const ends = full.map((path) => model(path.steps.slice(1).map((step) => step.event as Sent)));
    expect(ends.some((end) => end.toasts.some((t) => t.message === text.smartLists.tooMany(MOST)))).toBe(true);
    for (const end of ends) expect(end.writes).toEqual([]);
    // every sample is walked
    const samples = pathEvents.map((event) => JSON.stringify(event));
    const walked = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))));
    expect(samples.filter((sample) => !walked.has(sample))).toEqual([]);
  });

  it.each(cases)('%s', async (_, path: MachinePath<Machine>) => {
    const log = replayLog();
    const recording = withRecordingActors(smartListsMachine, ['readLists', 'writeLists']);
    const { checksRun } = await replayPath(recording.machine, path, {
      input: pathInput,
      checks: checksFor(log, recording.inputs),
      actorOptions: { inspect: log.inspect },
      beforeEvent: log.beforeEvent,
    });
    expect(checksRun.size).toBeGreaterThan(0);
  });
});
