// What the browsing pages load, each handed to the generic loader by PageLoad (views never hold the
// api client): album infos in one batched request (cache first), and, through the library access
// module, each album's cover and which tracks can play. Services load on first use, out of the
// first page.
import type { ApiClient } from '@/services/api/client';
import type { LibraryAccess } from '@/features/library';
import type { AlbumInfo, PlaylistInfo, TrackResult } from '@/shared/types';
import type { TrackIdentity } from '@/shared/track';

const meta = () => import('@/services/api/meta');
const albumCache = () => import('./albumCache');
const libraryWorker = () => import('@/storage/libraryWorker');

type CoverUrls = Record<string, string | null>;

export interface AlbumPage {
  albums: AlbumInfo[];
  covers: CoverUrls;
}

/** which library serves an album, known once the credentials are */
export interface AlbumAvailability {
  /** through the library that serves the album; null when no library has it */
  coverUrl: string | null;
  /** the same answer the player gets: some library holding the album has a token covering the track */
  canPlay: (track: TrackIdentity) => boolean;
}

export interface TrackResults {
  tracks: TrackResult[];
  /** the found tracks that can play, in order: a row's play button queues these */
  playable: TrackResult[];
}

export interface BrowseDeps {
  api: ApiClient;
  access: LibraryAccess;
  /** the info kept with an album kept on this device (listening offline), or null */
  keptAlbumInfo?: (albumId: string) => Promise<AlbumInfo | null>;
  /** counts the changes a sync made to this device's library data (it empties the album cache) */
  syncGeneration: () => number;
}

export function defineBrowseLoads({ api, access, keptAlbumInfo, syncGeneration }: BrowseDeps) {
  async function withCovers(albums: AlbumInfo[]): Promise<AlbumPage> {
    const ids = albums.map((a) => a.albumId);
    const known = await access.forAlbums(ids);
    return { albums, covers: Object.fromEntries(ids.map((id) => [id, known.coverUrl(id)])) };
  }

  const albumInfos = async (ids: readonly string[]) => (await albumCache()).loadAlbumInfos(api, ids);

  async function albumPage(albumIds: readonly string[]): Promise<AlbumPage> {
    const infos = await albumInfos(albumIds);
    return withCovers(albumIds.map((id) => infos.get(id)).filter((a): a is AlbumInfo => a !== undefined));
  }
  const prefetched = new Map<string, { info: Promise<Map<string, AlbumInfo>>; generation: number }>();

  return {
    /** one page of an album wall: one metadata request for the ids the cache lacks, never one per tile */
    albumPage,

    /**
     * The albums of one page of a library's list, as its last sync stored it: only that page's ids
     * are read (by the library worker), never the whole list, which has 100,000 ids in a big library.
     */
    async libraryAlbumPage(url: string, offset: number, size: number): Promise<AlbumPage> {
      const { ids } = await (await libraryWorker()).libraryWorker.albumSlice(url, offset, size);
      return albumPage(ids);
    },

    /**
     * The album page opened by its address: its info starts loading at boot, beside the first
     * render, instead of after it, from the server (which preloads that very request with the
     * page), not from the cache. Used once.
     */
    prefetchAlbum(albumId: string): void {
      const info = albumCache().then((cache) => cache.fetchAlbumInfos(api, [albumId]));
      info.catch(() => {}); // the page reads it and says why if it fails
      prefetched.set(albumId, { info, generation: syncGeneration() });
    },

    /** the album's info (null for an unknown album); it needs no credentials, so the tracks show before they are known */
    async albumInfo(albumId: string): Promise<AlbumInfo | null> {
      const early = prefetched.get(albumId);
      prefetched.delete(albumId);
      try {
        const infos = early && (await early.info);
        // a sync meanwhile emptied the album cache, perhaps after this was stored: a page that
        // mounts after the sync is not reloaded by it, so it reads through the cache, which stores it
        if (infos && early.generation === syncGeneration()) return infos.get(albumId) ?? null;
        return (await albumInfos([albumId])).get(albumId) ?? null;
      } catch (error) {
        // offline (or the server down): an album kept on this device still opens
        const kept = await keptAlbumInfo?.(albumId).catch(() => null);
        if (kept) return kept;
        throw error;
      }
    },

    async albumAvailability(albumId: string): Promise<AlbumAvailability> {
      const known = await access.forAlbums([albumId]);
      return { coverUrl: known.coverUrl(albumId), canPlay: known.canPlay };
    },

    async rootTags(): Promise<string[]> {
      const { getTagGraph, getTags, rootTags } = await meta();
      const [tags, graph] = await Promise.all([getTags(api), getTagGraph(api)]);
      return rootTags(tags, graph).map((t) => t.id);
    },

    async tagGraph() {
      return (await meta()).getTagGraph(api);
    },

    async albumsByTag(tag: string, recursive: boolean): Promise<AlbumPage> {
      return withCovers(await (await meta()).getAlbumsByTag(api, tag, recursive));
    },

    async searchTracks(keyword: string): Promise<TrackResults> {
      const tracks = await (await meta()).searchTracks(api, keyword);
      const known = await access.forAlbums(tracks.map((t) => t.albumId));
      return { tracks, playable: tracks.filter(known.canPlay) };
    },

    async searchAlbums(keyword: string): Promise<AlbumPage> {
      return withCovers(await (await meta()).searchAlbums(api, keyword));
    },

    async searchPlaylists(keyword: string): Promise<PlaylistInfo[]> {
      return (await meta()).searchPlaylists(api, keyword);
    },
  };
}

export type BrowseLoads = ReturnType<typeof defineBrowseLoads>;
