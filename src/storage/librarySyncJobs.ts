// The storage jobs of a library sync, as messages: what the sync's own thread sends to the worker
// that does the IndexedDB writes (librarySync.worker.ts), and the handler that runs them there.
// Album ids travel as one newline-joined string: copying one string between threads is a memcpy,
// 100,000 separate strings are 100,000 allocations on the sending thread.
import { removeLibraryData, storeLibrarySync } from './librarySync';
import type { LibraryRecord } from './libraryDb';

/** a stored library record without its album list (the list stays where it was written) */
export type LibrarySummary = Omit<LibraryRecord, 'albums'>;

export type LibraryJob =
  | { id: number; kind: 'store'; url: string; lastUpdate: number; now: number; albums: string | null }
  | { id: number; kind: 'remove'; url: string };

export type LibraryJobAnswer = { id: number; ok: true; summary: LibrarySummary | null } | { id: number; ok: false; message: string };

/** ids → the one string a job carries (ids never contain a newline: they are UUIDs) */
export const packIds = (ids: readonly string[]): string => ids.join('\n');
const unpackIds = (packed: string): string[] => (packed === '' ? [] : packed.split('\n'));

export function summaryOf({ albums: _albums, ...summary }: LibraryRecord): LibrarySummary {
  return summary;
}

/** runs one job where IndexedDB is written (the worker, or this thread where there is none) */
export async function runLibraryJob(job: LibraryJob): Promise<LibraryJobAnswer> {
  try {
    if (job.kind === 'remove') {
      await removeLibraryData(job.url);
      return { id: job.id, ok: true, summary: null };
    }
    const albums = job.albums === null ? null : unpackIds(job.albums);
    const record = await storeLibrarySync({ url: job.url, lastUpdate: job.lastUpdate, albums }, job.now);
    return { id: job.id, ok: true, summary: summaryOf(record) };
  } catch (error) {
    return { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
