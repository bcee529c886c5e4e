// A track kept on this device plays from it: the player's source is the kept body's object URL,
// in the listener's quality when kept so, else the best kept; no library is asked, nothing probed.
// A store that cannot be read leaves the library to play it.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, toPromise, waitFor, type AnyActorLogic } from 'xstate';
import { clearKeptOnDevice, keptSourceInHand, keptSourceOf, readKeptAhead } from '@/features/offline';
import type { LibraryAccess } from '@/features/library';
import { defineKeepingActors } from '@/features/offline/actors';
import { keepingMachine } from '@/features/offline/keepingMachine';
import { definePlayerActors } from '@/features/player/actors';
import { playerMachine } from '@/features/player/playerMachine';
import { KEPT_CACHE_NAME, KEPT_DB_NAME } from '@/shared/constants';
import { trackKey, type TrackInfo } from '@/shared/track';
import { closeKeptStores, keepAlbum, keepTrack } from '@/storage/keptAudio';
import type { AlbumInfo } from '@/shared/types';
import { fakeAudio } from '../machines/playerFakes';
import { installFakeCaches, type FakeCacheStorage } from './fakeCaches';

const track: TrackInfo = {
  albumId: 'a1',
  discId: 1,
  trackId: 2,
  title: 'T',
  artist: 'A',
  type: 'normal',
  albumTitle: 'Album',
};
const body = (text: string) => new Response(text, { headers: { 'content-type': 'audio/flac' } });
const read = async (url: string) => (await fetch(url)).text();

let caches: FakeCacheStorage;

beforeEach(() => {
  caches = installFakeCaches();
});

/** the keeping actor's first read of what this device keeps (at sign-in) */
async function readKeptList() {
  const { loadKept } = defineKeepingActors({
    accessFor: async () => {
      throw new Error('no library should be asked');
    },
  });
  return toPromise(createActor(loadKept).start());
}

afterEach(async () => {
  // what was read ahead goes with what is kept, as at sign-out
  await clearKeptOnDevice();
  await closeKeptStores();
  await deleteDB(KEPT_DB_NAME);
});

describe('a kept track as the player plays it', () => {
  test('the listener’s quality when kept so, else the best kept; null when not kept', async () => {
    expect(await keptSourceOf(track, 'high')).toBeNull();
    await keepTrack({ ...track, quality: 'low' }, body('low'));
    await keepTrack({ ...track, quality: 'lossless' }, body('lossless'));
    expect(await read((await keptSourceOf(track, 'low'))!.url)).toBe('low');
    expect(await read((await keptSourceOf(track, 'high'))!.url)).toBe('lossless');
    // the keeping actor's list says it is not kept: the store is not opened for it
    expect(await keptSourceOf(track, 'high', () => false)).toBeNull();
    expect((await keptSourceOf(track, 'high'))!.coverUrl).toBeNull();
    const other = { ...track, albumId: 'a2' };
    await keepTrack({ ...other, quality: 'high' }, body('high'));
    await keepAlbum(
      {
        albumId: 'a2',
        title: 'Album',
        catalog: '',
        artist: 'A',
        date: '',
        type: 'normal',
        discs: [{ catalog: '', tracks: [{ title: 'T' }] }],
      } as AlbumInfo,
      new Blob(['cover'], { type: 'image/jpeg' }),
    );
    expect(await read((await keptSourceOf(other, 'high'))!.coverUrl!)).toBe('cover');
  });

  test('the player plays a kept track from the device: no library access, no request', async () => {
    await keepTrack({ ...track, quality: 'lossless' }, body('flac'));
    const fetch = vi.fn(async () => new Response(null));
    const accessFor = vi.fn(async () => {
      throw new Error('no library should be asked');
    });
    const { resolveSource, preload } = definePlayerActors({
      recordPlay: async () => {},
      accessFor,
      quality: () => 'lossless',
      fetch,
      keptSource: (t) => keptSourceOf(t, 'lossless'),
    });
    const run = <T>(logic: AnyActorLogic) => toPromise(createActor(logic, { input: track }).start()) as Promise<T>;
    const source = await run<{ url: string; coverUrl: string | null }>(resolveSource);
    expect(await read(source.url)).toBe('flac');
    // gapless: the next track kept is prepared from the device too
    expect(await read((await run<{ url: string }>(preload)).url)).toBe('flac');
    expect(accessFor).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('once the keeping actor has read a list with kept tracks, a play asks for the body at the call, without opening anything first', async () => {
    await keepTrack({ ...track, quality: 'lossless' }, body('flac'));
    await closeKeptStores();
    const open = vi.spyOn(caches, 'open');
    expect((await readKeptList()).kept).toEqual([trackKey(track)]);
    const match = vi.spyOn(await caches.open(KEPT_CACHE_NAME), 'match');
    open.mockClear();
    const playing = keptSourceOf(track, 'lossless');
    // asked before the call returns: the click's render does not come first
    expect(match).toHaveBeenCalledWith('/kept-audio/track/a1/1/2/lossless');
    expect(await read((await playing)!.url)).toBe('flac');
    expect(open).not.toHaveBeenCalled();
  });

  test('a list with nothing kept opens no store of bodies', async () => {
    const open = vi.spyOn(caches, 'open');
    expect((await readKeptList()).kept).toEqual([]);
    expect(open).not.toHaveBeenCalled();
  });

  test('a kept store that cannot be read: null (with a warning), so the library plays it', async () => {
    await keepTrack({ ...track, quality: 'lossless' }, body('flac'));
    // the record is there, the bodies' store is not (private mode, a browser without Cache Storage)
    Object.defineProperty(globalThis, 'caches', { value: undefined, configurable: true, writable: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await keptSourceOf(track, 'lossless')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('a kept track read ahead (its row shows)', () => {
  const ALBUM = {
    albumId: 'a1',
    title: 'Album',
    catalog: '',
    artist: 'A',
    date: '',
    type: 'normal',
    discs: [{ catalog: '', tracks: [{ title: 'T' }] }],
  } as AlbumInfo;

  test('the play that follows reads no store: its body is in hand', async () => {
    await keepTrack({ ...track, quality: 'lossless' }, body('flac'));
    await readKeptList();
    await readKeptAhead(track, 'lossless');
    const match = vi.spyOn(await caches.open(KEPT_CACHE_NAME), 'match');
    const source = await keptSourceOf(track, 'lossless');
    expect(match).not.toHaveBeenCalled();
    expect(await read(source!.url)).toBe('flac');
    // read in another quality than the listener's now: read afresh
    await keptSourceOf(track, 'low');
    expect(match).toHaveBeenCalled();
  });

  test('its object URLs are made as the read arrives: the click asks the browser for none, and they go with the read unless handed out', async () => {
    await keepTrack({ ...track, quality: 'lossless' }, body('flac'));
    await keepTrack({ ...track, trackId: 3, quality: 'lossless' }, body('other'));
    await keepAlbum(ALBUM, new Blob(['cover'], { type: 'image/jpeg' }));
    await readKeptList();
    const create = vi.spyOn(URL, 'createObjectURL');
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    await Promise.all([readKeptAhead(track, 'lossless'), readKeptAhead({ ...track, trackId: 3 }, 'lossless')]);
    // two bodies, and the album's one cover shared by both reads
    expect(create).toHaveBeenCalledTimes(3);
    const made = create.mock.results.map((result) => result.value as string);
    create.mockClear();

    const source = keptSourceInHand(track, 'lossless')!;
    expect(create).not.toHaveBeenCalled();
    expect(await read(source.url)).toBe('flac');
    expect(await read(source.coverUrl!)).toBe('cover');

    const { removeKept } = defineKeepingActors({ accessFor: async () => ({}) as LibraryAccess });
    await toPromise(createActor(removeKept, { input: [track, { ...track, trackId: 3 }] }).start());
    // the other track's body goes; the one handed out to the player, and the cover with it, stay
    const other = made.find((url) => url !== source.url && url !== source.coverUrl);
    expect(revoke).toHaveBeenCalledWith(other);
    expect(revoke).not.toHaveBeenCalledWith(source.url);
    expect(revoke).not.toHaveBeenCalledWith(source.coverUrl);
    create.mockRestore();
    revoke.mockRestore();
  });

  test('a track the keeping actor does not list is not read ahead', async () => {
    const open = vi.spyOn(caches, 'open');
    await readKeptAhead(track, 'lossless', () => false);
    expect(open).not.toHaveBeenCalled();
  });

  test('a track removed from the device drops what was read of it: the next play finds it gone', async () => {
    await keepTrack({ ...track, quality: 'lossless' }, body('flac'));
    await readKeptAhead(track, 'lossless');
    const { removeKept } = defineKeepingActors({ accessFor: async () => ({}) as LibraryAccess });
    await toPromise(createActor(removeKept, { input: [track] }).start());
    expect(await keptSourceOf(track, 'lossless')).toBeNull();

    // read again (its row shows) while it is being removed: dropped all the same
    await keepTrack({ ...track, quality: 'lossless' }, body('flac'));
    const removing = toPromise(createActor(removeKept, { input: [track] }).start());
    const readAgain = readKeptAhead(track, 'lossless');
    await Promise.all([removing, readAgain]);
    expect(keptSourceInHand(track, 'lossless')).toBeNull();
  });

  test('a kept track read ahead loads within the click: the player asks its element to play it before send() returns', async () => {
    await keepTrack({ ...track, quality: 'lossless' }, body('flac'));
    await readKeptList();
    const audio = fakeAudio();
    const actors = definePlayerActors({
      recordPlay: async () => {},
      accessFor: async () => {
        throw new Error('no library should be asked');
      },
      quality: () => 'lossless',
      keptSource: (t) => keptSourceOf(t, 'lossless'),
      sourceInHand: (t) => keptSourceInHand(t, 'lossless'),
    });
    const player = createActor(playerMachine.provide({ actors: { ...actors, audio: audio.logic } }), {
      input: {},
    }).start();
    // not read yet: nothing in hand, the source is resolved (a turn later)
    player.send({ type: 'REPLACE_AND_PLAY', tracks: [track], index: 0 });
    expect(audio.take()).not.toContain('audio.load');
    await waitFor(player, (s) => s.context.source !== null);
    expect(audio.take()).toContain('audio.load');

    const next = { ...track, trackId: 3 };
    await keepTrack({ ...next, quality: 'lossless' }, body('next'));
    await readKeptAhead(next, 'lossless');
    player.send({ type: 'REPLACE_AND_PLAY', tracks: [next], index: 0 });
    const load = audio.commands.at(-1);
    expect(load).toMatchObject({ type: 'audio.load', autoplay: true });
    expect(await read((load as { url: string }).url)).toBe('next');
    player.stop();
  });

  test('signing out drops what was read ahead with everything kept', async () => {
    await keepTrack({ ...track, quality: 'lossless' }, body('before'));
    await readKeptAhead(track, 'lossless');
    await clearKeptOnDevice();
    // the next listener keeps the same track
    await keepTrack({ ...track, quality: 'lossless' }, body('after'));
    expect(await read((await keptSourceOf(track, 'lossless'))!.url)).toBe('after');
  });

  test('a read held from before the track was kept in the listener’s quality, with its album’s cover, is dropped once it is', async () => {
    const fetch = vi.fn(async (url: RequestInfo | URL) =>
      String(url).includes('/cover') ? new Response(new Blob(['cover'], { type: 'image/jpeg' })) : body('lossless'),
    );
    const access = {
      trackSource: async () => ({
        audioUrl: 'https://lib.example/a1/1/2?auth=t',
        coverUrl: 'https://lib.example/a1/1/cover?auth=t',
      }),
    } as unknown as LibraryAccess;
    const keeping = createActor(
      keepingMachine.provide({
        actors: defineKeepingActors({ accessFor: async () => access, albumInfo: async () => ALBUM, fetch }),
      }),
    ).start();
    keeping.send({ type: 'LOAD' });
    await waitFor(keeping, (s) => !s.hasTag('reading'));
    // kept in low (before the keeping actor's list), and read so
    await keepTrack({ ...track, quality: 'low' }, body('low'));
    await readKeptAhead(track, 'lossless');
    expect(await read((await keptSourceOf(track, 'lossless'))!.url)).toBe('low');

    keeping.send({ type: 'KEEP', items: [{ track, quality: 'lossless' }] });
    await waitFor(keeping, (s) => s.context.kept.includes(trackKey(track)));
    const source = await keptSourceOf(track, 'lossless');
    expect(await read(source!.url)).toBe('lossless');
    expect(await read(source!.coverUrl!)).toBe('cover');
    keeping.stop();
  });

  test('keeping another track of an album already kept leaves the reads of its other tracks in hand', async () => {
    const first = { ...track, trackId: 1 };
    const fetch = vi.fn(async () => body('lossless'));
    const access = {
      trackSource: async () => ({
        audioUrl: 'https://lib.example/a1/1/2?auth=t',
        coverUrl: 'https://lib.example/a1/1/cover?auth=t',
      }),
    } as unknown as LibraryAccess;
    const keeping = createActor(
      keepingMachine.provide({
        actors: defineKeepingActors({ accessFor: async () => access, albumInfo: async () => ALBUM, fetch }),
      }),
    ).start();
    await keepAlbum(ALBUM, new Blob(['cover'], { type: 'image/jpeg' }));
    await keepTrack({ ...first, quality: 'lossless' }, body('first'));
    keeping.send({ type: 'LOAD' });
    await waitFor(keeping, (s) => !s.hasTag('reading'));
    await readKeptAhead(first, 'lossless');
    const inHand = keptSourceInHand(first, 'lossless');
    expect(inHand).not.toBeNull();

    keeping.send({ type: 'KEEP', items: [{ track, quality: 'lossless' }] });
    await waitFor(keeping, (s) => s.context.kept.includes(trackKey(track)));
    // the album and its cover were kept already: nothing the first track's read holds changed
    const still = keptSourceInHand(first, 'lossless');
    expect(still).not.toBeNull();
    expect(await read(still!.url)).toBe('first');
    keeping.stop();
  });
});
