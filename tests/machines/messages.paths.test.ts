// Model-based paths over the real messages machine (docs/architecture.md#10-tests-and-benchmarks): every path `npm run paths -- messages`
// prints is replayed. The machine has a single state and keeps everything in context, so the walk
// (messagesMachine.samples.ts) tells snapshots apart by context (kept finite by capping the ADDs),
// and every snapshot a replay reaches is compared with a small model of the path's events. A replay never fires the auto-hide delay (SimulatedClock); a separate test runs
// the paths on fake timers for that.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { messagesMachine, type Message, type MessagesEvent } from '@/features/messages/messagesMachine';
import { walkMaxAdds } from '@/features/messages/messagesMachine.samples';
import { TOAST_AUTO_HIDE_MS } from '@/shared/constants';
import {
  assertAllStatesReached,
  describePath,
  eventTypesOf,
  machinePaths,
  replayPath,
  stateIdsOf,
  type MachinePath,
  type PathEvent,
} from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const machine = messagesMachine;
type Messages = typeof machine;
type Snapshot = SnapshotFrom<Messages>;

/** the machine's KEEP_HIDDEN: hidden messages beyond this many are dropped, oldest first */
const KEEP_HIDDEN = 20;

/** What the context must be after these events, with no delay fired (the auto-hide is a HIDE too). */
function expectedMessages(events: readonly EventObject[]): { messages: Message[]; nextId: number } {
  let nextId = 1;
  let kept: Message[] = [];
  let hidden = new Set<number>();
  for (const raw of events) {
    const event = raw as MessagesEvent;
    if (event.type === 'ADD') {
      kept.push({ id: nextId++, type: event.severity, message: event.message, isShow: true });
    } else if (event.type === 'HIDE') {
      if (kept.some((m) => m.id === event.id)) hidden.add(event.id);
    } else if (event.type === 'CLEAR') {
      kept = [];
      hidden = new Set();
    }
  }
  // the newest KEEP_HIDDEN hidden ones stay; once dropped, a message never comes back
  const keptHidden = new Set([...hidden].sort((a, b) => a - b).slice(-KEEP_HIDDEN));
  const messages = kept
    .filter((m) => !hidden.has(m.id) || keptHidden.has(m.id))
    .map((m) => ({ ...m, isShow: !hidden.has(m.id) }));
  return { messages, nextId };
}

/** The invariants of every reached snapshot, and the model's context for the events so far. */
function checkSnapshot(snapshot: Snapshot, eventsSoFar: readonly EventObject[], where: string): void {
  const { messages, nextId } = snapshot.context;
  const ids = messages.map((m) => m.id);
  // ids unique and increasing, all below nextId
  const increasing = ids.every((id, i) => i === 0 || id > ids[i - 1]!);
  expect(increasing, `${where}: ids ${ids.join(',')} not unique and increasing`).toBe(true);
  expect(
    ids.every((id) => id >= 1 && id < nextId),
    `${where}: ids ${ids.join(',')} not below nextId ${nextId}`,
  ).toBe(true);
  // at most KEEP_HIDDEN hidden messages kept
  expect(messages.filter((m) => !m.isShow).length, where).toBeLessThanOrEqual(KEEP_HIDDEN);
  // every message not hidden yet is visible (isShow true), with the text and severity it was added with
  const expected = expectedMessages(eventsSoFar);
  const visible = expected.messages.filter((m) => m.isShow);
  expect(
    messages.filter((m) => m.isShow),
    where,
  ).toEqual(visible);
  expect(snapshot.context, where).toEqual(expected);
}

/** Every snapshot of the replayed actor itself (one on start, one per event sent), via the inspector. */
function snapshotsDuringReplay() {
  const snapshots: Snapshot[] = [];
  const inspect = (event: InspectionEvent) => {
    // the harness stops the actor after the last step: that snapshot is no step of the path
    if (
      event.type === '@xstate.snapshot' &&
      event.actorRef.sessionId === event.rootId &&
      event.event.type !== 'xstate.stop'
    ) {
      snapshots.push(event.snapshot as Snapshot);
    }
  };
  return { snapshots, inspect };
}

/**
 * Replays a path with the harness, then checks every snapshot it reached. The harness's per-state
 * checks are keyed by state paths, and a machine without child states has none to key them by.
 */
async function replayAndCheck(path: MachinePath<Messages>): Promise<Snapshot[]> {
  const { snapshots, inspect } = snapshotsDuringReplay();
  await replayPath(machine, path, { actorOptions: { inspect } });
  const label = describePath(path);
  expect(snapshots, label).toHaveLength(path.steps.length);
  snapshots.forEach((snapshot, i) => {
    const eventsSoFar = path.steps.slice(1, i + 1).map((step) => step.event);
    checkSnapshot(snapshot, eventsSoFar, `${label}\n  at step ${i}`);
  });
  return snapshots;
}

describe('messages machine paths', () => {
  // the walk `npm run paths -- messages` prints: samples, state key and the cap on ADDs beside the machine
  // every path the walk took (`--every-path`): the checks below read walks that tell contexts apart
  const machineWalk = registryWalk('messages', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('messages', machineWalk);

  it('reaches every state and walks every event', () => {
    expect(stateIdsOf(machine)).toEqual([]); // one (root) state: nothing more to reach
    assertAllStatesReached(paths, machine);
    const walked = new Set(paths.flatMap((p) => p.steps.slice(1).map((s) => s.event.type)));
    expect([...walked].sort()).toEqual(eventTypesOf(machine).sort());
    // as far as the cap allows: three messages added and all three hidden
    const allHidden = (p: MachinePath<Messages>) =>
      p.state.context.messages.filter((m) => !m.isShow).length === walkMaxAdds;
    expect(paths.some(allHidden)).toBe(true);
  });

  it.each(cases)('%s', async (_, path) => {
    await replayAndCheck(path);
  });

  it(`a long session (ADD, and HIDE of the oldest shown as the timers do) keeps at most ${KEEP_HIDDEN} hidden messages`, async () => {
    const longPaths = machinePaths(machine, {
      events: (snapshot): PathEvent<Messages>[] => [
        { type: 'ADD', severity: 'info', message: 'toast' },
        ...snapshot.context.messages
          .filter((m) => m.isShow)
          .slice(0, 1)
          .map((m) => ({ type: 'HIDE' as const, id: m.id })),
      ],
      // bounded abstraction of the context: messages added, hidden kept, messages kept
      serializeState: ({ context }) =>
        JSON.stringify([context.nextId, context.messages.filter((m) => !m.isShow).length, context.messages.length]),
      stopWhen: (snapshot) => snapshot.context.nextId > KEEP_HIDDEN + 2,
    });
    for (const path of longPaths) await replayAndCheck(path);
    // the bound was really hit: some path ends with hidden messages dropped
    const dropped = longPaths.filter((p) => p.state.context.messages.length < p.state.context.nextId - 1);
    expect(dropped.length).toBeGreaterThan(0);
    for (const path of dropped) expect(path.state.context.messages.filter((m) => !m.isShow)).toHaveLength(KEEP_HIDDEN);
  });

  describe('auto-hide on the real clock', () => {
    afterEach(() => vi.useRealTimers());

    it(`every message a path ADDs and leaves shown is hidden at ${TOAST_AUTO_HIDE_MS} ms, not at ${TOAST_AUTO_HIDE_MS - 1} ms`, async () => {
      const shownAtEnd = paths.filter((p) => p.state.context.messages.some((m) => m.isShow));
      expect(shownAtEnd.length).toBeGreaterThan(10);
      vi.useFakeTimers();
      for (const path of shownAtEnd) {
        const label = describePath(path);
        const sent = path.steps.slice(1).map((step) => step.event as MessagesEvent);
        const actor = createActor(machine).start(); // the default clock: setTimeout, faked here
        for (const event of sent) actor.send(event);
        const afterPath = actor.getSnapshot().context;
        expect(afterPath, label).toEqual(expectedMessages(sent));

        await vi.advanceTimersByTimeAsync(TOAST_AUTO_HIDE_MS - 1);
        expect(actor.getSnapshot().context, `${label}\n  at ${TOAST_AUTO_HIDE_MS - 1} ms`).toEqual(afterPath);

        await vi.advanceTimersByTimeAsync(1);
        const atDeadline = actor.getSnapshot().context;
        // each ADD scheduled a HIDE of its own id
        const autoHides = sent.filter((e) => e.type === 'ADD').map((_, i) => ({ type: 'HIDE' as const, id: i + 1 }));
        expect(atDeadline, `${label}\n  at ${TOAST_AUTO_HIDE_MS} ms`).toEqual(
          expectedMessages([...sent, ...autoHides]),
        );
        expect(
          atDeadline.messages.filter((m) => m.isShow),
          label,
        ).toEqual([]);
        expect(
          atDeadline.messages.map((m) => m.id),
          label,
        ).toEqual(afterPath.messages.map((m) => m.id));
        actor.stop();
      }
    });
  });
});
