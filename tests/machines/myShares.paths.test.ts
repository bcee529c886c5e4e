// 我的分享 (/shares): a few direct tests with fake services the tests settle (loading, take back a
// known share, an unknown id ignored, a failure that keeps the list), then model-based paths over the
// real machine (docs/architecture.md#10-tests-and-benchmarks): every path `npm run paths -- myShares` prints is replayed with fake services
// that settle only when the path says so (and record what they were asked), with checks on every
// state against a small model, and every state must be reached. The walk (mySharesMachine.samples.ts)
// tells states apart by value, by the shares listed and by how the state was entered (which
// request ended, and how, with which message).
import { describe, expect, it } from 'vitest';
import {
  createActor,
  type ActorRefFrom,
  type AnyEventObject,
  type EmittedFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { mySharesMachine } from '@/features/share/mySharesMachine';
import { pathEvents } from '@/features/share/mySharesMachine.samples';
import { ApiError, errorMessage, NetworkError } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';
import type { ShareEntry } from '@/shared/types';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  type PathEvent,
  type StateChecks,
  withPendingActors,
  withRecordingActors,
} from '../../model-paths/modelPaths';
import { fakeService, flush } from './fakes';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

type MySharesSnapshot = SnapshotFrom<typeof mySharesMachine>;

const one: ShareEntry = { id: 'qWeRtYuI', date: 1_700_000_300, name: '周末' };
const two: ShareEntry = { id: 'AsDfGhJk', date: 1_700_000_200 };
const three: ShareEntry = { id: 'ZxCvBnMm', date: 1_700_000_100, name: '通勤' };

function start() {
  const fakes = {
    listShares: fakeService<ShareEntry[]>(),
    deleteShare: fakeService<void, { id: string }>(),
    copyLink: fakeService<void, { link: string }>(),
  };
  const actor = createActor(
    mySharesMachine.provide({
      actors: {
        listShares: fakes.listShares.logic,
        deleteShare: fakes.deleteShare.logic,
        copyLink: fakes.copyLink.logic,
      },
    }),
  );
  const emitted: NotifyEvent[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, fakes, emitted };
}

async function ready(shares: ShareEntry[] = [one, two, three]) {
  const started = start();
  started.fakes.listShares.last.resolve(shares);
  await flush();
  expect(started.actor.getSnapshot().value).toBe('ready');
  return started;
}

const tags = (s: { tags: Set<string> }) => [...s.tags].sort();
const success = (message: string): NotifyEvent => ({ type: 'notify', severity: 'success', message });
const error = (message: string): NotifyEvent => ({ type: 'notify', severity: 'error', message });

describe('my shares: direct', () => {
  it('loads at once (busy, loading), then lists the shares in the server order', async () => {
    const { actor, fakes, emitted } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(tags(actor.getSnapshot())).toEqual(['busy', 'loading']);
    expect(fakes.listShares.calls).toHaveLength(1);
    fakes.listShares.last.resolve([three, one, two]);
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(tags(s)).toEqual([]);
    expect(s.context).toEqual({ shares: [three, one, two], deleting: null });
    expect(emitted).toEqual([]);
  });

  it('a load failure notifies and waits for RETRY, which can succeed', async () => {
    const { actor, fakes, emitted } = start();
    fakes.listShares.last.reject(new NetworkError(null));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(tags(actor.getSnapshot())).toEqual(['failed']);
    expect(emitted).toEqual([error('未知网络错误')]);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.listShares.calls).toHaveLength(2);
    fakes.listShares.last.resolve([one]);
    await flush();
    expect(actor.getSnapshot().context.shares).toEqual([one]);
    expect(emitted).toEqual([error('未知网络错误')]);
  });

  it('DELETE of a known share takes it back: deleting (busy) with its id, then gone with 删除成功', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'DELETE', id: two.id });
    let s = actor.getSnapshot();
    expect(s.value).toBe('deleting');
    expect(tags(s)).toEqual(['busy']);
    expect(s.context.deleting).toBe(two.id);
    expect(fakes.deleteShare.calls.map((c) => c.input)).toEqual([{ id: two.id }]);
    // one at a time
    expect(s.can({ type: 'DELETE', id: one.id })).toBe(false);
    actor.send({ type: 'DELETE', id: one.id });
    expect(fakes.deleteShare.calls).toHaveLength(1);
    fakes.deleteShare.last.resolve();
    await flush();
    s = actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context).toEqual({ shares: [one, three], deleting: null });
    expect(emitted).toEqual([success('删除成功')]);
    expect(emitted).toEqual([success(text.itemRemoved)]);
  });

  it('DELETE of an unknown id is ignored', async () => {
    const { actor, fakes, emitted } = await ready();
    expect(actor.getSnapshot().can({ type: 'DELETE', id: 'nope' })).toBe(false);
    actor.send({ type: 'DELETE', id: 'nope' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toEqual({ shares: [one, two, three], deleting: null });
    expect(fakes.deleteShare.calls).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  it.each([
    ['not yours', new ApiError(902001, 'you are not the owner of the share'), 'you are not the owner of the share'],
    ['already gone', new ApiError(902000, 'share not found'), 'share not found'],
    ['an HTTP error', new NetworkError(503, 'Service Unavailable'), '网络错误: 503 Service Unavailable'],
  ])('a delete failure (%s) keeps the list and notifies its message', async (_, reason, message) => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'DELETE', id: one.id });
    fakes.deleteShare.last.reject(reason);
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context).toEqual({ shares: [one, two, three], deleting: null });
    expect(emitted).toEqual([error(message)]);
    // and it can be tried again
    actor.send({ type: 'DELETE', id: one.id });
    expect(fakes.deleteShare.calls).toHaveLength(2);
  });

  it('COPY puts the link on the clipboard through the copyLink actor (busy meanwhile): 链接已复制, or why not', async () => {
    const { actor, fakes, emitted } = await ready();
    const link = 'https://anniv.example/s/AsDfGhJk';
    actor.send({ type: 'COPY', link });
    expect(actor.getSnapshot().value).toBe('copying');
    expect(tags(actor.getSnapshot())).toEqual(['busy']);
    expect(fakes.copyLink.calls.map((c) => c.input)).toEqual([{ link }]);
    fakes.copyLink.last.resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(emitted).toEqual([success(text.share.copySucceeded)]);

    actor.send({ type: 'COPY', link });
    fakes.copyLink.last.reject(new Error(text.share.noClipboard));
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.shares).toEqual([one, two, three]);
    expect(emitted).toEqual([success(text.share.copySucceeded), error(text.share.noClipboard)]);
  });

  it('an empty list: nothing can be deleted', async () => {
    const { actor } = await ready([]);
    expect(actor.getSnapshot().context.shares).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'DELETE', id: one.id })).toBe(false);
  });
});

// ---- model-based paths ----

const actorNames = ['listShares', 'deleteShare', 'copyLink'] as const;
type ActorName = (typeof actorNames)[number];

const machine = withPendingActors(mySharesMachine, actorNames);
type MyShares = typeof machine;

/** the same machine, with fakes that never settle but record every input */
const recordingMachine = () => withRecordingActors(mySharesMachine, actorNames);

const samples = pathEvents as PathEvent<MyShares>[];

type Sent = AnyEventObject & { output?: unknown; error?: unknown; id?: string; link?: string };

function model(sent: readonly Sent[]) {
  let shares: ShareEntry[] = [];
  let deleting: string | null = null;
  let loads = 1;
  const deletes: string[] = [];
  const copies: string[] = [];
  const emitted: EmittedFrom<MyShares>[] = [];
  for (const event of sent) {
    switch (event.type) {
      case 'RETRY':
        loads++;
        break;
      case 'xstate.done.actor.listShares':
        shares = event.output as ShareEntry[];
        break;
      case 'DELETE':
        deleting = event.id!;
        deletes.push(event.id!);
        break;
      case 'xstate.done.actor.deleteShare':
        shares = shares.filter((s) => s.id !== deleting);
        deleting = null;
        emitted.push({ type: 'notify', severity: 'success', message: text.itemRemoved });
        break;
      case 'xstate.error.actor.deleteShare':
        deleting = null;
        emitted.push({ type: 'notify', severity: 'error', message: errorMessage(event.error) });
        break;
      case 'COPY':
        copies.push(event.link!);
        break;
      case 'xstate.done.actor.copyLink':
        emitted.push({ type: 'notify', severity: 'success', message: text.share.copySucceeded });
        break;
      case 'xstate.error.actor.copyLink':
      case 'xstate.error.actor.listShares':
        emitted.push({ type: 'notify', severity: 'error', message: errorMessage(event.error) });
        break;
    }
  }
  return { shares, deleting, loads, deletes, copies, emitted };
}

function replayLog() {
  const sent: Sent[] = [];
  const emitted: EmittedFrom<MyShares>[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId) {
      (event.actorRef as ActorRefFrom<MyShares>).on('*', (e) => emitted.push(e));
    }
  };
  const beforeEvent = (event: PathEvent<MyShares>) => void sent.push(event as Sent);
  return { sent, emitted, inspect, beforeEvent };
}

function checksFor(log: ReturnType<typeof replayLog>, inputs: Record<ActorName, unknown[]>): StateChecks<MyShares> {
  const always = (s: MySharesSnapshot) => {
    const expected = model(log.sent);
    expect(s.context.shares).toEqual(expected.shares);
    expect(s.context.deleting).toBe(expected.deleting);
    expect(log.emitted).toEqual(expected.emitted);
    // every load and every delete asked once, with the id asked for
    expect(inputs.listShares).toHaveLength(expected.loads);
    expect(inputs.deleteShare).toEqual(expected.deletes.map((id) => ({ id })));
    expect(inputs.copyLink).toEqual(expected.copies.map((link) => ({ link })));
    expect(new Set(s.context.shares.map((e) => e.id)).size).toBe(s.context.shares.length);
    expect(s.hasTag('busy')).toBe(Object.keys(s.children).length === 1);
  };
  return {
    loading: (s) => {
      always(s);
      expect(tags(s)).toEqual(['busy', 'loading']);
      expect(s.children.listShares).toBeDefined();
      expect(s.context.deleting).toBeNull();
      expect(s.can({ type: 'DELETE', id: 'qWeRtYuI' })).toBe(false);
    },
    failed: (s) => {
      always(s);
      expect(tags(s)).toEqual(['failed']);
      expect(Object.keys(s.children)).toEqual([]);
      expect(s.can({ type: 'RETRY' })).toBe(true);
      expect(log.emitted.at(-1)).toMatchObject({ type: 'notify', severity: 'error' });
      expect(log.sent.at(-1)?.type).toBe('xstate.error.actor.listShares');
    },
    ready: (s) => {
      always(s);
      expect(tags(s)).toEqual([]);
      expect(Object.keys(s.children)).toEqual([]);
      expect(s.context.deleting).toBeNull();
      expect(s.can({ type: 'RETRY' })).toBe(false);
      for (const share of s.context.shares) expect(s.can({ type: 'DELETE', id: share.id })).toBe(true);
      expect(s.can({ type: 'DELETE', id: 'unknown' })).toBe(false);
    },
    copying: (s) => {
      always(s);
      expect(tags(s)).toEqual(['busy']);
      expect(s.children.copyLink).toBeDefined();
      expect(s.context.deleting).toBeNull();
      // one at a time: no delete and no second copy meanwhile
      for (const share of s.context.shares) expect(s.can({ type: 'DELETE', id: share.id })).toBe(false);
      expect(s.can({ type: 'COPY', link: 'https://anniv.example/s/qWeRtYuI' })).toBe(false);
    },
    deleting: (s) => {
      always(s);
      expect(tags(s)).toEqual(['busy']);
      expect(s.children.deleteShare).toBeDefined();
      expect(s.context.shares.map((e) => e.id)).toContain(s.context.deleting);
      expect(inputs.deleteShare.at(-1)).toEqual({ id: s.context.deleting });
      expect(s.can({ type: 'DELETE', id: s.context.deleting! })).toBe(false);
    },
  };
}

describe('my shares machine paths', () => {
  // the walk `npm run paths -- myShares` prints, from the samples beside the machine
  // every path the walk took (`--every-path`): the checks below read walks that tell contexts apart
  const machineWalk = registryWalk('myShares', machine);
  const { generated, everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('myShares', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual(['loading', 'failed', 'ready', 'copying', 'deleting']);
    assertAllStatesReached(paths, machine);
  });

  it('walks every sample event, and takes back both shares one after the other', () => {
    const walked = paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.event)));
    for (const sample of samples) {
      // an unknown id is never taken: it is refused in ready
      if (sample.type === 'DELETE' && (sample as Sent).id === 'unknown') continue;
      expect(walked).toContain(JSON.stringify(sample));
    }
    expect(
      paths.some(
        (p) =>
          (p.state.context as { shares: ShareEntry[] }).shares.length === 0 &&
          p.steps.some((s) => s.event.type === 'xstate.done.actor.deleteShare'),
      ),
    ).toBe(true);
  });

  it('the registry walk (npm run paths -- myShares) reaches every state and fires every transition', () => {
    expect(generated.coverage.states.missing).toEqual([]);
    expect(generated.coverage.transitions.missing).toEqual([]);
  });

  it('the fake services never settle on their own', async () => {
    const actor = createActor(machine).start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('loading');
    actor.stop();
  });

  it.each(cases)('%s', async (_, path) => {
    const log = replayLog();
    const recording = recordingMachine();
    const { checksRun } = await replayPath(recording.machine, path, {
      checks: checksFor(log, recording.inputs),
      actorOptions: { inspect: log.inspect },
      beforeEvent: log.beforeEvent,
    });
    expect(checksRun.size).toBeGreaterThan(0);
  });
});
