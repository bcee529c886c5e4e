import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import type { Db } from './db.js';
import { hashSessionId, nowSeconds } from './db.js';

/*
 * Passwords: clients send the hex SHA-256 of what the user typed. We treat that string as the
 * password and store only a salted scrypt hash of it, never the value as sent.
 * Stored form: scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>
 */

/** scrypt's cost N for new hashes: about 16 MB and 50 ms of a core a hash */
export const DEFAULT_SCRYPT_N = 16384;

/**
 * PASSWORD_SCRYPT_N: another cost for new hashes, a power of two from 1024 to 1048576. The test
 * suites use 1024: they register and sign in hundreds of times, and the cost is not what they
 * test. A stored hash carries its own N, so hashes made at any cost are checked alike.
 */
export function scryptCostFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SCRYPT_N;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1024 || n > 1048576 || (n & (n - 1)) !== 0)
    throw new Error(`PASSWORD_SCRYPT_N must be a power of two from 1024 to 1048576, got "${value}"`);
  return n;
}

const N = scryptCostFrom(process.env.PASSWORD_SCRYPT_N);
const R = 8;
const P = 1;
const KEY_LEN = 32;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number, len: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, len, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, N, R, P, KEY_LEN);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scryptAsync(
    password,
    Buffer.from(saltB64, 'base64'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A well-formed hash no password matches (zero salt and key), with the current cost parameters:
 * checking a password against it costs the same scrypt work as against a real one, so "no such
 * user" and "wrong password" take equally long.
 */
const DUMMY_PASSWORD_HASH = [
  'scrypt',
  N,
  R,
  P,
  Buffer.alloc(16).toString('base64'),
  Buffer.alloc(KEY_LEN).toString('base64'),
].join('$');

/** Checks `password` against the user's hash, or against the dummy hash when there is no user. */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const matches = await verifyPassword(password, stored ?? DUMMY_PASSWORD_HASH);
  return matches && stored != null;
}

/** What a browser client sends for a typed password. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

// ---------------------------------------------------------------------------------------------
// Sessions

export const SESSION_COOKIE = 'session';
export const LOGIN_MAX_AGE = 86400;
export const RENEW_MAX_AGE = 604800;

export interface UserRow {
  id: number;
  email: string;
  nickname: string;
  avatar: string;
  password_hash: string;
  created_at: number;
  /** the sealed TOTP secret (server/twoFactor.ts) while two-step sign-in is on, else null */
  totp_secret: string | null;
  /** the last 30-s window a code was accepted for: no code is taken twice */
  totp_last_step: number;
  /** library tokens signed for an older generation are refused (server/users.ts) */
  library_token_generation: number;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/*
 * The cookie carries a random UUID; the table keeps only its SHA-256 (hashSessionId), so the
 * database alone does not give anyone a live session. Every lookup hashes the cookie value.
 */

/** A new session for the user; returns the cookie value (never stored as such). */
export function createSession(db: Db, userId: number, client: ClientInfo): string {
  const id = randomUUID();
  const now = nowSeconds();
  db.prepare(
    `INSERT INTO sessions (id, user_id, created_at, last_access, expires_at, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(hashSessionId(id), userId, now, now, now + LOGIN_MAX_AGE, client.ip, client.userAgent);
  return id;
}

/**
 * How often a live session's row is written: its expiry slides with use, but a write on every
 * request made each signed-in call an SQLite commit (the hostile bench: thousands a second). The
 * expiry may lag use by this much; a new address or browser is recorded at once.
 */
export const SESSION_TOUCH_SECONDS = 60;

/** The user of a live session, renewing it (7 days) and recording the access; null if unknown or expired. */
export function touchSession(db: Db, sessionId: string, client: ClientInfo): UserRow | null {
  const now = nowSeconds();
  const key = hashSessionId(sessionId);
  const found = db
    .prepare(
      `SELECT u.*, s.last_access AS session_last_access, s.ip AS session_ip, s.user_agent AS session_user_agent
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ? AND s.expires_at > ?`,
    )
    .get(key, now) as
    | (UserRow & { session_last_access: number; session_ip: string | null; session_user_agent: string | null })
    | undefined;
  if (!found) return null;
  const { session_last_access: lastAccess, session_ip: ip, session_user_agent: userAgent, ...row } = found;
  if (now - lastAccess >= SESSION_TOUCH_SECONDS || ip !== client.ip || userAgent !== client.userAgent) {
    db.prepare(`UPDATE sessions SET last_access = ?, expires_at = ?, ip = ?, user_agent = ? WHERE id = ?`).run(
      now,
      now + RENEW_MAX_AGE,
      client.ip,
      client.userAgent,
      key,
    );
  }
  return row;
}

/** Deletes the session of this cookie value. */
export function deleteSession(db: Db, sessionId: string): void {
  db.prepare('DELETE FROM sessions WHERE id = ?').run(hashSessionId(sessionId));
}

/** Deletes expired sessions (at start and hourly, server/index.ts); returns how many. */
export function pruneSessions(db: Db, now: number = nowSeconds()): number {
  return db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now).changes;
}

export function deleteUserSessions(db: Db, userId: number): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
}

export function findUserByEmail(db: Db, email: string): UserRow | null {
  return (db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined) ?? null;
}

export function findUserById(db: Db, id: number): UserRow | null {
  return (db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined) ?? null;
}
