// Model-based paths over the real playlist page machine (docs/architecture.md#10-tests-and-benchmarks): every path `npm run paths -- playlist`
// prints is replayed with fake services that settle only when the path says so (and record what
// they were asked), with checks on every state against a small model of the page, and every state
// must be reached. The walk (playlistMachine.samples.ts) tells states apart by value, by the order
// of the items shown, by whether an error (load or form) is shown, and by how the state was entered
// (which request ended and how, which move, or a REPLACED of which list), so every sample event is walked.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  type ActorRefFrom,
  type AnyEventObject,
  type EmittedFrom,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import {
  movedOrder,
  playlistMachine,
  type PlaylistEvent,
  type PlaylistSavedEvent,
  type PlaylistSnapshot,
} from '@/features/playlists/playlistMachine';
import { cleanFields } from '@/features/playlists/forms';
import { pathEvents, pathInput } from '@/features/playlists/playlistMachine.samples';
import { errorMessage, isApiError } from '@/services/api/errors';
import { STATUS_PLAYLIST_CHANGED } from '@/shared/constants';
import { text } from '@/shared/text';
import type { Playlist, PlaylistFields } from '@/shared/types';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  type MachinePath,
  type PathEvent,
  type StateChecks,
  withPendingActors,
  withRecordingActors,
} from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const actorNames = ['loadPlaylist', 'updateInfo', 'removeItem', 'reorder'] as const;
type ActorName = (typeof actorNames)[number];

const machine = withPendingActors(playlistMachine, actorNames);
type Page = typeof machine;

/** the same machine, with fakes that never settle but record every input */
const recordingMachine = () => withRecordingActors(playlistMachine, actorNames);

const input = pathInput as { id: string };
const samples = pathEvents as PathEvent<Page>[];

type Sent = AnyEventObject & {
  output?: unknown;
  error?: unknown;
  itemId?: string;
  by?: -1 | 1;
  form?: PlaylistFields;
  playlist?: Playlist;
};

const inReady = (value: StateValue) => typeof value === 'object' && 'ready' in value;

/** What the path's events should have caused so far: a small model of the page. */
function model(steps: readonly { from: StateValue; event: Sent }[]) {
  let playlist: Playlist | null = null;
  let beforeMove: Playlist | null = null;
  let error: string | null = null;
  const emitted: Told[] = [];
  const notifyError = (e: unknown) => emitted.push({ type: 'notify', severity: 'error', message: errorMessage(e) });
  const saved = (p: Playlist) => {
    playlist = p;
    beforeMove = null;
    emitted.push({ type: 'PLAYLIST_SAVED', playlist: p });
  };
  for (const { from, event } of steps) {
    switch (event.type) {
      case 'xstate.done.actor.loadPlaylist':
        playlist = event.output as Playlist;
        error = null;
        break;
      case 'xstate.error.actor.loadPlaylist':
        error = errorMessage(event.error);
        notifyError(event.error);
        break;
      case 'REPLACED':
        if (inReady(from) && event.playlist!.id === input.id) playlist = event.playlist!;
        break;
      case 'MOVE_ITEM': {
        const order = movedOrder(playlist!, event.itemId!, event.by!)!;
        beforeMove = playlist;
        playlist = { ...playlist!, items: order.map((id) => playlist!.items.find((i) => i.id === id)!) };
        break;
      }
      case 'xstate.done.actor.updateInfo':
        saved(event.output as Playlist);
        emitted.push({ type: 'notify', severity: 'success', message: text.playlist.editSucceeded });
        break;
      case 'xstate.done.actor.removeItem':
        saved(event.output as Playlist);
        emitted.push({ type: 'notify', severity: 'success', message: text.itemRemoved });
        break;
      case 'xstate.done.actor.reorder':
        saved(event.output as Playlist);
        break;
      case 'xstate.error.actor.reorder':
      case 'xstate.error.actor.updateInfo':
        if (isApiError(event.error, STATUS_PLAYLIST_CHANGED)) {
          // changed elsewhere: said, and the list loads afresh as when the page opened
          playlist = null;
          beforeMove = null;
          emitted.push({ type: 'notify', severity: 'error', message: text.playlist.changedElsewhere });
          break;
        }
        if (event.type === 'xstate.error.actor.updateInfo') {
          notifyError(event.error);
          break;
        }
        playlist = beforeMove;
        beforeMove = null;
        notifyError(event.error);
        break;
      case 'xstate.error.actor.removeItem':
        notifyError(event.error);
        break;
    }
  }
  return { playlist, beforeMove, error, emitted };
}

/** what the page emits (toasts) and tells its owner (PLAYLIST_SAVED), in order */
type Told = EmittedFrom<Page> | PlaylistSavedEvent;

function replayLog(path: MachinePath<Page>) {
  const steps: { from: StateValue; event: Sent }[] = [];
  const emitted: Told[] = [];
  // the playlists store that owns the page, recording what it is told
  const owner = createActor(
    fromCallback<PlaylistSavedEvent>(({ receive }) => receive((event) => emitted.push(event))),
  ).start();
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId) {
      (event.actorRef as ActorRefFrom<Page>).on('*', (e) => emitted.push(e));
    }
  };
  const beforeEvent = (event: PathEvent<Page>, i: number) => {
    steps.push({ from: path.steps[i - 1]!.state.value, event: event as Sent });
  };
  return { steps, emitted, inspect, beforeEvent, owner };
}

const sortedTags = (s: PlaylistSnapshot) => [...s.tags].sort();

/** every REMOVE_ITEM and MOVE_ITEM there could be for the items shown, and OPEN_EDIT */
function changes(s: PlaylistSnapshot): PlaylistEvent[] {
  const ids = s.context.playlist?.items.map((i) => i.id) ?? [];
  return [
    { type: 'OPEN_EDIT' },
    ...ids.flatMap((itemId): PlaylistEvent[] => [
      { type: 'REMOVE_ITEM', itemId },
      { type: 'MOVE_ITEM', itemId, by: -1 },
      { type: 'MOVE_ITEM', itemId, by: 1 },
    ]),
  ];
}

function checksFor(log: ReturnType<typeof replayLog>, inputs: Record<ActorName, unknown[]>): StateChecks<Page> {
  const last = () => log.steps.at(-1)?.event;
  const lastOf = (type: string) => [...log.steps].reverse().find((step) => step.event.type === type)?.event;

  // in every state: the context is what the model says, the id never changes, and the emitted
  // events are exactly those the model expects
  const always = (s: PlaylistSnapshot) => {
    const expected = model(log.steps);
    expect(s.context.id).toBe(input.id);
    expect(s.context.playlist).toEqual(expected.playlist);
    expect(s.context.beforeMove).toEqual(expected.beforeMove);
    expect(s.context.error).toBe(expected.error);
    expect(log.emitted).toEqual(expected.emitted);
  };
  const refusesChanges = (s: PlaylistSnapshot) => {
    for (const event of changes(s)) expect(s.can(event)).toBe(false);
  };

  return {
    loading: (s) => {
      always(s);
      expect(sortedTags(s)).toEqual(['busy', 'loading']);
      expect(s.children.loadPlaylist).toBeDefined();
      expect(inputs.loadPlaylist.at(-1)).toEqual({ id: input.id });
      expect(s.context.playlist).toBeNull();
      refusesChanges(s);
    },
    failed: (s) => {
      always(s);
      expect(sortedTags(s)).toEqual(['failed']);
      expect(Object.keys(s.children)).toEqual([]);
      expect(s.context.playlist).toBeNull();
      expect(s.context.error).toBe(errorMessage(lastOf('xstate.error.actor.loadPlaylist')!.error));
      expect(log.emitted.at(-1)).toEqual({ type: 'notify', severity: 'error', message: s.context.error });
      expect(s.can({ type: 'RETRY' })).toBe(true);
    },
    ready: (s) => {
      always(s);
      expect(s.hasTag('ready')).toBe(true);
      expect(s.context.playlist).not.toBeNull();
      expect(s.context.error).toBeNull();
      expect(s.can({ type: 'RETRY' })).toBe(false);
      // one request at a time, and busy exactly while it runs
      expect(Object.keys(s.children).length).toBeLessThanOrEqual(1);
      expect(s.hasTag('busy')).toBe(Object.keys(s.children).length === 1);
      // a move is only pending while it is being sent
      expect(s.context.beforeMove !== null).toBe(s.matches({ ready: 'moving' }));
    },
    'ready.viewing': (s) => {
      expect(sortedTags(s)).toEqual(['ready']);
      expect(s.can({ type: 'OPEN_EDIT' })).toBe(true);
    },
    'ready.editDialog': (s) => {
      expect(sortedTags(s)).toEqual(['editDialog', 'ready']);
      refusesChanges(s);
      const event = last();
      if (event?.type === 'OPEN_EDIT') expect(s.context.formError).toBeNull();
      if (event?.type === 'SUBMIT_EDIT') expect(s.context.formError).toBe(text.playlist.nameRequired);
      if (event?.type === 'xstate.error.actor.updateInfo') expect(s.context.formError).toBeNull();
    },
    'ready.saving': (s) => {
      expect(sortedTags(s)).toEqual(['busy', 'editDialog', 'ready']);
      expect(s.children.updateInfo).toBeDefined();
      expect(s.context.formError).toBeNull();
      expect(inputs.updateInfo.at(-1)).toEqual({
        id: input.id,
        fields: cleanFields(lastOf('SUBMIT_EDIT')!.form!),
        version: s.context.playlist!.version,
      });
      refusesChanges(s);
    },
    'ready.removing': (s) => {
      expect(sortedTags(s)).toEqual(['busy', 'ready']);
      expect(s.children.removeItem).toBeDefined();
      const itemId = lastOf('REMOVE_ITEM')!.itemId!;
      expect(inputs.removeItem.at(-1)).toEqual({ id: input.id, itemId });
      refusesChanges(s);
    },
    'ready.moving': (s) => {
      expect(sortedTags(s)).toEqual(['busy', 'ready']);
      expect(s.children.reorder).toBeDefined();
      const move = lastOf('MOVE_ITEM')!;
      const order = movedOrder(s.context.beforeMove!, move.itemId!, move.by!);
      // the new order is shown at once, and every item id is sent in it
      expect(s.context.playlist!.items.map((i) => i.id)).toEqual(order);
      // sent with the version of the list the move was made on
      expect(inputs.reorder.at(-1)).toEqual({ id: input.id, order, version: s.context.beforeMove!.version });
      refusesChanges(s);
    },
  };
}

describe('playlist machine paths', () => {
  // the walk `npm run paths -- playlist` prints, from the samples beside the machine
  // every path the walk took (`--every-path`): the checks below read walks that tell contexts apart
  const machineWalk = registryWalk('playlist', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('playlist', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual([
      'loading',
      'failed',
      'ready.viewing',
      'ready.editDialog',
      'ready.saving',
      'ready.removing',
      'ready.moving',
    ]);
    assertAllStatesReached(paths, machine);
  });

  it('walks every sample event, REPLACED in every state, and every request to each of its ends', () => {
    const walked = paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.event)));
    for (const sample of samples) expect(walked).toContain(JSON.stringify(sample));
    const replacedIn = new Set(
      paths.flatMap((p) =>
        p.steps.flatMap((step, i) =>
          step.event.type === 'REPLACED' ? [JSON.stringify(p.steps[i - 1]!.state.value)] : [],
        ),
      ),
    );
    expect(replacedIn).toEqual(
      new Set([
        '"loading"',
        '"failed"',
        ...['viewing', 'editDialog', 'saving', 'removing'].map((leaf) => JSON.stringify({ ready: leaf })),
      ]),
    );
  });

  it('the fake services never settle on their own', async () => {
    const actor = createActor(machine, { input }).start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('loading');
    actor.stop();
  });

  it.each(cases)('%s', async (_, path) => {
    const log = replayLog(path);
    const recording = recordingMachine();
    const { checksRun } = await replayPath(recording.machine, path, {
      input: { ...input, owner: log.owner },
      checks: checksFor(log, recording.inputs),
      actorOptions: { inspect: log.inspect },
      beforeEvent: log.beforeEvent,
    });
    expect(checksRun.size).toBeGreaterThan(0);
    log.owner.stop();
  });
});
