/**
 * The heavy listener of the benchmarks over 100,000 albums: what the smart lists' worker is sent
 * (`heavyListener`), and the same listener as the server stores it (`heavyListenerPlays`), for a
 * bench of the real app against the real server (bench/home.ts).
 */
import type { SentListenerData } from '../../src/features/smartLists/jobs';
import type { Play } from '../lib/seed';

const DAY = 86_400;

/** a heavy listener: 50,000 tracks played, 5,000 liked, 90 days of plays, two playlists of 1,000 */
export function heavyListener(ids: string[], now: number): SentListenerData {
  let seed = 1;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const someTrack = () => `${ids[Math.floor(random() * ids.length)]}-1-${1 + Math.floor(random() * 10)}`;
  const some = (n: number) => Array.from({ length: n }, someTrack);
  const played = some(50_000);
  return {
    now,
    likedTracks: some(5_000),
    likedAlbums: ids.slice(0, 2_000),
    plays: played.map((key, i) => [key, 1 + (i % 40)] as const),
    playedWithin: new Map([
      [7, played.slice(0, 500)],
      [90, played.slice(0, 8_000)],
    ]),
    lastPlayedAt: played.slice(0, 1_000).map((key, i) => [key, now - i * 600] as const),
    playlists: new Map([
      ['1', some(1_000)],
      ['2', some(1_000)],
    ]),
    tagGraph: {},
  };
}

/** a track key of `heavyListener` (`{album id}-{disc}-{track}`; album ids hold dashes) */
function identityOf(key: string): Omit<Play, 'at'> {
  const match = /^(.+)-(\d+)-(\d+)$/.exec(key);
  if (!match) throw new Error(`not a track key: ${key}`);
  return { albumId: match[1]!, discId: Number(match[2]), trackId: Number(match[3]) };
}

/**
 * Every play of `listener` with a time: each track's count of plays, the last at the time the
 * listener gives (`lastPlayedAt`) or within its `playedWithin` days (the first 8,000 tracks in the
 * last 90 days, spread evenly), the rest up to three years back; its earlier plays three days apart.
 * About 1,000,000 plays for `heavyListener`'s.
 */
export function* heavyListenerPlays(listener: SentListenerData): Generator<Play> {
  const { now } = listener;
  const last = new Map(listener.lastPlayedAt);
  const recent = listener.playedWithin.get(90)?.length ?? 0;
  const all = listener.plays.length;
  const seen = new Set<string>();
  for (const [i, [key, count]] of listener.plays.entries()) {
    // drawn at random: a few tracks twice, played as the first says
    if (seen.has(key)) continue;
    seen.add(key);
    const identity = identityOf(key);
    const lastAt =
      last.get(key) ??
      (i < recent
        ? now - 7 * DAY - Math.floor((i / recent) * 83 * DAY)
        : now - 90 * DAY - Math.floor(((i - recent) / (all - recent)) * 1000 * DAY));
    for (let n = 0; n < count; n++) yield { ...identity, at: lastAt - n * 3 * DAY };
  }
}
