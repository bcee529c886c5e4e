// Audio kept on this device: a track's body in Cache Storage (a fake at the edge in Node), its
// record in IndexedDB (fake-indexeddb) once the body is whole; read back as an object URL; removed
// one by one or all at once (signing out); damaged records skipped, never thrown. The bytes of a
// download cut off are kept in pieces with what identifies their body, until it resumes.
import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { KEPT_CACHE_NAME, KEPT_DB_NAME, KEPT_DB_VERSION } from '@/shared/constants';
import type { AlbumInfo } from '@/shared/types';
import {
  addPartialPiece,
  clearKeptAudio,
  closeKeptStores,
  dropPartialTracksBut,
  getKeptAlbum,
  keepAlbum,
  keepTrack,
  keptTrackPath,
  listKeptTracks,
  openKeptForPlaying,
  readKeptTrack,
  readKeepQueue,
  readPartialTrack,
  removeKeptAlbum,
  removeKeptTrack,
  removePartialTrack,
  saveKeepQueue,
  startPartialTrack,
  type KeptTrackKey,
  type PartialBody,
} from '@/storage/keptAudio';
import { installFakeCaches, type FakeCacheStorage } from './fakeCaches';

const KEY: KeptTrackKey = {
  albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01',
  discId: 1,
  trackId: 2,
  quality: 'lossless',
};
const ALBUM: AlbumInfo = {
  albumId: KEY.albumId,
  title: '港灯夜曲',
  catalog: 'DEMO-0001',
  artist: '青木澪',
  date: '2023-04-12',
  type: 'normal',
  discs: [{ catalog: 'DEMO-0001', tracks: [{ title: '夜航船' }, { title: '潮汐' }] }],
} as AlbumInfo;

const flacBody = (bytes: number) =>
  new Response(new Uint8Array(bytes).fill(7), {
    status: 206,
    headers: { 'content-type': 'audio/flac', 'x-secret': 'token' },
  });

let caches: FakeCacheStorage;

beforeEach(() => {
  caches = installFakeCaches();
});

afterEach(async () => {
  await closeKeptStores();
  await deleteDB(KEPT_DB_NAME);
});

describe('audio kept on this device', () => {
  test('a kept track is stored under a path of its own (no library URL, no token) and plays from an object URL', async () => {
    const kept = await keepTrack(KEY, flacBody(4096), 1_000);
    expect(kept).toEqual({ ...KEY, bytes: 4096, type: 'audio/flac', keptAt: 1_000 });
    expect(await listKeptTracks()).toEqual([kept]);
    const cache = await caches.open(KEPT_CACHE_NAME);
    expect(await cache.keys()).toEqual([keptTrackPath(KEY)]);
    expect(keptTrackPath(KEY)).toBe(`/kept-audio/track/${KEY.albumId}/1/2/lossless`);
    // stored as a plain 200 answer of the app's own, without the library's headers
    const stored = await cache.match(keptTrackPath(KEY));
    expect(stored!.status).toBe(200);
    expect(stored!.headers.get('x-secret')).toBeNull();

    const read = await readKeptTrack(KEY, ['lossless']);
    expect(read).toMatchObject({ quality: 'lossless', cover: null });
    expect(read!.body.size).toBe(4096);
    // another quality is another track
    expect(await readKeptTrack(KEY, ['low'])).toBeNull();
  });

  test('a body that fails while it arrives keeps nothing, and what was kept before stays', async () => {
    await keepTrack({ ...KEY, trackId: 1 }, flacBody(100));
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.error(new TypeError('network changed'));
      },
    });
    await expect(
      keepTrack(KEY, new Response(failing, { headers: { 'content-type': 'audio/flac' } })),
    ).rejects.toThrow();
    expect((await listKeptTracks()).map((t) => t.trackId)).toEqual([1]);
    expect(await readKeptTrack(KEY, ['lossless'])).toBeNull();
    expect((await readKeptTrack({ ...KEY, trackId: 1 }, ['lossless']))!.body.size).toBe(100);
  });

  test('a track whose body the browser evicted is forgotten, not offered', async () => {
    await keepTrack(KEY, flacBody(10));
    await (await caches.open(KEPT_CACHE_NAME)).delete(keptTrackPath(KEY));
    expect(await readKeptTrack(KEY, ['lossless'])).toBeNull();
    expect(await listKeptTracks()).toEqual([]);
  });

  test('playing reads the first quality of the order the track is kept in, with its album’s cover; a quality whose body was evicted is forgotten and the next one read', async () => {
    await keepTrack({ ...KEY, quality: 'low' }, flacBody(10));
    await keepTrack(KEY, flacBody(40));
    await keepTrack({ ...KEY, trackId: 3 }, flacBody(30));
    await keepAlbum(ALBUM, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }));
    const read = await readKeptTrack(KEY, ['high', 'lossless', 'low']);
    expect(read).toMatchObject({ quality: 'lossless', body: { size: 40 }, cover: { size: 3 } });
    expect(await readKeptTrack(KEY, ['high'])).toBeNull();

    await (await caches.open(KEPT_CACHE_NAME)).delete(keptTrackPath(KEY));
    expect(await readKeptTrack(KEY, ['lossless', 'low'])).toMatchObject({ quality: 'low', body: { size: 10 } });
    expect((await listKeptTracks()).map((t) => `${t.trackId} ${t.quality}`).sort()).toEqual(['2 low', '3 lossless']);
  });

  test('the bodies’ store is opened once for every play after it, and afresh once signing out has deleted it', async () => {
    await keepTrack(KEY, flacBody(10));
    const open = vi.spyOn(caches, 'open');
    await openKeptForPlaying();
    await readKeptTrack(KEY, ['lossless']);
    await readKeptTrack({ ...KEY, trackId: 1 }, ['lossless']);
    await readKeptTrack(KEY, ['lossless']);
    expect(open).toHaveBeenCalledOnce();
    await clearKeptAudio();
    await keepTrack(KEY, flacBody(20));
    open.mockClear();
    expect((await readKeptTrack(KEY, ['lossless']))!.body.size).toBe(20);
    expect(open).toHaveBeenCalledOnce();
  });

  test('a store held for playing that another tab deleted (its sign-out) still finds what this tab keeps after it', async () => {
    await keepTrack(KEY, flacBody(10));
    await openKeptForPlaying();
    // another tab signed out: the bodies' store is gone from under this one
    await caches.delete(KEPT_CACHE_NAME);
    await keepTrack({ ...KEY, trackId: 1 }, flacBody(20));
    expect((await readKeptTrack({ ...KEY, trackId: 1 }, ['lossless']))!.body.size).toBe(20);
    expect((await listKeptTracks()).map((t) => t.trackId)).toContain(1);
  });

  test('removing a track removes its record and body; the album keeps its info and cover until removed', async () => {
    await keepTrack(KEY, flacBody(10));
    const cover = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    await keepAlbum(ALBUM, cover);
    await removeKeptTrack(KEY);
    expect(await listKeptTracks()).toEqual([]);
    expect(await (await caches.open(KEPT_CACHE_NAME)).keys()).not.toContain(keptTrackPath(KEY));
    expect(await getKeptAlbum(KEY.albumId)).toMatchObject({
      albumId: KEY.albumId,
      hasCover: true,
      info: { title: '港灯夜曲' },
    });
    const coverPath = `/kept-audio/cover/${KEY.albumId}`;
    expect(await (await caches.open(KEPT_CACHE_NAME)).keys()).toContain(coverPath);
    await removeKeptAlbum(KEY.albumId);
    expect(await getKeptAlbum(KEY.albumId)).toBeUndefined();
    expect(await (await caches.open(KEPT_CACHE_NAME)).keys()).not.toContain(coverPath);
  });

  test('the download queue is saved and read back for a reload; damaged items are left out', async () => {
    const track = {
      albumId: KEY.albumId,
      discId: 1,
      trackId: 3,
      title: '潮汐',
      artist: '青木澪',
      type: 'normal',
      albumTitle: '港灯夜曲',
    };
    expect(await readKeepQueue()).toEqual([]);
    await saveKeepQueue([{ track, quality: 'high' }]);
    expect(await readKeepQueue()).toEqual([{ track, quality: 'high' }]);
    await closeKeptStores();
    const db = await openDB(KEPT_DB_NAME);
    await db.put(
      'kept_queue',
      [
        { track, quality: 'ultra' },
        { track: { albumId: '' }, quality: 'low' },
        { track, quality: 'low' },
      ],
      'queue',
    );
    db.close();
    expect(await readKeepQueue()).toEqual([{ track, quality: 'low' }]);
  });

  test('signing out clears everything kept', async () => {
    await keepTrack(KEY, flacBody(10));
    await keepAlbum(ALBUM, null);
    await saveKeepQueue([
      {
        track: { albumId: 'x', discId: 1, trackId: 1, title: 't', artist: '', type: 'normal', albumTitle: '' },
        quality: 'low',
      },
    ]);
    await clearKeptAudio();
    expect(await readKeepQueue()).toEqual([]);
    expect(await listKeptTracks()).toEqual([]);
    expect(await getKeptAlbum(KEY.albumId)).toBeUndefined();
    expect(await caches.has(KEPT_CACHE_NAME)).toBe(false);
  });

  test('damaged records are skipped with a warning', async () => {
    await keepTrack(KEY, flacBody(10));
    await keepAlbum(ALBUM, null);
    await closeKeptStores();
    const db = await openDB(KEPT_DB_NAME);
    await db.put('kept_tracks', {
      path: '/kept-audio/track/x/1/1/lossless',
      albumId: 'x',
      discId: 1,
      trackId: 1,
      quality: 'ultra',
      bytes: 1,
      type: 'audio/flac',
      keptAt: 1,
    });
    await db.put('kept_tracks', { path: '/kept-audio/track/y/1/1/lossless', albumId: 'y', discId: -1 });
    await db.put('kept_albums', { albumId: 'z', info: { albumId: 'z' }, hasCover: false });
    db.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await listKeptTracks()).map((t) => t.albumId)).toEqual([KEY.albumId]);
    expect(await getKeptAlbum('z')).toBeUndefined();
    expect(await getKeptAlbum(KEY.albumId)).toMatchObject({ hasCover: false });
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });
});

test('signing out clears the kept bodies even when their records cannot be read (a damaged database), and deletes that database', async () => {
  await keepTrack(KEY, flacBody(10));
  await closeKeptStores();
  await deleteDB(KEPT_DB_NAME);
  // a database of the same name and version without the stores
  (await openDB(KEPT_DB_NAME, KEPT_DB_VERSION)).close();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  await clearKeptAudio();
  expect(await caches.has(KEPT_CACHE_NAME)).toBe(false);
  expect(warn).toHaveBeenCalledOnce();
  warn.mockRestore();
  // the next use starts from a sound, empty database
  expect(await listKeptTracks()).toEqual([]);
});

describe('the bytes of a download cut off', () => {
  const BODY: PartialBody = { total: 10, type: 'audio/flac', etag: '"v1"', lastModified: null };
  const bytesOf = (...values: number[]) => new Blob([new Uint8Array(values)]);
  const read = async (blobs: Blob[]) => [...new Uint8Array(await new Blob(blobs).arrayBuffer())];

  test('are kept in pieces with what identifies their body, and read back in order', async () => {
    expect(await readPartialTrack(KEY)).toBeNull();
    await startPartialTrack(KEY, BODY);
    // a body started but nothing of it stored yet: nothing to resume
    expect(await readPartialTrack(KEY)).toBeNull();
    await addPartialPiece(KEY, 0, bytesOf(1, 2, 3));
    await addPartialPiece(KEY, 3, bytesOf(4, 5));
    const partial = await readPartialTrack(KEY);
    expect(partial).toMatchObject({ ...KEY, ...BODY, bytes: 5 });
    expect(await read(partial!.pieces)).toEqual([1, 2, 3, 4, 5]);
    // another quality is another download
    expect(await readPartialTrack({ ...KEY, quality: 'low' })).toBeNull();
    // nothing is kept as a track until the body is whole
    expect(await listKeptTracks()).toEqual([]);
  });

  test('a download started again from the first byte replaces what was kept of another body', async () => {
    await startPartialTrack(KEY, BODY);
    await addPartialPiece(KEY, 0, bytesOf(1, 2, 3));
    await startPartialTrack(KEY, { ...BODY, total: 12, etag: '"v2"' });
    expect(await readPartialTrack(KEY)).toBeNull();
    await addPartialPiece(KEY, 0, bytesOf(9));
    expect(await readPartialTrack(KEY)).toMatchObject({ total: 12, etag: '"v2"', bytes: 1 });
  });

  test('pieces that arrive after the download was removed (cancel) are not stored', async () => {
    await startPartialTrack(KEY, BODY);
    await addPartialPiece(KEY, 0, bytesOf(1, 2, 3));
    await removePartialTrack(KEY);
    await addPartialPiece(KEY, 3, bytesOf(4));
    expect(await readPartialTrack(KEY)).toBeNull();
    await closeKeptStores();
    const db = await openDB(KEPT_DB_NAME);
    expect(await db.count('partial_pieces')).toBe(0);
    db.close();
  });

  test('移除本机副本, signing out, and tracks no longer queued remove them', async () => {
    const other: KeptTrackKey = { ...KEY, trackId: 5 };
    for (const key of [KEY, other]) {
      await startPartialTrack(key, BODY);
      await addPartialPiece(key, 0, bytesOf(1));
    }
    await removeKeptTrack(KEY);
    expect(await readPartialTrack(KEY)).toBeNull();
    expect(await readPartialTrack(other)).not.toBeNull();
    await clearKeptAudio();
    expect(await readPartialTrack(other)).toBeNull();

    for (const key of [KEY, other]) {
      await startPartialTrack(key, BODY);
      await addPartialPiece(key, 0, bytesOf(1));
    }
    await dropPartialTracksBut([other]);
    expect(await readPartialTrack(KEY)).toBeNull();
    expect((await readPartialTrack(other))?.bytes).toBe(1);
  });

  test('a damaged record drops the download; a damaged piece drops the bytes from it on; each with a warning', async () => {
    await startPartialTrack(KEY, BODY);
    await addPartialPiece(KEY, 0, bytesOf(1, 2));
    await addPartialPiece(KEY, 2, bytesOf(3, 4));
    await addPartialPiece(KEY, 4, bytesOf(5));
    const other: KeptTrackKey = { ...KEY, trackId: 5 };
    await startPartialTrack(other, BODY);
    await addPartialPiece(other, 0, bytesOf(1));
    await closeKeptStores();
    const db = await openDB(KEPT_DB_NAME);
    const path = keptTrackPath(KEY);
    await db.put('partial_pieces', { path, offset: 2, bytes: 'not a blob' });
    await db.put('partial', {
      path: keptTrackPath(other),
      albumId: KEY.albumId,
      discId: 1,
      trackId: 5,
      quality: 'lossless',
      total: -1,
      type: 'audio/flac',
      etag: null,
      lastModified: null,
    });
    db.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const partial = await readPartialTrack(KEY);
    expect(partial?.bytes).toBe(2);
    expect(await read(partial!.pieces)).toEqual([1, 2]);
    expect(await readPartialTrack(other)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
    // what was dropped is gone, not skipped again on every read
    await addPartialPiece(KEY, 2, bytesOf(7));
    expect(await read((await readPartialTrack(KEY))!.pieces)).toEqual([1, 2, 7]);
  });
});

test('a database of version 1 (before downloads cut off were kept) upgrades keeping what it holds', async () => {
  const track = {
    albumId: KEY.albumId,
    discId: 1,
    trackId: 3,
    title: '潮汐',
    artist: '青木澪',
    type: 'normal',
    albumTitle: '港灯夜曲',
  };
  const v1 = await openDB(KEPT_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('kept_tracks', { keyPath: 'path' });
      db.createObjectStore('kept_albums', { keyPath: 'albumId' });
      db.createObjectStore('kept_queue');
    },
  });
  await v1.put('kept_tracks', { path: keptTrackPath(KEY), ...KEY, bytes: 10, type: 'audio/flac', keptAt: 1 });
  await v1.put('kept_queue', [{ track, quality: 'high' }], 'queue');
  v1.close();
  await (await caches.open(KEPT_CACHE_NAME)).put(keptTrackPath(KEY), flacBody(10));

  expect(await listKeptTracks()).toEqual([{ ...KEY, bytes: 10, type: 'audio/flac', keptAt: 1 }]);
  expect(await readKeepQueue()).toEqual([{ track, quality: 'high' }]);
  expect((await readKeptTrack(KEY, [KEY.quality]))?.body.size).toBe(10);
  await startPartialTrack({ ...KEY, trackId: 3 }, { total: 4, type: 'audio/flac', etag: null, lastModified: null });
  await addPartialPiece({ ...KEY, trackId: 3 }, 0, new Blob([new Uint8Array(2)]));
  expect((await readPartialTrack({ ...KEY, trackId: 3 }))?.bytes).toBe(2);
});
