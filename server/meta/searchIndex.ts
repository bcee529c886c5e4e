import type { AlbumDetails } from './types.js';

/*
 * Indexes built once per loaded metadata repo, so that search and by-tag queries touch only the
 * albums / tracks that can match instead of scanning (and lower-casing) the whole repo per call.
 *
 * Search: a character-bigram inverted index. Titles are often Chinese/Japanese, so there are no
 * words to tokenise; any substring of two or more characters is found through its bigrams. Text is
 * lower-cased with toLowerCase (as the scan's test does) and cut into UTF-16 code-unit pairs, so the
 * index agrees with `String.includes` on every input, surrogate pairs included. Each field's last
 * code unit also gets a pair with END, so every code unit of the text is the first half of some
 * key: a one-character keyword is the union of the keys [c, *].
 *
 * The lists are a superset of the matches (bigrams may come from different fields, a keyword's
 * bigrams may sit apart), so the caller verifies every candidate with the scan's own test; the
 * results are therefore exactly the scan's, and lists are in repo order so the first N verified
 * candidates are the scan's first N.
 */

/** Second half of the key for a field's last code unit (U+FFFF is a noncharacter; if it does occur, a false candidate is only verified away). */
const END = 0xffff;
const key = (c1: number, c2: number): number => c1 * 0x10000 + c2;

/**
 * Feeds every text field of every item to `emit`, items in increasing index order; `field` numbers
 * the field within an item (0, 1, …), the same field always with the same number.
 */
type FieldScan = (emit: (item: number, field: number, text: string | undefined) => void) => void;

const varintBytes = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/**
 * Bigram key → dense slot number while building: open addressing over one typed array of
 * (key, slot) pairs, so a probe touches one cache line. (A Map keyed by these numbers is several
 * times slower: CJK keys exceed the small-integer range, so every key is a boxed number.)
 */
class KeyTable {
  size = 0;
  private bits = 12;
  /** cell h: [2h] the key as int32, [2h + 1] its slot or -1 */
  private cells = new Int32Array(2 << 12).fill(-1);

  /** The cell holding k, or the empty cell where it would go. */
  private find(k: number): number {
    const cells = this.cells;
    const mask = (1 << this.bits) - 1;
    const k32 = k | 0;
    let h = Math.imul(k32, 0x9e3779b1) >>> (32 - this.bits);
    while (cells[2 * h + 1] !== -1 && cells[2 * h] !== k32) h = (h + 1) & mask;
    return h;
  }

  /** The key's slot, or -1. */
  get(k: number): number {
    return this.cells[2 * this.find(k) + 1]!;
  }

  /** The key's slot, numbering new keys in order of arrival. */
  add(k: number): number {
    const h = this.find(k);
    const slot = this.cells[2 * h + 1]!;
    if (slot !== -1) return slot;
    this.cells[2 * h] = k;
    this.cells[2 * h + 1] = this.size;
    if (++this.size * 2 > 1 << this.bits) this.rehash();
    return this.size - 1;
  }

  set(k: number, slot: number): void {
    const h = this.find(k);
    this.cells[2 * h] = k;
    this.cells[2 * h + 1] = slot;
  }

  private rehash(): void {
    const old = this.cells;
    this.bits++;
    this.cells = new Int32Array(2 << this.bits).fill(-1);
    for (let c = 0; c < old.length; c += 2) if (old[c + 1] !== -1) this.set(old[c]!, old[c + 1]!);
  }

  /** Every key (as stored: unsigned), indexed by slot. */
  bySlot(): Uint32Array {
    const out = new Uint32Array(this.size);
    const cells = this.cells;
    for (let c = 0; c < cells.length; c += 2) if (cells[c + 1] !== -1) out[cells[c + 1]!] = cells[c]!;
    return out;
  }
}

function grow(a: Int32Array, need: number): Int32Array {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/**
 * A text's key slots: one key per code unit of the lower-cased text (see the header), looked up in
 * the build's key table. Remembers the last text of each field and keeps its slots when the next
 * item holds the same string (a track's artist is usually the previous track's), which skips the
 * lower-casing and the hashing, whose cache misses are most of the build's time.
 */
class SlotMemo {
  private readonly texts: (string | undefined)[] = [];
  private readonly slots: Int32Array[] = [];
  private readonly counts: number[] = [];
  /** After `read`: the slots and their number. */
  buffer: Int32Array = new Int32Array(0);
  length = 0;

  constructor(
    private readonly table: KeyTable,
    /** first pass: new keys are added; second pass: every key is there */
    private readonly adding: boolean,
  ) {}

  read(field: number, text: string): void {
    let slots = this.slots[field];
    if (this.texts[field] !== text || !slots) {
      const lower = text.toLowerCase();
      const n = lower.length;
      if (!slots || slots.length < n) slots = this.slots[field] = new Int32Array(Math.max(64, n * 2));
      for (let j = 0; j < n; j++) {
        const k = key(lower.charCodeAt(j), j + 1 < n ? lower.charCodeAt(j + 1) : END);
        slots[j] = this.adding ? this.table.add(k) : this.table.get(k);
      }
      this.texts[field] = text;
      this.counts[field] = n;
    }
    this.buffer = slots;
    this.length = this.counts[field]!;
  }
}

/** Reads one posting list: ascending item numbers, stored as varint gaps. */
class Cursor {
  /** current item; -1 before the first `next()` */
  value = -1;
  constructor(
    private readonly bytes: Uint8Array,
    private p: number,
    private readonly end: number,
  ) {}

  /** Moves to the next item; false at the end of the list. */
  next(): boolean {
    if (this.p >= this.end) return false;
    const bytes = this.bytes;
    let b = bytes[this.p++]!;
    let gap = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = bytes[this.p++]!;
      gap |= (b & 0x7f) << shift;
    }
    this.value += gap;
    return true;
  }

  /** Moves to the first item ≥ v (never backwards); false if there is none. */
  seek(v: number): boolean {
    while (this.value < v) if (!this.next()) return false;
    return true;
  }

  get remainingBytes(): number {
    return this.end - this.p;
  }
}

/*
 * Storage: keys sorted in one Uint32Array, and every posting list back to back in one Uint8Array as
 * varint gaps between successive item numbers (a track's artist is usually its neighbours', and
 * frequent bigrams have small gaps, so most postings take one byte: about 2.5 times smaller than
 * Int32 postings at 1M tracks). Lists are read forward only, which is all a merge needs.
 */
class NgramIndex {
  private constructor(
    private readonly keys: Uint32Array,
    /** byte offset of each key's list in `postings`, plus the end */
    private readonly offsets: Int32Array,
    private readonly postings: Uint8Array,
  ) {}

  /** Two passes over the text (measure, then write) so the postings go straight into one exact-size array. */
  static build(scan: FieldScan): NgramIndex {
    const table = new KeyTable(); // build only; the finished index binary-searches `keys`
    // Per slot, interleaved so one cache line serves both: [2s] the last item listed under the slot
    // (for the gap, and to list an item once), [2s + 1] the list's size in bytes (pass 1) or the
    // write position (pass 2).
    let state: Int32Array = new Int32Array(2048);
    for (let c = 0; c < state.length; c += 2) state[c] = -1;
    const adding = new SlotMemo(table, true);
    scan((item, field, text) => {
      if (!text) return;
      adding.read(field, text);
      if (2 * table.size > state.length) {
        const before = state.length;
        state = grow(state, 2 * table.size);
        for (let c = before; c < state.length; c += 2) state[c] = -1;
      }
      const slots = adding.buffer;
      for (let j = 0; j < adding.length; j++) {
        const c = 2 * slots[j]!;
        const prev = state[c]!;
        if (prev === item) continue;
        state[c + 1]! += varintBytes(item - prev);
        state[c] = item;
      }
    });

    // Renumber slots in key order, so lookups are a binary search over `keys` and the keys of one
    // first character (a one-character keyword) are one contiguous range.
    const size = table.size;
    const sortedKeys = table.bySlot().sort();
    const offsets = new Int32Array(size + 1);
    const next: Int32Array = new Int32Array(2 * size);
    for (let s = 0; s < size; s++) {
      const k = sortedKeys[s]!;
      offsets[s + 1] = offsets[s]! + state[2 * table.get(k) + 1]!;
      table.set(k, s);
      next[2 * s] = -1;
      next[2 * s + 1] = offsets[s]!;
    }
    state = next;
    const postings = new Uint8Array(offsets[size]!);
    const finding = new SlotMemo(table, false);
    scan((item, field, text) => {
      if (!text) return;
      finding.read(field, text);
      const slots = finding.buffer;
      for (let j = 0; j < finding.length; j++) {
        const c = 2 * slots[j]!;
        const prev = state[c]!;
        if (prev === item) continue;
        state[c] = item;
        let gap = item - prev;
        let p = state[c + 1]!;
        while (gap >= 0x80) {
          postings[p++] = (gap & 0x7f) | 0x80;
          gap >>>= 7;
        }
        postings[p++] = gap;
        state[c + 1] = p;
      }
    });
    return new NgramIndex(sortedKeys, offsets, postings);
  }

  /** Bytes held by the typed arrays (the index has no other per-key storage). */
  get bytes(): number {
    return this.keys.byteLength + this.offsets.byteLength + this.postings.byteLength;
  }

  /** First position in `keys` with a key ≥ k. */
  private lowerBound(k: number): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private cursor(slot: number): Cursor {
    return new Cursor(this.postings, this.offsets[slot]!, this.offsets[slot + 1]!);
  }

  /**
   * Calls `visit` with every item that may contain `needle` (already trimmed and lower-cased,
   * non-empty), in increasing order, until `visit` returns false. Candidates must be verified.
   */
  candidates(needle: string, visit: (item: number) => boolean): void {
    if (needle.length === 1) {
      const c = needle.charCodeAt(0);
      const from = this.lowerBound(key(c, 0));
      const to = this.lowerBound(key(c + 1, 0));
      const lists: Cursor[] = [];
      for (let s = from; s < to; s++) lists.push(this.cursor(s));
      union(lists, visit);
      return;
    }
    const wanted = new Set<number>();
    for (let j = 0; j + 1 < needle.length; j++) wanted.add(key(needle.charCodeAt(j), needle.charCodeAt(j + 1)));
    const lists: Cursor[] = [];
    for (const k of wanted) {
      const s = this.lowerBound(k);
      if (s === this.keys.length || this.keys[s] !== k) return; // a bigram nobody has: no match
      lists.push(this.cursor(s));
    }
    intersect(lists, visit);
  }
}

/** Items present in every list, in order, lazily: walks the shortest list and seeks in the others. */
function intersect(lists: Cursor[], visit: (item: number) => boolean): void {
  lists.sort((a, b) => a.remainingBytes - b.remainingBytes); // byte length ranks lists well enough
  const shortest = lists[0]!;
  outer: while (shortest.next()) {
    const v = shortest.value;
    for (let l = 1; l < lists.length; l++) {
      if (!lists[l]!.seek(v)) return; // a list is exhausted: nothing further can match
      if (lists[l]!.value !== v) continue outer;
    }
    if (!visit(v)) return;
  }
}

/** Items present in any list, in order, each once, lazily: a k-way merge on a binary min-heap. */
function union(lists: Cursor[], visit: (item: number) => boolean): void {
  const heap = lists.filter((c) => c.next()); // ordered by current value
  const down = (i: number): void => {
    const n = heap.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && heap[l]!.value < heap[m]!.value) m = l;
      if (r < n && heap[r]!.value < heap[m]!.value) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  let last = -1;
  while (heap.length) {
    const top = heap[0]!;
    if (top.value !== last) {
      last = top.value;
      if (!visit(last)) return;
    }
    if (!top.next()) {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    if (heap.length) down(0);
  }
}

/**
 * The indexes of one repo. Albums and tracks are numbered in repo iteration order (the order the
 * scan used), so index order is result order. Tracks are numbered album after album, disc after
 * disc; a track number is turned back into album / disc / track through `firstTrack` rather than
 * keeping arrays (or objects) per track.
 */
export interface MetaIndex {
  /** The albums Map the index was built from and its size then: a hand-built repo whose Map changed is re-indexed. */
  source: Map<string, AlbumDetails>;
  size: number;
  albums: AlbumDetails[];
  /** album index → number of its first track; one more entry holding the track count */
  firstTrack: Int32Array;
  albumText: NgramIndex;
  trackText: NgramIndex;
  /** tag key → indexes of the albums carrying it (album, disc or track), in repo order */
  tagAlbums: Map<string, Int32Array>;
}

export interface TrackRef {
  album: AlbumDetails;
  /** 0-based */
  disc: number;
  track: number;
}

/** Album, disc and track of track number `n`. */
export function trackAt(index: MetaIndex, n: number): TrackRef {
  const first = index.firstTrack;
  let lo = 0;
  let hi = index.albums.length - 1;
  while (lo < hi) {
    // last album whose first track is ≤ n (albums without tracks share their successor's number)
    const mid = (lo + hi + 1) >>> 1;
    if (first[mid]! <= n) lo = mid;
    else hi = mid - 1;
  }
  const album = index.albums[lo]!;
  let t = n - first[lo]!;
  let disc = 0;
  while (t >= album.discs[disc]!.tracks.length) t -= album.discs[disc++]!.tracks.length;
  return { album, disc, track: t };
}

export function buildMetaIndex(source: Map<string, AlbumDetails>): MetaIndex {
  const albums = [...source.values()];
  const firstTrack = new Int32Array(albums.length + 1);
  for (let i = 0; i < albums.length; i++) {
    let n = 0;
    for (const d of albums[i]!.discs) n += d.tracks.length;
    firstTrack[i + 1] = firstTrack[i]! + n;
  }

  // Exactly the fields the scan tested: album title / edition / artist / catalog, track title / artist.
  const albumText = NgramIndex.build((emit) => {
    for (let i = 0; i < albums.length; i++) {
      const a = albums[i]!;
      emit(i, 0, a.title);
      emit(i, 1, a.edition);
      emit(i, 2, a.artist);
      emit(i, 3, a.catalog);
    }
  });
  const trackText = NgramIndex.build((emit) => {
    let n = 0;
    for (const a of albums) {
      for (const d of a.discs) {
        for (const track of d.tracks) {
          emit(n, 0, track.title);
          emit(n++, 1, track.artist);
        }
      }
    }
  });

  const tagLists = new Map<string, number[]>();
  for (let i = 0; i < albums.length; i++) {
    for (const tag of new Set(albums[i]!.tags)) {
      const list = tagLists.get(tag);
      if (list) list.push(i);
      else tagLists.set(tag, [i]);
    }
  }
  const tagAlbums = new Map<string, Int32Array>();
  for (const [tag, list] of tagLists) tagAlbums.set(tag, Int32Array.from(list));

  return { source, size: source.size, albums, firstTrack, albumText, trackText, tagAlbums };
}
