// Where a library's IndexedDB work runs: in a worker when the browser has workers (a first
// sync of 100,000 albums must not freeze the page, nor may reading its list), else on this thread
// (tests in Node, browsers without module workers, a worker that failed). The worker starts on the
// first job and stays for the next ones.
import {
  runLibraryJob,
  type AlbumPick,
  type AlbumSlice,
  type LibraryJob,
  type LibraryJobAnswer,
  type LibraryJobResults,
  type StoredSync,
} from './libraryJobs';
import type { PackedAlbumIds } from '@/shared/albumIds';
import { forgetCachedAvailability } from './availability';

/** a sync's result to store: the album list packed as `/albums` was read, or null when unchanged */
export interface StoreLibrary {
  url: string;
  lastUpdate: number;
  albums: PackedAlbumIds | null;
}

/** what the jobs need of a worker (tests pass a fake) */
export interface JobWorker {
  postMessage(job: LibraryJob): void;
  addEventListener(type: 'message', listener: (event: { data: LibraryJobAnswer }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

export type CreateJobWorker = () => JobWorker;

const browserWorker: CreateJobWorker | null =
  typeof Worker === 'undefined'
    ? null
    : () =>
        new Worker(new URL('./library.worker.ts', import.meta.url), {
          type: 'module',
          name: 'library',
        }) as unknown as JobWorker;

/** a job as sent, before it is numbered */
type Unnumbered<J> = J extends LibraryJob ? Omit<J, 'id'> : never;

/** runs a job on this thread, resolving with its result or rejecting with its reason */
async function runHere(job: LibraryJob): Promise<unknown> {
  const answer = await runLibraryJob(job);
  if (!answer.ok) throw new Error(answer.message);
  return answer.result;
}

export function createLibraryWorker(createWorker: CreateJobWorker | null = browserWorker) {
  let worker: JobWorker | null = null;
  // set once a worker failed: every job from then on runs on this thread
  let onThisThread = createWorker === null;
  let nextId = 1;
  const waiting = new Map<
    number,
    { job: LibraryJob; resolve: (result: unknown) => void; reject: (error: Error) => void }
  >();

  const started = (): JobWorker => {
    if (worker) return worker;
    const made = createWorker!();
    made.addEventListener('message', ({ data }) => {
      const job = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.ok) job?.resolve(data.result);
      else job?.reject(new Error(data.message));
    });
    // a worker that cannot start (no module workers, a blocked script) or dies: its jobs, and every
    // later one, run on this thread, slower for a big library but never failing for want of a
    // worker (each job can run twice: a sync's writes and a removal end in the same data)
    made.addEventListener('error', (event) => {
      console.warn(
        `library worker failed (${event.message || 'no reason given'}); its jobs run on the page from now on`,
      );
      onThisThread = true;
      worker = null;
      const jobs = [...waiting.values()];
      waiting.clear();
      for (const { job, resolve, reject } of jobs) runHere(job).then(resolve, reject);
    });
    worker = made;
    return made;
  };

  /** sends a job and resolves with what its kind answers (the handler's types say which) */
  const run = async <K extends LibraryJob['kind']>(
    unnumbered: Unnumbered<Extract<LibraryJob, { kind: K }>>,
  ): Promise<LibraryJobResults[K]> => {
    const job = { ...unnumbered, id: nextId++ } as LibraryJob;
    if (onThisThread) return (await runHere(job)) as LibraryJobResults[K];
    const target = started();
    return new Promise((resolve, reject) => {
      waiting.set(job.id, { job, resolve: (result) => resolve(result as LibraryJobResults[K]), reject });
      target.postMessage(job);
    });
  };

  /**
   * A write of the availability map: once it is answered, this thread forgets what it cached of the
   * map. The worker's broadcast says so too, but it may arrive after the answer (in Chromium under
   * load it did), and a page reloading on the answer would read the map as it was before.
   */
  const writing = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } finally {
      forgetCachedAvailability();
    }
  };

  return {
    /**
     * the storing part of a sync (docs/behaviour.md#library-sync) for one library; resolves with its
     * record, without the album list, and how many albums were new to it (counted in the worker)
     */
    store: ({ url, lastUpdate, albums }: StoreLibrary, now = Date.now()): Promise<StoredSync> =>
      writing(run<'store'>({ kind: 'store', url, lastUpdate, now, albums })),
    /** a removed library's albums and record */
    remove: async (url: string): Promise<void> => {
      await writing(run<'remove'>({ kind: 'remove', url }));
    },
    /** `size` album ids of the library from position `offset`, and how many it has */
    albumSlice: (url: string, offset: number, size: number): Promise<AlbumSlice> =>
      run<'albumSlice'>({ kind: 'albumSlice', url, offset, size }),
    /** `limit` album ids of every library's: the last first seen, or drawn with `seed` (read where the worker is) */
    albumPicks: (pick: AlbumPick, limit: number, seed = 0): Promise<string[]> =>
      run<'albumPicks'>({ kind: 'albumPicks', pick, limit, seed }),
  };
}

export const libraryWorker = createLibraryWorker();
