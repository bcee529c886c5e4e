// 主页's shelves (docs/behaviour.md#home): where each one's albums come from, created with the page's
// code. Every source is something the client already holds or reads: the play history and this
// month's counts (the server, with the last read kept for offline), every library's first-seen
// times and a seeded draw (the library worker, off the page's thread), the liked albums, the kept
// tracks. A shelf's albums come with their covers and whether they can play here and now.
import type { LibraryAccess } from '@/features/library';
import { heldAlbumInfos, loadAlbumInfos } from '@/features/browse/albumInfos.public';
import { albumsKeptLast, albumsLastPlayed, albumsMostPlayed } from '@/rules/albumPicks';
import { resolveTracks } from '@/rules/albumInfo';
import type { ApiClient } from '@/services/api/client';
import { gotNoAnswer } from '@/services/api/errors';
import { readCounts, readHistory } from '@/services/api/stat';
import { HOME_HISTORY_PLAYS, HOME_SHELF_SIZE } from '@/shared/constants';
import { trackInfoOf, type TrackInfo } from '@/shared/track';
import type { AlbumInfo } from '@/shared/types';
import type { AlbumPick } from '@/storage/libraryJobs';
import { readLastRead, writeLastRead } from '@/storage/homeShelves';
import type { ShelfAlbum } from './shelfMachine';

/** the shelves in the order the page shows them (继续播放 comes from the player, above them) */
export const SHELF_NAMES = ['recentlyPlayed', 'recentlyAdded', 'monthTop', 'random', 'liked', 'kept'] as const;
export type ShelfName = (typeof SHELF_NAMES)[number];

export interface HomeDeps {
  api: ApiClient;
  access: LibraryAccess;
  /** an album's info, the kept copy offline (browse) */
  albumInfo: (albumId: string) => Promise<AlbumInfo | null>;
  /** the info kept with an album kept on this device, or null */
  keptAlbumInfo: (albumId: string) => Promise<AlbumInfo | null>;
  /** album ids of every library: the last first seen, or drawn with a seed (the library worker) */
  albumPicks: (pick: AlbumPick, limit: number, seed: number) => Promise<string[]>;
  /** the liked albums, newest first, once the favourites are known */
  likedAlbums: () => Promise<readonly string[]>;
  /** the keys of the tracks kept on this device, in the order kept, once known */
  keptTracks: () => Promise<readonly string[]>;
  /** the signed-in listener's id */
  user: () => string | null;
  now?: () => Date;
}

/** the first second of this month, local time, and the month as `YYYY-MM` */
function thisMonth(now: Date): { from: number; month: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), 1);
  return {
    from: Math.floor(start.getTime() / 1000),
    month: `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`,
  };
}

export function startHome({
  api,
  access,
  albumInfo,
  keptAlbumInfo,
  albumPicks,
  likedAlbums,
  keptTracks,
  user,
  now = () => new Date(),
}: HomeDeps) {
  /** the infos of `ids`, in order; with no network, what the device holds of them */
  async function infos(ids: readonly string[]): Promise<AlbumInfo[]> {
    let found: Map<string, AlbumInfo>;
    try {
      found = await loadAlbumInfos(api, ids);
    } catch (error) {
      if (!gotNoAnswer(error)) throw error;
      found = await heldAlbumInfos(ids);
      for (const id of ids) {
        const kept = found.has(id) ? null : await keptAlbumInfo(id).catch(() => null);
        if (kept) found.set(id, kept);
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** the shelf's covers: each album with its cover and whether it can play */
  async function shelf(ids: readonly string[]): Promise<ShelfAlbum[]> {
    const albums = await infos(ids.slice(0, HOME_SHELF_SIZE));
    const known = await access.forAlbums(albums.map((a) => a.albumId));
    return albums.map((album) => ({
      album,
      cover: known.coverUrl(album.albumId),
      playable: resolveTracks(album).some(known.canPlay),
    }));
  }

  /** a shelf read from the server: kept as read, and with no answer, what was read last */
  async function fromServer(
    read: () => Promise<string[]>,
    keep: (user: string, ids: string[]) => void,
    last: (user: string) => string[] | undefined,
  ): Promise<string[]> {
    const listener = user();
    try {
      const ids = await read();
      if (listener) keep(listener, ids);
      return ids;
    } catch (error) {
      const kept = listener && gotNoAnswer(error) ? last(listener) : undefined;
      if (kept) return kept;
      throw error;
    }
  }

  const sources: Record<ShelfName, (seed: number) => Promise<string[]>> = {
    recentlyPlayed: () =>
      fromServer(
        async () => albumsLastPlayed(await readHistory(api, HOME_HISTORY_PLAYS, 0), HOME_SHELF_SIZE),
        (listener, albums) => writeLastRead(listener, { recentlyPlayed: albums }),
        (listener) => readLastRead(listener).recentlyPlayed,
      ),
    recentlyAdded: () => albumPicks('addedLast', HOME_SHELF_SIZE, 0),
    monthTop: () => {
      const { from, month } = thisMonth(now());
      return fromServer(
        async () => albumsMostPlayed(await readCounts(api, { from }), HOME_SHELF_SIZE),
        (listener, albums) => writeLastRead(listener, { monthTop: { month, albums } }),
        (listener) => {
          const last = readLastRead(listener).monthTop;
          return last?.month === month ? last.albums : undefined;
        },
      );
    },
    random: (seed) => albumPicks('atRandom', HOME_SHELF_SIZE, seed),
    liked: async () => (await likedAlbums()).slice(0, HOME_SHELF_SIZE),
    kept: async () => albumsKeptLast(await keptTracks(), HOME_SHELF_SIZE),
  };

  return {
    /**
     * One shelf's covers; `seed` draws 随便听听. `signal`: the shelf is gone (主页 left), so its
     * read stops between requests rather than going on to ask for album infos nobody will see.
     */
    async load(name: ShelfName, seed: number, signal?: AbortSignal): Promise<ShelfAlbum[]> {
      const ids = await sources[name](seed);
      signal?.throwIfAborted();
      return shelf(ids);
    },
    /** a cover's play button: the album's tracks that can play here and now, in order */
    async albumTracks(albumId: string): Promise<TrackInfo[]> {
      const album = await albumInfo(albumId);
      if (!album) return [];
      const known = await access.forAlbums([albumId]);
      return resolveTracks(album).filter(known.canPlay).map(trackInfoOf);
    },
  };
}

export type Home = ReturnType<typeof startHome>;
