// The jobs on the local library data, as messages: what the page's thread sends to the worker that
// does the IndexedDB work (library.worker.ts), and the handler that runs them there. A library's
// album list (100,000 ids in a big one) is only ever decoded there: syncs write it, and readers get
// one page of ids. The records themselves are small (their lists are stored apart) and are read on
// the page's thread, so a visitor who never syncs (a shared list signed out) starts no worker.
// Album ids travel packed (shared/albumIds.ts): copying a few strings between threads is a
// memcpy each, 100,000 separate strings are 100,000 allocations on the sending thread.
import { unpackAlbumIds, type PackedAlbumIds } from '@/shared/albumIds';
import { removeLibraryData, storeLibrarySync, type StoredSync } from './librarySync';
import { getLibraryAlbumSlice, type AlbumSlice, type LibraryRecord } from './libraryDb';
import { albumsAddedLast, albumsAtRandom } from '@/rules/albumPicks';
import { availabilityMark, everyAvailableAlbum, type EveryAlbum } from './availability';

export type { AlbumSlice, StoredSync };

/** a stored library record (its album list is stored apart, in blocks, and stays in the worker) */
export type LibrarySummary = LibraryRecord;

export type LibraryJob =
  | { id: number; kind: 'store'; url: string; lastUpdate: number; now: number; albums: PackedAlbumIds | null }
  | { id: number; kind: 'remove'; url: string }
  | { id: number; kind: 'albumSlice'; url: string; offset: number; size: number }
  | { id: number; kind: 'albumPicks'; pick: AlbumPick; limit: number; seed: number };

/** 主页's shelves over every library's albums: the last first seen (最近添加), or a seeded draw (随便听听) */
export type AlbumPick = 'addedLast' | 'atRandom';

/** what each kind of job answers */
export interface LibraryJobResults {
  /** the record, and how many albums were new to the library on this device (counted in the worker) */
  store: StoredSync;
  remove: null;
  albumSlice: AlbumSlice;
  albumPicks: string[];
}

export type LibraryJobAnswer =
  | { id: number; ok: true; result: LibraryJobResults[LibraryJob['kind']] }
  | { id: number; ok: false; message: string };

/**
 * Every library's albums, read once per state of the libraries: 主页 asks for two picks at once and
 * 换一批 for more, and each would read every block (100 of them for 100,000 albums) again. The
 * heads' mark says whether a sync or a removal changed anything since.
 */
let everyAlbum: { mark: string; read: Promise<EveryAlbum> } | null = null;
async function everyAlbumNow(): Promise<EveryAlbum> {
  const mark = await availabilityMark();
  if (everyAlbum?.mark !== mark) {
    const read = everyAvailableAlbum();
    everyAlbum = { mark, read };
    read.catch(() => {
      if (everyAlbum?.read === read) everyAlbum = null;
    });
  }
  return everyAlbum.read;
}

async function resultOf(job: LibraryJob): Promise<LibraryJobResults[LibraryJob['kind']]> {
  switch (job.kind) {
    case 'remove':
      await removeLibraryData(job.url);
      return null;
    case 'store': {
      const albums = job.albums === null ? null : unpackAlbumIds(job.albums);
      return storeLibrarySync({ url: job.url, lastUpdate: job.lastUpdate, albums }, job.now);
    }
    case 'albumSlice':
      return getLibraryAlbumSlice(job.url, job.offset, job.size);
    case 'albumPicks': {
      const { firstSeen } = await everyAlbumNow();
      return job.pick === 'addedLast'
        ? albumsAddedLast(firstSeen, job.limit)
        : albumsAtRandom([...firstSeen.keys()], job.limit, job.seed);
    }
  }
}

/** runs one job where IndexedDB is used (the worker, or this thread where there is none) */
export async function runLibraryJob(job: LibraryJob): Promise<LibraryJobAnswer> {
  try {
    return { id: job.id, ok: true, result: await resultOf(job) };
  } catch (error) {
    return { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
