/* Wire shapes of docs/protocol.md#shapes (snake_case, key order as anniv-go sends them). */

export type Artists = Record<string, string>;

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

export interface TrackInfoWithAlbum {
  album_id: string;
  disc_id: number;
  track_id: number;
  title: string;
  artist?: string;
  type?: string;
  album_title: string;
}
