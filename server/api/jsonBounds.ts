import { LIMITS } from './limits.js';

/*
 * A byte-level look at a JSON body before JSON.parse builds anything. JSON.parse is fast per byte
 * but slow per value: 8 MiB of nested `[[[[…]]]]` held the event loop for seconds, and so did a flat
 * array of 4 million zeros or an object of 600,000 keys, each built in full and then refused or
 * ignored by the route. This scan reads each byte once (≈ 10 ms for 8 MiB) and refuses a body that
 * no valid request of its route could be:
 * - nested deeper than the route's schema goes;
 * - an object with more members than any object of the schema could have (unknown keys are still
 *   accepted, as anniv-go's binding ignores them, but not by the hundred thousand);
 * - more values in all than the route's largest valid request holds.
 * The scan only bounds; JSON.parse and the route's checks still decide what is valid.
 */

export interface JsonBounds {
  /** Containers inside one another: `{}` is 1, `{"a":[]}` is 2. */
  depth: number;
  /** Members of any one object. */
  members: number;
  /** Array elements and object members over the whole body. */
  values: number;
}

/** Values one playlist item may carry: 3 members + `info` with 3-4 members, with room for extra keys. */
const VALUES_PER_ITEM = 32;

/** Forms of fixed shape (everything but the routes below). Stat, the deepest, is 3 levels. */
const DEFAULT_BOUNDS: JsonBounds = { depth: 4, members: LIMITS.jsonObjectMembers, values: 16 * 1024 };

/** Playlist writes: body → items → item → info (4 levels); 1,000 items or 10,000 item ids. */
const PLAYLIST_BOUNDS: JsonBounds = {
  depth: 4,
  members: LIMITS.jsonObjectMembers,
  values: Math.max(LIMITS.itemsPerRequest * VALUES_PER_ITEM, LIMITS.itemsPerPlaylist + LIMITS.jsonObjectMembers),
};

/**
 * Share creation: body → metadata → album → discs → disc → tracks → track → artists/tags (8 levels).
 * `albums` and `metadata` are maps with one member per album (at most one per track). The values
 * bound covers 10,000 songs entries of one track each (60,000 values), the `albums` map (10,000)
 * and client metadata up to the share's size limit (about 4 values per 40 bytes).
 */
const SHARE_BOUNDS: JsonBounds = { depth: 8, members: LIMITS.tracksPerShare, values: 256 * 1024 };

const ROUTE_BOUNDS = new Map<string, JsonBounds>([
  ['PUT /api/playlist', PLAYLIST_BOUNDS],
  ['PATCH /api/playlist', PLAYLIST_BOUNDS],
  ['POST /api/share', SHARE_BOUNDS],
]);

export function jsonBoundsFor(method: string, path: string): JsonBounds {
  return ROUTE_BOUNDS.get(`${method.toUpperCase()} ${path}`) ?? DEFAULT_BOUNDS;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * The scan as the body arrives: `feed` each chunk in order; the first answer other than null says
 * why the body is out of `bounds` (`nested deeper than 4 levels`, …), so a hostile body is refused
 * after its first bytes instead of after megabytes. Counts structure outside strings only; in UTF-8
 * the bytes of `"` and `\` never occur inside a multi-byte character, so strings are skipped byte
 * by byte (a string or an escape may go on into the next chunk).
 */
export class BoundsScan {
  // Per open container: 1 for an object, 0 for an array, and the members counted so far.
  private readonly isObject: Uint8Array;
  private readonly members: Uint32Array;
  private depth = 0;
  private values = 0;
  private inString = false;
  private escaped = false;
  /** closed more than it opened: not JSON, JSON.parse says so */
  private broken = false;

  constructor(private readonly bounds: JsonBounds) {
    this.isObject = new Uint8Array(bounds.depth + 1);
    this.members = new Uint32Array(bounds.depth + 1);
  }

  feed(chunk: Uint8Array): string | null {
    if (this.broken) return null;
    const { bounds, isObject, members } = this;
    const n = chunk.length;
    for (let i = 0; i < n; i++) {
      const b = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) this.inString = false;
      } else if (b === QUOTE) {
        this.inString = true;
      } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        if (++this.depth > bounds.depth) return `nested deeper than ${bounds.depth} levels`;
        if (++this.values > bounds.values) return `more than ${bounds.values} values`;
        isObject[this.depth] = b === OPEN_OBJECT ? 1 : 0;
        members[this.depth] = 1;
      } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
        if (--this.depth < 0) {
          this.broken = true;
          return null;
        }
      } else if (b === COMMA && this.depth > 0) {
        if (++this.values > bounds.values) return `more than ${bounds.values} values`;
        if (++members[this.depth]! > bounds.members && isObject[this.depth] === 1)
          return `an object with more than ${bounds.members} members`;
      }
    }
    return null;
  }
}
