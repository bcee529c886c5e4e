import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { deleteDB } from 'idb';
import { ALBUM_DB_NAME } from '@/shared/constants';
import { fetchAlbumInfos, loadAlbumInfos } from '@/features/browse/albumCache';
import { defineBrowseLoads } from '@/features/browse';
import type { LibraryAccess } from '@/features/library';
import { clearAlbumInfo, closeAlbumDb, getAlbumInfos as readCache, putAlbumInfos } from '@/storage/albumDb';
import type { AlbumInfo } from '@/shared/types';
import { envelope, fakeApi } from './fakeFetch';

function album(albumId: string, title = `Album ${albumId}`): AlbumInfo {
  return { albumId, title, catalog: '', artist: 'Mio Aoki', date: '2023', type: 'normal', tags: [], discs: [] };
}

const wire = (a: AlbumInfo) => ({
  album_id: a.albumId,
  title: a.title,
  catalog: '',
  artist: a.artist,
  date: a.date,
  type: a.type,
  tags: [],
  discs: [],
});

async function reset(): Promise<void> {
  await closeAlbumDb();
  await deleteDB(ALBUM_DB_NAME);
}

beforeEach(reset);
afterEach(async () => {
  vi.unstubAllGlobals();
  await reset();
});

describe('loadAlbumInfos', () => {
  test('reads the cache, fetches only the missing ids in one call, stores them', async () => {
    await putAlbumInfos([album('a', 'Cached A')]);
    const { api, calls } = fakeApi((req) =>
      envelope(
        Object.fromEntries(
          req.url.searchParams.getAll('id[]').map((id) => [id, id === 'gone' ? null : wire(album(id))]),
        ),
      ),
    );

    const result = await loadAlbumInfos(api, ['b', 'a', 'gone', 'c']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.searchParams.getAll('id[]')).toEqual(['b', 'gone', 'c']);
    expect([...result.keys()]).toEqual(['b', 'a', 'c']);
    expect(result.get('a')?.title).toBe('Cached A');
    expect(result.get('c')).toEqual(album('c'));

    const stored = await readCache(['a', 'b', 'c', 'gone']);
    expect([...stored.keys()].sort()).toEqual(['a', 'b', 'c']);
  });

  test('everything cached: no request', async () => {
    await putAlbumInfos([album('a'), album('b')]);
    const { api, calls } = fakeApi(() => envelope({}));
    expect([...(await loadAlbumInfos(api, ['a', 'b'])).keys()]).toEqual(['a', 'b']);
    expect(calls).toHaveLength(0);
  });

  test('a broken IndexedDB still gives the fetched albums', async () => {
    await closeAlbumDb();
    vi.stubGlobal('indexedDB', undefined);
    const { api, calls } = fakeApi(() => envelope({ a: wire(album('a')) }));
    const result = await loadAlbumInfos(api, ['a']);
    expect(result.get('a')).toEqual(album('a'));
    expect(calls).toHaveLength(1);
  });

  test('a failing request rejects (nothing to show)', async () => {
    const { api } = fakeApi(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(loadAlbumInfos(api, ['x'])).rejects.toThrow('网络错误: 502 Bad Gateway');
  });
});

describe('fetchAlbumInfos', () => {
  const offline = () => fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));

  test('asks the server and stores the answer for later', async () => {
    const { api, calls } = fakeApi(() => envelope({ a: wire(album('a')) }));
    expect([...(await fetchAlbumInfos(api, ['a'])).keys()]).toEqual(['a']);
    expect(calls).toHaveLength(1);
    await vi.waitFor(async () => expect((await readCache(['a'])).size).toBe(1));
  });

  test('no answer (offline): the albums this browser keeps', async () => {
    await putAlbumInfos([album('a', 'Kept A')]);
    const result = await fetchAlbumInfos(offline().api, ['a']);
    expect(result.get('a')?.title).toBe('Kept A');
  });

  test('no answer and nothing kept: the network error, as before', async () => {
    await expect(fetchAlbumInfos(offline().api, ['a'])).rejects.toMatchObject({
      name: 'NetworkError',
      httpStatus: null,
    });
  });

  test('an error answer is not hidden behind what is kept', async () => {
    await putAlbumInfos([album('a')]);
    const { api } = fakeApi(() => new Response('bad gateway', { status: 502 }));
    await expect(fetchAlbumInfos(api, ['a'])).rejects.toMatchObject({ httpStatus: 502 });
  });
});

describe('the album page opened by its address', () => {
  // the page reads the album info only; no library is asked
  const noLibraries = {} as LibraryAccess;

  test('reads the info started at boot: one request, stored for later', async () => {
    const { api, calls } = fakeApi(() => envelope({ a: wire(album('a')) }));
    const browse = defineBrowseLoads({ api, access: noLibraries, syncGeneration: () => 0 });
    browse.prefetchAlbum('a');
    expect(await browse.albumInfo('a')).toEqual(album('a'));
    expect(calls).toHaveLength(1);
    await vi.waitFor(async () => expect((await readCache(['a'])).size).toBe(1));
  });

  test('a sync that emptied the album cache after that info was stored: the page reads it again, and it is stored', async () => {
    const { api, calls } = fakeApi(() => envelope({ a: wire(album('a')) }));
    let generation = 0;
    const browse = defineBrowseLoads({ api, access: noLibraries, syncGeneration: () => generation });
    browse.prefetchAlbum('a');
    await vi.waitFor(async () => expect((await readCache(['a'])).size).toBe(1));
    // the first sync of this device ends before the page mounts: the cache is emptied, the page
    // mounts after the sync's change, so nothing reloads it later
    await clearAlbumInfo();
    generation++;
    expect(await browse.albumInfo('a')).toEqual(album('a'));
    expect(calls).toHaveLength(2);
    expect((await readCache(['a'])).size).toBe(1);
  });
});
