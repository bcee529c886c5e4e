// What smart playlists read of the listener (docs/behaviour.md#smart-playlists), from the site: liked
// tracks and albums, plays per track all time and over the windows the rules name (with 7, 30 and
// 365 days for the 最近播放 order), the latest plays with their times, the playlists a rule names
// (their track items: an album item is left out), and the tag graph. Read together, as
// one version of the data the worker prepares once.
import type { ApiClient } from '@/services/api/client';
import { getFavouriteAlbums, getFavouriteTracks } from '@/services/api/favorite';
import { getTagGraph } from '@/services/api/meta';
import { getPlaylist, getPlaylists } from '@/services/api/playlist';
import { readCounts, readHistory } from '@/services/api/stat';
import type { SmartList } from '@/rules/smartLists';
import { trackKey } from '@/shared/track';
import type { SentListenerData } from './jobs';

const DAY_S = 86_400;
/** the windows read whatever the rules say: the 最近播放 order places a track by the shortest that holds a play */
const LADDER_DAYS = [7, 30, 365];
/** the latest plays read with their times */
const RECENT_PLAYS = 500;

/** the windows and playlists the lists' rules name */
function wanted(lists: readonly Pick<SmartList, 'rules'>[]) {
  const days = new Set(LADDER_DAYS);
  const playlists = new Set<string>();
  for (const { rules } of lists)
    for (const rule of rules) {
      if (rule.kind === 'lastPlayed') days.add(rule.days);
      if (rule.kind === 'playlist') playlists.add(rule.playlistId);
    }
  return { days: [...days], playlists };
}

/** the tracks of the playlists named (all of the listener's when a rule says any), album items as `album:{id}` */
async function playlistTracks(api: ApiClient, userId: string, ids: Set<string>): Promise<Map<string, string[]>> {
  if (ids.size === 0) return new Map();
  const all = ids.has('') ? (await getPlaylists(api, userId)).map((info) => info.id) : [];
  const read = [...new Set([...all, ...[...ids].filter((id) => id !== '')])];
  const lists = await Promise.all(read.map((id) => getPlaylist(api, id).catch(() => null)));
  const found = new Map<string, string[]>();
  lists.forEach((list, i) => {
    if (!list) return;
    found.set(
      read[i]!,
      list.items.flatMap((item) => (item.type === 'normal' ? [trackKey(item.track)] : [])),
    );
  });
  return found;
}

export async function readListenerData(
  api: ApiClient,
  userId: string,
  lists: readonly Pick<SmartList, 'rules'>[],
  now: number,
): Promise<SentListenerData> {
  const { days, playlists } = wanted(lists);
  const [likedTracks, likedAlbums, plays, windows, recent, named, tagGraph] = await Promise.all([
    getFavouriteTracks(api),
    getFavouriteAlbums(api),
    readCounts(api, { from: 0 }),
    Promise.all(days.map((d) => readCounts(api, { from: now - d * DAY_S }))),
    readHistory(api, RECENT_PLAYS, 0),
    playlistTracks(api, userId, playlists),
    getTagGraph(api),
  ]);
  const lastPlayedAt = new Map<string, number>();
  for (const play of recent) {
    const key = trackKey(play.track);
    if (!lastPlayedAt.has(key)) lastPlayedAt.set(key, play.at);
  }
  return {
    now,
    likedTracks: likedTracks.map(trackKey),
    likedAlbums,
    plays: plays.map((row) => [trackKey(row.track), row.count] as const),
    playedWithin: new Map(days.map((d, i) => [d, windows[i]!.map((row) => trackKey(row.track))])),
    lastPlayedAt: [...lastPlayedAt],
    playlists: named,
    tagGraph,
  };
}
