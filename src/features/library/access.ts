// The one owner of library access: which credential serves an album or a track, and at what URLs
// (docs/behaviour.md#streaming-and-library-choice). Every page, the player and later the shared page ask here, so the album page's
// enabled buttons and what the player can play always agree. Credentials come from a source: the
// signed-in user's (the libraries machine), or, for a shared list, the share's tokens.
import type { Credential } from '@/shared/types';
import { NoSourceError } from '@/shared/errors';
import type { TrackIdentity } from '@/shared/track';
import { albumCoverUrl, audioUrl, discCoverUrl, libraryBase } from '@/services/libraryUrls';
import { tokenCanShare, tokenCovers } from '@/rules/token';

export interface CredentialSource {
  /** the credentials of the moment; read at every question, so changes apply at once */
  credentials(): readonly Credential[];
  /** false until the credentials are known: nobody can tell yet which library has an album */
  ready(): boolean;
  /** resolves once the credentials' load has ended, listed or failed (at once when none is under way) */
  settled?(): Promise<void>;
  /** album id → the URLs of the libraries holding it (the local album_library_map) */
  librariesOf(albumIds: readonly string[]): Promise<Map<string, readonly string[]>>;
  /** whether the track is kept on this device: it plays without any library (listening offline) */
  keptOnDevice?(track: TrackIdentity): boolean;
  /** resolves once what this device keeps is known (answers without libraries wait for it) */
  keptKnown?(): Promise<void>;
  /** the browser has no network at all: only kept tracks can play, whatever the libraries hold */
  offline?(): boolean;
}

/** where a track plays from, through the library chosen for it */
export interface TrackSource {
  /** {server}/{albumId}/{discId}/{trackId}?auth={token} */
  audioUrl: string;
  /** the disc cover */
  coverUrl: string;
}

/** the answers for a set of albums, from one read of the availability map */
export interface AlbumAccess {
  /** the album cover through the library that serves the album; null when no library has it */
  coverUrl(albumId: string): string | null;
  /** a disc's cover through the library that serves the album (a playlist's cover); null when none has it */
  discCoverUrl(albumId: string, discId: number): string | null;
  /** some library holding the album has a token that covers the track */
  canPlay(track: TrackIdentity): boolean;
  /** where the track plays from; null when it cannot play */
  trackSource(track: TrackIdentity): TrackSource | null;
}

function highest(candidates: readonly Credential[]): Credential | null {
  let best: Credential | null = null;
  for (const credential of candidates) {
    if (best === null || credential.priority > best.priority) best = credential;
  }
  return best;
}

/** docs/behaviour.md#streaming-and-library-choice: the highest priority among the credentials whose library holds the album; on a tie the first listed */
export function chooseCredential(
  credentials: readonly Credential[],
  availableLibraries: readonly string[],
): Credential | null {
  const available = new Set(availableLibraries.map(libraryBase));
  return highest(credentials.filter((c) => available.has(libraryBase(c.url))));
}

/** as chooseCredential, among the credentials whose token covers the track (a share token lists its tracks) */
export function chooseTrackCredential(
  credentials: readonly Credential[],
  availableLibraries: readonly string[],
  track: TrackIdentity,
): Credential | null {
  return chooseCredential(
    credentials.filter((c) => tokenCovers(c.token, track.albumId, track.discId, track.trackId)),
    availableLibraries,
  );
}

/**
 * docs/protocol.md#shares step 1: the credential that shares an album is the highest-priority one whose
 * token may share (a `share` claim whose `allowed`, if any, lists the album) and whose library holds it.
 */
export function chooseShareCredential(
  credentials: readonly Credential[],
  availableLibraries: readonly string[],
  albumId: string,
): Credential | null {
  return chooseCredential(
    credentials.filter((c) => tokenCanShare(c.token, albumId)),
    availableLibraries,
  );
}

export function trackSourceOf(credential: Credential, track: TrackIdentity): TrackSource {
  return {
    audioUrl: audioUrl(credential.url, credential.token, track),
    coverUrl: discCoverUrl(credential.url, track.albumId, track.discId),
  };
}

/** answers for albums whose libraries are known (`availability`: album id → library URLs) */
export function albumAccess(
  credentials: readonly Credential[],
  availability: ReadonlyMap<string, readonly string[]>,
  keptOnDevice: (track: TrackIdentity) => boolean = () => false,
  offline = false,
): AlbumAccess {
  const librariesOf = (albumId: string) => availability.get(albumId) ?? [];
  const trackCredential = (track: TrackIdentity) =>
    chooseTrackCredential(credentials, librariesOf(track.albumId), track);
  return {
    coverUrl(albumId) {
      const credential = chooseCredential(credentials, librariesOf(albumId));
      return credential ? albumCoverUrl(credential.url, albumId) : null;
    },
    discCoverUrl(albumId, discId) {
      const credential = chooseCredential(credentials, librariesOf(albumId));
      return credential ? discCoverUrl(credential.url, albumId, discId) : null;
    },
    // with no network a track that is not kept would only fail on click: it shows as unavailable
    canPlay: (track) => keptOnDevice(track) || (!offline && trackCredential(track) !== null),
    trackSource(track) {
      const credential = trackCredential(track);
      return credential ? trackSourceOf(credential, track) : null;
    },
  };
}

export interface LibraryAccess {
  /** whether the credentials are known (before that, no album is known to be anywhere) */
  ready(): boolean;
  /** the answers for these albums with the current credentials; a broken local store means "none known" */
  forAlbums(albumIds: readonly string[]): Promise<AlbumAccess>;
  /** where the track plays from; throws NoSourceError when no library can play it */
  trackSource(track: TrackIdentity): Promise<TrackSource>;
  /** album id → the id of the credential that shares it; null for an album none can share */
  sharingCredentials(albumIds: readonly string[]): Promise<Record<string, string | null>>;
}

export function createLibraryAccess(source: CredentialSource): LibraryAccess {
  const kept = (track: TrackIdentity) => source.keptOnDevice?.(track) ?? false;
  const read = async (albumIds: readonly string[]) => {
    // credentials still loading (a page opened straight after sign-in or a reload): the answer waits
    // for them, or it would say no library has any album until something made the page ask again
    if (!source.ready()) await source.settled?.();
    // with no library reachable (offline: the credentials failed to load) only kept tracks can play,
    // so the answer waits for them to be known; with libraries it never waits
    if (!source.ready()) await source.keptKnown?.();
    const availability =
      albumIds.length > 0 ? await source.librariesOf([...new Set(albumIds)]) : new Map<string, readonly string[]>();
    return albumAccess(source.credentials(), availability, kept, source.offline?.() ?? false);
  };
  return {
    ready: () => source.ready(),
    async forAlbums(albumIds) {
      try {
        return await read(albumIds);
      } catch {
        // a broken local store only means no album is known to be anywhere, never a failed page
        return albumAccess(source.credentials(), new Map(), kept);
      }
    },
    // here a broken store fails the load (无法播放该歌曲) rather than claiming no library has the track
    async trackSource(track) {
      const found = (await read([track.albumId])).trackSource(track);
      if (!found) throw new NoSourceError();
      return found;
    },
    async sharingCredentials(albumIds) {
      const ids = [...new Set(albumIds)];
      const availability = ids.length > 0 ? await source.librariesOf(ids) : new Map<string, readonly string[]>();
      const credentials = source.credentials();
      return Object.fromEntries(
        ids.map((id) => [id, chooseShareCredential(credentials, availability.get(id) ?? [], id)?.id ?? null]),
      );
    },
  };
}
