/* Wire shapes of docs/protocol.md#shapes (snake_case, key order as anniv-go sends them). */
// The one album / disc / track shape of the server: the meta repo reads it, the demo catalogue
// writes it (with how each track sounds) and a share exports it (without artists and tags).

export type Artists = Record<string, string>;

/** the track types anni knows; a disc and a track without one inherit their parent's */
const TRACK_TYPE_NAMES = ['normal', 'instrumental', 'absolute', 'drama', 'radio', 'vocal'] as const;
export type TrackType = (typeof TRACK_TYPE_NAMES)[number];
export const TRACK_TYPES: ReadonlySet<string> = new Set(TRACK_TYPE_NAMES);

export interface TrackDetails {
  title: string;
  artist?: string;
  type?: string;
  artists?: Artists;
  tags?: string[];
}

export interface DiscDetails {
  title?: string;
  artist?: string;
  catalog: string;
  type?: string;
  artists?: Artists;
  tags?: string[];
  tracks: TrackDetails[];
}

export interface AlbumDetails {
  album_id: string;
  title: string;
  edition?: string;
  catalog: string;
  artist: string;
  date: string;
  type: string;
  artists?: Artists;
  tags: string[];
  discs: DiscDetails[];
}

/** A track of a shared album: artist and type inherited from its disc, no artists, no tags. */
export type ExportedTrack = Required<Pick<TrackDetails, 'title' | 'artist' | 'type'>>;

/** A disc of a shared album: artist and type inherited from the album, no artists, no tags. */
export interface ExportedDisc extends Omit<DiscDetails, 'artist' | 'type' | 'artists' | 'tags' | 'tracks'> {
  artist: string;
  type: string;
  tracks: ExportedTrack[];
}

/** An album of a share's `metadata`: AlbumDetails without `artists` and `tags`. */
export interface ExportedAlbum extends Omit<AlbumDetails, 'artists' | 'tags' | 'discs'> {
  discs: ExportedDisc[];
}

export interface TrackInfoWithAlbum {
  album_id: string;
  disc_id: number;
  track_id: number;
  title: string;
  artist?: string;
  type?: string;
  album_title: string;
}
