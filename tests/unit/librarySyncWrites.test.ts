// Where a library sync's writes run (issue 16): behind a worker boundary. With a fake worker that
// runs jobs only when the test says so, the sync's thread posts one message (the ids as one
// string) and writes nothing itself; the writes happen where the job runs, and the answer is the
// record without its album list. Without workers (Node), the same job runs on this thread.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { getAlbumLibrariesMany } from '@/storage/albumDb';
import { getLibraryRecord } from '@/storage/libraryDb';
import { runLibraryJob, type LibraryJob, type LibraryJobAnswer } from '@/storage/librarySyncJobs';
import { createLibraryWrites, type JobWorker } from '@/storage/librarySyncWrites';
import { resetDatabases } from './localDatabases';

const URL_A = 'https://a.example';


beforeEach(resetDatabases);
afterEach(resetDatabases);

/** a worker whose jobs wait until `runAll()`; it runs them with the real worker's handler */
function fakeWorker() {
  const posted: LibraryJob[] = [];
  const listeners: ((event: { data: LibraryJobAnswer }) => void)[] = [];
  const worker: JobWorker = {
    postMessage: (job) => posted.push(structuredClone(job)),
    addEventListener: (type: string, listener: never) => {
      if (type === 'message') listeners.push(listener);
    },
  };
  return {
    worker,
    posted,
    async runAll() {
      for (const job of posted.splice(0)) {
        const answer = await runLibraryJob(job);
        for (const listener of listeners) listener({ data: structuredClone(answer) });
      }
    },
  };
}

const ids = Array.from({ length: 5_000 }, (_, i) => `album-${String(i).padStart(5, '0')}`);

describe('library writes behind a worker', () => {
  test('a store posts one job and writes nothing on this thread; the worker writes it all and answers without the album list', async () => {
    const fake = fakeWorker();
    let made = 0;
    const writes = createLibraryWrites(() => {
      made++;
      return fake.worker;
    });
    let settled = false;
    const stored = writes.store({ url: URL_A, lastUpdate: 7, albums: ids }, 1_000).then((summary) => {
      settled = true;
      return summary;
    });
    // let every pending callback of this thread run: nothing is written until the worker runs
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    expect(fake.posted).toHaveLength(1);
    const job = fake.posted[0]!;
    expect(job).toMatchObject({ kind: 'store', url: URL_A, lastUpdate: 7, now: 1_000 });
    expect(typeof (job as { albums: unknown }).albums).toBe('string');
    expect(await getLibraryRecord(URL_A)).toBeUndefined();
    expect((await getAlbumLibrariesMany([ids[0]!])).get(ids[0]!)).toEqual([]);

    await fake.runAll();
    expect(await stored).toEqual({ url: URL_A, serverLastUpdate: 7, lastSync: 1_000, albumCount: ids.length });
    const map = await getAlbumLibrariesMany([ids[0]!, ids.at(-1)!]);
    expect([...map.values()]).toEqual([[URL_A], [URL_A]]);
    expect((await getLibraryRecord(URL_A))?.albums).toHaveLength(ids.length);
    // one worker for every job
    const removed = writes.remove(URL_A);
    expect(fake.posted).toMatchObject([{ kind: 'remove', url: URL_A }]);
    await fake.runAll();
    await removed;
    expect(made).toBe(1);
    expect(await getLibraryRecord(URL_A)).toBeUndefined();
  });

  test('a job that fails where it runs rejects with its reason', async () => {
    const writes = createLibraryWrites(() => ({
      postMessage: (job) => queueMicrotask(() => answer({ id: job.id, ok: false, message: 'QuotaExceededError' })),
      addEventListener: (type: string, listener: never) => {
        if (type === 'message') answer = (data) => (listener as (event: { data: LibraryJobAnswer }) => void)({ data });
      },
    }));
    let answer: (data: LibraryJobAnswer) => void = () => {};
    await expect(writes.store({ url: URL_A, lastUpdate: 1, albums: ['x'] })).rejects.toThrow('QuotaExceededError');
  });

  test('a worker that fails to start rejects the jobs sent to it', async () => {
    let fail: ((event: { message?: string }) => void) | null = null;
    const writes = createLibraryWrites(() => ({
      postMessage: () => {},
      addEventListener: (type: string, listener: never) => {
        if (type === 'error') fail = listener;
      },
    }));
    const stored = writes.store({ url: URL_A, lastUpdate: 1, albums: ['x'] });
    fail!({ message: 'blocked by the page policy' });
    await expect(stored).rejects.toThrow('blocked by the page policy');
  });

  test('without workers the job runs on this thread, with the same result', async () => {
    const writes = createLibraryWrites(null);
    expect(await writes.store({ url: URL_A, lastUpdate: 3, albums: ['a', 'b'] }, 5)).toEqual({ url: URL_A, serverLastUpdate: 3, lastSync: 5, albumCount: 2 });
    expect((await getAlbumLibrariesMany(['a'])).get('a')).toEqual([URL_A]);
  });
});
