// Client-side shapes of what the Anniv server sends (camelCase after conversion).
// Parsed and narrowed once in the service that receives them (src/services/api/).

export interface SiteInfo {
  siteName: string;
  description: string;
  protocolVersion: string;
  features: string[];
}

export interface UserInfo {
  userId: string;
  email: string;
  nickname: string;
  avatar: string;
  twoFactorEnabled: boolean;
  /** recovery codes not used yet, when the server has them (docs/protocol.md#user) and two-step sign-in is on */
  recoveryCodesLeft?: number;
}

export interface Credential {
  id: string;
  name: string;
  url: string;
  token: string;
  priority: number;
  controlled: boolean;
}

export interface LoginRequest {
  email: string;
  /** the typed password; the service hashes it (SHA-256 hex) before sending */
  password: string;
  /** TOTP code, only for users with 2FA on; sent as the literal key `2fa_code` */
  twoFactorCode?: string;
}

export interface RegisterRequest {
  email: string;
  password: string;
  nickname: string;
  inviteCode?: string;
  /** on a site that enforces two-step sign-in: the secret made in the browser and a first code */
  twoFactor?: NewTotpSecret;
}

export interface ProfileRequest {
  nickname: string;
  avatar: string;
}

export interface PasswordChangeRequest {
  oldPassword: string;
  newPassword: string;
  /** the code of two-step sign-in, for a user who has it on */
  twoFactorCode?: string;
}

/** a TOTP secret (base32) made in the browser and a first code it gives */
interface NewTotpSecret {
  secret: string;
  code: string;
}

/** turning two-step sign-in on: the new secret, its first code, and the account's password */
export interface TwoFactorSetup extends NewTotpSecret {
  /** the account's password as typed: turning it on needs it on the reference server (anniv-go ignores it) */
  password: string;
}

/** new recovery codes: the password as typed and a current code (or a recovery code) */
export interface RecoveryCodesRequest {
  password: string;
  code: string;
}

/** deleting the account: the typed password, and the code for a user with two-step sign-in on */
export interface AccountDeletion {
  password: string;
  twoFactorCode?: string;
}

export interface NewCredential {
  name: string;
  url: string;
  token: string;
  priority: number;
}

/** role → artist text (keys are data: `irish-harp` stays as it is) */
export type ArtistRoles = Record<string, string>;

/** a track as album metadata describes it (docs/protocol.md#shapes) */
export interface AlbumTrackInfo {
  title: string;
  artist?: string;
  type?: string;
  artists?: ArtistRoles;
  tags?: string[];
}

export interface AlbumDiscInfo {
  /** absent: falls back to the album title */
  title?: string;
  catalog: string;
  artist?: string;
  type?: string;
  artists?: ArtistRoles;
  tags?: string[];
  tracks: AlbumTrackInfo[];
}

/** album metadata, also the value kept in the local album_info store (docs/behaviour.md#albums-and-tracks) */
export interface AlbumInfo {
  albumId: string;
  title: string;
  edition?: string;
  catalog: string;
  artist: string;
  date: string;
  type: string;
  artists?: ArtistRoles;
  tags: string[];
  discs: AlbumDiscInfo[];
}

/** a tag as the client knows it; `id` is the canonical `type:name` used by the tag graph and URLs */
export interface Tag {
  id: string;
  name: string;
  type: string;
}

/** a track with its album title, as search, favourites and playlists send it (TrackInfoWithAlbum) */
export interface TrackResult {
  albumId: string;
  discId: number;
  trackId: number;
  title: string;
  artist: string;
  type: string;
  albumTitle: string;
}

/** a track of an album with the fallbacks of docs/behaviour.md#albums-and-tracks applied (disc → album); ids are 1-based */
export interface Track {
  albumId: string;
  discId: number;
  trackId: number;
  title: string;
  artist: string;
  artists: ArtistRoles;
  type: string;
  albumTitle: string;
  tags: string[];
}

/** a playlist's cover: a disc of an album (docs/behaviour.md#playlists); a new list has an empty albumId */
export interface PlaylistCover {
  albumId: string;
  discId: number;
}

/** a liked playlist as GET /api/favorite/playlist names it: name and owner empty once it is no longer public */
export interface LikedPlaylist {
  id: string;
  name: string;
  owner: string;
}

/** another listener as anyone signed in sees them (UserIntro, docs/protocol.md#shapes) */
export interface UserIntro {
  userId: string;
  nickname: string;
  avatar: string;
}

/** a playlist as the list of playlists shows it (PlaylistInfo, docs/protocol.md#shapes) */
export interface PlaylistInfo {
  id: string;
  name: string;
  description: string;
  isPublic: boolean;
  /** null when none is set (a new list) */
  cover: PlaylistCover | null;
  /** the owner's user id */
  owner: string;
  /** Unix seconds */
  lastModified: number;
}

/** one entry of a playlist: a track, a placeholder (title and artist only, not playable) or a whole album */
export type PlaylistItem =
  | { id: string; type: 'normal'; description: string; track: TrackResult }
  | { id: string; type: 'dummy'; description: string; title: string; artist: string; trackType: string }
  | { id: string; type: 'album'; description: string; albumId: string };

export interface Playlist extends PlaylistInfo {
  items: PlaylistItem[];
  /** what this read of the list was (our server's digest); null from servers that send none */
  version: string | null;
}

/** what the create and edit dialogs send */
export interface PlaylistFields {
  name: string;
  description: string;
  isPublic: boolean;
}

/** a song of a share: one disc's tracks (ExportedPlaylist.songs) */
export interface ShareSong {
  albumId: string;
  discId: number;
  tracks: number[];
}

/** a library token of a share: plays the share's tracks on `server` (24 h) */
export interface ShareToken {
  server: string;
  token: string;
}

/** a shared list as GET /api/share answers it (ExportedPlaylist, docs/protocol.md#shapes) */
export interface SharedList {
  id: string;
  name: string;
  description: string;
  cover: PlaylistCover | null;
  songs: ShareSong[];
  tokens: ShareToken[];
  /** album id → its metadata (no artists, no tags) */
  albums: Record<string, AlbumInfo>;
}

/** one of the user's shares (GET /api/share/) */
export interface ShareEntry {
  id: string;
  /** Unix seconds */
  date: number;
  /** the reference server adds it; real servers may not */
  name?: string;
}

/** what POST /api/share takes */
export interface NewShare {
  name: string;
  description: string;
  cover: PlaylistCover;
  songs: ShareSong[];
  /** album id → the id of the credential that shares it */
  albums: Record<string, string>;
}

/** what a page's load shows: a skeleton, the data, or the error's text (PageLoad renders it) */
export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'failure'; error: string };
