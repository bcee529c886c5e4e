import type { MetaRepo } from './load.js';
import type { AlbumDetails, TrackInfoWithAlbum } from './types.js';

export const SEARCH_LIMIT = 50;

/** TrackInfoWithAlbum for a triple; unknown tracks come back with an empty title (protocol.md 1.5). */
export function trackInfo(repo: MetaRepo, albumId: string, discId: number, trackId: number): TrackInfoWithAlbum {
  const album = repo.albums.get(albumId);
  const track = album?.discs[discId - 1]?.tracks[trackId - 1];
  const info = { album_id: albumId, disc_id: discId, track_id: trackId, title: track?.title ?? '' } as TrackInfoWithAlbum;
  if (track?.artist !== undefined) info.artist = track.artist;
  if (track?.type !== undefined) info.type = track.type;
  info.album_title = album?.title ?? '';
  return info;
}

/** Albums carrying the tag (on album, disc or track), optionally including all descendant tags. */
export function albumsByTag(repo: MetaRepo, tagKey: string, recursive: boolean): AlbumDetails[] {
  const wanted = recursive ? repo.tags.withDescendants(tagKey) : new Set([tagKey]);
  return [...repo.albums.values()].filter((a) => a.tags.some((t) => wanted.has(t)));
}

const has = (text: string | undefined, needle: string): boolean => text !== undefined && text.toLowerCase().includes(needle);

/** Case-insensitive substring search over album title/edition/artist/catalog and track title/artist. */
export function searchAlbums(repo: MetaRepo, keyword: string): AlbumDetails[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const out: AlbumDetails[] = [];
  for (const a of repo.albums.values()) {
    if (has(a.title, k) || has(a.edition, k) || has(a.artist, k) || has(a.catalog, k)) out.push(a);
    if (out.length >= SEARCH_LIMIT) break;
  }
  return out;
}

export function searchTracks(repo: MetaRepo, keyword: string): TrackInfoWithAlbum[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const out: TrackInfoWithAlbum[] = [];
  for (const a of repo.albums.values()) {
    for (let d = 0; d < a.discs.length; d++) {
      const tracks = a.discs[d]!.tracks;
      for (let t = 0; t < tracks.length; t++) {
        const track = tracks[t]!;
        if (!has(track.title, k) && !has(track.artist, k)) continue;
        out.push(trackInfo(repo, a.album_id, d + 1, t + 1));
        if (out.length >= SEARCH_LIMIT) return out;
      }
    }
  }
  return out;
}
