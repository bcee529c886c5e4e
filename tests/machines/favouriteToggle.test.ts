// One heart (docs/behaviour.md#favourites) with a fake submit the tests settle, against a real favourites store (loaded
// through fake services) or a fake store that records what it is told.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyActorRef, type AnyEventObject } from 'xstate';
import {
  favouritesMachine,
  type FavouritesEvent,
  type LoadedFavourites,
} from '@/features/favourites/favouritesMachine';
import {
  favouriteToggleMachine,
  type FavouriteTarget,
  type FavouriteToggleInput,
  type SubmitInput,
} from '@/features/favourites/favouriteToggleMachine';
import { ApiError, BadResponseError, NetworkError } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';
import { trackKey, type TrackInfo } from '@/shared/track';
import { fakeService, flush } from './fakes';

const track = (id: string): TrackInfo => ({
  albumId: `album-${id}`,
  discId: 1,
  trackId: 1,
  title: `Track ${id}`,
  artist: 'Artist',
  type: 'normal',
  albumTitle: `Album ${id}`,
});
const a = track('a');
const b = track('b');
const c = track('c');
const trackTarget = (t: TrackInfo): FavouriteTarget => ({ kind: 'track', track: t });
const albumTarget = (albumId: string): FavouriteTarget => ({ kind: 'album', albumId });

/** a real favourites store, loaded with `data` through fake services */
async function loadedStore(data: LoadedFavourites = { tracks: [a, b], albums: ['album-x', 'album-y'], playlists: [] }) {
  const fakes = { loadFavourites: fakeService<LoadedFavourites>(), loadFavouriteAlbums: fakeService<string[]>() };
  const store = createActor(
    favouritesMachine.provide({
      actors: { loadFavourites: fakes.loadFavourites.logic, loadFavouriteAlbums: fakes.loadFavouriteAlbums.logic },
    }),
  );
  store.start();
  store.send({ type: 'LOAD' });
  fakes.loadFavourites.last.resolve(data);
  await flush();
  expect(store.getSnapshot().matches({ ready: 'current' })).toBe(true);
  return { store, fakes };
}

/** a store that only records the events it receives: the changes, and apart the settled requests */
function recordingStore() {
  const received: AnyEventObject[] = [];
  const settled: AnyEventObject[] = [];
  const store = createActor(
    fromCallback(({ receive }) =>
      receive((event) => (event.type === 'TOGGLE_SETTLED' ? settled : received).push(event)),
    ),
  ).start();
  return { store: store as unknown as FavouriteToggleInput['store'], received, settled };
}

/** a toggle telling `store` (a real store or a recording one) what it tells its owner */
function heart(target: FavouriteTarget, store: AnyActorRef) {
  const submit = fakeService<void, SubmitInput>();
  const input = { target, store: store as FavouriteToggleInput['store'] };
  const actor = createActor(favouriteToggleMachine.provide({ actors: { submit: submit.logic } }), { input });
  const notes: NotifyEvent[] = [];
  actor.on('notify', (e) => notes.push(e));
  actor.start();
  return { actor, submit, notes };
}

const success = (message: string): NotifyEvent => ({ type: 'notify', severity: 'success', message });
const failure = (message: string): NotifyEvent => ({ type: 'notify', severity: 'error', message });

describe('favourite toggle: what is submitted and what the store is told', () => {
  it.each<[string, FavouriteTarget, boolean, FavouritesEvent, string]>([
    ['liking a track', trackTarget(c), false, { type: 'TRACK_LIKED', track: c }, text.favourites.added],
    ['unliking a track', trackTarget(a), true, { type: 'TRACK_UNLIKED', track: a }, text.favourites.removed],
    [
      'liking an album',
      albumTarget('album-new'),
      false,
      { type: 'ALBUM_LIKED', albumId: 'album-new' },
      text.favourites.added,
    ],
    [
      'unliking an album',
      albumTarget('album-x'),
      true,
      { type: 'ALBUM_UNLIKED', albumId: 'album-x' },
      text.favourites.removed,
    ],
  ])(
    '%s: submits the opposite of what is shown, then tells the store and toasts',
    async (_, target, liked, storeEvent, message) => {
      const { store, received, settled } = recordingStore();
      const { actor, submit, notes } = heart(target, store);
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);

      actor.send({ type: 'TOGGLE', liked });
      expect(actor.getSnapshot().value).toBe('submitting');
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(submit.calls).toHaveLength(1);
      expect(submit.last.input).toEqual({ target, like: !liked });
      // nothing is told or shown before the server answers
      expect(received).toEqual([]);
      expect(notes).toEqual([]);

      submit.last.resolve();
      await flush();
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
      expect(received).toEqual([storeEvent]);
      expect(notes).toEqual([success(message)]);
      // then the store (its owner) hears the request has settled, once
      expect(settled).toEqual([{ type: 'TOGGLE_SETTLED', id: actor.id }]);
    },
  );

  it('the notify messages are the spec texts', () => {
    expect(text.favourites.added).toBe('添加喜欢成功');
    expect(text.favourites.removed).toBe('取消喜欢成功');
  });
});

describe('favourite toggle with a real store', () => {
  it('liking a track puts it at the front of the store', async () => {
    const { store } = await loadedStore();
    const { actor, submit, notes } = heart(trackTarget(c), store);
    actor.send({ type: 'TOGGLE', liked: false });
    expect(submit.last.input).toEqual({ target: trackTarget(c), like: true });
    submit.last.resolve();
    await flush();
    const s = store.getSnapshot();
    expect(s.context.tracks.map(trackKey)).toEqual([trackKey(c), trackKey(a), trackKey(b)]);
    expect(s.context.trackKeys.has(trackKey(c))).toBe(true);
    expect(notes).toEqual([success('添加喜欢成功')]);
  });

  it('unliking a track takes it out of the store', async () => {
    const { store } = await loadedStore();
    const { actor, submit, notes } = heart(trackTarget(a), store);
    actor.send({ type: 'TOGGLE', liked: true });
    expect(submit.last.input).toEqual({ target: trackTarget(a), like: false });
    submit.last.resolve();
    await flush();
    expect(store.getSnapshot().context.tracks).toEqual([b]);
    expect(store.getSnapshot().context.trackKeys.has(trackKey(a))).toBe(false);
    expect(notes).toEqual([success('取消喜欢成功')]);
  });

  it('liking an album shows it in the store at once and makes the store reload its album list', async () => {
    const { store, fakes } = await loadedStore();
    const { actor, submit, notes } = heart(albumTarget('album-new'), store);
    actor.send({ type: 'TOGGLE', liked: false });
    submit.last.resolve();
    await flush();
    expect(store.getSnapshot().matches({ ready: 'reloadingAlbums' })).toBe(true);
    expect(store.getSnapshot().context.albums).toEqual(['album-new', 'album-x', 'album-y']);
    expect(fakes.loadFavouriteAlbums.calls).toHaveLength(1);
    expect(notes).toEqual([success('添加喜欢成功')]);
  });

  it('unliking an album hides it in the store', async () => {
    const { store } = await loadedStore();
    const { actor, submit, notes } = heart(albumTarget('album-x'), store);
    actor.send({ type: 'TOGGLE', liked: true });
    submit.last.resolve();
    await flush();
    expect(store.getSnapshot().context.albums).toEqual(['album-y']);
    expect(store.getSnapshot().context.albumIds.has('album-x')).toBe(false);
    expect(notes).toEqual([success('取消喜欢成功')]);
  });
});

describe('favourite toggle: no double submission', () => {
  it.each([false, true])('while a request is in flight, TOGGLE (liked: %s) is refused', async (liked) => {
    const { store, received } = recordingStore();
    const { actor, submit, notes } = heart(trackTarget(c), store);
    actor.send({ type: 'TOGGLE', liked });
    const s = actor.getSnapshot();
    expect(s.can({ type: 'TOGGLE', liked: false })).toBe(false);
    expect(s.can({ type: 'TOGGLE', liked: true })).toBe(false);

    // a double click, and a click on what the view shows meanwhile
    actor.send({ type: 'TOGGLE', liked });
    actor.send({ type: 'TOGGLE', liked: !liked });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(submit.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.liking).toBe(!liked);

    submit.last.resolve();
    await flush();
    expect(submit.calls).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.type).toBe(liked ? 'TRACK_UNLIKED' : 'TRACK_LIKED');
    expect(notes).toEqual([success(liked ? '取消喜欢成功' : '添加喜欢成功')]);
  });

  it('TOGGLE can be sent again once idle', () => {
    const { store } = recordingStore();
    const { actor } = heart(trackTarget(c), store);
    expect(actor.getSnapshot().can({ type: 'TOGGLE', liked: false })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'TOGGLE', liked: true })).toBe(true);
  });
});

describe('favourite toggle: failures', () => {
  const failures: [string, unknown, string][] = [
    ['the server refuses', new ApiError(901000, 'album is already a favourite'), 'album is already a favourite'],
    ['an HTTP error', new NetworkError(503, 'Service Unavailable'), '网络错误: 503 Service Unavailable'],
    ['no answer', new NetworkError(null), '未知网络错误'],
    ['an answer that is not JSON', new BadResponseError(), text.errors.badResponse],
  ];
  const cases: [string, FavouriteTarget, boolean][] = [
    ['liking an album', albumTarget('album-new'), false],
    ['unliking an album', albumTarget('album-x'), true],
    ['liking a track', trackTarget(c), false],
    ['unliking a track', trackTarget(a), true],
  ];
  const table = cases.flatMap(([what, target, liked]) =>
    failures.map(([why, error, message]) => [`${what}, ${why}`, target, liked, error, message] as const),
  );

  it.each(table)(
    '%s: the server message shows as an error and the store does not change',
    async (_, target, liked, error, message) => {
      const { store, fakes } = await loadedStore();
      const before = store.getSnapshot();
      const { actor, submit, notes } = heart(target, store);
      actor.send({ type: 'TOGGLE', liked });
      submit.last.reject(error);
      await flush();

      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
      expect(notes).toEqual([failure(message)]);
      const after = store.getSnapshot();
      expect(after.value).toEqual(before.value);
      expect(after.context).toBe(before.context);
      expect(after.context.tracks).toEqual([a, b]);
      expect(after.context.albums).toEqual(['album-x', 'album-y']);
      expect(fakes.loadFavouriteAlbums.calls).toHaveLength(0);
    },
  );

  it('a failure tells a recording store no change, only that the request settled', async () => {
    const { store, received, settled } = recordingStore();
    const { actor, submit } = heart(albumTarget('album-x'), store);
    actor.send({ type: 'TOGGLE', liked: false });
    expect(settled).toEqual([]);
    submit.last.reject(new ApiError(901000, 'album is already a favourite'));
    await flush();
    expect(received).toEqual([]);
    expect(settled).toEqual([{ type: 'TOGGLE_SETTLED', id: actor.id }]);
  });

  it('after a failure a new TOGGLE submits again and can succeed', async () => {
    const { store } = await loadedStore();
    const { actor, submit, notes } = heart(albumTarget('album-new'), store);
    actor.send({ type: 'TOGGLE', liked: false });
    submit.last.reject(new NetworkError(null));
    await flush();
    expect(actor.getSnapshot().can({ type: 'TOGGLE', liked: false })).toBe(true);

    actor.send({ type: 'TOGGLE', liked: false });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(submit.calls).toHaveLength(2);
    expect(submit.last.input).toEqual({ target: albumTarget('album-new'), like: true });
    submit.last.resolve();
    await flush();
    expect(store.getSnapshot().context.albums[0]).toBe('album-new');
    expect(notes).toEqual([failure('未知网络错误'), success('添加喜欢成功')]);
  });

  it('a like then an unlike of the same track: the store ends without it', async () => {
    const { store } = await loadedStore();
    const { actor, submit, notes } = heart(trackTarget(c), store);
    actor.send({ type: 'TOGGLE', liked: false });
    submit.last.resolve();
    await flush();
    expect(store.getSnapshot().context.trackKeys.has(trackKey(c))).toBe(true);
    actor.send({ type: 'TOGGLE', liked: true });
    expect(submit.last.input).toEqual({ target: trackTarget(c), like: false });
    submit.last.resolve();
    await flush();
    expect(store.getSnapshot().context.trackKeys.has(trackKey(c))).toBe(false);
    expect(store.getSnapshot().context.tracks).toEqual([a, b]);
    expect(notes).toEqual([success('添加喜欢成功'), success('取消喜欢成功')]);
  });
});

// Two bugs these tests found, fixed in the store: an album liked after a failed load was dropped,
// and a like landing after sign-out refilled the signed-out store.
describe('favourite toggle: changes that land in an unusual store state', () => {
  it('an album liked while the store is in failed is kept (hearts are enabled in failed)', async () => {
    const fakes = { loadFavourites: fakeService<LoadedFavourites>(), loadFavouriteAlbums: fakeService<string[]>() };
    const store = createActor(
      favouritesMachine.provide({
        actors: { loadFavourites: fakes.loadFavourites.logic, loadFavouriteAlbums: fakes.loadFavouriteAlbums.logic },
      }),
    ).start();
    store.send({ type: 'LOAD' });
    fakes.loadFavourites.last.reject(new NetworkError(null));
    await flush();
    expect(store.getSnapshot().value).toBe('failed');

    const { actor, submit, notes } = heart(albumTarget('album-new'), store);
    actor.send({ type: 'TOGGLE', liked: false });
    submit.last.resolve();
    await flush();
    expect(notes).toEqual([success('添加喜欢成功')]);
    // a track liked in failed is taken (TRACK_LIKED is handled at the root); ALBUM_LIKED is
    // handled in ready only, so the server's yes is dropped and the heart shows unliked again
    expect(store.getSnapshot().context.albumIds.has('album-new')).toBe(true);
  });

  it('a like that lands after sign-out (RESET) does not put the track back in the signed-out store', async () => {
    const { store } = await loadedStore();
    const { actor, submit } = heart(trackTarget(c), store);
    actor.send({ type: 'TOGGLE', liked: false });
    store.send({ type: 'RESET' });
    // the store keeps its toggles on RESET on purpose: a request in flight still lands
    submit.last.resolve();
    await flush();
    expect(store.getSnapshot().value).toBe('idle');
    expect(store.getSnapshot().context.tracks).toEqual([]);
  });
});
