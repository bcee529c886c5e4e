// Where a library's IndexedDB work runs: behind a worker boundary. With a fake worker
// that runs jobs only when the test says so, the sync's thread posts one message (the ids as one
// string) and writes nothing itself; the writes happen where the job runs, and the answer is the
// record without its album list. Readers get one page of ids, never the whole list; the records
// alone are read on the page's thread.
// Without workers (Node), the same job runs on this thread. The worker script itself runs reads at
// once and writes in order.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { packAlbumIds } from '@/shared/albumIds';
import { getAlbumLibrariesMany } from '@/storage/albumDb';
import { getLibraryAlbums, getLibraryRecord, listLibraryRecords } from '@/storage/libraryDb';
import { runLibraryJob, type LibraryJob, type LibraryJobAnswer, type StoredSync } from '@/storage/libraryJobs';
import { createLibraryWorker, type JobWorker } from '@/storage/libraryWorker';
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
    const writes = createLibraryWorker(() => {
      made++;
      return fake.worker;
    });
    let settled = false;
    const stored = writes.store({ url: URL_A, lastUpdate: 7, albums: packAlbumIds(ids) }, 1_000).then((summary) => {
      settled = true;
      return summary;
    });
    // let every pending callback of this thread run: nothing is written until the worker runs
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    expect(fake.posted).toHaveLength(1);
    const job = fake.posted[0]!;
    expect(job).toMatchObject({ kind: 'store', url: URL_A, lastUpdate: 7, now: 1_000 });
    // the ids as they were read, packed: not 5,000 strings to clone
    expect((job as { albums: unknown }).albums).toEqual({ count: ids.length, pieces: [ids.join('\n')] });
    expect(await getLibraryRecord(URL_A)).toBeUndefined();
    expect((await getAlbumLibrariesMany([ids[0]!])).get(ids[0]!)).toEqual([]);

    await fake.runAll();
    expect(await stored).toEqual({
      record: { url: URL_A, serverLastUpdate: 7, lastSync: 1_000, albumCount: ids.length },
      newAlbums: ids.length,
    });
    const map = await getAlbumLibrariesMany([ids[0]!, ids.at(-1)!]);
    expect([...map.values()]).toEqual([[URL_A], [URL_A]]);
    expect(await getLibraryAlbums(URL_A)).toHaveLength(ids.length);
    // one worker for every job
    const removed = writes.remove(URL_A);
    expect(fake.posted).toMatchObject([{ kind: 'remove', url: URL_A }]);
    await fake.runAll();
    await removed;
    expect(made).toBe(1);
    expect(await getLibraryRecord(URL_A)).toBeUndefined();
  });

  test('once a store or a removal done by the worker is answered, this thread reads the new map: its cached heads are not used', async () => {
    // The worker is another thread with modules of its own: a fresh copy of the storage modules
    // plays it, so its writes reach this thread's cache only by the broadcast, which may come
    // after the answer (as it did in Chromium under load: a page then found no library for
    // any album until the next sync).
    // Its broadcasts are held until the test lets them go, as a slow one would be.
    const held: unknown[] = [];
    const RealChannel = globalThis.BroadcastChannel;
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        postMessage(message: unknown) {
          held.push(message);
        }
        addEventListener() {}
      },
    );
    vi.resetModules();
    const elsewhere = await import('@/storage/libraryJobs');
    const elsewhereAlbums = await import('@/storage/albumDb');
    const elsewhereLibraries = await import('@/storage/libraryDb');
    let answer: (data: LibraryJobAnswer) => void = () => {};
    const writes = createLibraryWorker(() => ({
      postMessage: (job) => void elsewhere.runLibraryJob(structuredClone(job)).then(answer),
      addEventListener: (type: string, listener: never) => {
        if (type === 'message') answer = (data) => (listener as (event: { data: LibraryJobAnswer }) => void)({ data });
      },
    }));
    try {
      // read once first: this thread now holds the map's heads as they were (no library)
      expect((await getAlbumLibrariesMany(['a'])).get('a')).toEqual([]);
      await writes.store({ url: URL_A, lastUpdate: 1, albums: packAlbumIds(['a', 'b']) });
      expect((await getAlbumLibrariesMany(['a'])).get('a')).toEqual([URL_A]);
      await writes.remove(URL_A);
      expect((await getAlbumLibrariesMany(['a'])).get('a')).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      const late = new RealChannel('album-availability');
      for (const message of held) late.postMessage(message);
      late.close();
      await elsewhereAlbums.closeAlbumDb();
      await elsewhereLibraries.closeLibraryDb();
    }
  });

  test('a long list travels as a few joined pieces, read back whole where the job runs', async () => {
    const many = Array.from({ length: 120_000 }, (_, i) => `album-${i}`);
    const packed = packAlbumIds(many);
    expect(packed.count).toBe(many.length);
    expect(packed.pieces.map((piece) => piece.split('\n').length)).toEqual([50_000, 50_000, 20_000]);
    expect(packAlbumIds([])).toEqual({ count: 0, pieces: [] });
    await runLibraryJob({ id: 1, kind: 'store', url: URL_A, lastUpdate: 1, now: 1, albums: packed });
    expect(await getLibraryAlbums(URL_A)).toEqual(many);
  });

  test('a job that fails where it runs rejects with its reason', async () => {
    const writes = createLibraryWorker(() => ({
      postMessage: (job) => queueMicrotask(() => answer({ id: job.id, ok: false, message: 'QuotaExceededError' })),
      addEventListener: (type: string, listener: never) => {
        if (type === 'message') answer = (data) => (listener as (event: { data: LibraryJobAnswer }) => void)({ data });
      },
    }));
    let answer: (data: LibraryJobAnswer) => void = () => {};
    await expect(writes.store({ url: URL_A, lastUpdate: 1, albums: packAlbumIds(['x']) })).rejects.toThrow(
      'QuotaExceededError',
    );
  });

  test('a worker that fails to start: its jobs, and every later one, run on this thread instead', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail: ((event: { message?: string }) => void) | null = null;
    let made = 0;
    const posted: LibraryJob[] = [];
    const worker = createLibraryWorker(() => {
      made++;
      return {
        postMessage: (job) => posted.push(job),
        addEventListener: (type: string, listener: never) => {
          if (type === 'error') fail = listener;
        },
      };
    });
    const stored = worker.store({ url: URL_A, lastUpdate: 1, albums: packAlbumIds(['x', 'y']) }, 9);
    const slice = worker.albumSlice(URL_A, 0, 30);
    expect(posted).toHaveLength(2);
    fail!({ message: 'blocked by the page policy' });
    expect(await stored).toEqual({
      record: { url: URL_A, serverLastUpdate: 1, lastSync: 9, albumCount: 2 },
      newAlbums: 2,
    });
    // the slice job was sent before the store ran; run here, it answers whatever it read
    await slice;
    expect(await worker.albumSlice(URL_A, 0, 30)).toEqual({ ids: ['x', 'y'], total: 2 });
    expect(await listLibraryRecords()).toEqual([{ url: URL_A, serverLastUpdate: 1, lastSync: 9, albumCount: 2 }]);
    expect(posted).toHaveLength(2);
    expect(made).toBe(1);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  test('without workers the job runs on this thread, with the same result', async () => {
    const writes = createLibraryWorker(null);
    expect(await writes.store({ url: URL_A, lastUpdate: 3, albums: packAlbumIds(['a', 'b']) }, 5)).toEqual({
      record: { url: URL_A, serverLastUpdate: 3, lastSync: 5, albumCount: 2 },
      newAlbums: 2,
    });
    expect((await getAlbumLibrariesMany(['a'])).get('a')).toEqual([URL_A]);
  });

  test('the store job counts the albums new to the library on this device: a first sync all, the same list 0, two more 2', async () => {
    // the job as the worker runs it: the ids arrive packed and are decoded and counted there
    let id = 0;
    const store = async (albums: string[] | null, lastUpdate: number) => {
      const answer = await runLibraryJob({
        id: ++id,
        kind: 'store',
        url: URL_A,
        lastUpdate,
        now: id,
        albums: albums && packAlbumIds(albums),
      });
      if (!answer.ok) throw new Error(answer.message);
      return answer.result as StoredSync;
    };
    expect((await store(ids, 1)).newAlbums).toBe(ids.length);
    expect((await store(ids, 2)).newAlbums).toBe(0);
    // unchanged since the last sync (last_update the same): nothing read, nothing new
    expect((await store(null, 2)).newAlbums).toBe(0);
    expect((await store([...ids, 'zz-new-1', 'aa-new-2'], 3)).newAlbums).toBe(2);
    // dropping albums brings none
    expect((await store(ids.slice(10), 4)).newAlbums).toBe(0);
    // another library holding an album already on this device: still new to that library
    const other = await runLibraryJob({
      id: 99,
      kind: 'store',
      url: 'https://b.example',
      lastUpdate: 1,
      now: 1,
      albums: packAlbumIds([ids[0]!]),
    });
    expect(other).toMatchObject({ ok: true, result: { newAlbums: 1 } });
  });

  test("主页's picks: the albums first seen last, newest first; one seed, one draw; a sync after them is seen", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const jobs = createLibraryWorker(null);
      vi.setSystemTime(1_000);
      await jobs.store({ url: URL_A, lastUpdate: 1, albums: packAlbumIds(ids) });
      vi.setSystemTime(2_000);
      await jobs.store({ url: URL_A, lastUpdate: 2, albums: packAlbumIds([...ids, 'zz-late', 'aa-late']) });
      // the two added last first (ties by id), then the rest by id
      expect(await jobs.albumPicks('addedLast', 4)).toEqual(['aa-late', 'zz-late', ids[0], ids[1]]);
      const draw = await jobs.albumPicks('atRandom', 20, 7);
      expect(new Set(draw).size).toBe(20);
      expect(await jobs.albumPicks('atRandom', 20, 7)).toEqual(draw);
      expect(await jobs.albumPicks('atRandom', 20, 8)).not.toEqual(draw);
      // the libraries change: the picks read them again
      vi.setSystemTime(3_000);
      await jobs.store({ url: 'https://b.example', lastUpdate: 1, albums: packAlbumIds(['mm-newest']) });
      expect(await jobs.albumPicks('addedLast', 1)).toEqual(['mm-newest']);
    } finally {
      vi.useRealTimers();
    }
  });

  test('readers get the records without their lists, and one page of a list with its length; the list itself never crosses', async () => {
    const fake = fakeWorker();
    const worker = createLibraryWorker(() => fake.worker);
    const stored = worker.store({ url: URL_A, lastUpdate: 7, albums: packAlbumIds(ids) }, 1_000);
    await fake.runAll();
    await stored;

    const page = worker.albumSlice(URL_A, 2_990, 30);
    const last = worker.albumSlice(URL_A, 4_980, 30);
    const past = worker.albumSlice(URL_A, 6_000, 30);
    const unknown = worker.albumSlice('https://never-synced.example', 0, 30);
    expect(fake.posted.map((job) => job.kind)).toEqual(['albumSlice', 'albumSlice', 'albumSlice', 'albumSlice']);
    const answers: LibraryJobAnswer[] = [];
    for (const job of fake.posted) answers.push(await runLibraryJob(job));
    await fake.runAll();
    // what crosses back: no answer carries more than one page of ids
    expect(Math.max(...answers.map((a) => JSON.stringify(a).length))).toBeLessThan(2_000);

    // the record alone, read on this thread: no job
    expect(await listLibraryRecords()).toEqual([
      { url: URL_A, serverLastUpdate: 7, lastSync: 1_000, albumCount: ids.length },
    ]);
    expect(fake.posted).toEqual([]);
    expect(await page).toEqual({ ids: ids.slice(2_990, 3_020), total: ids.length });
    expect(await last).toEqual({ ids: ids.slice(4_980), total: ids.length });
    expect(await past).toEqual({ ids: [], total: ids.length });
    expect(await unknown).toEqual({ ids: [], total: 0 });
  });
});

describe('the library worker script', () => {
  type Listener = (event: { data: LibraryJob }) => void;

  /** loads library.worker.ts against a stand-in for its global scope; resolves with what it posts */
  async function loadWorkerScript() {
    let listener: Listener | null = null;
    const answers: LibraryJobAnswer[] = [];
    const scope = {
      addEventListener: (type: string, l: Listener) => {
        if (type === 'message') listener = l;
      },
      postMessage: (answer: LibraryJobAnswer) => answers.push(answer),
    };
    Object.defineProperty(globalThis, 'self', { value: scope, configurable: true, writable: true });
    vi.resetModules();
    await import('@/storage/library.worker');
    return { send: (job: LibraryJob) => listener!({ data: job }), answers };
  }

  const realSelf = globalThis.self;
  afterEach(() => {
    Object.defineProperty(globalThis, 'self', { value: realSelf, configurable: true, writable: true });
  });

  test('a read is answered while a long write is still running; writes are answered in the order sent', async () => {
    const worker = await loadWorkerScript();
    await runLibraryJob({ id: 0, kind: 'store', url: URL_A, lastUpdate: 1, now: 1, albums: packAlbumIds(['x', 'y']) });
    worker.send({ id: 1, kind: 'store', url: 'https://big.example', lastUpdate: 1, now: 2, albums: packAlbumIds(ids) });
    worker.send({ id: 2, kind: 'remove', url: 'https://gone.example' });
    worker.send({ id: 3, kind: 'albumSlice', url: URL_A, offset: 0, size: 30 });
    await vi.waitFor(() => expect(worker.answers).toHaveLength(3), { timeout: 10_000 });
    expect(worker.answers.map((a) => a.id)).toEqual([3, 1, 2]);
    expect(worker.answers[0]).toEqual({ id: 3, ok: true, result: { ids: ['x', 'y'], total: 2 } });
  });
});
