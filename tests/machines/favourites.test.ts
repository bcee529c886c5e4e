// The favourites store (docs/behaviour.md#favourites) with fake services the tests settle: loading, the order of
// liked tracks and albums, the album-list reload after an album (un)like, and RESET from anywhere.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type InspectionEvent, type StateValue } from 'xstate';
import {
  favouritesMachine,
  type FavouritesSnapshot,
  type LoadedFavourites,
} from '@/features/favourites/favouritesMachine';
import { favouriteToggleMachine, heartIdOf, type SubmitInput } from '@/features/favourites/favouriteToggleMachine';
import { text } from '@/shared/text';
import { ApiError, NetworkError } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { trackKey, type TrackInfo } from '@/shared/track';
import { fakeService, flush, type FakeCall } from './fakes';

const track = (id: string, trackId = 1): TrackInfo => ({
  albumId: `album-${id}`,
  discId: 1,
  trackId,
  title: `Track ${id}${trackId}`,
  artist: 'Artist',
  type: 'normal',
  albumTitle: `Album ${id}`,
});
const a = track('a');
const b = track('b');
const c = track('c');
// same album and disc as `a`, another track: a different key
const a2 = track('a', 2);
const loaded: LoadedFavourites = { tracks: [a, b], albums: ['album-x', 'album-y'], playlists: [] };

function start() {
  const fakes = {
    loadFavourites: fakeService<LoadedFavourites>(),
    loadFavouriteAlbums: fakeService<string[]>(),
  };
  const actor = createActor(
    favouritesMachine.provide({
      actors: { loadFavourites: fakes.loadFavourites.logic, loadFavouriteAlbums: fakes.loadFavouriteAlbums.logic },
    }),
  );
  const notes: NotifyEvent[] = [];
  actor.on('notify', (e) => notes.push(e));
  actor.start();
  return { actor, fakes, notes };
}

async function ready(data: LoadedFavourites = loaded) {
  const started = start();
  started.actor.send({ type: 'LOAD' });
  started.fakes.loadFavourites.last.resolve(data);
  await flush();
  expect(started.actor.getSnapshot().matches({ ready: 'current' })).toBe(true);
  return started;
}

/** the key sets must always describe the lists exactly */
function expectConsistent(s: FavouritesSnapshot) {
  expect([...s.context.trackKeys].sort()).toEqual(s.context.tracks.map(trackKey).sort());
  expect(s.context.trackKeys.size).toBe(s.context.tracks.length);
  expect([...s.context.albumIds].sort()).toEqual([...s.context.albums].sort());
  expect(s.context.albumIds.size).toBe(s.context.albums.length);
}

function expectEmpty(s: FavouritesSnapshot) {
  expect(s.context.tracks).toEqual([]);
  expect(s.context.albums).toEqual([]);
  expect(s.context.trackKeys.size).toBe(0);
  expect(s.context.albumIds.size).toBe(0);
}

const keys = (s: FavouritesSnapshot) => s.context.tracks.map(trackKey);

describe('favourites store: loading', () => {
  it('waits idle and empty until LOAD', () => {
    const { actor, fakes } = start();
    const s = actor.getSnapshot();
    expect(s.value).toBe('idle');
    expect(s.hasTag('busy')).toBe(false);
    expect(s.hasTag('ready')).toBe(false);
    expectEmpty(s);
    expect(fakes.loadFavourites.calls).toHaveLength(0);
  });

  it('loads both lists after LOAD (busy, loading), then is ready with them newest first', async () => {
    const { actor, fakes, notes } = start();
    actor.send({ type: 'LOAD' });
    let s = actor.getSnapshot();
    expect(s.value).toBe('loading');
    expect(s.hasTag('busy')).toBe(true);
    expect(s.hasTag('loading')).toBe(true);
    expect(s.hasTag('ready')).toBe(false);
    expect(fakes.loadFavourites.calls).toHaveLength(1);

    fakes.loadFavourites.last.resolve({ tracks: [c, a, b], albums: ['album-y', 'album-x'], playlists: [] });
    await flush();
    s = actor.getSnapshot();
    expect(s.matches({ ready: 'current' })).toBe(true);
    expect(s.hasTag('ready')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(s.hasTag('loading')).toBe(false);
    // the server's order (newest first) is kept as it is
    expect(s.context.tracks).toEqual([c, a, b]);
    expect(s.context.albums).toEqual(['album-y', 'album-x']);
    expect(s.context.trackKeys).toEqual(new Set(['album-c-1-1', 'album-a-1-1', 'album-b-1-1']));
    expect(s.context.albumIds).toEqual(new Set(['album-y', 'album-x']));
    expectConsistent(s);
    expect(notes).toEqual([]);
  });

  it('a second LOAD while loading does not start a second request', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.loadFavourites.calls).toHaveLength(1);
  });

  it.each([
    ['a server error', new ApiError(902002, 'unauthorized'), 'unauthorized'],
    ['an HTTP error', new NetworkError(503, 'Service Unavailable'), '网络错误: 503 Service Unavailable'],
    ['no answer', new NetworkError(null), '未知网络错误'],
  ])('a load failure (%s) emits one error notify with its message and ends in failed', async (_, error, message) => {
    const { actor, fakes, notes } = start();
    actor.send({ type: 'LOAD' });
    fakes.loadFavourites.last.reject(error);
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toBe('failed');
    expect(s.hasTag('failed')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(s.hasTag('ready')).toBe(false);
    expect(notes).toEqual([{ type: 'notify', severity: 'error', message }]);
    expectEmpty(s);
  });

  it('LOAD after a failure tries again and can succeed', async () => {
    const { actor, fakes, notes } = start();
    actor.send({ type: 'LOAD' });
    fakes.loadFavourites.last.reject(new NetworkError(null));
    await flush();
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fakes.loadFavourites.calls).toHaveLength(2);
    fakes.loadFavourites.last.resolve(loaded);
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'current' })).toBe(true);
    expect(actor.getSnapshot().context.tracks).toEqual(loaded.tracks);
    // still the one toast of the first failure
    expect(notes).toHaveLength(1);
  });

  it('LOAD when ready reads both lists again and replaces them', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.loadFavourites.calls).toHaveLength(2);
    fakes.loadFavourites.last.resolve({ tracks: [c], albums: [], playlists: [] });
    await flush();
    expect(actor.getSnapshot().context.tracks).toEqual([c]);
    expect(actor.getSnapshot().context.albums).toEqual([]);
    expectConsistent(actor.getSnapshot());
  });
});

describe('favourites store: tracks', () => {
  it('TRACK_LIKED puts a new track first', async () => {
    const { actor } = await ready();
    actor.send({ type: 'TRACK_LIKED', track: c });
    const s = actor.getSnapshot();
    expect(s.context.tracks).toEqual([c, a, b]);
    expect(s.context.trackKeys.has(trackKey(c))).toBe(true);
    expectConsistent(s);
  });

  it('TRACK_LIKED of an already liked track moves it to the front, without a duplicate', async () => {
    const { actor } = await ready({ tracks: [a, b, c], albums: [], playlists: [] });
    actor.send({ type: 'TRACK_LIKED', track: c });
    expect(keys(actor.getSnapshot())).toEqual([trackKey(c), trackKey(a), trackKey(b)]);
    actor.send({ type: 'TRACK_LIKED', track: c });
    expect(keys(actor.getSnapshot())).toEqual([trackKey(c), trackKey(a), trackKey(b)]);
    expectConsistent(actor.getSnapshot());
  });

  it('tells tracks apart by album, disc and track id', async () => {
    const { actor } = await ready({ tracks: [a], albums: [], playlists: [] });
    actor.send({ type: 'TRACK_LIKED', track: a2 });
    expect(keys(actor.getSnapshot())).toEqual(['album-a-1-2', 'album-a-1-1']);
    actor.send({ type: 'TRACK_UNLIKED', track: { albumId: 'album-a', discId: 1, trackId: 1 } });
    expect(keys(actor.getSnapshot())).toEqual(['album-a-1-2']);
  });

  it('keeps only the track fields (an album track carries more)', async () => {
    const { actor } = await ready({ tracks: [], albums: [], playlists: [] });
    const albumTrack = { ...c, tags: ['tag'], url: 'http://127.0.0.1:8081/album-c/1/1?auth=a.b.c' } as TrackInfo;
    actor.send({ type: 'TRACK_LIKED', track: albumTrack });
    expect(actor.getSnapshot().context.tracks).toStrictEqual([c]);
  });

  it('TRACK_UNLIKED removes the track by its identity and keeps the order of the others', async () => {
    const { actor } = await ready({ tracks: [a, b, c], albums: [], playlists: [] });
    actor.send({ type: 'TRACK_UNLIKED', track: { albumId: b.albumId, discId: b.discId, trackId: b.trackId } });
    const s = actor.getSnapshot();
    expect(s.context.tracks).toEqual([a, c]);
    expect(s.context.trackKeys.has(trackKey(b))).toBe(false);
    expectConsistent(s);
  });

  it('TRACK_UNLIKED of a track that is not liked changes nothing', async () => {
    const { actor } = await ready();
    actor.send({ type: 'TRACK_UNLIKED', track: c });
    expect(actor.getSnapshot().context.tracks).toEqual([a, b]);
    expectConsistent(actor.getSnapshot());
  });

  it('track events change neither the state nor the albums, and start no request', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'TRACK_LIKED', track: c });
    actor.send({ type: 'TRACK_UNLIKED', track: a });
    expect(actor.getSnapshot().matches({ ready: 'current' })).toBe(true);
    expect(actor.getSnapshot().context.albums).toEqual(loaded.albums);
    expect(fakes.loadFavourites.calls).toHaveLength(1);
    expect(fakes.loadFavouriteAlbums.calls).toHaveLength(0);
  });
});

describe('favourites store: albums', () => {
  it('ALBUM_LIKED shows the album first at once and reloads the list; the answer replaces it', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ALBUM_LIKED', albumId: 'album-new' });
    let s = actor.getSnapshot();
    expect(s.matches({ ready: 'reloadingAlbums' })).toBe(true);
    expect(s.hasTag('ready')).toBe(true);
    expect(s.context.albums).toEqual(['album-new', 'album-x', 'album-y']);
    expect(s.context.albumIds.has('album-new')).toBe(true);
    expectConsistent(s);
    expect(fakes.loadFavouriteAlbums.calls).toHaveLength(1);

    fakes.loadFavouriteAlbums.last.resolve(['album-new', 'album-y', 'album-z']);
    await flush();
    s = actor.getSnapshot();
    expect(s.matches({ ready: 'current' })).toBe(true);
    expect(s.context.albums).toEqual(['album-new', 'album-y', 'album-z']);
    expect(s.context.albumIds).toEqual(new Set(['album-new', 'album-y', 'album-z']));
    // the tracks are not touched
    expect(s.context.tracks).toEqual(loaded.tracks);
  });

  it('ALBUM_LIKED of a liked album moves it to the front, without a duplicate', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ALBUM_LIKED', albumId: 'album-y' });
    expect(actor.getSnapshot().context.albums).toEqual(['album-y', 'album-x']);
    expectConsistent(actor.getSnapshot());
  });

  it('ALBUM_UNLIKED hides the album at once and reloads the list', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ALBUM_UNLIKED', albumId: 'album-x' });
    const s = actor.getSnapshot();
    expect(s.matches({ ready: 'reloadingAlbums' })).toBe(true);
    expect(s.context.albums).toEqual(['album-y']);
    expect(s.context.albumIds.has('album-x')).toBe(false);
    fakes.loadFavouriteAlbums.last.resolve(['album-y']);
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'current' })).toBe(true);
    expect(actor.getSnapshot().context.albums).toEqual(['album-y']);
  });

  it('a failed reload keeps the local change', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ALBUM_LIKED', albumId: 'album-new' });
    fakes.loadFavouriteAlbums.last.reject(new NetworkError(503, 'Service Unavailable'));
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches({ ready: 'current' })).toBe(true);
    expect(s.context.albums).toEqual(['album-new', 'album-x', 'album-y']);
    expectConsistent(s);
  });

  it('a second album change during a reload starts a new one; only the newest answer counts', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ALBUM_LIKED', albumId: 'album-1' });
    const first = fakes.loadFavouriteAlbums.last;
    actor.send({ type: 'ALBUM_LIKED', albumId: 'album-2' });
    expect(fakes.loadFavouriteAlbums.calls).toHaveLength(2);
    expect(first.signal.aborted).toBe(true);
    expect(actor.getSnapshot().context.albums).toEqual(['album-2', 'album-1', 'album-x', 'album-y']);
    // the stale answer arrives late: ignored
    first.resolve(['stale']);
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'reloadingAlbums' })).toBe(true);
    expect(actor.getSnapshot().context.albums).not.toContain('stale');
    fakes.loadFavouriteAlbums.last.resolve(['album-2', 'album-1', 'album-x', 'album-y']);
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'current' })).toBe(true);
    expect(actor.getSnapshot().context.albums).toEqual(['album-2', 'album-1', 'album-x', 'album-y']);
  });

  it('album events before the list is loaded are not taken (the load brings the list)', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'ALBUM_LIKED', albumId: 'album-new' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.albums).toEqual([]);
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'ALBUM_LIKED', albumId: 'album-new' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.loadFavouriteAlbums.calls).toHaveLength(0);
  });
});

describe('favourites store: RESET (signed out)', () => {
  /** each scenario brings a fresh store into one state; `late` is the request it leaves in flight */
  const scenarios: [
    string,
    StateValue,
    () => Promise<ReturnType<typeof start> & { late?: FakeCall<unknown, unknown> }>,
  ][] = [
    ['idle', 'idle', async () => start()],
    [
      'loading',
      'loading',
      async () => {
        const started = start();
        started.actor.send({ type: 'LOAD' });
        return { ...started, late: started.fakes.loadFavourites.last as FakeCall<unknown, unknown> };
      },
    ],
    [
      'failed',
      'failed',
      async () => {
        const started = start();
        started.actor.send({ type: 'LOAD' });
        started.fakes.loadFavourites.last.reject(new NetworkError(null));
        await flush();
        return started;
      },
    ],
    [
      'ready.current',
      { ready: 'current' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'TRACK_LIKED', track: c });
        return started;
      },
    ],
    [
      'ready.reloadingAlbums',
      { ready: 'reloadingAlbums' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'ALBUM_LIKED', albumId: 'album-new' });
        return { ...started, late: started.fakes.loadFavouriteAlbums.last as FakeCall<unknown, unknown> };
      },
    ],
  ];

  it.each(scenarios)('RESET in %s forgets everything', async (name, value, setUp) => {
    const { actor, fakes, late } = await setUp();
    expect(actor.getSnapshot().value).toEqual(value);

    actor.send({ type: 'RESET' });
    let s = actor.getSnapshot();
    expect(s.value).toBe('idle');
    expect(s.tags.size).toBe(0);
    expectEmpty(s);

    if (late) {
      // the request in flight was stopped, and its late answer brings nothing back
      expect(late.signal.aborted).toBe(true);
      late.resolve(name === 'loading' ? loaded : ['album-new', 'album-x']);
      await flush();
      s = actor.getSnapshot();
      expect(s.value).toBe('idle');
      expectEmpty(s);
    }

    // the next sign-in loads afresh
    actor.send({ type: 'LOAD' });
    fakes.loadFavourites.last.resolve({ tracks: [b], albums: ['album-z'], playlists: [] });
    await flush();
    s = actor.getSnapshot();
    expect(s.matches({ ready: 'current' })).toBe(true);
    expect(s.context.tracks).toEqual([b]);
    expect(s.context.albums).toEqual(['album-z']);
  });

  it('a failed late load after RESET does not toast', async () => {
    const { actor, fakes, notes } = start();
    actor.send({ type: 'LOAD' });
    const call = fakes.loadFavourites.last;
    actor.send({ type: 'RESET' });
    call.reject(new ApiError(902002, 'unauthorized'));
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(notes).toEqual([]);
  });
});

describe("favourites store: it owns the hearts' toggles", () => {
  /** a ready store whose toggles submit through a fake the test settles; the toggles' toasts are caught as the app does */
  async function owner() {
    const fakes = {
      loadFavourites: fakeService<LoadedFavourites>(),
      loadFavouriteAlbums: fakeService<string[]>(),
      submit: fakeService<void, SubmitInput>(),
    };
    const favouriteToggle = favouriteToggleMachine.provide({ actors: { submit: fakes.submit.logic } });
    const notes: NotifyEvent[] = [];
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.actor')
        (event.actorRef as AnyActorRef).on('notify', (e: NotifyEvent) => notes.push(e));
    };
    const actor = createActor(
      favouritesMachine.provide({
        actors: {
          loadFavourites: fakes.loadFavourites.logic,
          loadFavouriteAlbums: fakes.loadFavouriteAlbums.logic,
          favouriteToggle,
        },
      }),
      { inspect },
    ).start();
    actor.send({ type: 'LOAD' });
    fakes.loadFavourites.last.resolve(loaded);
    await flush();
    return { actor, fakes, notes };
  }
  const heartOf = (track: TrackInfo) => ({ kind: 'track' as const, track });
  const toggles = (s: FavouritesSnapshot) => Object.keys(s.context.toggles).sort();

  it("a heart's click spawns its target's toggle, which submits; once answered it is stopped and the store shows the change", async () => {
    const { actor, fakes, notes } = await owner();
    expect(toggles(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'TOGGLE_FAVOURITE', target: heartOf(c), liked: false });
    const id = heartIdOf(heartOf(c));
    const toggle = actor.getSnapshot().context.toggles[id]!;
    expect(toggles(actor.getSnapshot())).toEqual([id]);
    // a child of the store: part of its system, seen by the inspector
    expect(actor.getSnapshot().children[id]).toBe(toggle);
    expect(toggle.getSnapshot().hasTag('busy')).toBe(true);
    expect(fakes.submit.calls.map((call) => call.input)).toEqual([{ target: heartOf(c), like: true }]);

    fakes.submit.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.tracks[0]).toEqual(c);
    expect(notes).toEqual([{ type: 'notify', severity: 'success', message: text.favourites.added }]);
    expect(toggles(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().children[id]).toBeUndefined();
    expect(toggle.getSnapshot().status).toBe('stopped');
  });

  it('the same target (a track shown in two rows, a double click) has one toggle: one request at a time', async () => {
    const { actor, fakes } = await owner();
    actor.send({ type: 'TOGGLE_FAVOURITE', target: heartOf(c), liked: false });
    actor.send({
      type: 'TOGGLE_FAVOURITE',
      target: heartOf({ ...c, title: 'the same track in another list' }),
      liked: false,
    });
    expect(toggles(actor.getSnapshot())).toEqual([heartIdOf(heartOf(c))]);
    expect(fakes.submit.calls).toHaveLength(1);
  });

  it('a failed request is stopped too, toasts the reason and leaves the store as it was', async () => {
    const { actor, fakes, notes } = await owner();
    actor.send({ type: 'TOGGLE_FAVOURITE', target: { kind: 'album', albumId: 'album-x' }, liked: true });
    fakes.submit.last.reject(new ApiError(901000, 'album is not a favourite'));
    await flush();
    expect(notes).toEqual([{ type: 'notify', severity: 'error', message: 'album is not a favourite' }]);
    expect(toggles(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().context.albums).toEqual(['album-x', 'album-y']);
  });

  it('the bound: only toggles with a request in flight are alive, however many hearts were clicked', async () => {
    const { actor, fakes } = await owner();
    const many = Array.from({ length: 200 }, (_, i) => track(`many-${i}`));
    for (const t of many) actor.send({ type: 'TOGGLE_FAVOURITE', target: heartOf(t), liked: false });
    expect(toggles(actor.getSnapshot())).toHaveLength(200);
    for (const call of fakes.submit.calls.slice(0, 150)) call.resolve();
    await flush();
    expect(toggles(actor.getSnapshot())).toHaveLength(50);
    for (const call of fakes.submit.calls.slice(150)) call.reject(new NetworkError(null));
    await flush();
    expect(toggles(actor.getSnapshot())).toEqual([]);
    expect(Object.keys(actor.getSnapshot().children).filter((id) => id.startsWith('heart:'))).toEqual([]);
  });

  it('RESET keeps a toggle in flight: its answer still settles it, and does not refill the signed-out store', async () => {
    const { actor, fakes, notes } = await owner();
    actor.send({ type: 'TOGGLE_FAVOURITE', target: heartOf(c), liked: false });
    actor.send({ type: 'RESET' });
    expect(toggles(actor.getSnapshot())).toEqual([heartIdOf(heartOf(c))]);
    fakes.submit.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.tracks).toEqual([]);
    expect(toggles(actor.getSnapshot())).toEqual([]);
    expect(notes).toHaveLength(1);
  });
});
