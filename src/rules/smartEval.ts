// What a smart playlist holds (docs/behaviour.md#smart-playlists): its rules over the track table
// (rules/albumFacts.ts) and the listener's own data, in its order, up to its limit. Runs in the
// smart-lists worker over a million tracks: every rule is one pass over typed arrays, album rules
// are worked out once per album, and numeric orders sort one Float64Array without a comparator.
import { SMART_LIST_TRACKS_MAX } from '@/shared/constants';
import { albumIdOfKey } from '@/shared/track';
import { trackNumberIn, dateNumber, type TrackTable } from './albumFacts';
import type { SmartList, SmartRule } from './smartLists';
import type { TagGraph } from './tags';
import { seeded } from './seeded';

const DAY_S = 86_400;

/** the listener's data, as the worker is sent it (track keys as shared/track.ts builds them) */
export interface ListenerData {
  /** now, in Unix seconds */
  now: number;
  /** album id → when it was first seen in one of the listener's libraries (Unix seconds); others are in none */
  available: ReadonlyMap<string, number>;
  likedTracks: readonly string[];
  likedAlbums: readonly string[];
  /** all-time plays per track */
  plays: readonly (readonly [key: string, count: number])[];
  /** days → the tracks played in the last that many days */
  playedWithin: ReadonlyMap<number, readonly string[]>;
  /** the last play of the tracks in the latest history (Unix seconds) */
  lastPlayedAt: readonly (readonly [key: string, at: number])[];
  /** playlist id → its tracks; '' is not a key (any playlist is worked out from all of them) */
  playlists: ReadonlyMap<string, readonly string[]>;
  tagGraph: TagGraph;
}

/** the listener's data over the table's numbering, worked out once per change of either */
export interface PreparedData {
  now: number;
  available: Uint8Array;
  firstSeen: Float64Array;
  likedAlbum: Uint8Array;
  likedTrack: Uint8Array;
  plays: Int32Array;
  /** the last play (Unix seconds), exact from the history, else the start of the shortest window that holds one; 0 never */
  lastPlayed: Float64Array;
  playedWithin: Map<number, Uint8Array>;
  playlists: Map<string, Uint8Array>;
  anyPlaylist: Uint8Array;
  tagGraph: TagGraph;
}

function trackOfKey(table: TrackTable, key: string): number {
  const albumId = albumIdOfKey(key);
  const [disc, track] = key
    .slice(albumId.length + 1)
    .split('-')
    .map(Number);
  return trackNumberIn(table, albumId, disc!, track!);
}

/** the table's numbers of the tracks it holds among `keys` */
function* tracksOf(table: TrackTable, keys: readonly string[]): Generator<number> {
  for (const key of keys) {
    const t = trackOfKey(table, key);
    if (t >= 0) yield t;
  }
}

function flags(table: TrackTable, keys: readonly string[]): Uint8Array {
  const set = new Uint8Array(table.titles.length);
  for (const t of tracksOf(table, keys)) set[t] = 1;
  return set;
}

export function prepareListenerData(table: TrackTable, data: ListenerData): PreparedData {
  const albums = table.albumIds.length;
  const tracks = table.titles.length;
  const available = new Uint8Array(albums);
  const firstSeen = new Float64Array(albums);
  for (let a = 0; a < albums; a++) {
    const seen = data.available.get(table.albumIds[a]!);
    if (seen !== undefined) {
      available[a] = 1;
      firstSeen[a] = seen;
    }
  }
  const likedAlbum = new Uint8Array(albums);
  for (const id of data.likedAlbums) {
    const a = table.albumIndex.get(id);
    if (a !== undefined) likedAlbum[a] = 1;
  }
  const plays = new Int32Array(tracks);
  for (const [key, count] of data.plays) {
    const t = trackOfKey(table, key);
    if (t >= 0) plays[t] = count;
  }
  const playedWithin = new Map<number, Uint8Array>();
  const lastPlayed = new Float64Array(tracks);
  // the longest window first: a shorter one that holds the track too moves its last play to the
  // later start (a track's last play is at least as recent as the start of any window holding it)
  for (const days of [...data.playedWithin.keys()].sort((x, y) => y - x)) {
    const within = new Uint8Array(tracks);
    const since = data.now - days * DAY_S;
    for (const t of tracksOf(table, data.playedWithin.get(days)!)) {
      within[t] = 1;
      lastPlayed[t] = since;
    }
    playedWithin.set(days, within);
  }
  for (const [key, at] of data.lastPlayedAt) {
    const t = trackOfKey(table, key);
    if (t >= 0 && at > lastPlayed[t]!) lastPlayed[t] = at;
  }
  const playlists = new Map<string, Uint8Array>();
  const anyPlaylist = new Uint8Array(tracks);
  for (const [id, keys] of data.playlists) {
    const inList = new Uint8Array(tracks);
    for (const t of tracksOf(table, keys)) {
      inList[t] = 1;
      anyPlaylist[t] = 1;
    }
    playlists.set(id, inList);
  }
  return {
    now: data.now,
    available,
    firstSeen,
    likedAlbum,
    likedTrack: flags(table, data.likedTracks),
    plays,
    lastPlayed,
    playedWithin,
    playlists,
    anyPlaylist,
    tagGraph: data.tagGraph,
  };
}

/** the tag and every tag below it in the graph */
function tagWithDescendants(tag: string, graph: TagGraph): Set<string> {
  const found = new Set([tag]);
  const stack = [tag];
  while (stack.length > 0) {
    for (const child of graph[stack.pop()!] ?? [])
      if (!found.has(child)) {
        found.add(child);
        stack.push(child);
      }
  }
  return found;
}

/** a rule's lower bound of a release date, in the album's precision (a year-only album compares by year) */
function dateWithin(album: number, from: number, to: number): boolean {
  if (album === 0) return false;
  const precision = album % 100 !== 0 ? 1 : album % 10_000 !== 0 ? 100 : 10_000;
  const cut = (n: number) => Math.floor(n / precision);
  return (from === 0 || cut(album) >= cut(from)) && (to === 0 || cut(album) <= cut(to));
}

/** a rule's "to" date: missing months and days are the period's last */
function upperDate(date: string): number {
  if (date === '') return 0;
  const n = dateNumber(date);
  return n % 10_000 === 0 ? n + 1231 : n % 100 === 0 ? n + 31 : n;
}

type TrackTest = (t: number) => boolean;

function ruleTest(table: TrackTable, data: PreparedData, rule: SmartRule): TrackTest {
  const album = table.trackAlbum;
  switch (rule.kind) {
    case 'liked':
      return rule.target === 'track'
        ? (t) => (data.likedTrack[t] === 1) === rule.liked
        : (t) => (data.likedAlbum[album[t]!] === 1) === rule.liked;
    case 'plays': {
      const { count } = rule;
      if (rule.op === 'atLeast') return (t) => data.plays[t]! >= count;
      if (rule.op === 'atMost') return (t) => data.plays[t]! <= count;
      return (t) => data.plays[t] === count;
    }
    case 'lastPlayed': {
      const within = data.playedWithin.get(rule.days);
      const since = data.now - rule.days * DAY_S;
      const played: TrackTest = within ? (t) => within[t] === 1 : (t) => data.lastPlayed[t]! >= since;
      return rule.within ? played : (t) => !played(t);
    }
    case 'neverPlayed':
      return (t) => data.plays[t] === 0 && data.lastPlayed[t] === 0;
    case 'added': {
      const since = data.now - rule.days * DAY_S;
      return (t) => data.firstSeen[album[t]!]! >= since;
    }
    case 'tag': {
      const wanted = new Uint8Array(table.tagNames.length);
      for (const tag of tagWithDescendants(rule.tag, data.tagGraph)) {
        const n = table.tagIndex.get(tag);
        if (n !== undefined) wanted[n] = 1;
      }
      const { trackTagStart: start, trackTagList: list } = table;
      return (t) => {
        for (let i = start[t]!; i < start[t + 1]!; i++) if (wanted[list[i]!]) return true;
        return false;
      };
    }
    case 'text': {
      const text = rule.text.trim().toLowerCase();
      const of: (t: number) => string =
        rule.field === 'title'
          ? (t) => table.titlesLower[t]!
          : rule.field === 'artist'
            ? (t) => table.artistsLower[t]!
            : table.albumTitlesLowerFor;
      if (rule.op === 'is') return (t) => of(t).trim() === text;
      if (rule.op === 'contains') return (t) => of(t).includes(text);
      return (t) => !of(t).includes(text);
    }
    case 'released': {
      const from = rule.from === '' ? 0 : dateNumber(rule.from);
      const to = upperDate(rule.to);
      const dates = table.dates;
      // worked out once per album
      const fits = new Uint8Array(dates.length);
      for (let a = 0; a < dates.length; a++) fits[a] = dateWithin(dates[a]!, from, to) ? 1 : 0;
      return (t) => fits[album[t]!] === 1;
    }
    case 'playlist': {
      const inList = rule.playlistId === '' ? data.anyPlaylist : data.playlists.get(rule.playlistId);
      return (t) => (inList?.[t] === 1) === rule.inList;
    }
  }
}

/** the tracks that match, in table order */
export function matchingTracks(
  table: TrackTable,
  data: PreparedData,
  list: Pick<SmartList, 'match' | 'rules'>,
): Int32Array {
  const tests = list.rules.map((rule) => ruleTest(table, data, rule));
  const tracks = table.titles.length;
  const found = new Int32Array(tracks);
  let n = 0;
  const all = list.match === 'all';
  for (let t = 0; t < tracks; t++) {
    if (data.available[table.trackAlbum[t]!] !== 1) continue;
    let ok = all;
    for (const test of tests) {
      if (test(t) !== all) {
        ok = !all;
        break;
      }
    }
    // no rules: every track of the libraries
    if (ok || tests.length === 0) found[n++] = t;
  }
  return found.slice(0, n);
}

/** days from 1970 to 2000 */
const DAYS_TO_2000 = 10_957;

/** the table's numbering keeps an album's tracks together in disc and number order: ties keep it */
const TIE = 2 ** 21;

/** sorts by a number per track (whole, below 2^31), largest first; ties in table order */
function byNumberDescending(tracks: Int32Array, value: (t: number) => number): Int32Array {
  // value * TIE - t, sorted ascending on its negation: one typed-array sort without a comparator
  const keys = new Float64Array(tracks.length);
  for (let i = 0; i < tracks.length; i++) keys[i] = -(value(tracks[i]!) * TIE) + tracks[i]!;
  keys.sort();
  const sorted = new Int32Array(tracks.length);
  for (let i = 0; i < keys.length; i++) sorted[i] = ((keys[i]! % TIE) + TIE) % TIE;
  return sorted;
}

/** the matching tracks in the list's order */
function orderTracks(
  table: TrackTable,
  data: PreparedData,
  list: Pick<SmartList, 'sortBy' | 'seed'>,
  tracks: Int32Array,
): Int32Array {
  const album = table.trackAlbum;
  switch (list.sortBy) {
    case 'mostPlayed':
      // plays, then the day of the last play since 2000: both fit one number below 2^31
      return byNumberDescending(
        tracks,
        (t) =>
          Math.min(data.plays[t]!, 0xffff) * 0x8000 +
          Math.max(0, Math.floor(data.lastPlayed[t]! / DAY_S) - DAYS_TO_2000),
      );
    case 'lastPlayed':
      return byNumberDescending(tracks, (t) => data.lastPlayed[t]!);
    case 'added':
      return byNumberDescending(tracks, (t) => data.firstSeen[album[t]!]!);
    case 'released':
      return byNumberDescending(tracks, (t) => table.dates[album[t]!]!);
    case 'title': {
      const sorted = Array.from(tracks);
      const titles = table.titlesLower;
      sorted.sort((x, y) => (titles[x]! < titles[y]! ? -1 : titles[x]! > titles[y]! ? 1 : x - y));
      return Int32Array.from(sorted);
    }
    case 'shuffle': {
      const random = seeded(list.seed);
      const shuffled = tracks.slice();
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        const swap = shuffled[i]!;
        shuffled[i] = shuffled[j]!;
        shuffled[j] = swap;
      }
      return shuffled;
    }
  }
}

export interface SmartListResult {
  /** how many tracks match, before the limit */
  matched: number;
  /** the list's tracks (table numbers), in its order, at most its limit */
  tracks: Int32Array;
}

/** a smart list's tracks */
export function evaluateSmartList(
  table: TrackTable,
  data: PreparedData,
  list: Pick<SmartList, 'match' | 'rules' | 'sortBy' | 'seed' | 'limit'>,
): SmartListResult {
  const matched = matchingTracks(table, data, list);
  const ordered = orderTracks(table, data, list, matched);
  const limit = Math.min(list.limit ?? SMART_LIST_TRACKS_MAX, SMART_LIST_TRACKS_MAX);
  return { matched: matched.length, tracks: ordered.slice(0, limit) };
}
