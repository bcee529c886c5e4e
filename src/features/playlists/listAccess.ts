// What the playlist page knows of its list's albums, and what follows from it: which tracks play
// and which cover shows.
import { resolveTracks } from '@/services/albumInfo';
import { trackKey, type TrackInfo } from '@/shared/track';
import type { AlbumInfo, Playlist, PlaylistItem } from '@/shared/types';
import type { AlbumAccess } from '@/features/library';

/** what the page knows of the list's albums: which library serves them, the album items' infos */
export interface ListAccess {
  access: AlbumAccess;
  albums: Map<string, AlbumInfo>;
}

/**
 * every playable track of the list in order, each once (as the queue holds them, spec 4.2); an
 * album item stands for its album's tracks
 */
export function playableTracks(items: readonly PlaylistItem[], known: ListAccess): TrackInfo[] {
  const seen = new Set<string>();
  const once = (track: TrackInfo) => !seen.has(trackKey(track)) && !!seen.add(trackKey(track));
  return items.flatMap((item) => {
    if (item.type === 'normal') return known.access.canPlay(item.track) ? [item.track] : [];
    if (item.type === 'album') {
      const album = known.albums.get(item.albumId);
      return album ? resolveTracks(album).filter(known.access.canPlay) : [];
    }
    return [];
  }).filter(once);
}

/** the stored cover, else the first playable album's; null when no library has it */
export function coverOf(playlist: Playlist, known: ListAccess): string | null {
  if (playlist.cover) return known.access.discCoverUrl(playlist.cover.albumId, playlist.cover.discId);
  for (const item of playlist.items) {
    if (item.type === 'normal' && known.access.canPlay(item.track)) return known.access.coverUrl(item.track.albumId);
    if (item.type === 'album' && known.access.coverUrl(item.albumId)) return known.access.coverUrl(item.albumId);
  }
  return null;
}
