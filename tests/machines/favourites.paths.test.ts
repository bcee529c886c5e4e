// Model-based paths over the real favourites store (docs/architecture.md#10-tests-and-benchmarks): every path
// `npm run paths -- favourites` prints (samples and state key beside the machine) is replayed with fake services
// that settle only when the path says so, with checks on every state, and every state must be reached. The walk
// tells states apart by value, by how many tracks and albums are liked (so the track and album events are walked
// too), by the hearts' toggles alive, and, after a RESET or a settled toggle, by the state it left (so both are
// walked from every state).
import type { LikedPlaylist } from '@/shared/types';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type ActorRefFrom,
  type EmittedFrom,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import {
  favouritesMachine,
  type FavouritesSnapshot,
  type LoadedFavourites,
} from '@/features/favourites/favouritesMachine';
import { favouriteToggleMachine } from '@/features/favourites/favouriteToggleMachine';
import { pathEvents } from '@/features/favourites/favouritesMachine.samples';
import { errorMessage } from '@/services/api/errors';
import { trackInfoOf, trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  type PathEvent,
  type StateChecks,
} from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
// a heart's toggle whose request never settles on its own: the path's TOGGLE_SETTLED ends it (the
// command's walk has a pending promise there; the events are the same)
const favouriteToggle = favouriteToggleMachine.provide({ actors: { submit: pending } as never });
const machine = favouritesMachine.provide({
  actors: { loadFavourites: pending, loadFavouriteAlbums: pending, favouriteToggle } as never,
});
type Favourites = typeof machine;

/** the store's children but the hearts' toggles */
const servicesOf = (s: FavouritesSnapshot) => Object.keys(s.children).filter((id) => !id.startsWith('heart:'));

/** What a replay saw: the events it sent and the events the store emitted. */
function replayLog() {
  const sent: PathEvent<Favourites>[] = [];
  const emitted: EmittedFrom<Favourites>[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId) {
      (event.actorRef as ActorRefFrom<Favourites>).on('*', (e) => emitted.push(e));
    }
  };
  return { sent, emitted, inspect };
}

type Sent = {
  type: string;
  output?: unknown;
  error?: unknown;
  track?: TrackIdentity;
  albumId?: string;
  playlist?: LikedPlaylist;
  playlistId?: string;
};

function checksFor(log: ReturnType<typeof replayLog>): StateChecks<Favourites> {
  const last = () => log.sent.at(-1) as Sent | undefined;

  // in every state: the key sets match the lists, the toasts are the load failures, and the last
  // event had its effect
  const always = (s: FavouritesSnapshot) => {
    const { tracks, trackKeys, albums, albumIds, playlists, playlistIds } = s.context;
    expect(new Set(tracks.map(trackKey))).toEqual(trackKeys);
    expect(new Set(playlists.map((p) => p.id))).toEqual(playlistIds);
    expect(playlistIds.size).toBe(playlists.length);
    expect(trackKeys.size).toBe(tracks.length);
    expect(new Set(albums)).toEqual(albumIds);
    expect(albumIds.size).toBe(albums.length);

    const loadErrors = (log.sent as Sent[]).filter((e) => e.type === 'xstate.error.actor.loadFavourites');
    expect(log.emitted).toEqual(
      loadErrors.map((e) => ({ type: 'notify', severity: 'error', message: errorMessage(e.error) })),
    );

    // a toggle lives from its heart's click to its settled request, RESET or not
    const toggles = new Set<string>();
    for (const e of log.sent as (Sent & { target?: { albumId: string }; id?: string })[]) {
      if (e.type === 'TOGGLE_FAVOURITE') toggles.add(`heart:album:${e.target!.albumId}`);
      if (e.type === 'TOGGLE_SETTLED') toggles.delete(e.id!);
    }
    expect(Object.keys(s.context.toggles)).toEqual([...toggles]);
    for (const id of toggles) expect(s.children[id]).toBe(s.context.toggles[id]);

    const event = last();
    if (event?.type === 'TRACK_LIKED') expect(tracks[0]).toEqual(trackInfoOf(event.track as TrackInfo));
    if (event?.type === 'TRACK_UNLIKED') expect(trackKeys.has(trackKey(event.track!))).toBe(false);
    // a liked playlist goes to the front (signed in); an unliked one is gone
    if (event?.type === 'PLAYLIST_LIKED' && s.value !== 'idle') expect(playlists[0]).toEqual(event.playlist);
    if (event?.type === 'PLAYLIST_UNLIKED') expect(playlistIds.has(event.playlistId as string)).toBe(false);
    if (event?.type === 'RESET') {
      expect(s.value).toBe('idle');
      expect(tracks).toEqual([]);
      expect(albums).toEqual([]);
      expect(playlists).toEqual([]);
    }
  };

  return {
    idle: (s) => {
      always(s);
      expect(s.tags.size).toBe(0);
      expect(servicesOf(s)).toEqual([]);
    },
    loading: (s) => {
      always(s);
      expect([...s.tags].sort()).toEqual(['busy', 'loading']);
      expect(s.children.loadFavourites).toBeDefined();
    },
    failed: (s) => {
      always(s);
      expect([...s.tags]).toEqual(['failed']);
      expect(log.emitted.length).toBeGreaterThan(0);
      expect(servicesOf(s)).toEqual([]);
    },
    ready: (s) => {
      always(s);
      expect([...s.tags]).toEqual(['ready']);
    },
    'ready.current': (s) => {
      expect(s.children.loadFavouriteAlbums).toBeUndefined();
      const event = last();
      if (event?.type === 'xstate.done.actor.loadFavourites') {
        const loaded = event.output as LoadedFavourites;
        expect(s.context.tracks).toEqual(loaded.tracks);
        expect(s.context.albums).toEqual(loaded.albums);
        expect(s.context.playlists).toEqual(loaded.playlists);
      }
      if (event?.type === 'xstate.done.actor.loadFavouriteAlbums') expect(s.context.albums).toEqual(event.output);
    },
    'ready.reloadingAlbums': (s) => {
      expect(s.children.loadFavouriteAlbums).toBeDefined();
      const event = last();
      if (event?.type === 'ALBUM_LIKED') expect(s.context.albums[0]).toBe(event.albumId);
      if (event?.type === 'ALBUM_UNLIKED') expect(s.context.albumIds.has(event.albumId!)).toBe(false);
    },
  };
}

describe('favourites machine paths', () => {
  // the walk `npm run paths -- favourites` prints, from the samples beside the machine
  // every path the walk took (`--every-path`): the checks below read walks that tell contexts apart
  const machineWalk = registryWalk('favourites', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('favourites', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual(['idle', 'loading', 'failed', 'ready.current', 'ready.reloadingAlbums']);
    assertAllStatesReached(paths, machine);
  });

  it('walks RESET from every state, and every sample event', () => {
    const resetFrom = paths
      .filter((p) => p.steps.at(-1)!.event.type === 'RESET')
      .map((p) => JSON.stringify(p.steps.at(-2)!.state.value as StateValue));
    expect(new Set(resetFrom)).toEqual(
      new Set(['"idle"', '"loading"', '"failed"', '{"ready":"current"}', '{"ready":"reloadingAlbums"}']),
    );
    const walked = paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.event)));
    for (const sample of pathEvents) expect(walked).toContain(JSON.stringify(sample));
  });

  it('the fake services never settle on their own', async () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'LOAD' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('loading');
    actor.stop();
  });

  it.each(cases)('%s', async (_, path) => {
    const log = replayLog();
    const { checksRun } = await replayPath(machine, path, {
      checks: checksFor(log),
      actorOptions: { inspect: log.inspect },
      beforeEvent: (event) => void log.sent.push(event),
    });
    expect(checksRun.size).toBeGreaterThan(0);
  });
});
