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
import type { LibrarySummary, StoredSync } from '@/storage/libraryJobs';
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
    storeLibrary: fakeService<StoredSync, StoreLibraryInput>(),
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

/** what the store job answers; `newAlbums`: albums this device did not hold for the library (a first sync: all) */
const stored = (input: StoreLibraryInput, newAlbums = input.albums?.count ?? 0): StoredSync => ({
  record: { url: input.url, serverLastUpdate: input.lastUpdate, lastSync: 1000, albumCount: input.albums?.count ?? 1 },
  newAlbums,
});
const succeeded = (newAlbums: number): NotifyEvent => ({
  type: 'notify',
  severity: 'success',
  message: text.library.syncSucceeded(newAlbums),
});

describe('library sync', () => {
  it('syncs each credential in turn: info → albums → store, then 音频仓库同步成功 counting the new albums', async () => {
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
    // a sync nobody asked for (sign-in) tells its success because it brought albums, and how many
    expect(emitted).toEqual([{ type: 'librariesChanged', url: home.url }, succeeded(2)]);
    expect(succeeded(2).message).toBe('音频仓库同步成功，新增 2 张专辑');
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

  it('an unchanged last_update skips the album list and rewrite, renewing only the record; pages are not told to reload, no toast', async () => {
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
    // the sync still succeeds, but local data is as it was: no reload of the open page, no replay in
    // the player, and (a sync at sign-in or on a reload, with nothing new) no success toast
    expect(actor.getSnapshot().context.libraries[home.url]?.state).toBe('synced');
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.generation).toBe(0);
  });

  it('同步 pressed on an unchanged library: the success toast shows, without a count', async () => {
    const { actor, fakes, emitted } = start([record(home.url, 100)]);
    await flush();
    actor.send({ type: 'SYNC_ONE', credential: home });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 100 });
    await flush();
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input));
    await flush();
    expect(emitted).toEqual([succeeded(0)]);
    expect(succeeded(0).message).toBe('音频仓库同步成功');
    expect(actor.getSnapshot().context.generation).toBe(0);
  });

  it('同步 pressed on a changed library with nothing new (albums only dropped): pages reload and the toast shows', async () => {
    const { actor, fakes, emitted } = start([record(home.url, 100)]);
    await flush();
    actor.send({ type: 'SYNC_ONE', credential: home });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 200 });
    await flush();
    fakes.fetchLibraryAlbums.last.resolve(packAlbumIds(['a1']));
    await flush();
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input, 0));
    await flush();
    expect(emitted).toEqual([{ type: 'librariesChanged', url: home.url }, succeeded(0)]);
    expect(actor.getSnapshot().context.generation).toBe(1);
  });

  it('a sync at sign-in whose changed list brings nothing new: pages reload, no toast; one bringing albums counts them', async () => {
    const { actor, fakes, emitted } = start([record(home.url, 100), record(away.url, 100)]);
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, away] });
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 200 });
    await flush();
    fakes.fetchLibraryAlbums.last.resolve(packAlbumIds(['a1']));
    await flush();
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input, 0));
    await flush();
    expect(emitted).toEqual([{ type: 'librariesChanged', url: home.url }]);
    expect(actor.getSnapshot().context.libraries[home.url]?.state).toBe('synced');
    // the next library had 9 albums added since this device last synced it
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 300 });
    await flush();
    fakes.fetchLibraryAlbums.last.resolve(packAlbumIds(Array.from({ length: 10 }, (_, i) => `b${i}`)));
    await flush();
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input, 9));
    await flush();
    expect(emitted.slice(1)).toEqual([{ type: 'librariesChanged', url: away.url }, succeeded(9)]);
    expect(succeeded(9).message).toBe('音频仓库同步成功，新增 9 张专辑');
  });

  it("同步 pressed while the sync at sign-in is on its way: that sync is the listener's, its success is told", async () => {
    const { actor, fakes, emitted } = start([record(home.url, 100), record(away.url, 100)]);
    await flush();
    actor.send({ type: 'SYNC', credentials: [home, away] });
    // home is syncing, away waits its turn: 同步 on either makes its sync the listener's, once
    actor.send({ type: 'SYNC_ONE', credential: away });
    actor.send({ type: 'SYNC_ONE', credential: home });
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 100 });
    await flush();
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input));
    await flush();
    fakes.fetchLibraryInfo.last.resolve({ lastUpdate: 100 });
    await flush();
    fakes.storeLibrary.last.resolve(stored(fakes.storeLibrary.last.input));
    await flush();
    expect(emitted).toEqual([succeeded(0), succeeded(0)]);
    expect(fakes.fetchLibraryInfo.calls).toHaveLength(2);
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
