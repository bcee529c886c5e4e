// The track vocabulary (docs/behaviour.md#albums-and-tracks): its identity, the one function that builds the track key
// albumId-discId-trackId, and the display fields every list, the queue and the player show.
import type { ArtistRoles } from './types';

export interface TrackIdentity {
  albumId: string;
  discId: number;
  trackId: number;
}

/**
 * A track as it is listed, queued and shown: identity and display fields only. An album's resolved
 * Track, a search or favourite result and a stored queue item all fit. No URLs: those are built
 * from the credentials of the moment when the track plays, so nothing stored holds a stale token.
 */
export interface TrackInfo extends TrackIdentity {
  title: string;
  artist: string;
  artists?: ArtistRoles;
  type: string;
  albumTitle: string;
  /**
   * The share this track was queued from (/s/{shareId}): it plays through that share's tokens,
   * fetched afresh when it plays (they expire after 24 h and are never stored), not through the
   * listener's own libraries.
   */
  shareId?: string;
}

/** a share id as links carry it: letters, digits, `_` and `-` (anything else is no share id) */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** an album id as the protocol has it: a UUID */
export const ALBUM_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function trackKey(track: TrackIdentity): string {
  return `${track.albumId}-${track.discId}-${track.trackId}`;
}

/** the album id of a trackKey: album ids may hold dashes, the disc and track numbers never do */
export function albumIdOfKey(key: string): string {
  return key.slice(0, key.lastIndexOf('-', key.lastIndexOf('-') - 1));
}

/** the TrackInfo fields of any track-like value (an album Track carries tags too; a queue keeps none) */
export function trackInfoOf(track: TrackInfo): TrackInfo {
  const info: TrackInfo = {
    albumId: track.albumId,
    discId: track.discId,
    trackId: track.trackId,
    title: track.title,
    artist: track.artist,
    type: track.type,
    albumTitle: track.albumTitle,
  };
  if (track.artists) info.artists = { ...track.artists };
  if (track.shareId) info.shareId = track.shareId;
  return info;
}
