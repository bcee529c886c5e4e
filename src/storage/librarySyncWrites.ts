// Where a library sync's writes run: in a worker when the browser has workers (issue 16: a first
// sync of 100,000 albums must not freeze the page), else on this thread (tests in Node, old
// browsers). The worker starts on the first job and stays for the next ones.
import { packIds, runLibraryJob, type LibraryJob, type LibraryJobAnswer, type LibrarySummary } from './librarySyncJobs';
import type { LibrarySnapshot } from './librarySync';

/** what the writes need of a worker (tests pass a fake) */
export interface JobWorker {
  postMessage(job: LibraryJob): void;
  addEventListener(type: 'message', listener: (event: { data: LibraryJobAnswer }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

export type CreateJobWorker = () => JobWorker;

const browserWorker: CreateJobWorker | null =
  typeof Worker === 'undefined' ? null : () => new Worker(new URL('./librarySync.worker.ts', import.meta.url), { type: 'module', name: 'library-sync' }) as unknown as JobWorker;

export function createLibraryWrites(createWorker: CreateJobWorker | null = browserWorker) {
  let worker: JobWorker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (summary: LibrarySummary | null) => void; reject: (error: Error) => void }>();

  const started = (): JobWorker => {
    if (worker) return worker;
    const made = createWorker!();
    made.addEventListener('message', ({ data }) => {
      const job = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.ok) job?.resolve(data.summary);
      else job?.reject(new Error(data.message));
    });
    // a worker that cannot start (blocked script, crash) fails the jobs sent to it
    made.addEventListener('error', (event) => {
      for (const job of waiting.values()) job.reject(new Error(event.message || 'library sync worker failed'));
      waiting.clear();
      worker = null;
    });
    worker = made;
    return made;
  };

  const run = async (job: LibraryJob): Promise<LibrarySummary | null> => {
    if (!createWorker) {
      const answer = await runLibraryJob(job);
      if (!answer.ok) throw new Error(answer.message);
      return answer.summary;
    }
    const target = started();
    return new Promise((resolve, reject) => {
      waiting.set(job.id, { resolve, reject });
      target.postMessage(job);
    });
  };

  return {
    /** spec 4.4 steps 3–5 for one library; resolves with its record, without the album list */
    async store({ url, lastUpdate, albums }: LibrarySnapshot, now = Date.now()): Promise<LibrarySummary> {
      const summary = await run({ id: nextId++, kind: 'store', url, lastUpdate, now, albums: albums === null ? null : packIds(albums) });
      return summary!;
    },
    /** a removed library's albums and record */
    async remove(url: string): Promise<void> {
      await run({ id: nextId++, kind: 'remove', url });
    },
  };
}

export const libraryWrites = createLibraryWrites();
