import type { Db } from '../db.js';
import type { TrackId } from './input.js';

/*
 * A user's plays per track in [from, to], counted from `stat_days` (schema 9, server/db.ts): a row
 * per day of the user's plays, 8 bytes a play (the track's number in `stat_tracks` and the second
 * of the day, unsigned 32-bit big-endian). A day of more than DAY_PART_PLAYS (512) plays is several
 * rows, its parts, so that storing a play rewrites at most 4 KB; they are read like days, in any
 * order (counting needs none). A year of a heavy listener's (about 274 plays a day) is 366 rows
 * instead of 100,000 to group, and counting them here takes about 2 ms. A play keeps its second,
 * so the days at the edges are counted exactly: only their plays in [from, to].
 *
 * The answer is the bulk of the time left (19,323 tracks for such a year): it is put in order by
 * count first with a counting sort, and made of bytes kept between answers for each track and
 * count, never built as a string.
 */

const DAY = 86_400;
const PLAY_BYTES = 8;
const LEFT_BRACKET = Buffer.from('[');
const RIGHT_BRACKET = Buffer.from(']');
/** `${count}}` as bytes, kept for the counts under COUNTS_KEPT */
const tails: Buffer[] = [];
const COUNTS_KEPT = 4096;
function countTail(count: number): Buffer {
  const kept = tails[count];
  if (kept !== undefined) return kept;
  const tail = Buffer.from(`${count}}`);
  if (count < COUNTS_KEPT) tails[count] = tail;
  return tail;
}
const EMPTY: readonly Uint8Array[] = [Buffer.from('[]')];
/**
 * Tracks kept between answers by their number, at most this many; past it the next answer starts
 * again. A number's track never changes: rows of stat_tracks are never changed or deleted.
 */
const TRACKS_KEPT = 200_000;

interface Track extends TrackId {
  /** the answer's bytes for the track up to its count: `{"track":{"album_id":…,…},"count":` */
  first: Uint8Array;
  /** the same after a comma, for every track but the first */
  next: Uint8Array;
}

const kept = new WeakMap<Db, { byNumber: Track[]; size: number }>();

/** The track of each number, read from stat_tracks the first time it is met. */
function tracksOf(db: Db, numbers: Uint32Array): Track[] {
  let known = kept.get(db);
  if (known === undefined || known.size + numbers.length > TRACKS_KEPT) {
    known = { byNumber: [], size: 0 };
    kept.set(db, known);
  }
  const { byNumber } = known;
  const tracks = new Array<Track>(numbers.length);
  const missing: number[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const track = byNumber[numbers[i]!];
    if (track === undefined) missing.push(numbers[i]!);
    else tracks[i] = track;
  }
  if (missing.length === 0) return tracks;
  const rows = db
    .prepare('SELECT id, album_id, disc_id, track_id FROM stat_tracks WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(missing)) as (TrackId & { id: number })[];
  for (const { id, album_id, disc_id, track_id } of rows) {
    const head = `{"track":${JSON.stringify({ album_id, disc_id, track_id })},"count":`;
    byNumber[id] = { album_id, disc_id, track_id, first: Buffer.from(head), next: Buffer.from(`,${head}`) };
  }
  known.size += rows.length;
  for (let i = 0; i < numbers.length; i++) {
    const track = byNumber[numbers[i]!];
    // the triggers write a play's track before its day, in the same statement
    if (track === undefined) throw new Error(`play statistics: track ${numbers[i]} is not in stat_tracks`);
    tracks[i] = track;
  }
  return tracks;
}

const byIdentity = (x: TrackId, y: TrackId): number =>
  x.album_id !== y.album_id ? (x.album_id < y.album_id ? -1 : 1) : x.disc_id - y.disc_id || x.track_id - y.track_id;

/**
 * The slots in the answer's order: by count, most first (a counting sort: counts are small whole
 * numbers), then by the latest play, newest first, then by the track.
 */
function answerOrder(counts: Uint32Array, lasts: Float64Array, most: number, tracks: Track[]): Uint32Array {
  const met = counts.length;
  // firstOf[rank]: where the slots of count `most - rank` start
  const firstOf = new Uint32Array(most + 2);
  for (let slot = 0; slot < met; slot++) firstOf[most - counts[slot]! + 1]!++;
  for (let rank = 1; rank <= most + 1; rank++) firstOf[rank]! += firstOf[rank - 1]!;
  const order = new Uint32Array(met);
  const next = firstOf.slice();
  for (let slot = 0; slot < met; slot++) order[next[most - counts[slot]!]!++] = slot;
  let newest = 0;
  let oldest = Number.POSITIVE_INFINITY;
  for (let slot = 0; slot < met; slot++) {
    newest = Math.max(newest, lasts[slot]!);
    oldest = Math.min(oldest, lasts[slot]!);
  }
  if ((newest - oldest + 1) * met <= Number.MAX_SAFE_INTEGER) {
    // a count's slots sorted as plain numbers, twice as fast as by a comparator: the latest play
    // and the slot in one exact key
    const keys = new Float64Array(met);
    for (let i = 0; i < met; i++) keys[i] = (newest - lasts[order[i]!]!) * met + order[i]!;
    for (let rank = 0; rank <= most; rank++) keys.subarray(firstOf[rank], firstOf[rank + 1]).sort();
    for (let i = 0; i < met; i++) order[i] = keys[i]! % met;
  } else {
    for (let rank = 0; rank <= most; rank++)
      order.subarray(firstOf[rank], firstOf[rank + 1]).sort((a, b) => lasts[b]! - lasts[a]!);
  }
  // the same count and latest play: by album, disc and track
  for (let i = 0; i < met; ) {
    let j = i + 1;
    while (j < met && counts[order[j]!] === counts[order[i]!] && lasts[order[j]!] === lasts[order[i]!]) j++;
    if (j - i > 1) order.subarray(i, j).sort((a, b) => byIdentity(tracks[a]!, tracks[b]!));
    i = j;
  }
  return order;
}

/**
 * GET /api/stat/self's `data` as JSON (UTF-8) in pieces: `[{"track":{…},"count":n},…]`, most
 * played first, then the latest play first, then by album, disc and track (as SQLite's GROUP BY
 * answered before).
 */
export function periodCountsJson(db: Db, userId: number, from: number, to: number): readonly Uint8Array[] {
  if (from > to) return EMPTY;
  // every part of each day in range (a day's parts are counted like days of their own)
  const days = db
    .prepare('SELECT day, plays FROM stat_days WHERE user_id = ? AND day BETWEEN ? AND ?')
    .all(userId, Math.floor(from / DAY), Math.floor(to / DAY)) as { day: number; plays: Uint8Array }[];
  let total = 0;
  for (const day of days) total += day.plays.byteLength / PLAY_BYTES;
  // Per track met: its number, count and latest play, at its slot (the order met); slotOf holds a
  // track's slot + 1 by its number, 0 when not met yet. Numbers count up from 1 (AUTOINCREMENT).
  const highest = (db.prepare('SELECT MAX(id) AS n FROM stat_tracks').get() as { n: number | null }).n ?? 0;
  const slotOf = new Int32Array(highest + 1);
  const room = Math.min(highest, total);
  const numbers = new Uint32Array(room);
  const counts = new Uint32Array(room);
  const lasts = new Float64Array(room);
  let met = 0;
  let most = 1;
  for (const { day, plays } of days) {
    const start = day * DAY;
    const whole = start >= from && start + DAY - 1 <= to;
    const view = new DataView(plays.buffer, plays.byteOffset, plays.byteLength);
    for (let i = 0; i + PLAY_BYTES <= plays.byteLength; i += PLAY_BYTES) {
      const at = start + view.getUint32(i + 4);
      if (!whole && (at < from || at > to)) continue;
      const number = view.getUint32(i);
      if (number > highest) throw new Error(`play statistics: track ${number} is not in stat_tracks`);
      const slot = slotOf[number]! - 1;
      if (slot >= 0) {
        if (++counts[slot]! > most) most = counts[slot]!;
        if (at > lasts[slot]!) lasts[slot] = at;
      } else {
        numbers[met] = number;
        counts[met] = 1;
        lasts[met] = at;
        slotOf[number] = ++met;
      }
    }
  }
  if (met === 0) return EMPTY;
  const tracks = tracksOf(db, numbers.subarray(0, met));

  const order = answerOrder(counts.subarray(0, met), lasts.subarray(0, met), most, tracks);

  // pieces kept from answer to answer, joined once with the envelope's (envelope.ts, okJson): built
  // as a string the answer took 11 ms for 19,323 tracks, and as long again to flatten and encode
  const parts: Uint8Array[] = new Array(2 * met + 2);
  parts[0] = LEFT_BRACKET;
  for (let i = 0; i < met; i++) {
    const slot = order[i]!;
    parts[2 * i + 1] = i === 0 ? tracks[slot]!.first : tracks[slot]!.next;
    parts[2 * i + 2] = countTail(counts[slot]!);
  }
  parts[2 * met + 1] = RIGHT_BRACKET;
  return parts;
}
