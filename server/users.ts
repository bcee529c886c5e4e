import { randomUUID } from 'node:crypto';
import { hashPassword, sha256Hex, findUserByEmail, type UserRow } from './auth.js';
import type { Db } from './db.js';
import { nowSeconds } from './db.js';
import { signUserToken, type LibraryKeys } from './library/keys.js';

export const DEMO_LIBRARY_NAME = '演示音乐库';

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

/** Credential in wire form (protocol.md 1.5). */
export function credentialWire(row: CredentialRow): { id: string; controlled: boolean; name: string; url: string; token: string; priority: number } {
  return { id: row.id, controlled: row.controlled === 1, name: row.name, url: row.url, token: row.token, priority: row.priority };
}

export function insertCredential(
  db: Db,
  userId: number,
  c: { name: string; url: string; token: string; priority: number; controlled: boolean },
): CredentialRow {
  const { next } = db.prepare('SELECT COALESCE(MAX(position), -1) + 1 AS next FROM credentials WHERE user_id = ?').get(userId) as { next: number };
  const row: CredentialRow = { id: randomUUID(), user_id: userId, name: c.name, url: c.url, token: c.token, priority: c.priority, controlled: c.controlled ? 1 : 0, position: next };
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

/**
 * Creates a user and provisions the local library as a controlled credential (what anniv-go does
 * via annil's /admin/sign): a user token with a share object, priority 0. Throws on a taken email.
 */
export async function createUserWithLibrary(db: Db, keys: LibraryKeys, libraryUrl: string, user: NewUser): Promise<UserRow> {
  const passwordHash = await hashPassword(user.password);
  const token = await signUserToken(keys, user.email, true);
  const create = db.transaction(() => {
    const info = db
      .prepare('INSERT INTO users (email, nickname, avatar, password_hash, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(user.email, user.nickname, user.avatar, passwordHash, nowSeconds());
    const id = Number(info.lastInsertRowid);
    insertCredential(db, id, { name: DEMO_LIBRARY_NAME, url: libraryUrl, token, priority: 0, controlled: true });
    return id;
  });
  create();
  return findUserByEmail(db, user.email)!;
}

/** Creates the demo account on first start (password stored as scrypt of sha256hex(password)). */
export async function ensureDemoUser(db: Db, keys: LibraryKeys, libraryUrl: string, email: string, password: string): Promise<boolean> {
  if (findUserByEmail(db, email)) return false;
  await createUserWithLibrary(db, keys, libraryUrl, { email, password: sha256Hex(password), nickname: '演示用户', avatar: '' });
  return true;
}

/** Controlled credentials always point at this server's library, wherever it listens now. */
export function syncControlledUrls(db: Db, libraryUrl: string): void {
  db.prepare('UPDATE credentials SET url = ? WHERE controlled = 1 AND url <> ?').run(libraryUrl, libraryUrl);
}
