// Reading album metadata with the fallbacks (docs/behaviour.md#albums-and-tracks): a disc title falls back to the album
// title; a track's type, artist and artists fall back to the disc's, then the album's. Real
// servers pre-fill most of this (docs/protocol.md#shapes); the fallbacks keep older data readable.
import { text } from '@/shared/text';
import { DEFAULT_TRACK_TYPE } from './albumParse';
import type { AlbumDiscInfo, AlbumInfo, AlbumTrackInfo, Track } from '@/shared/types';

/** `Title【Edition】` when the album has an edition */
export function albumFullTitle(album: Pick<AlbumInfo, 'title' | 'edition'>): string {
  return album.edition ? `${album.title}【${album.edition}】` : album.title;
}

/** the title of the disc at `discIndex` (0-based position in `album.discs`) */
export function discTitle(album: AlbumInfo, discIndex: number): string {
  return album.discs[discIndex]?.title || album.title;
}

/** `Disc N`, plus ` - disc title` when the disc's title differs from the album's (docs/behaviour.md#album-page) */
export function discHeading(album: AlbumInfo, discIndex: number): string {
  const heading = text.album.disc(discIndex + 1);
  const title = discTitle(album, discIndex);
  return title !== album.title ? `${heading} - ${title}` : heading;
}

function resolve(album: AlbumInfo, disc: AlbumDiscInfo, track: AlbumTrackInfo, discId: number, trackId: number): Track {
  // a track's tags include its disc's (the server aggregates them the same way)
  const tags = [...new Set([...(track.tags ?? []), ...(disc.tags ?? [])])];
  return {
    albumId: album.albumId,
    discId,
    trackId,
    title: track.title,
    artist: track.artist ?? disc.artist ?? album.artist,
    artists: { ...(track.artists ?? disc.artists ?? album.artists ?? {}) },
    type: track.type ?? disc.type ?? album.type ?? DEFAULT_TRACK_TYPE,
    albumTitle: album.title,
    tags,
  };
}

/** every track of every disc in order, with 1-based discId/trackId */
export function resolveTracks(album: AlbumInfo): Track[] {
  return album.discs.flatMap((disc, d) => disc.tracks.map((track, t) => resolve(album, disc, track, d + 1, t + 1)));
}

/** the tracks of one disc (0-based index), as in resolveTracks */
export function resolveDiscTracks(album: AlbumInfo, discIndex: number): Track[] {
  const disc = album.discs[discIndex];
  return disc ? disc.tracks.map((track, t) => resolve(album, disc, track, discIndex + 1, t + 1)) : [];
}

/** one track by its 1-based ids, or null when the album has no such track */
export function resolveTrack(album: AlbumInfo, discId: number, trackId: number): Track | null {
  const disc = album.discs[discId - 1];
  const track = disc?.tracks[trackId - 1];
  return disc && track ? resolve(album, disc, track, discId, trackId) : null;
}
