// Which albums the home page's shelves show (docs/behaviour.md#home), from what the client already
// holds: the latest plays, a period's play counts, each album's first-seen time, the kept tracks.
// Each pick is one pass, and the draws are seeded (随便听听 keeps its seed until 换一批).
import { albumIdOfKey, type TrackIdentity } from '@/shared/track';
import { seeded } from './seeded';

/** the albums of `plays` (newest first), each once, in the order last played */
export function albumsLastPlayed(plays: readonly { track: TrackIdentity }[], limit: number): string[] {
  const albums = new Set<string>();
  for (const { track } of plays) {
    if (albums.size >= limit) break;
    albums.add(track.albumId);
  }
  return [...albums];
}

/** the albums whose tracks were played most in a period (the plays of their tracks added up); ties by album id */
export function albumsMostPlayed(counts: readonly { track: TrackIdentity; count: number }[], limit: number): string[] {
  const plays = new Map<string, number>();
  for (const { track, count } of counts) plays.set(track.albumId, (plays.get(track.albumId) ?? 0) + count);
  return [...plays]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([albumId]) => albumId);
}

/**
 * The `limit` albums first seen last, newest first (ties by album id): one pass keeping the best
 * few, so 100,000 albums cost no sort of 100,000.
 */
export function albumsAddedLast(firstSeen: ReadonlyMap<string, number>, limit: number): string[] {
  const best: [string, number][] = [];
  const before = (a: [string, number], b: [string, number]) => a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
  for (const entry of firstSeen) {
    if (best.length === limit && !before(entry, best[limit - 1]!)) continue;
    let at = best.length === limit ? limit - 1 : best.length;
    if (best.length === limit) best.pop();
    while (at > 0 && before(entry, best[at - 1]!)) at--;
    best.splice(at, 0, entry);
  }
  return best.map(([albumId]) => albumId);
}

/** `limit` albums drawn from `albumIds` with `seed`: the same albums and seed, the same draw */
export function albumsAtRandom(albumIds: readonly string[], limit: number, seed: number): string[] {
  const pool = [...albumIds];
  const random = seeded(seed);
  const count = Math.min(limit, pool.length);
  // the first `count` steps of a Fisher–Yates shuffle
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/** the albums of the kept tracks (track keys in the order kept), the last kept first, each once */
export function albumsKeptLast(keptKeys: readonly string[], limit: number): string[] {
  const albums = new Set<string>();
  for (let i = keptKeys.length - 1; i >= 0 && albums.size < limit; i--) albums.add(albumIdOfKey(keptKeys[i]!));
  return [...albums];
}
