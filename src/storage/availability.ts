// Which libraries hold an album (docs/architecture.md#local-album-data): written per library, one
// transaction for its head and all its blocks, so a reader in any tab sees a library's whole old
// list or its whole new one; read by a binary search in the block the head points at. A tab keeps
// the blocks it has read, and drops a library's when its head's generation changes.
import type { IDBPTransaction } from 'idb';
import { ALBUM_HEAD_STORE, ALBUM_LIBRARY_STORE, albumDbHandle, type AlbumDbSchema } from './albumDbHandle';
import {
  blockOf,
  blocksOf,
  indexOfSorted,
  newGeneration,
  parseBlock,
  parseHead,
  sameBlock,
  toBlocks,
  toStored,
  type AvailabilityBlock,
  type AvailabilityHead,
} from './albumBlocks';

/** an album as the map knows it: the libraries that hold it, and when it first appeared */
export interface AlbumLibraryRecord {
  albumId: string;
  /** urls of the libraries that hold the album (the library stored first, first) */
  availableLibraries: string[];
  /** the earliest first-seen time over its libraries */
  createdAt: Date;
}

/** the heads read, damaged ones left out (parseHead warns) */
const headsOf = (values: readonly unknown[]): AvailabilityHead[] =>
  values.map(parseHead).filter((h): h is AvailabilityHead => h !== undefined);

type WriteTx = IDBPTransaction<AlbumDbSchema, [typeof ALBUM_HEAD_STORE, typeof ALBUM_LIBRARY_STORE], 'readwrite'>;

/**
 * The first-seen time other libraries give each of `ids` (albums new to `url`): an album keeps the
 * time it first appeared while any library holds it. Reads only the blocks that could hold one.
 */
async function firstSeenElsewhere(tx: WriteTx, url: string, ids: readonly string[]): Promise<Map<string, number>> {
  const earliest = new Map<string, number>();
  if (ids.length === 0) return earliest;
  const store = tx.objectStore(ALBUM_LIBRARY_STORE);
  const heads = headsOf(await tx.objectStore(ALBUM_HEAD_STORE).getAll()).filter((h) => h.url !== url);
  const reads: Promise<void>[] = [];
  for (const head of heads) {
    const wanted = new Map<number, string[]>();
    for (const id of ids) {
      const no = blockOf(head, id);
      if (no < 0) continue;
      const asked = wanted.get(no);
      if (asked) asked.push(id);
      else wanted.set(no, [id]);
    }
    for (const [no, asked] of wanted) {
      reads.push(
        store.get([head.url, no]).then((value) => {
          const block = value === undefined ? undefined : parseBlock(value);
          for (const id of asked) {
            const at = block ? indexOfSorted(block.ids, id) : -1;
            if (at >= 0) earliest.set(id, Math.min(earliest.get(id) ?? Infinity, block!.firstSeen[at]!));
          }
        }),
      );
    }
  }
  await Promise.all(reads);
  return earliest;
}

/**
 * Writes one library's availability as `next(current ids)` says, in one transaction. Albums it
 * already held keep their first-seen time; new ones get the album's time in another library, or
 * now. Unchanged blocks are not written, and a library whose list did not change writes nothing.
 * A damaged stored block is rewritten (its albums count as new). Resolves with how many albums the
 * library did not hold before, counted here where the ids are decoded anyway.
 */
async function writeLibrary(url: string, next: (current: readonly string[]) => Iterable<string>): Promise<number> {
  const db = await albumDbHandle.get();
  const tx = db.transaction([ALBUM_HEAD_STORE, ALBUM_LIBRARY_STORE], 'readwrite');
  const heads = tx.objectStore(ALBUM_HEAD_STORE);
  const store = tx.objectStore(ALBUM_LIBRARY_STORE);
  const [headValue, stored] = await Promise.all([heads.get(url), store.getAll(blocksOf(url))]);
  const head = headValue === undefined ? undefined : parseHead(headValue);
  const old = stored.map(parseBlock);
  const seen = new Map<string, number>();
  for (const block of old) {
    if (!block) continue;
    for (const [i, id] of block.ids.entries()) seen.set(id, block.firstSeen[i]!);
  }
  // code-unit order, as the look-ups compare
  const ids = [...new Set(next([...seen.keys()]))].sort();
  const now = Date.now();
  const added = ids.filter((id) => !seen.has(id));
  const elsewhere = await firstSeenElsewhere(tx, url, added);
  const blocks = toBlocks(
    url,
    ids,
    ids.map((id) => seen.get(id) ?? elsewhere.get(id) ?? now),
  );
  const changed = blocks.length !== old.length || blocks.some((block, i) => !sameBlock(old[i], block));
  if (!changed && head && head.count === ids.length) {
    await tx.done;
    return added.length;
  }
  const rank = head?.rank ?? (await rankAfterAll(heads));
  const writes: Promise<unknown>[] = blocks
    .filter((block, i) => !sameBlock(old[i], block))
    .map((block) => store.put(toStored(block)));
  if (old.length > blocks.length) writes.push(store.delete(IDBKeyRange.bound([url, blocks.length], [url, Infinity])));
  if (ids.length === 0) writes.push(heads.delete(url));
  else
    writes.push(
      heads.put({ url, generation: newGeneration(), rank, firsts: blocks.map((b) => b.ids[0]!), count: ids.length }),
    );
  await Promise.all([...writes, tx.done]);
  announceAvailabilityChange();
  return added.length;
}

/** a new library's rank: after every stored one */
async function rankAfterAll(heads: { getAll(): Promise<unknown[]> }): Promise<number> {
  const ranks = (await heads.getAll()).map((value) => parseHead(value)?.rank ?? 0);
  return ranks.length === 0 ? 0 : Math.max(...ranks) + 1;
}

/** makes `url` listed for exactly `albumIds` (a sync); resolves with how many of them it did not hold before */
export function setLibraryAlbums(url: string, albumIds: readonly string[]): Promise<number> {
  return writeLibrary(url, () => albumIds);
}

/** records `url` as holding each album too; albums it already holds keep their first-seen time */
export async function addLibraryToAlbums(url: string, albumIds: readonly string[]): Promise<void> {
  await writeLibrary(url, (current) => [...current, ...albumIds]);
}

/** takes `url` out of every album's list (library deleted): its head and blocks go in one transaction */
export async function removeLibraryFromAlbums(url: string): Promise<void> {
  const db = await albumDbHandle.get();
  const tx = db.transaction([ALBUM_HEAD_STORE, ALBUM_LIBRARY_STORE], 'readwrite');
  await Promise.all([
    tx.objectStore(ALBUM_HEAD_STORE).delete(url),
    tx.objectStore(ALBUM_LIBRARY_STORE).delete(blocksOf(url)),
    tx.done,
  ]);
  announceAvailabilityChange();
}

/** blocks this tab has read, per library, for one generation; null: the block was damaged */
const cache = new Map<string, { generation: number; blocks: Map<number, AvailabilityBlock | null> }>();
/** past this many cached blocks (a 1,000,000-album library browsed far) the cache starts afresh */
const CACHED_BLOCKS_MAX = 300;
let cachedBlocks = 0;
/**
 * The heads last read, kept only where writes are announced (below): then a look-up whose blocks
 * are cached needs no transaction at all. An answer from them may be a moment old, never mixed.
 */
let cachedHeads: AvailabilityHead[] | null = null;

/** every write of the map, in any tab or worker of this origin, is announced here */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('album-availability');
channel?.addEventListener('message', () => forgetCachedAvailability());
// in Node (tests) an open channel would keep the process alive
(channel as { unref?: () => void } | null)?.unref?.();

/** forgets this tab's cached heads and blocks (the map changed) */
export function forgetCachedAvailability(): void {
  cache.clear();
  cachedBlocks = 0;
  cachedHeads = null;
}

/** after a write (a clear too): this thread forgets at once, the others when the message arrives */
export function announceAvailabilityChange(): void {
  forgetCachedAvailability();
  channel?.postMessage('changed');
}

function cachedFor(head: AvailabilityHead): Map<number, AvailabilityBlock | null> {
  const entry = cache.get(head.url);
  if (entry && entry.generation === head.generation) return entry.blocks;
  if (entry) cachedBlocks -= entry.blocks.size;
  const blocks = new Map<number, AvailabilityBlock | null>();
  cache.set(head.url, { generation: head.generation, blocks });
  return blocks;
}

type Holder = { url: string; firstSeen: number; rank: number };

/** the asked albums' holders from `heads` and their blocks (every block needed must be in `maps`) */
function holdersOf(
  ids: readonly string[],
  heads: readonly AvailabilityHead[],
  maps: readonly Map<number, AvailabilityBlock | null>[],
): Map<string, Holder[]> {
  const found = new Map(ids.map((id) => [id, [] as Holder[]]));
  heads.forEach((head, h) => {
    for (const id of ids) {
      const block = maps[h]!.get(blockOf(head, id));
      const at = block ? indexOfSorted(block.ids, id) : -1;
      if (block && at >= 0) found.get(id)!.push({ url: head.url, firstSeen: block.firstSeen[at]!, rank: head.rank });
    }
  });
  for (const holders of found.values()) holders.sort((a, b) => a.firstSeen - b.firstSeen || a.rank - b.rank);
  return found;
}

const allCached = (ids: readonly string[], heads: readonly AvailabilityHead[]) =>
  heads.every((head) => {
    const blocks = cache.get(head.url);
    return (
      blocks?.generation === head.generation &&
      ids.every((id) => blockOf(head, id) < 0 || blocks.blocks.has(blockOf(head, id)))
    );
  });

/** where each asked album is found: its libraries, first-seen times and ranks */
async function locate(albumIds: readonly string[]): Promise<Map<string, Holder[]>> {
  const ids = [...new Set(albumIds)];
  if (ids.length === 0) return new Map();
  if (cachedHeads && allCached(ids, cachedHeads)) return holdersOf(ids, cachedHeads, cachedHeads.map(cachedFor));
  if (cachedBlocks > CACHED_BLOCKS_MAX) forgetCachedAvailability();
  const db = await albumDbHandle.get();
  // heads and the blocks they point at come from one transaction: one generation of each library
  const tx = db.transaction([ALBUM_HEAD_STORE, ALBUM_LIBRARY_STORE], 'readonly');
  const store = tx.objectStore(ALBUM_LIBRARY_STORE);
  const heads = headsOf(await tx.objectStore(ALBUM_HEAD_STORE).getAll());
  // the maps are held here: a write announced meanwhile empties the cache, not this answer
  const maps = heads.map(cachedFor);
  const reads: Promise<void>[] = [];
  heads.forEach((head, h) => {
    const blocks = maps[h]!;
    for (const id of ids) {
      const no = blockOf(head, id);
      if (no < 0 || blocks.has(no)) continue;
      blocks.set(no, null);
      cachedBlocks++;
      reads.push(
        store
          .get([head.url, no])
          .then((value) => void blocks.set(no, value === undefined ? null : (parseBlock(value) ?? null))),
      );
    }
  });
  await Promise.all([...reads, tx.done]);
  if (channel) cachedHeads = heads;
  return holdersOf(ids, heads, maps);
}

/** library urls for many albums at once; every asked id is in the map ([] when none) */
export async function getAlbumLibrariesMany(albumIds: readonly string[]): Promise<Map<string, string[]>> {
  const found = await locate(albumIds);
  return new Map([...new Set(albumIds)].map((id) => [id, (found.get(id) ?? []).map((h) => h.url)]));
}

/** the urls of the libraries holding the album ([] when none) */
export async function getAlbumLibraries(albumId: string): Promise<string[]> {
  return (await getAlbumLibrariesMany([albumId])).get(albumId) ?? [];
}

export async function getAlbumRecord(albumId: string): Promise<AlbumLibraryRecord | undefined> {
  const holders = (await locate([albumId])).get(albumId) ?? [];
  if (holders.length === 0) return undefined;
  return {
    albumId,
    availableLibraries: holders.map((h) => h.url),
    createdAt: new Date(Math.min(...holders.map((h) => h.firstSeen))),
  };
}

/** every album of every library with its earliest first-seen time (ms), and a mark that changes with any library's write */
export interface EveryAlbum {
  firstSeen: Map<string, number>;
  /** the libraries' generations: equal marks, equal maps */
  mark: string;
}

/**
 * Every album the libraries hold (smart playlists read them all): one transaction over the heads
 * and all their blocks. Meant for a worker: 100,000 albums are 100 block reads and one split each.
 */
export async function everyAvailableAlbum(): Promise<EveryAlbum> {
  const db = await albumDbHandle.get();
  const tx = db.transaction([ALBUM_HEAD_STORE, ALBUM_LIBRARY_STORE], 'readonly');
  const heads = headsOf(await tx.objectStore(ALBUM_HEAD_STORE).getAll());
  const blocks = await Promise.all(heads.map((head) => tx.objectStore(ALBUM_LIBRARY_STORE).getAll(blocksOf(head.url))));
  await tx.done;
  const firstSeen = new Map<string, number>();
  for (const stored of blocks.flat()) {
    const block = parseBlock(stored);
    if (!block) continue;
    block.ids.forEach((id, i) => {
      const at = block.firstSeen[i]!;
      const known = firstSeen.get(id);
      if (known === undefined || at < known) firstSeen.set(id, at);
    });
  }
  return { firstSeen, mark: markOf(heads) };
}

/** the libraries' generations in one string, whatever order the heads were read in */
const markOf = (heads: readonly AvailabilityHead[]): string =>
  heads
    .map((head) => `${head.url} ${head.generation}`)
    .sort()
    .join('\n');

/** the mark of everyAvailableAlbum without reading the blocks */
export async function availabilityMark(): Promise<string> {
  const heads = headsOf(await (await albumDbHandle.get()).getAll(ALBUM_HEAD_STORE));
  return markOf(heads);
}
