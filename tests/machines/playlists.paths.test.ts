// Model-based paths over the real playlists store (docs/architecture.md#10-tests-and-benchmarks): every path `npm run paths -- playlists`
// prints is replayed with fake services that settle only when the path says so (and record
// what they were asked), with checks on every state against a small model of the store, and every
// state must be reached. The walk (playlistsMachine.samples.ts) tells states apart by value, by whether tracks wait to be added
// (so the create dialog is walked from the list page and from the add dialog), by whether the
// create dialog shows an error, by the lists known and their names (so PLAYLIST_SAVED and PLAYLIST_ADDED are walked),
// by how each request ended (so every done and error sample is walked), by the playlist page it
// owns (so OPEN_PAGE and CLOSE_PAGE are walked) and, after a RESET, by the state it left (so RESET
// is walked from every state).
import { describe, expect, it } from 'vitest';
import {
  createActor,
  type ActorRefFrom,
  type AnyEventObject,
  type EmittedFrom,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import { playlistsMachine, type PlaylistsSnapshot } from '@/features/playlists/playlistsMachine';
import { cleanFields } from '@/features/playlists/forms';
import { pathEvents } from '@/features/playlists/playlistsMachine.samples';
import { errorMessage } from '@/services/api/errors';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { Playlist, PlaylistFields, PlaylistInfo } from '@/shared/types';
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

const actorNames = ['listPlaylists', 'createPlaylist', 'deletePlaylist', 'appendTracks'] as const;
type ActorName = (typeof actorNames)[number];

const machine = withPendingActors(playlistsMachine, actorNames);
type Playlists = typeof machine;

/** the same machine, with fakes that never settle but record every input */
const recordingMachine = () => withRecordingActors(playlistsMachine, actorNames);

const samples = pathEvents as PathEvent<Playlists>[];

type Sent = AnyEventObject & {
  output?: unknown;
  error?: unknown;
  id?: string;
  tracks?: TrackInfo[];
  form?: PlaylistFields;
  playlist?: PlaylistInfo;
};

/** the store's children but the playlist page it owns */
const servicesOf = (s: PlaylistsSnapshot) => Object.keys(s.children).filter((id) => !id.startsWith('playlistPage:'));

const infoOf = ({
  items: _items,
  version: _version,
  ...info
}: PlaylistInfo & { items?: unknown; version?: unknown }): PlaylistInfo => info;

/** What the path's events should have caused so far: a small model of the store. */
function model(steps: readonly { from: StateValue; event: Sent }[]) {
  let playlists: PlaylistInfo[] = [];
  let pendingTracks: TrackInfo[] = [];
  let pendingDelete: PlaylistInfo | null = null;
  let target: string | null = null;
  let page: string | null = null;
  const emitted: EmittedFrom<Playlists>[] = [];
  const replace = (p: PlaylistInfo) => (playlists = playlists.map((q) => (q.id === p.id ? infoOf(p) : q)));
  for (const { from, event } of steps) {
    const leaf = typeof from === 'string' ? from : Object.values(from)[0];
    switch (event.type) {
      case 'RESET':
        playlists = [];
        pendingTracks = [];
        pendingDelete = null;
        target = null;
        break;
      case 'PLAYLIST_SAVED':
        replace(event.playlist!);
        break;
      case 'PLAYLIST_ADDED':
        // listed first, once; only while the lists are known
        if (typeof from !== 'string' && 'ready' in from && !playlists.some((q) => q.id === event.playlist!.id))
          playlists = [infoOf(event.playlist!), ...playlists];
        break;
      case 'OPEN_PAGE':
        page = event.id!;
        break;
      case 'CLOSE_PAGE':
        if (page === event.id) page = null;
        break;
      case 'ADD_TRACKS':
        pendingTracks = event.tracks!;
        target = null;
        break;
      case 'CHOOSE':
        target = event.id!;
        break;
      case 'DELETE':
        pendingDelete = playlists.find((p) => p.id === event.id) ?? null;
        break;
      case 'CLOSE':
        if (leaf === 'addDialog') {
          pendingTracks = [];
          target = null;
        }
        if (leaf === 'confirmingDelete') pendingDelete = null;
        break;
      case 'xstate.done.actor.listPlaylists':
        playlists = event.output as PlaylistInfo[];
        break;
      case 'xstate.done.actor.createPlaylist':
        playlists = [...playlists, infoOf(event.output as Playlist)];
        target = (event.output as Playlist).id;
        break;
      case 'xstate.done.actor.appendTracks':
        replace(event.output as Playlist);
        emitted.push({ type: 'notify', severity: 'success', message: text.playlist.added });
        pendingTracks = [];
        target = null;
        break;
      case 'xstate.done.actor.deletePlaylist':
        playlists = playlists.filter((p) => p.id !== pendingDelete?.id);
        emitted.push({ type: 'playlistDeleted', id: pendingDelete!.id });
        pendingDelete = null;
        break;
      case 'xstate.error.actor.deletePlaylist':
        pendingDelete = null;
        emitted.push({ type: 'notify', severity: 'error', message: errorMessage(event.error) });
        break;
      default:
        if (event.type.startsWith('xstate.error.actor.')) {
          emitted.push({ type: 'notify', severity: 'error', message: errorMessage(event.error) });
        }
    }
  }
  return { playlists, pendingTracks, pendingDelete, target, page, emitted };
}

function replayLog(path: MachinePath<Playlists>) {
  const steps: { from: StateValue; event: Sent }[] = [];
  const emitted: EmittedFrom<Playlists>[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId) {
      (event.actorRef as ActorRefFrom<Playlists>).on('*', (e) => emitted.push(e));
    }
  };
  const beforeEvent = (event: PathEvent<Playlists>, i: number) => {
    steps.push({ from: path.steps[i - 1]!.state.value, event: event as Sent });
  };
  return { steps, emitted, inspect, beforeEvent };
}

const sortedTags = (s: PlaylistsSnapshot) => [...s.tags].sort();

function checksFor(log: ReturnType<typeof replayLog>, inputs: Record<ActorName, unknown[]>): StateChecks<Playlists> {
  // the last event about the lists and dialogs: opening or leaving a page changes neither
  const last = () => [...log.steps].reverse().find((step) => !step.event.type.endsWith('_PAGE'))?.event;

  // in every state: the context is what the model says, ids are unique, and the emitted events
  // are exactly those the model expects
  const always = (s: PlaylistsSnapshot) => {
    const expected = model(log.steps);
    expect(s.context.playlists).toEqual(expected.playlists);
    expect(s.context.pendingTracks).toEqual(expected.pendingTracks);
    expect(s.context.pendingDelete).toEqual(expected.pendingDelete);
    expect(new Set(s.context.playlists.map((p) => p.id)).size).toBe(s.context.playlists.length);
    for (const p of s.context.playlists) {
      expect(p).not.toHaveProperty('items');
      expect(p).not.toHaveProperty('version');
    }
    expect(log.emitted).toEqual(expected.emitted);
    // the page it owns is its child while open
    expect(s.context.page?.id ?? null).toBe(expected.page);
    if (s.context.page) expect(s.children[`playlistPage:${s.context.page.id}`]).toBe(s.context.page.actor);
    if (last()?.type === 'RESET') expect(s.value).toBe('idle');
  };

  return {
    idle: (s) => {
      always(s);
      expect(sortedTags(s)).toEqual(['loading']);
      expect({ ...s.context, page: null }).toEqual({
        playlists: [],
        formError: null,
        pendingDelete: null,
        pendingTracks: [],
        target: null,
        page: null,
      });
      expect(servicesOf(s)).toEqual([]);
    },
    loading: (s) => {
      always(s);
      expect(sortedTags(s)).toEqual(['busy', 'loading']);
      expect(s.children.listPlaylists).toBeDefined();
      expect(s.context.playlists).toEqual([]);
    },
    failed: (s) => {
      always(s);
      expect(sortedTags(s)).toEqual(['failed']);
      expect(servicesOf(s)).toEqual([]);
      expect(s.context.playlists).toEqual([]);
      expect(log.emitted.at(-1)).toMatchObject({ type: 'notify', severity: 'error' });
    },
    ready: (s) => {
      always(s);
      expect(s.hasTag('ready')).toBe(true);
      expect(s.hasTag('loading')).toBe(false);
      expect(s.hasTag('failed')).toBe(false);
      // at most one dialog is shown
      const dialogs = (['createDialog', 'deleteDialog', 'addDialog'] as const).filter((t) => s.hasTag(t));
      expect(dialogs.length).toBeLessThanOrEqual(1);
      // one request at a time, and busy exactly while it runs
      expect(servicesOf(s).length).toBeLessThanOrEqual(1);
      expect(s.hasTag('busy')).toBe(servicesOf(s).length === 1);
    },
    'ready.browsing': (s) => {
      expect(sortedTags(s)).toEqual(['ready']);
      expect(s.context.pendingTracks).toEqual([]);
      expect(s.context.pendingDelete).toBeNull();
    },
    'ready.createDialog': (s) => {
      expect(sortedTags(s)).toEqual(['createDialog', 'ready']);
      expect(s.context.pendingDelete).toBeNull();
      const event = last();
      if (event?.type === 'OPEN_CREATE') expect(s.context.formError).toBeNull();
      if (event?.type === 'SUBMIT_CREATE') expect(s.context.formError).toBe(text.playlist.nameRequired);
      if (event?.type === 'xstate.error.actor.createPlaylist') expect(s.context.formError).toBeNull();
    },
    'ready.creating': (s) => {
      expect(sortedTags(s)).toEqual(['busy', 'createDialog', 'ready']);
      expect(s.children.createPlaylist).toBeDefined();
      expect(s.context.formError).toBeNull();
      const event = last()!;
      expect(event.type).toBe('SUBMIT_CREATE');
      expect(inputs.createPlaylist.at(-1)).toEqual(cleanFields(event.form!));
    },
    'ready.addDialog': (s) => {
      expect(sortedTags(s)).toEqual(['addDialog', 'ready']);
      expect(s.context.pendingTracks.length).toBeGreaterThan(0);
      expect(s.context.pendingDelete).toBeNull();
    },
    'ready.appending': (s) => {
      expect(sortedTags(s)).toEqual(['addDialog', 'busy', 'ready']);
      expect(s.children.appendTracks).toBeDefined();
      expect(s.context.pendingTracks.length).toBeGreaterThan(0);
      // the tracks go to a known list: the chosen one or the one just created
      expect(s.context.playlists.map((p) => p.id)).toContain(s.context.target);
      expect(s.context.target).toBe(model(log.steps).target);
      expect(inputs.appendTracks.at(-1)).toEqual({ id: s.context.target, tracks: s.context.pendingTracks });
    },
    'ready.confirmingDelete': (s) => {
      expect(sortedTags(s)).toEqual(['deleteDialog', 'ready']);
      expect(s.context.playlists.map((p) => p.id)).toContain(s.context.pendingDelete?.id);
      expect(s.context.pendingTracks).toEqual([]);
    },
    'ready.deleting': (s) => {
      expect(sortedTags(s)).toEqual(['busy', 'deleteDialog', 'ready']);
      expect(s.children.deletePlaylist).toBeDefined();
      expect(s.context.pendingDelete).not.toBeNull();
      expect(inputs.deletePlaylist.at(-1)).toEqual({ id: s.context.pendingDelete!.id });
    },
  };
}

describe('playlists machine paths', () => {
  // the walk `npm run paths -- playlists` prints, from the samples beside the machine
  // every path the walk took (`--every-path`): the checks below read walks that tell contexts apart
  const machineWalk = registryWalk('playlists', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('playlists', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual([
      'idle',
      'loading',
      'failed',
      'ready.browsing',
      'ready.createDialog',
      'ready.creating',
      'ready.addDialog',
      'ready.appending',
      'ready.confirmingDelete',
      'ready.deleting',
    ]);
    assertAllStatesReached(paths, machine);
  });

  it('walks RESET from every state, every sample event, and creating a list to add tracks to', () => {
    const resetFrom = paths
      .filter((p) => p.steps.at(-1)!.event.type === 'RESET')
      .map((p) => JSON.stringify(p.steps.at(-2)!.state.value));
    expect(new Set(resetFrom)).toEqual(
      new Set(
        stateIdsOf(machine).map((id) => {
          const [parent, child] = id.split('.');
          return JSON.stringify(child ? { [parent!]: child } : parent);
        }),
      ),
    );
    const walked = paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.event)));
    for (const sample of samples) expect(walked).toContain(JSON.stringify(sample));
    // creating → appending (a list created from the add dialog) is walked
    const createThenAppend = paths.some((p) =>
      p.steps.some(
        (step, i) =>
          step.event.type === 'xstate.done.actor.createPlaylist' &&
          JSON.stringify(p.steps[i]!.state.value) === '{"ready":"appending"}',
      ),
    );
    expect(createThenAppend).toBe(true);
  });

  it('the fake services never settle on their own', async () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'LOAD' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('loading');
    actor.stop();
  });

  it.each(cases)('%s', async (_, path) => {
    const log = replayLog(path);
    const recording = recordingMachine();
    const { checksRun } = await replayPath(recording.machine, path, {
      checks: checksFor(log, recording.inputs),
      actorOptions: { inspect: log.inspect },
      beforeEvent: log.beforeEvent,
    });
    expect(checksRun.size).toBeGreaterThan(0);
  });
});
