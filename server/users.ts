import { randomUUID } from 'node:crypto';
import { hashPassword, sha256Hex, findUserByEmail, type UserRow } from './auth.js';
import type { Db } from './db.js';
import { nowSeconds } from './db.js';
import { signUserToken, verifyWithExpiry, type LibraryKeys } from './library/keys.js';
import { LIMITS } from './api/limits.js';

const DEMO_LIBRARY_NAME = '演示音乐库';

export interface CredentialRow {
  id: string;
  user_id: number;
  name: string;
  url: string;
  token: string;
  priority: number;
  controlled: number;
  position: number;
}

/** Credential in wire form (docs/protocol.md#shapes). */
export function credentialWire(row: CredentialRow): {
  id: string;
  controlled: boolean;
  name: string;
  url: string;
  token: string;
  priority: number;
} {
  return {
    id: row.id,
    controlled: row.controlled === 1,
    name: row.name,
    url: row.url,
    token: row.token,
    priority: row.priority,
  };
}

export function insertCredential(
  db: Db,
  userId: number,
  c: { name: string; url: string; token: string; priority: number; controlled: boolean },
): CredentialRow {
  const { next } = db
    .prepare('SELECT COALESCE(MAX(position), -1) + 1 AS next FROM credentials WHERE user_id = ?')
    .get(userId) as { next: number };
  const row: CredentialRow = {
    id: randomUUID(),
    user_id: userId,
    name: c.name,
    url: c.url,
    token: c.token,
    priority: c.priority,
    controlled: c.controlled ? 1 : 0,
    position: next,
  };
  db.prepare(
    `INSERT INTO credentials (id, user_id, name, url, token, priority, controlled, position)
     VALUES (@id, @user_id, @name, @url, @token, @priority, @controlled, @position)`,
  ).run(row);
  return row;
}

export interface NewUser {
  email: string;
  /** The password as clients send it (SHA-256 hex); only its scrypt hash is stored. */
  password: string;
  nickname: string;
  avatar: string;
}

/** Signs the library token of a controlled credential for `user` as of `nowMs`. */
function signAccountToken(
  keys: LibraryKeys,
  user: { id: number; email: string; generation: number },
  nowMs: number,
): Promise<string> {
  return signUserToken(keys, user.email, {
    account: { id: user.id, generation: user.generation },
    now: Math.floor(nowMs / 1000),
  });
}

export interface NewUserOptions {
  /** give the account this server's library as a controlled credential (a demo site does) */
  withLibrary: boolean;
  /** clock in milliseconds the library token is signed at (default Date.now) */
  nowMs?: number;
}

/**
 * Creates a user and, on a demo site, provisions the local library as a controlled credential (what
 * anniv-go does via annil's /admin/sign): a user token with a share object, priority 0. The token
 * names the new account, so the account is written first; if the credential cannot be added after
 * all, the account goes again. Throws on a taken email.
 */
export async function createUserWithLibrary(
  db: Db,
  keys: LibraryKeys,
  libraryUrl: string,
  user: NewUser,
  options: NewUserOptions,
): Promise<UserRow> {
  const passwordHash = await hashPassword(user.password);
  const info = db
    .prepare('INSERT INTO users (email, nickname, avatar, password_hash, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(user.email, user.nickname, user.avatar, passwordHash, nowSeconds());
  const id = Number(info.lastInsertRowid);
  if (options.withLibrary) {
    try {
      const token = await signAccountToken(keys, { id, email: user.email, generation: 0 }, options.nowMs ?? Date.now());
      insertCredential(db, id, { name: DEMO_LIBRARY_NAME, url: libraryUrl, token, priority: 0, controlled: true });
    } catch (e) {
      db.prepare('DELETE FROM users WHERE id = ?').run(id);
      throw e;
    }
  }
  return findUserByEmail(db, user.email)!;
}

/** Creates the demo account on first start (password stored as scrypt of sha256hex(password)). */
export async function ensureDemoUser(
  db: Db,
  keys: LibraryKeys,
  libraryUrl: string,
  email: string,
  password: string,
  nowMs: number = Date.now(),
): Promise<boolean> {
  if (findUserByEmail(db, email)) return false;
  await createUserWithLibrary(
    db,
    keys,
    libraryUrl,
    { email, password: sha256Hex(password), nickname: '演示用户', avatar: '' },
    { withLibrary: true, nowMs },
  );
  return true;
}

/**
 * Signs a fresh token into each controlled credential of the user whose stored one has less than
 * half its lifetime left or no longer opens the library: expired, signed before tokens expired
 * (no `exp`), with other keys, or for an older generation (a password change). Called wherever the
 * server hands the credentials to their owner, so a user who comes back keeps the library.
 */
export async function renewControlledTokens(db: Db, keys: LibraryKeys, userId: number, nowMs: number): Promise<void> {
  const rows = db
    .prepare('SELECT * FROM credentials WHERE user_id = ? AND controlled = 1')
    .all(userId) as CredentialRow[];
  const owner = db
    .prepare('SELECT id, email, library_token_generation AS generation FROM users WHERE id = ?')
    .get(userId) as { id: number; email: string; generation: number } | undefined;
  if (!owner) return;
  for (const row of rows) {
    const verified = await verifyWithExpiry(keys, row.token, nowMs);
    const account = verified?.grant.kind === 'user' ? verified.grant.account : undefined;
    const fresh =
      verified !== null &&
      account?.id === owner.id &&
      account.generation === owner.generation &&
      verified.exp * 1000 - nowMs >= (LIMITS.libraryTokenSeconds * 1000) / 2;
    if (fresh) continue;
    const token = await signAccountToken(keys, owner, nowMs);
    // a request renewing the same row meanwhile wrote a token as good as this one: keep that
    db.prepare('UPDATE credentials SET token = ? WHERE id = ? AND token = ?').run(token, row.id, row.token);
  }
}

/** The generation a token of this account must carry; null for an account that no longer exists. */
export function tokenGeneration(db: Db, accountId: number): number | null {
  const row = db.prepare('SELECT library_token_generation AS generation FROM users WHERE id = ?').get(accountId) as
    | { generation: number }
    | undefined;
  return row?.generation ?? null;
}

/** Ends every library token of the user signed so far; the next read of the credentials renews them. */
export function revokeLibraryTokens(db: Db, userId: number): void {
  db.prepare('UPDATE users SET library_token_generation = library_token_generation + 1 WHERE id = ?').run(userId);
}

/** Controlled credentials always point at this server's library, wherever it listens now. */
export function syncControlledUrls(db: Db, libraryUrl: string): void {
  db.prepare('UPDATE credentials SET url = ? WHERE controlled = 1 AND url <> ?').run(libraryUrl, libraryUrl);
}
