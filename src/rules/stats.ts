// 我的统计 (docs/behaviour.md#listening-statistics): the periods, their bars (plays per day, month
// or year) and what a period's counts per track add up to: most played tracks, albums, artists
// and tags, plays and listening time.
import { parseArtists } from './artist';

export type StatsPeriod = 'week' | 'month' | 'year' | 'all';

export const STATS_PERIODS: readonly StatsPeriod[] = ['week', 'month', 'year', 'all'];

/** one bar of the chart: the plays in [from, to) (Unix seconds) */
export interface StatsBucket {
  from: number;
  to: number;
  /** what its axis says: `11/27`, `3月`, `2025` */
  label: string;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const dayStart = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/**
 * The period's buckets, oldest first, in the listener's calendar: the last 7 or 30 days (today
 * included) by day, the last 12 months (this one included) by month, all time by year from
 * `firstYear` (the year of the first play; this year when none).
 */
export function statsBuckets(period: StatsPeriod, now: Date, firstYear = now.getFullYear()): StatsBucket[] {
  const buckets: StatsBucket[] = [];
  if (period === 'week' || period === 'month') {
    const days = period === 'week' ? 7 : 30;
    const today = dayStart(now);
    for (let i = days - 1; i >= 0; i--) {
      const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i);
      const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 1);
      buckets.push({ from: seconds(from), to: seconds(to), label: `${from.getMonth() + 1}/${from.getDate()}` });
    }
  } else if (period === 'year') {
    for (let i = 11; i >= 0; i--) {
      const from = new Date(now.getFullYear(), now.getMonth() - i, 1);
      const to = new Date(from.getFullYear(), from.getMonth() + 1, 1);
      buckets.push({ from: seconds(from), to: seconds(to), label: `${from.getMonth() + 1}月` });
    }
  } else {
    for (let year = Math.min(firstYear, now.getFullYear()); year <= now.getFullYear(); year++) {
      buckets.push({
        from: seconds(new Date(year, 0, 1)),
        to: seconds(new Date(year + 1, 0, 1)),
        label: String(year),
      });
    }
  }
  return buckets;
}

/** the period as the server is asked for it: from the first bucket's start (0 for all time) to now */
export function statsRange(period: StatsPeriod, now: Date): { from: number; to: number } {
  return { from: period === 'all' ? 0 : statsBuckets(period, now)[0]!.from, to: seconds(now) };
}

/** a track of the period: its plays, what it is, and its length when known */
export interface CountedTrack<T> {
  track: T;
  count: number;
  /** seconds, or null when this device never learned it */
  seconds: number | null;
}

interface Ranked<K> {
  key: K;
  count: number;
}

export interface StatsSummary<T> {
  plays: number;
  /** plays × length, the unknown lengths taken as the known ones' average (or 4 minutes) */
  seconds: number;
  /** plays whose length was estimated */
  estimatedPlays: number;
  tracks: CountedTrack<T>[];
  albums: Ranked<string>[];
  artists: Ranked<string>[];
  tags: Ranked<string>[];
}

/** a length for a track never timed here: the average of those known, else 4 minutes */
const FALLBACK_SECONDS = 240;

function ranked<K>(counts: Map<K, number>, limit: number): Ranked<K>[] {
  return [...counts]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
}

/**
 * What the period's counts add up to. Each play of a track counts once for its album, once for
 * each artist named in it (a band's members in parentheses too, not what is nested in a member)
 * and once for each of its tags.
 */
export function summariseStats<T extends { albumId: string; artist: string; tags?: readonly string[] }>(
  counted: readonly CountedTrack<T>[],
  limit: number,
): StatsSummary<T> {
  const albums = new Map<string, number>();
  const artists = new Map<string, number>();
  const tags = new Map<string, number>();
  let plays = 0;
  let timed = 0;
  let timedPlays = 0;
  for (const { track, count, seconds: length } of counted) {
    plays += count;
    if (length !== null) {
      timed += length * count;
      timedPlays += count;
    }
    albums.set(track.albumId, (albums.get(track.albumId) ?? 0) + count);
    // the names and their members (a band's players); what is nested deeper says what a member played
    const names = new Set<string>();
    for (const artist of parseArtists(track.artist)) {
      names.add(artist.name);
      for (const member of artist.members) names.add(member.name);
    }
    for (const name of names) artists.set(name, (artists.get(name) ?? 0) + count);
    for (const tag of new Set(track.tags ?? [])) tags.set(tag, (tags.get(tag) ?? 0) + count);
  }
  const average = timedPlays > 0 ? timed / timedPlays : FALLBACK_SECONDS;
  const estimatedPlays = plays - timedPlays;
  return {
    plays,
    seconds: Math.round(timed + estimatedPlays * average),
    estimatedPlays,
    tracks: [...counted].sort((a, b) => b.count - a.count).slice(0, limit),
    albums: ranked(albums, limit),
    artists: ranked(artists, limit),
    tags: ranked(tags, limit),
  };
}

/** `12 小时 5 分` / `45 分` */
export function listeningTime(totalSeconds: number): string {
  const minutes = Math.round(totalSeconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} 小时 ${minutes % 60} 分` : `${minutes} 分`;
}
