import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { LIMITS } from '../api/limits.js';

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
  fs.writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

/**
 * The account a user token was signed for by this server (a controlled credential): the user's row
 * id (never reused) and the user's token generation when it was signed. A password change or a
 * deleted account ends every token of an older generation (server/users.ts).
 */
interface TokenAccount {
  id: number;
  generation: number;
}

export interface UserTokenOptions {
  /** with the share object (default true): what makes a credential usable for sharing */
  share?: boolean;
  /** signed for this server's account (controlled credentials); absent for `npm run token` */
  account?: TokenAccount;
  /** Unix seconds of signing (default now) */
  now?: number;
  /** seconds until `exp` (default LIMITS.libraryTokenSeconds) */
  lifetimeSeconds?: number;
}

/**
 * User token `{iat, exp, type:"user", user_id, share?, account?, generation?}` HS256. annil's
 * /admin/sign writes no `exp`, so its tokens last for ever; this library requires one.
 */
export async function signUserToken(
  keys: LibraryKeys,
  userId: string,
  options: UserTokenOptions = {},
): Promise<string> {
  const {
    share = true,
    account,
    now = Math.floor(Date.now() / 1000),
    lifetimeSeconds = LIMITS.libraryTokenSeconds,
  } = options;
  const payload: JWTPayload = { type: 'user', user_id: userId };
  if (share) payload.share = { key_id: keys.share_key_id, secret: keys.share_key };
  if (account) Object.assign(payload, { account: account.id, generation: account.generation });
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(bytes(keys.hmac_key));
}

/** audios map of a share token: album id → disc id (decimal string) → track ids. */
export type Audios = Record<string, Record<string, number[]>>;

/**
 * A share token as Anniv signs one for a share grant (docs/protocol.md#shares step 3): HS256,
 * header `{alg, typ, kid: keyId}`, payload `{iss: "anniv", iat, exp, type: "share", audios}`, key =
 * the UTF-8 bytes of the share secret read from the user token. `iat` and `exp` in Unix seconds.
 * anniv-go writes no `iat`; this library needs one to bound the token's life (verifyWithExpiry).
 */
export async function signShareTokenWith(
  keyId: string,
  secret: string,
  audios: Audios,
  exp: number,
  iat = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ iss: 'anniv', iat, exp, type: 'share', audios })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyId })
    .sign(bytes(secret));
}

/** Share token for this library's own share key (used by tests and the token CLI). */
export async function signShareToken(keys: LibraryKeys, audios: Audios, expiresInSeconds = 86400): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signShareTokenWith(keys.share_key_id, keys.share_key, audios, now + expiresInSeconds, now);
}

export type Grant = { kind: 'user'; account?: TokenAccount } | { kind: 'share'; audios: Audios };

/** annil reads `audios` as album → disc → track ids in 1..255 (NonZeroU8); anything else fails the token. */
function isAudios(v: unknown): v is Audios {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  return Object.values(v).every(
    (discs) =>
      typeof discs === 'object' &&
      discs !== null &&
      !Array.isArray(discs) &&
      Object.values(discs).every(
        (tracks) => Array.isArray(tracks) && tracks.every((t) => Number.isInteger(t) && t >= 1 && t <= 255),
      ),
  );
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/**
 * The longest life a share token may have, `exp - iat`. Anniv hands out tokens for 24 h; the share
 * key sits in every user token (annil's design), so anyone who ever held one could otherwise sign
 * a share token for ten years. An hour more than Anniv's day, for clocks that disagree.
 */
const SHARE_TOKEN_MAX_SECONDS = 25 * 3600;
/** How far in the future a share token's `iat` may be (clock skew): a later one is refused. */
const SHARE_TOKEN_IAT_SKEW_SECONDS = 5 * 60;

/**
 * Whether a share token's times are ones this library honours: an `iat` that is not in the future
 * (beyond the skew) and an `exp` at most SHARE_TOKEN_MAX_SECONDS after it. Stricter than annil,
 * which reads no `iat` (docs/protocol.md#library-tokens).
 */
function shortLived(payload: JWTPayload, nowMs: number): boolean {
  const { iat, exp } = payload;
  if (!isCount(iat) || !isCount(exp)) return false;
  return iat <= nowMs / 1000 + SHARE_TOKEN_IAT_SKEW_SECONDS && exp - iat <= SHARE_TOKEN_MAX_SECONDS;
}

/** The account claims of a user token: both or neither, else the token is refused. */
function accountOf(payload: JWTPayload): TokenAccount | undefined | null {
  if (payload.account === undefined && payload.generation === undefined) return undefined;
  return isCount(payload.account) && isCount(payload.generation)
    ? { id: payload.account, generation: payload.generation }
    : null;
}

/**
 * Verifies a library token as annil does (docs/protocol.md#library-tokens), at `nowMs`; null when it must be
 * refused (401). Unlike annil, a user token needs an `exp` too (one without never ends), and a share
 * token an `iat` at most 25 h before its `exp` (shortLived).
 */
export async function verifyLibraryToken(
  keys: LibraryKeys,
  token: string,
  nowMs: number = Date.now(),
): Promise<Grant | null> {
  return (await verifyWithExpiry(keys, token, nowMs))?.grant ?? null;
}

/** verifyLibraryToken with the token's `exp` (Unix seconds). */
export async function verifyWithExpiry(
  keys: LibraryKeys,
  token: string,
  nowMs: number,
): Promise<{ grant: Grant; exp: number } | null> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return null;
  }
  const options = { algorithms: ['HS256'], requiredClaims: ['exp'], currentDate: new Date(nowMs) };
  try {
    if (kid === undefined) {
      const { payload } = await jwtVerify(token, bytes(keys.hmac_key), options);
      const exp = payload.exp!;
      if (payload.type === 'user') {
        const account = accountOf(payload);
        if (account === null) return null;
        return { grant: account ? { kind: 'user', account } : { kind: 'user' }, exp };
      }
      if (payload.type === 'share' && isAudios(payload.audios) && shortLived(payload, nowMs))
        return { grant: { kind: 'share', audios: payload.audios }, exp };
      return null;
    }
    if (kid !== keys.share_key_id) return null;
    const { payload } = await jwtVerify(token, bytes(keys.share_key), options);
    if (payload.type !== 'share' || !isAudios(payload.audios) || !shortLived(payload, nowMs)) return null;
    return { grant: { kind: 'share', audios: payload.audios }, exp: payload.exp! };
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
export function rememberingVerifier(
  keys: LibraryKeys,
  now: () => number = () => Date.now(),
  maxEntries = 1000,
): (token: string) => Promise<Grant | null> {
  const accepted = new Map<string, { grant: Grant; expiresAtMs: number }>();
  return async (token) => {
    const known = accepted.get(token);
    if (known && now() < known.expiresAtMs) return known.grant;
    if (known) accepted.delete(token);
    const verified = await verifyWithExpiry(keys, token, now());
    if (!verified) return null;
    accepted.set(token, { grant: verified.grant, expiresAtMs: verified.exp * 1000 });
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
