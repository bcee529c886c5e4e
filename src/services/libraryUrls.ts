// Every URL of a library (annil) server is built here, and nowhere else (docs/behaviour.md#streaming-and-library-choice, docs/protocol.md#library-server-annil):
// the base a credential's URL stands for, its routes, and the query parameters the player adds.
// Which credential serves an album or track is the library feature's access module's question.
import type { TrackIdentity } from '@/shared/track';

/** An absolute http(s) URL's origin, the form a new library is stored in (docs/protocol.md#library-server-annil); null otherwise. */
export function libraryOrigin(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/**
 * The base every route of a library hangs off, and the form library URLs are compared in: origin
 * plus path, without trailing slashes, query or fragment. Stored URLs are origins (ours and anniw's
 * add forms keep only that), but a server may hold one with a path; a URL that does not parse is
 * only trimmed.
 */
export function libraryBase(url: string): string {
  const trimmed = url.trim();
  try {
    const parsed = new URL(trimmed);
    return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
  } catch {
    return trimmed.replace(/\/+$/, '');
  }
}

export function sameLibrary(a: string, b: string): boolean {
  return libraryBase(a) === libraryBase(b);
}

/** appends query parameters to a URL that may or may not have a query already */
export function withQuery(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

const auth = (token: string) => `auth=${encodeURIComponent(token)}`;

/**
 * A library URL as the app's own request sends it (src/services/libraryFetch.ts): without its
 * `auth` parameter, and the token that parameter held (null when there is none). Only a media
 * element needs the token in the URL; anything else the app asks a library carries it in the
 * Authorization header, so the token is in no URL a cache or a log keeps.
 */
export function tokenOutOf(url: string): { url: string; token: string | null } {
  const at = url.indexOf('?');
  if (at < 0) return { url, token: null };
  const params = new URLSearchParams(url.slice(at + 1));
  const token = params.get('auth');
  if (token === null) return { url, token: null };
  params.delete('auth');
  const rest = params.toString();
  return { url: rest ? `${url.slice(0, at)}?${rest}` : url.slice(0, at), token };
}

/** GET {url}/info: needs no token */
export function libraryInfoUrl(library: string): string {
  return `${libraryBase(library)}/info`;
}

/** GET {url}/albums?auth={token}: the albums the token may see */
export function libraryAlbumsUrl(library: string, token: string): string {
  return `${libraryBase(library)}/albums?${auth(token)}`;
}

/** the playable URL {server}/{albumId}/{discId}/{trackId}?auth={token} (docs/behaviour.md#streaming-and-library-choice) */
export function audioUrl(library: string, token: string, track: TrackIdentity): string {
  return `${libraryBase(library)}/${track.albumId}/${track.discId}/${track.trackId}?${auth(token)}`;
}

/** the album cover; covers need no token */
export function albumCoverUrl(library: string, albumId: string): string {
  return `${libraryBase(library)}/${albumId}/cover`;
}

/** a disc's cover {server}/{albumId}/{discId}/cover (docs/behaviour.md#streaming-and-library-choice) */
export function discCoverUrl(library: string, albumId: string, discId: number): string {
  return `${libraryBase(library)}/${albumId}/${discId}/cover`;
}
