// Library tokens (docs/protocol.md#library-tokens): HS256 JWTs read without verifying (only annil can verify).
// The `audios` map is keyed by album ids and disc numbers: data, never case-converted.
import { jwtDecode } from 'jwt-decode';
import { text } from '@/shared/firstPageText';
import { isRecord, readStringArray } from './narrow';

/** album id → disc number (decimal string) → track numbers */
type TokenAudios = Record<string, Record<string, number[]>>;

interface TokenShare {
  keyId: string;
  secret: string;
  /** albums the token may share; absent = all */
  allowed?: string[];
}

export interface LibraryToken {
  audios?: TokenAudios;
  share?: TokenShare;
  /** `user` or `share` */
  type?: string;
}

function readAudios(value: unknown): TokenAudios | undefined {
  if (!isRecord(value)) return undefined;
  // fromEntries defines properties, so an odd `__proto__` key stays an ordinary key
  return Object.fromEntries(
    Object.entries(value)
      .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
      .map(([albumId, discs]) => [
        albumId,
        Object.fromEntries(
          Object.entries(discs)
            .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
            .map(([discId, tracks]) => [discId, tracks.filter((t): t is number => typeof t === 'number')]),
        ),
      ]),
  );
}

function readShare(value: unknown): TokenShare | undefined {
  if (!isRecord(value) || typeof value.key_id !== 'string' || typeof value.secret !== 'string') return undefined;
  const share: TokenShare = { keyId: value.key_id, secret: value.secret };
  if (Array.isArray(value.allowed)) share.allowed = readStringArray(value.allowed);
  return share;
}

function decodePart(token: string, header: boolean): Record<string, unknown> {
  let decoded: unknown;
  try {
    decoded = header ? jwtDecode(token, { header: true }) : jwtDecode(token);
  } catch (e) {
    throw new Error(text.library.tokenInvalid, { cause: e });
  }
  if (!isRecord(decoded)) throw new Error(text.library.tokenInvalid);
  return decoded;
}

/** the claims the client uses; throws Error(text.library.tokenInvalid) when it is not a JWT */
export function decodeLibraryToken(token: string): LibraryToken {
  const payload = decodePart(token.trim(), false);
  const result: LibraryToken = {};
  const audios = readAudios(payload.audios);
  if (audios) result.audios = audios;
  const share = readShare(payload.share);
  if (share) result.share = share;
  if (typeof payload.type === 'string') result.type = payload.type;
  return result;
}

/** three dot-separated parts whose header and payload are base64url JSON objects */
export function isJwt(token: string): boolean {
  const trimmed = token.trim();
  if (trimmed.split('.').length !== 3) return false;
  try {
    decodePart(trimmed, true);
    decodePart(trimmed, false);
    return true;
  } catch {
    return false;
  }
}

// Rows ask for every track; the few tokens a user has are decoded once each.
const decodedCache = new Map<string, LibraryToken | null>();
const DECODED_CACHE_SIZE = 32;

function cachedDecode(token: string): LibraryToken | null {
  if (decodedCache.has(token)) return decodedCache.get(token) ?? null;
  let decoded: LibraryToken | null;
  try {
    decoded = decodeLibraryToken(token);
  } catch {
    decoded = null;
  }
  if (decodedCache.size >= DECODED_CACHE_SIZE) decodedCache.clear();
  decodedCache.set(token, decoded);
  return decoded;
}

/**
 * Whether the token lets its library play the track: a token with an `audios` claim (a share
 * token) covers exactly what it lists; a user token without one covers everything. An unreadable
 * token covers nothing.
 */
export function tokenCovers(token: string, albumId: string, discId: number, trackId: number): boolean {
  const decoded = cachedDecode(token);
  if (!decoded) return false;
  if (!decoded.audios) return decoded.type !== 'share';
  // album keys are lower-case UUIDs on the wire (docs/protocol.md#library-tokens)
  const discs = decoded.audios[albumId] ?? decoded.audios[albumId.toLowerCase()];
  return discs?.[String(discId)]?.includes(trackId) ?? false;
}

/** whether a credential's token may be used to share the album (docs/protocol.md#shares step 1) */
export function tokenCanShare(token: string, albumId: string): boolean {
  const share = cachedDecode(token)?.share;
  return share !== undefined && (share.allowed === undefined || share.allowed.includes(albumId));
}
