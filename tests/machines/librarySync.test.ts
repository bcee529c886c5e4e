import { packAlbumIds, type PackedAlbumIds } from '@/shared/albumIds';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  librarySyncMachine,
  type LibrariesChangedEvent,
  type StoreLibraryInput,
} from '@/features/library/librarySyncMachine';
import type { NotifyEvent } from '@/shared/effects';
import type { Credential } from '@/shared/types';
import type { LibraryRecord } from '@/storage/libraryDb';
import type { LibrarySummary } from '@/storage/libraryJobs';
import { NetworkError, BadResponseError } from '@/services/api/errors';
import { text } from '@/shared/text';
import { fakeService, flush } from './fakes';

const cred = (id: string, url: string, priority = 0): Credential => ({
  id,
  name: id,
  url,
  token: `tok-${id}`,
  priority,
  controlled: false,
});
const home = cred('home', 'https://home.example');
const away = cred('away', 'https://away.example');
const record = (url: string, serverLastUpdate: number): LibrarySummary => ({
  url,
  serverLastUpdate,
  lastSync: 1,
  albumCount: 1,
});

function start(records: LibrarySummary[] = []) {
  const fakes = {
    loadRecords: fakeService<LibrarySummary[]>(),
    fetchLibraryInfo: fakeService<{ lastUpdate: number }, { url: string }>(),
    fetchLibraryAlbums: fakeService<PackedAlbumIds, { url: string; token: string }>(),
    storeLibrary: fakeService<LibraryRecord, StoreLibraryInput>(),
    removeLibrary: fakeService<void, { url: string }>(),
  };
  const actor = createActor(
    librarySyncMachine.provide({
      actors: Object.fromEntries(Object.entries(fakes).map(([k, v]) => [k, v.logic])) as never,
    }),
  );
  const emitted: (NotifyEvent | LibrariesChangedEvent)[] = [];
  actor.on('notify', (e) => emitted.push(e));
  actor.on('librariesChanged', (e) => emitted.push(e));
  actor.start();
  fakes.loadRecords.last.resolve(records);
  return { actor, fakes, emitted };
}

const stored = (input: StoreLibraryInput): LibraryRecord => ({
  url: input.url,
  serverLastUpdate: input.lastUpdate,
  lastSync: 1000,
  albumCount: input.albums?.count ?? 1,
});

describe('library sync', () => {
  it('syncs each credential in turn: info → albums → store, then 音频仓库同步成功', async () => {
    const { actor, fakes, emitted } = start();
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, away] });
    expect(actor.getSnapshot().matches({ working: 'fetchingInfo' })).toBe(true);
    expect(fakes.fetchLibraryInfo.last.input).toEqual({ url: home.url });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 100 });
    await flush();
    expect(fakes.fetchLibraryAlbums.last.input).toEqual({ url: home.url, token: 'tok-home' });
    fakes.fetchLibraryAlbums.last.resolve(packAlbumIds(['a1', 'a2']));
    await flush();
    expect(fakes.storeLibrary.last.input).toEqual({
      url: home.url,
      lastUpdate: 100,
      albums: packAlbumIds(['a1', 'a2']),
    });
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input));
    await flush();
    expect(emitted).toEqual([
      { type: 'librariesChanged', url: home.url },
      { type: 'notify', severity: 'success', message: text.library.syncSucceeded },
    ]);
    // the next credential starts by itself
    expect(fakes.fetchLibraryInfo.last.input).toEqual({ url: away.url });
    expect(actor.getSnapshot().context.libraries[home.url]).toMatchObject({
      state: 'synced',
      serverLastUpdate: 100,
      record: { albumCount: 2 },
    });
    expect(actor.getSnapshot().context.libraries[away.url]?.state).toBe('syncing');
  });

  it.each([
    ['down', new NetworkError(502, 'Bad Gateway'), '同步音频仓库失败: 网络错误: 502 Bad Gateway'],
    ['slow (time-out)', new NetworkError(null), '同步音频仓库失败: 未知网络错误'],
    ['answering garbage', new BadResponseError(), `同步音频仓库失败: ${text.errors.badResponse}`],
  ])('a library that is %s fails alone; the next one still syncs', async (_, error, message) => {
    const { actor, fakes, emitted } = start();
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, away] });
    fakes.fetchLibraryInfo.last.reject(error);
    await flush();
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message }]);
    expect(actor.getSnapshot().context.libraries[home.url]).toMatchObject({ state: 'failed' });
    expect(fakes.fetchLibraryInfo.last.input).toEqual({ url: away.url });
    expect(fakes.storeLibrary.calls).toHaveLength(0);
  });

  it('a refused token (401) asks for the credentials once and waits for their SYNC; refused again, it fails', async () => {
    const { actor, fakes, emitted } = start();
    const tokenRefused: string[] = [];
    actor.on('tokenRefused', (e) => tokenRefused.push(e.url));
    await flush();
    actor.send({ type: 'SYNC', credentials: [home] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 1 });
    await flush();
    fakes.fetchLibraryAlbums.last.reject(new NetworkError(401, 'Unauthorized'));
    await flush();
    expect(tokenRefused).toEqual([home.url]);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.libraries[home.url]?.state).toBe('pending');
    // the renewed credential arrives and the library syncs with it
    actor.send({ type: 'SYNC', credentials: [{ ...home, token: 'tok-renewed' }] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 1 });
    await flush();
    expect(fakes.fetchLibraryAlbums.last.input).toEqual({ url: home.url, token: 'tok-renewed' });
    fakes.fetchLibraryAlbums.last.reject(new NetworkError(403, 'Forbidden'));
    await flush();
    expect(tokenRefused).toEqual([home.url]);
    expect(actor.getSnapshot().context.libraries[home.url]?.state).toBe('failed');
    expect(emitted).toEqual([
      { type: 'notify', severity: 'error', message: text.library.syncFailed('网络错误: 403 Forbidden') },
    ]);
  });

  it('after a good sync a later refusal may ask for fresh credentials again', async () => {
    const { actor, fakes } = start();
    const tokenRefused: string[] = [];
    actor.on('tokenRefused', (e) => tokenRefused.push(e.url));
    await flush();
    const refuse = async (lastUpdate: number) => {
      fakes.fetchLibraryInfo.last.resolve({ lastUpdate });
      await flush();
      fakes.fetchLibraryAlbums.last.reject(new NetworkError(401, 'Unauthorized'));
      await flush();
    };
    actor.send({ type: 'SYNC', credentials: [home] });
    await refuse(1);
    actor.send({ type: 'SYNC', credentials: [home] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 1 });
    await flush();
    fakes.fetchLibraryAlbums.last.resolve(packAlbumIds(['a1']));
    await flush();
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input));
    await flush();
    actor.send({ type: 'SYNC_ONE', credential: home });
    await refuse(2); // a changed library: its albums are listed again
    expect(tokenRefused).toEqual([home.url, home.url]);
  });

  it('the album ids leave the context once they are stored, or once storing failed (100,000 of them must not stay until the next job)', async () => {
    const { actor, fakes } = start();
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, away] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 1 });
    await flush();
    fakes.fetchLibraryAlbums.last.resolve(packAlbumIds(['a1', 'a2']));
    await flush();
    expect(actor.getSnapshot().context.albums).toEqual(packAlbumIds(['a1', 'a2']));
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input));
    await flush();
    expect(actor.getSnapshot().context.albums).toBeNull();
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 2 });
    await flush();
    fakes.fetchLibraryAlbums.last.resolve(packAlbumIds(['b1']));
    await flush();
    fakes.storeLibrary.last.reject(new Error('QuotaExceededError'));
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.albums).toBeNull();
  });

  it('a failure while listing albums or storing also fails alone', async () => {
    const { actor, fakes, emitted } = start();
    await flush();
    actor.send({ type: 'SYNC', credentials: [home] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 1 });
    await flush();
    fakes.fetchLibraryAlbums.last.reject(new BadResponseError());
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(emitted.at(-1)).toEqual({
      type: 'notify',
      severity: 'error',
      message: text.library.syncFailed(text.errors.badResponse),
    });
  });

  it('an unchanged last_update skips the album list and rewrite, renewing only the record; pages are not told to reload', async () => {
    const { actor, fakes, emitted } = start([record(home.url, 100)]);
    await flush();
    expect(actor.getSnapshot().context.libraries[home.url]?.record?.serverLastUpdate).toBe(100);
    actor.send({ type: 'SYNC', credentials: [home] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 100 });
    await flush();
    expect(fakes.fetchLibraryAlbums.calls).toHaveLength(0);
    expect(fakes.storeLibrary.last.input).toEqual({ url: home.url, lastUpdate: 100, albums: null });
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input));
    await flush();
    // the sync still succeeds, but local data is as it was: no reload of the open page, no replay in the player
    expect(actor.getSnapshot().context.libraries[home.url]?.state).toBe('synced');
    expect(emitted).toEqual([{ type: 'notify', severity: 'success', message: text.library.syncSucceeded }]);
    expect(actor.getSnapshot().context.generation).toBe(0);
  });

  it('a changed last_update syncs the albums again', async () => {
    const { actor, fakes } = start([record(home.url, 100)]);
    await flush();
    actor.send({ type: 'SYNC', credentials: [home] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 200 });
    await flush();
    expect(fakes.fetchLibraryAlbums.calls).toHaveLength(1);
  });

  it('each library syncs once a session; a failed one is tried again on the next change', async () => {
    const { actor, fakes } = start();
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, away] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 1 });
    await flush();
    fakes.fetchLibraryAlbums.last.resolve(packAlbumIds([]));
    await flush();
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input));
    await flush();
    fakes.fetchLibraryInfo.last.reject(new NetworkError(null)); // away fails
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, away] });
    expect(fakes.fetchLibraryInfo.calls.map((c) => c.input.url)).toEqual([home.url, away.url, away.url]);
  });

  it('two credentials for one library sync it once; a SYNC during a sync does not queue it twice', async () => {
    const { actor, fakes } = start();
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, cred('home2', home.url)] });
    actor.send({ type: 'SYNC', credentials: [home] });
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(fakes.fetchLibraryInfo.calls).toHaveLength(1);
  });

  it('SYNC_ONE syncs a library again even when it synced this session', async () => {
    const { actor, fakes } = start([record(home.url, 5)]);
    await flush();
    actor.send({ type: 'SYNC', credentials: [home] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 5 });
    await flush();
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input));
    await flush();
    actor.send({ type: 'SYNC_ONE', credential: home });
    expect(fakes.fetchLibraryInfo.calls).toHaveLength(2);
  });

  it('REMOVE deletes the local record and availability, and forgets the status', async () => {
    const { actor, fakes, emitted } = start([record(home.url, 1)]);
    await flush();
    actor.send({ type: 'REMOVE', url: home.url });
    expect(actor.getSnapshot().matches({ working: 'removing' })).toBe(true);
    expect(fakes.removeLibrary.last.input).toEqual({ url: home.url });
    fakes.removeLibrary.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.libraries[home.url]).toBeUndefined();
    expect(emitted).toEqual([{ type: 'librariesChanged', url: home.url }]);
  });

  it('REMOVE drops a queued sync of the same library', async () => {
    const { actor, fakes } = start();
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, away] });
    actor.send({ type: 'REMOVE', url: away.url });
    expect(actor.getSnapshot().context.queue).toEqual([{ kind: 'remove', url: away.url }]);
    fakes.fetchLibraryInfo.last.reject(new NetworkError(null));
    await flush();
    expect(fakes.removeLibrary.calls).toHaveLength(1);
  });

  it('a broken local store at start counts every library as never synced', async () => {
    const fakes = { loadRecords: fakeService<LibrarySummary[]>() };
    const actor = createActor(librarySyncMachine.provide({ actors: { loadRecords: fakes.loadRecords.logic } })).start();
    fakes.loadRecords.last.reject(new Error('浏览器本地数据库不可用'));
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.libraries).toEqual({});
  });

  it('RESET (signed out) drops the queue, the current job and what was synced', async () => {
    const { actor } = start([record(home.url, 1)]);
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, away] });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ queue: [], current: null, synced: [], libraries: {} });
  });
});
