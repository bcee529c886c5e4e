// Which library serves an album (spec 4.3): the credential with the highest priority among those
// whose library holds it; on a tie the first in the list wins.
import type { Credential } from '@/shared/types';
import { coverUrl, libraryUrl, playableUrl } from '@/services/annil';
import { tokenCovers } from '@/services/token';
import type { TrackIdentity } from '@/shared/track';

export interface TrackSource {
  playUrl: string;
  coverUrl: string;
}

/** the form library urls are compared in: the origin (as stored, protocol.md 4 #33) */
export function normalizeLibraryUrl(url: string): string {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return libraryUrl(url);
  }
}

function highest(candidates: Credential[]): Credential | null {
  let best: Credential | null = null;
  for (const credential of candidates) {
    if (best === null || credential.priority > best.priority) best = credential;
  }
  return best;
}

/** `availableLibraries`: the album's library urls (local album_library_map) */
export function chooseCredential(credentials: readonly Credential[], availableLibraries: readonly string[]): Credential | null {
  const available = new Set(availableLibraries.map(normalizeLibraryUrl));
  return highest(credentials.filter((c) => available.has(normalizeLibraryUrl(c.url))));
}

/** as chooseCredential, but only credentials whose token covers the track (share tokens list theirs) */
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

/** where a track plays from and its (disc) cover, through the chosen credential */
export function trackSource(credential: Credential, track: TrackIdentity): TrackSource {
  return {
    playUrl: playableUrl(credential.url, track.albumId, track.discId, track.trackId, credential.token),
    coverUrl: coverUrl(credential.url, track.albumId, track.discId),
  };
}
