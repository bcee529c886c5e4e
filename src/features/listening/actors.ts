// The listening feature's real actors (docs/architecture.md#2-a-feature-folder): the waiting plays'
// round (one batch read from the device, sent, removed once the server has confirmed it), the
// history's pages (the plays, their tracks from the albums' metadata, whether a library has them)
// and a period's statistics (its counts, what they add up to, its bars).
import { fromPromise } from 'xstate';
import { loadAlbumInfos } from '@/features/browse/albumInfos.public';
import type { LibraryAccess } from '@/features/library';
import { resolveTrack } from '@/rules/albumInfo';
import type { ApiClient } from '@/services/api/client';
import { isApiError } from '@/services/api/errors';
import { readCounts, readHistory, reportPlays, type TrackCount } from '@/services/api/stat';
import { statsBuckets, statsRange, summariseStats, type StatsPeriod } from '@/rules/stats';
import { HISTORY_PAGE_SIZE, PLAYS_AHEAD_LIMIT_S, PLAYS_PER_REPORT, STATUS_ILLEGAL_PARAMS } from '@/shared/constants';
import { text } from '@/shared/text';
import { trackInfoOf, trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';
import type { AlbumInfo } from '@/shared/types';
import {
  countWaitingPlays,
  readTrackDurations,
  readWaitingPlays,
  removeWaitingPlays,
  type WaitingPlay,
} from '@/storage/waitingPlays';
import type { HistoryPage } from './historyMachine';
import type { SentPlays } from './playsMachine';
import type { StatsResult, StatsTrack } from './statsMachine';

const malformed = (error: unknown) => isApiError(error, STATUS_ILLEGAL_PARAMS);

/**
 * Sends `plays`; a batch refused as malformed is sent again one play at a time, so only the
 * malformed ones are dropped. Each play is removed from the device as soon as its fate is known;
 * a failure of any other kind is thrown with what is not sent still kept.
 */
async function sendBatch(api: ApiClient, plays: WaitingPlay[]): Promise<{ sent: number; refused: number }> {
  try {
    await reportPlays(api, plays);
  } catch (error) {
    if (!malformed(error)) throw error;
    if (plays.length === 1) {
      await removeWaitingPlays([plays[0]!.id]);
      return { sent: 0, refused: 1 };
    }
    let sent = 0;
    let refused = 0;
    for (const play of plays) {
      const one = await sendBatch(api, [play]);
      sent += one.sent;
      refused += one.refused;
    }
    return { sent, refused };
  }
  await removeWaitingPlays(plays.map((play) => play.id));
  return { sent: plays.length, refused: 0 };
}

export function definePlaysActors(api: ApiClient) {
  return {
    sendWaiting: fromPromise<SentPlays, { user: string }>(async ({ input }) => {
      const plays = await readWaitingPlays(input.user, PLAYS_PER_REPORT);
      // the server's clock, as its last answer told it: a play stamped far ahead of it is never sent
      const latest = Math.floor(api.serverNow() / 1000) + PLAYS_AHEAD_LIMIT_S;
      const ahead = plays.filter((play) => play.at > latest);
      if (ahead.length > 0) await removeWaitingPlays(ahead.map((play) => play.id));
      const sendable = plays.filter((play) => play.at <= latest);
      const { sent, refused } = sendable.length > 0 ? await sendBatch(api, sendable) : { sent: 0, refused: 0 };
      return { sent, refused, ahead: ahead.length, left: await countWaitingPlays(input.user) };
    }),
  };
}

/** what reading the history needs besides the API: whether the listener's libraries have a track */
export interface HistoryDeps {
  api: ApiClient;
  access: LibraryAccess;
}

/**
 * A track as its album's metadata has it, with its tags (its own, its disc's and its album's), or
 * its identity with an unknown title when the metadata does not know it.
 */
function trackOf(
  identity: TrackIdentity,
  album: AlbumInfo | undefined,
): { track: TrackInfo; tags: string[]; known: boolean } {
  const found = album ? resolveTrack(album, identity.discId, identity.trackId) : null;
  if (found)
    return { track: trackInfoOf(found), tags: [...new Set([...found.tags, ...(album?.tags ?? [])])], known: true };
  return {
    track: { ...identity, title: text.listening.unknownTrack, artist: '', type: 'normal', albumTitle: '' },
    tags: [],
    known: false,
  };
}

export function defineHistoryActors({ api, access }: HistoryDeps) {
  return {
    loadHistoryPage: fromPromise<HistoryPage, { offset: number }>(async ({ input }) => {
      const plays = await readHistory(api, HISTORY_PAGE_SIZE, input.offset);
      const albumIds = [...new Set(plays.map((play) => play.track.albumId))];
      // the albums' metadata (from the device's copy where it has one) and which libraries have them
      const [albums, known] = await Promise.all([loadAlbumInfos(api, albumIds), access.forAlbums(albumIds)]);
      const rows = plays.map((play) => {
        const { track, known: listed } = trackOf(play.track, albums.get(play.track.albumId));
        return { at: play.at, track, known: listed, playable: listed && known.canPlay(track) };
      });
      return { rows, end: plays.length < HISTORY_PAGE_SIZE };
    }),
    checkPlayable: fromPromise<string[], { tracks: TrackIdentity[] }>(async ({ input }) => {
      const known = await access.forAlbums([...new Set(input.tracks.map((track) => track.albumId))]);
      return input.tracks.filter(known.canPlay).map(trackKey);
    }),
  };
}

/** how many of each top list 我的统计 shows */
const STATS_TOP = 20;
/** the bars' counts are read this many at a time */
const BAR_READS_AT_ONCE = 6;

async function inBatches<T, R>(items: readonly T[], size: number, read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(read))));
  return results;
}

const playsIn = (counts: readonly TrackCount[]) => counts.reduce((sum, row) => sum + row.count, 0);

export function defineStatsActors({ api, access }: HistoryDeps) {
  return {
    loadStats: fromPromise<StatsResult, { period: StatsPeriod; now: number }>(async ({ input }) => {
      const now = new Date(input.now);
      const counts = await readCounts(api, statsRange(input.period, now));
      const albumIds = [...new Set(counts.map((row) => row.track.albumId))];
      const keys = counts.map((row) => trackKey(row.track));
      const [albums, known, durations] = await Promise.all([
        loadAlbumInfos(api, albumIds),
        access.forAlbums(albumIds),
        readTrackDurations(keys),
      ]);
      const counted = counts.map((row, i) => {
        const { track, tags, known: listed } = trackOf(row.track, albums.get(row.track.albumId));
        const counted: StatsTrack = { ...track, tags, known: listed };
        return { track: counted, count: row.count, seconds: durations.get(keys[i]!) ?? null };
      });
      // all time runs by year from the first play's (the oldest in the history)
      let firstYear = now.getFullYear();
      const total = playsIn(counts);
      if (input.period === 'all' && total > 0) {
        const [first] = await readHistory(api, 1, total - 1);
        if (first) firstYear = new Date(first.at * 1000).getFullYear();
      }
      const buckets = statsBuckets(input.period, now, firstYear);
      const perBar = await inBatches(buckets, BAR_READS_AT_ONCE, async (bucket) =>
        playsIn(await readCounts(api, { from: bucket.from, to: bucket.to - 1 })),
      );
      const summary = summariseStats(counted, STATS_TOP);
      return {
        bars: buckets.map((bucket, i) => ({ label: bucket.label, plays: perBar[i]! })),
        summary,
        albums: Object.fromEntries(
          summary.albums.flatMap(({ key }) => {
            const album = albums.get(key);
            return album ? [[key, { title: album.title, artist: album.artist }]] : [];
          }),
        ),
        playable: summary.tracks
          .filter(({ track }) => track.known && known.canPlay(track))
          .map(({ track }) => trackKey(track)),
      };
    }),
  };
}
