// The shapes of the availability map as stored (docs/architecture.md#local-album-data): per library,
// its album ids sorted, in blocks of ALBUM_BLOCK_SIZE with each album's first-seen time, and a
// head that says where each block starts. Pure functions: the parsing of stored records (anything
// read from IndexedDB is checked) and the searches over them.
import { ALBUM_BLOCK_SIZE } from '@/shared/constants';
import { isRecord } from '@/rules/narrow';

/** one block of a library's availability: ids sorted (code-unit order), firstSeen parallel to them */
export interface AvailabilityBlock {
  url: string;
  block: number;
  ids: string[];
  /** when the library first listed each album (milliseconds since the epoch) */
  firstSeen: ArrayLike<number>;
}

/**
 * A block as stored: the ids newline-joined and the times a Float64Array, as IndexedDB copies one
 * string and one typed array in a memcpy each, where 1,000 strings and numbers are 2,000 values to
 * clone (and to decode on every read). Album ids never contain a newline.
 */
export interface StoredBlock {
  url: string;
  block: number;
  ids: string;
  firstSeen: Float64Array;
}

export const toStored = ({ url, block, ids, firstSeen }: AvailabilityBlock): StoredBlock => ({
  url,
  block,
  ids: ids.join('\n'),
  firstSeen: Float64Array.from(firstSeen),
});

/** what the client knows to find a library's blocks and to know whether its cached ones are current */
export interface AvailabilityHead {
  url: string;
  /** changes with every write of the library: a tab's cached blocks of another generation are stale */
  generation: number;
  /** the library's place among the libraries (the first stored is 0): ties of first-seen keep it */
  rank: number;
  /** each block's first id, ascending */
  firsts: string[];
  count: number;
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function ascending(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i++) if (!(ids[i - 1]! < ids[i]!)) return false;
  return true;
}

/** a stored block, or undefined (with a warning) when it is damaged or half written */
export function parseBlock(value: unknown): AvailabilityBlock | undefined {
  if (
    isRecord(value) &&
    typeof value.url === 'string' &&
    typeof value.block === 'number' &&
    typeof value.ids === 'string' &&
    value.firstSeen instanceof Float64Array
  ) {
    const ids = value.ids.split('\n');
    if (ids.length === value.firstSeen.length && ascending(ids))
      return { url: value.url, block: value.block, ids, firstSeen: value.firstSeen };
  }
  console.warn(
    'a damaged availability block was skipped',
    isRecord(value) ? { url: value.url, block: value.block } : value,
  );
  return undefined;
}

export function parseHead(value: unknown): AvailabilityHead | undefined {
  if (
    isRecord(value) &&
    typeof value.url === 'string' &&
    typeof value.generation === 'number' &&
    typeof value.rank === 'number' &&
    typeof value.count === 'number' &&
    isStringArray(value.firsts) &&
    ascending(value.firsts)
  ) {
    return { url: value.url, generation: value.generation, rank: value.rank, firsts: value.firsts, count: value.count };
  }
  console.warn('a damaged availability head was skipped', isRecord(value) ? { url: value.url } : value);
  return undefined;
}

/** the index of `id` in the ascending `ids`, or -1 */
export function indexOfSorted(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = ids[mid]!;
    if (at === id) return mid;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** the block that would hold `id`: the last whose first id is ≤ id, or -1 (before every block) */
export function blockOf(head: AvailabilityHead, id: string): number {
  let low = 0;
  let high = head.firsts.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (head.firsts[mid]! <= id) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** a library's sorted ids and first-seen times cut into blocks, and the head that finds them */
export function toBlocks(url: string, ids: readonly string[], firstSeen: readonly number[]): AvailabilityBlock[] {
  const blocks: AvailabilityBlock[] = [];
  for (let start = 0, block = 0; start < ids.length; start += ALBUM_BLOCK_SIZE, block++) {
    blocks.push({
      url,
      block,
      ids: ids.slice(start, start + ALBUM_BLOCK_SIZE),
      firstSeen: firstSeen.slice(start, start + ALBUM_BLOCK_SIZE),
    });
  }
  return blocks;
}

export function sameBlock(a: AvailabilityBlock | undefined, b: AvailabilityBlock): boolean {
  if (!a || a.ids.length !== b.ids.length) return false;
  for (let i = 0; i < a.ids.length; i++) if (a.ids[i] !== b.ids[i] || a.firstSeen[i] !== b.firstSeen[i]) return false;
  return true;
}

/** a fresh generation: different from any a tab may have cached for the library */
export const newGeneration = (): number => Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);

/** every block key of one library: [url, 0] … [url, +∞] */
export const blocksOf = (url: string): IDBKeyRange => IDBKeyRange.bound([url, 0], [url, Infinity]);
