// Model-based paths over the real favourite toggle (docs/architecture.md#10-tests-and-benchmarks), for a track heart and an album
// heart: every path `npm run paths -- favouriteToggle` prints (every simple path; samples, state key
// and filter beside the machine) is replayed with a submit that settles only when the path says so
// and a live store that records what it is told; every state must be reached. The walk tells states
// apart by value, by what is being asked (like or unlike) and, once back in idle, by how the
// request ended (so success and each failure sample are walked for both).
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  type ActorRefFrom,
  type AnyEventObject,
  type EmittedFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import {
  favouriteToggleMachine,
  type FavouriteTarget,
  type FavouriteToggleInput,
} from '@/features/favourites/favouriteToggleMachine';
import { pathInput } from '@/features/favourites/favouriteToggleMachine.samples';
import { errorMessage } from '@/services/api/errors';
import { text } from '@/shared/text';
import { assertAllStatesReached, replayPath, stateIdsOf, type StateChecks } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const machine = favouriteToggleMachine.provide({ actors: { submit: pending } as never });
type Toggle = typeof machine;
type ToggleSnapshot = SnapshotFrom<Toggle>;

/** A live store for `sendTo`: it records every event it receives (apart: the settled requests). */
function recordingStore() {
  const received: AnyEventObject[] = [];
  const settled: AnyEventObject[] = [];
  const actor = createActor(
    fromCallback(({ receive }) =>
      receive((event) => (event.type === 'TOGGLE_SETTLED' ? settled : received).push(event)),
    ),
  ).start();
  return { store: actor as unknown as FavouriteToggleInput['store'], received, settled, stop: () => actor.stop() };
}

/** the store event a successful request should send */
function storeEventFor(target: FavouriteTarget, like: boolean) {
  if (target.kind === 'track') return { type: like ? 'TRACK_LIKED' : 'TRACK_UNLIKED', track: target.track };
  if (target.kind === 'album') return { type: like ? 'ALBUM_LIKED' : 'ALBUM_UNLIKED', albumId: target.albumId };
  return like
    ? { type: 'PLAYLIST_LIKED', playlist: target.playlist }
    : { type: 'PLAYLIST_UNLIKED', playlistId: target.playlist.id };
}

function replayLog() {
  const sent: AnyEventObject[] = [];
  const emitted: EmittedFrom<Toggle>[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId) {
      (event.actorRef as ActorRefFrom<Toggle>).on('*', (e) => emitted.push(e));
    }
  };
  return { sent, emitted, inspect };
}

/** What the path's events should have caused so far: a tiny model of the heart. */
function expected(target: FavouriteTarget, sent: readonly AnyEventObject[]) {
  let liking = false;
  let settled = 0;
  const storeEvents: AnyEventObject[] = [];
  const notes: EmittedFrom<Toggle>[] = [];
  for (const event of sent) {
    if (event.type === 'TOGGLE') liking = !(event.liked as boolean);
    if (event.type.startsWith('xstate.') && event.type.endsWith('.actor.submit')) settled++;
    if (event.type === 'xstate.done.actor.submit') {
      storeEvents.push(storeEventFor(target, liking));
      notes.push({
        type: 'notify',
        severity: 'success',
        message: liking ? text.favourites.added : text.favourites.removed,
      });
    }
    if (event.type === 'xstate.error.actor.submit') {
      notes.push({ type: 'notify', severity: 'error', message: errorMessage(event.error) });
    }
  }
  return { liking, storeEvents, notes, settled };
}

const targets: [string, FavouriteTarget][] = [
  ['track', (pathInput as Pick<FavouriteToggleInput, 'target'>).target],
  ['album', { kind: 'album', albumId: 'album-a' }],
  ['playlist', { kind: 'playlist', playlist: { id: '7', name: 'Ren public', owner: '2' } }],
];

// the walk `npm run paths -- favouriteToggle` prints (every simple path), replayed for both hearts:
// what a path sends does not depend on the target
// every path the walk took (`--every-path`): the checks below read walks that tell contexts apart
const machineWalk = registryWalk('favouriteToggle', machine);
const { everyPaths: paths, allCases: cases } = machineWalk;
itPrintsTheWalk('favouriteToggle', machineWalk);

describe.each(targets)('favourite toggle machine paths (%s heart)', (_, target) => {
  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual(['idle', 'submitting']);
    assertAllStatesReached(paths, machine);
  });

  it('walks a like and an unlike, each to success and to every failure sample, then the other request', () => {
    const requests = (p: (typeof paths)[number]) => p.steps.filter((step) => step.event.type === 'TOGGLE').length;
    const ended = paths.filter((p) => p.state.value === 'idle');
    // a like or an unlike, each ending in a success or one of 3 failures
    expect(ended.filter((p) => requests(p) === 1)).toHaveLength(2 * 4);
    // then the other one (a state is not repeated), again with every ending
    expect(ended.filter((p) => requests(p) === 2)).toHaveLength(2 * 4 * 4);
  });

  it.each(cases)('%s', async (_, path) => {
    const log = replayLog();
    const { store, received, settled, stop } = recordingStore();
    const always = (s: ToggleSnapshot) => {
      const model = expected(target, log.sent);
      expect(s.context.target).toBe(target);
      expect(s.context.store).toBe(store);
      expect(s.context.liking).toBe(model.liking);
      // the store hears of successes only, each exactly once
      expect(received).toEqual(model.storeEvents);
      // and its owner hears of every request that settled, so it can stop the toggle
      expect(settled).toHaveLength(model.settled);
      expect(log.emitted).toEqual(model.notes);
    };
    const checks: StateChecks<Toggle> = {
      idle: (s) => {
        always(s);
        expect(s.hasTag('busy')).toBe(false);
        expect(s.can({ type: 'TOGGLE', liked: false })).toBe(true);
        expect(s.can({ type: 'TOGGLE', liked: true })).toBe(true);
        expect(s.children.submit).toBeUndefined();
      },
      submitting: (s) => {
        always(s);
        expect(s.hasTag('busy')).toBe(true);
        // the guard against double submission
        expect(s.can({ type: 'TOGGLE', liked: false })).toBe(false);
        expect(s.can({ type: 'TOGGLE', liked: true })).toBe(false);
        expect(s.children.submit).toBeDefined();
      },
    };
    try {
      const { checksRun } = await replayPath(machine, path, {
        checks,
        input: { target, store },
        actorOptions: { inspect: log.inspect },
        beforeEvent: (event) => void log.sent.push(event),
      });
      expect(checksRun.size).toBeGreaterThan(0);
    } finally {
      stop();
    }
  });
});
