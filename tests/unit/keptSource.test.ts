// A track kept on this device plays from it: the player's source is the kept body's object URL,
// in the listener's quality when kept so, else the best kept; no library is asked, nothing probed.
// A store that cannot be read leaves the library to play it.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { keptSourceOf } from '@/features/offline';
import { defineKeepingActors } from '@/features/offline/actors';
import { definePlayerActors } from '@/features/player/actors';
import { createApiClient } from '@/services/api/client';
import { KEPT_CACHE_NAME, KEPT_DB_NAME } from '@/shared/constants';
import { trackKey, type TrackInfo } from '@/shared/track';
import { closeKeptStores, keepAlbum, keepTrack } from '@/storage/keptAudio';
import type { AlbumInfo } from '@/shared/types';
import { installFakeCaches, type FakeCacheStorage } from './fakeCaches';

const track: TrackInfo = { albumId: 'a1', discId: 1, trackId: 2, title: 'T', artist: 'A', type: 'normal', albumTitle: 'Album' };
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
    await keepAlbum({ albumId: 'a1', title: 'Album', catalog: '', artist: 'A', date: '', type: 'normal', discs: [{ catalog: '', tracks: [{ title: 'T' }] }] } as AlbumInfo, new Blob(['cover'], { type: 'image/jpeg' }));
    expect(await read((await keptSourceOf(track, 'high'))!.coverUrl!)).toBe('cover');
  });

  test('the player plays a kept track from the device: no library access, no request', async () => {
    await keepTrack({ ...track, quality: 'lossless' }, body('flac'));
    const fetch = vi.fn(async () => new Response(null));
    const accessFor = vi.fn(async () => {
      throw new Error('no library should be asked');
    });
    const { resolveSource, preload } = definePlayerActors({
      api: createApiClient({ fetch: async () => new Response('{}') }),
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
