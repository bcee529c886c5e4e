import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';

/**
 * The library's signing keys (annil's `hmac-key`, `share-key`, `share-key-id`), created once and
 * kept in DATA_DIR so tokens survive restarts. Keys are used as the UTF-8 bytes of these strings,
 * because Anniv signs share tokens with the `share.secret` string it reads from user tokens.
 */
export interface LibraryKeys {
  hmac_key: string;
  share_key: string;
  share_key_id: string;
}

export function loadOrCreateKeys(dataDir: string): LibraryKeys {
  const file = path.join(dataDir, 'library-keys.json');
  if (fs.existsSync(file)) {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LibraryKeys>;
    if (parsed.hmac_key && parsed.share_key && parsed.share_key_id) {
      return { hmac_key: parsed.hmac_key, share_key: parsed.share_key, share_key_id: parsed.share_key_id };
    }
    throw new Error(`${file} is incomplete; delete it to generate new keys`);
  }
  const keys: LibraryKeys = {
    hmac_key: randomBytes(32).toString('hex'),
    share_key: randomBytes(32).toString('hex'),
    share_key_id: `k${randomBytes(4).toString('hex')}`,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  return keys;
}

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

/** User token `{iat, type:"user", user_id, share?}` HS256 without exp (annil's /admin/sign). */
export async function signUserToken(keys: LibraryKeys, userId: string, share = true): Promise<string> {
  const payload: JWTPayload = { type: 'user', user_id: userId };
  if (share) payload.share = { key_id: keys.share_key_id, secret: keys.share_key };
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().sign(bytes(keys.hmac_key));
}

/** audios map of a share token: album id → disc id (decimal string) → track ids. */
export type Audios = Record<string, Record<string, number[]>>;

/**
 * A share token exactly as Anniv signs one for a share grant (protocol.md 1.6.10 step 3): HS256,
 * header `{alg, typ, kid: keyId}`, payload `{iss: "anniv", exp, type: "share", audios}`, key = the
 * UTF-8 bytes of the share secret read from the user token. `exp` in Unix seconds.
 */
export async function signShareTokenWith(keyId: string, secret: string, audios: Audios, exp: number): Promise<string> {
  return new SignJWT({ iss: 'anniv', exp, type: 'share', audios }).setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyId }).sign(bytes(secret));
}

/** Share token for this library's own share key (used by tests and the token CLI). */
export async function signShareToken(keys: LibraryKeys, audios: Audios, expiresInSeconds = 86400): Promise<string> {
  return signShareTokenWith(keys.share_key_id, keys.share_key, audios, Math.floor(Date.now() / 1000) + expiresInSeconds);
}

export type Grant = { kind: 'user' } | { kind: 'share'; audios: Audios };

/** annil reads `audios` as album → disc → track ids in 1..255 (NonZeroU8); anything else fails the token. */
function isAudios(v: unknown): v is Audios {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  return Object.values(v).every(
    (discs) =>
      typeof discs === 'object' &&
      discs !== null &&
      !Array.isArray(discs) &&
      Object.values(discs).every((tracks) => Array.isArray(tracks) && tracks.every((t) => Number.isInteger(t) && t >= 1 && t <= 255)),
  );
}

/** Verifies a library token as annil does (protocol.md 2.2); null when it must be refused (401). */
export async function verifyLibraryToken(keys: LibraryKeys, token: string): Promise<Grant | null> {
  return (await verifyWithExpiry(keys, token))?.grant ?? null;
}

/** The grant and the token's `exp` (Unix seconds; undefined: it never expires). */
async function verifyWithExpiry(keys: LibraryKeys, token: string): Promise<{ grant: Grant; exp: number | undefined } | null> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return null;
  }
  try {
    if (kid === undefined) {
      const { payload } = await jwtVerify(token, bytes(keys.hmac_key), { algorithms: ['HS256'] });
      if (payload.type === 'user') return { grant: { kind: 'user' }, exp: payload.exp };
      if (payload.type === 'share' && isAudios(payload.audios)) return { grant: { kind: 'share', audios: payload.audios }, exp: payload.exp };
      return null;
    }
    if (kid !== keys.share_key_id) return null;
    const { payload } = await jwtVerify(token, bytes(keys.share_key), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (payload.type !== 'share' || !isAudios(payload.audios)) return null;
    return { grant: { kind: 'share', audios: payload.audios }, exp: payload.exp };
  } catch {
    return null;
  }
}

/**
 * verifyLibraryToken that remembers the tokens it accepted until they expire, at most `maxEntries`
 * of them (the oldest is forgotten first). A player asks for many ranges of one track with one
 * token; the signature check is asynchronous work that each of them would otherwise queue for.
 * Refused tokens are not remembered, so a flood of bad ones cannot push the good ones out.
 */
export function rememberingVerifier(keys: LibraryKeys, now: () => number = () => Date.now(), maxEntries = 1000): (token: string) => Promise<Grant | null> {
  const accepted = new Map<string, { grant: Grant; expiresAtMs: number }>();
  return async (token) => {
    const known = accepted.get(token);
    if (known && now() < known.expiresAtMs) return known.grant;
    if (known) accepted.delete(token);
    const verified = await verifyWithExpiry(keys, token);
    if (!verified) return null;
    accepted.set(token, { grant: verified.grant, expiresAtMs: verified.exp === undefined ? Infinity : verified.exp * 1000 });
    if (accepted.size > maxEntries) accepted.delete(accepted.keys().next().value!);
    return verified.grant;
  };
}

/**
 * Whether a share token's `audios` lists the track (annil's can_fetch): album key = lower-case
 * hyphenated UUID, disc key = the disc id in plain decimal, track id among the numbers.
 */
export function shareCovers(audios: Audios, album: string, disc: number, track: number): boolean {
  if (!Object.hasOwn(audios, album)) return false;
  const discs = audios[album]!;
  const key = String(disc);
  if (!Object.hasOwn(discs, key)) return false;
  const tracks = discs[key];
  return Array.isArray(tracks) && tracks.includes(track);
}
