/**
 * Browser side of the sync benchmark (bundled by bench/sync.ts, run in headless Chromium). It
 * drives the app's own library sync machine with the app's own actors (src/features/library/actors.ts:
 * the annil client over fetch, IndexedDB through idb) and the logout cleanup (src/app/localData.ts), and returns
 * performance.now() deltas. It also checks the stored result, so a fast but wrong run fails loudly.
 */
import { createActor, type SnapshotFrom } from 'xstate';
import { clearLocalData } from '@/app/localData';
import { provideLibrarySync } from '@/features/library/sync';
import { packAlbumIds } from '@/shared/albumIds';
import type { Credential } from '@/shared/types';
import { getAlbumLibraries, getAlbumLibrariesMany } from '@/storage/albumDb';
import { getLibraryAlbums, listLibraryRecords } from '@/storage/libraryDb';
import { libraryWorker } from '@/storage/libraryWorker';
import { readLocal, writeLocal } from '@/storage/local';

export interface SyncTimings {
  firstSyncMs: number;
  resyncMs: number;
  cleanupMs: number;
  /** the longest main-thread task (PerformanceObserver longtask, > 50 ms) during the first sync; 0 when none */
  longestTaskMs: number;
  /** JS heap in use right after the first sync (performance.memory, no forced GC), MB */
  heapAfterSyncMb: number;
  albumCount: number;
}

type Machine = ReturnType<typeof provideLibrarySync>;
type Actor = ReturnType<typeof createActor<Machine>>;

/**
 * Resolves with performance.now() taken in the same tick as the first snapshot that passes `done`
 * (not after a later await), or rejects with what `done` throws.
 */
function timeUntil(actor: Actor, done: (s: SnapshotFrom<Machine>) => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    let sub: { unsubscribe(): void } | undefined;
    let settled = false;
    const check = (snapshot: SnapshotFrom<Machine>) => {
      if (settled) return;
      try {
        if (!done(snapshot)) return;
        resolve(performance.now());
      } catch (error) {
        reject(error);
      }
      settled = true;
      sub?.unsubscribe();
    };
    check(actor.getSnapshot());
    if (!settled) sub = actor.subscribe({ next: check, error: reject });
  });
}

/**
 * The library finished the sync job started after `lastSync` (its record's sync time changed: a
 * changed library also bumps the generation, an unchanged one only renews the record); a failure
 * rejects with its message.
 */
function syncedAfter(actor: Actor, url: string, lastSync: number | undefined): Promise<number> {
  return timeUntil(actor, (s) => {
    const status = s.context.libraries[url];
    if (status?.state === 'failed') throw new Error(`sync failed: ${status.error}`);
    return status?.state === 'synced' && status.record !== undefined && status.record.lastSync !== lastSync;
  });
}

const lastSyncOf = (actor: Actor, url: string) => actor.getSnapshot().context.libraries[url]?.record?.lastSync;

async function run(url: string): Promise<SyncTimings> {
  const credential: Credential = {
    id: 'bench',
    name: 'bench',
    url,
    token: 'bench-token',
    priority: 0,
    controlled: false,
  };
  const actor = createActor(provideLibrarySync());
  actor.start();
  // at boot the machine first reads the local records; the sync starts after that, as in the app
  await timeUntil(actor, (s) => !s.matches('loadingRecords'));

  // every main-thread task over 50 ms while the first sync runs
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: 'longtask' });
  let started = performance.now();
  let finished = syncedAfter(actor, url, lastSyncOf(actor, url));
  actor.send({ type: 'SYNC', credentials: [credential] });
  const firstSyncMs = (await finished) - started;
  // entries are delivered after the task; give the observer a turn
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  const longestTaskMs = Math.max(0, ...longTasks);
  const heapAfterSyncMb =
    ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 1e6;

  const [record] = await listLibraryRecords();
  const albums = record ? await getLibraryAlbums(record.url) : [];
  const sample = await getAlbumLibrariesMany([albums[0] ?? '', albums.at(-1) ?? '']);
  if (albums.length === 0 || [...sample.values()].some((libs) => libs.join() !== url)) {
    throw new Error('first sync did not store the availability map');
  }

  started = performance.now();
  finished = syncedAfter(actor, url, lastSyncOf(actor, url));
  actor.send({ type: 'SYNC_ONE', credential });
  const resyncMs = (await finished) - started;
  actor.stop();

  // what a signed-in session has in localStorage when it logs out
  writeLocal('userInfo', {
    userId: 'u1',
    email: 'bench@example.com',
    nickname: 'bench',
    avatar: '',
    twoFactorEnabled: false,
  });
  writeLocal('playlist', {
    tracks: [{ albumId: albums[0]!, discId: 1, trackId: 1, title: 't', artist: 'a', albumTitle: 'x', type: 'normal' }],
    index: 0,
  });
  started = performance.now();
  await clearLocalData();
  const cleanupMs = performance.now() - started;

  const left = (await listLibraryRecords()).length + (await getAlbumLibraries(albums[0]!)).length;
  if (left > 0 || readLocal('userInfo') !== null || readLocal('playlist').tracks.length > 0) {
    throw new Error('logout cleanup left local data behind');
  }
  return { firstSyncMs, resyncMs, cleanupMs, longestTaskMs, heapAfterSyncMb, albumCount: albums.length };
}

export interface LookupTimings {
  /** storing two more libraries beside the synced one (the worker's writes), ms */
  storeTwoMoreMs: number;
  /** the first look-up of one album in this tab: its three libraries' blocks are read */
  coldMs: number;
  /** one look-up of another album, blocks not yet read (median of 20) */
  uncachedMs: number;
  /** one look-up whose blocks this tab has read (median of 200) */
  cachedMs: number;
}

const medianOf = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * "Which libraries hold album X" over three libraries of `/albums`' size: the synced one, one that
 * shares every other album, one that shares the second half. Each look-up is the app's own
 * (getAlbumLibrariesMany, as the album page and the player ask), on this page's thread.
 */
async function lookups(url: string): Promise<LookupTimings> {
  const ids = (await (await fetch(`${url}/albums`)).json()) as string[];
  const credential: Credential = {
    id: 'bench',
    name: 'bench',
    url,
    token: 'bench-token',
    priority: 0,
    controlled: false,
  };
  const actor = createActor(provideLibrarySync());
  actor.start();
  await timeUntil(actor, (s) => !s.matches('loadingRecords'));
  const synced = syncedAfter(actor, url, lastSyncOf(actor, url));
  actor.send({ type: 'SYNC', credentials: [credential] });
  await synced;
  actor.stop();
  const started = performance.now();
  await libraryWorker.store({
    url: 'https://every-other.example',
    lastUpdate: 1,
    albums: packAlbumIds(ids.filter((_, i) => i % 2 === 0)),
  });
  await libraryWorker.store({
    url: 'https://second-half.example',
    lastUpdate: 1,
    albums: packAlbumIds(ids.slice(ids.length / 2)),
  });
  const storeTwoMoreMs = performance.now() - started;
  const timed = async (id: string) => {
    const t = performance.now();
    const found = await getAlbumLibrariesMany([id]);
    const ms = performance.now() - t;
    if ((found.get(id) ?? []).length === 0) throw new Error(`no library holds ${id}`);
    return ms;
  };
  const coldMs = await timed(ids[ids.length - 1]!);
  const uncached: number[] = [];
  // ids far apart: each look-up lands in blocks not read yet
  for (let k = 0; k < 20; k++) uncached.push(await timed(ids[Math.floor(((k + 0.5) * ids.length) / 20)]!));
  const cached: number[] = [];
  for (let k = 0; k < 200; k++) cached.push(await timed(ids[Math.floor((((k % 20) + 0.5) * ids.length) / 20)]!));
  await clearLocalData();
  return { storeTwoMoreMs, coldMs, uncachedMs: medianOf(uncached), cachedMs: medianOf(cached) };
}

declare global {
  interface Window {
    syncBench: { run: typeof run; lookups: typeof lookups };
  }
}
window.syncBench = { run, lookups };
