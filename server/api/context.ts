import type { Context } from 'hono';
import type { UserRow, ClientInfo } from '../auth.js';
import type { Config } from '../config.js';
import type { Db } from '../db.js';
import type { LibraryKeys } from '../library/keys.js';
import { addressGroup } from '../addressGroup.js';
import type { Budget } from '../budget.js';
import type { KnownDevices } from '../knownDevices.js';
import type { LoginLimiter } from '../loginLimiter.js';
import type { TwoFactor } from '../twoFactor.js';
import type { MetaRepo } from '../meta/load.js';
import type { StatBudget } from '../statBudget.js';
import type { ShareAnswers } from './shareAnswers.js';
import { unauthorized } from './envelope.js';

/** What the API routes need; one instance per server. */
export interface ApiDeps {
  config: Config;
  db: Db;
  meta: MetaRepo;
  keys: LibraryKeys;
  /** Current public URL of this server's library (known only once it listens when the port is 0). */
  libraryUrl: () => string;
  /** Password guessing limits (server/loginLimiter.ts); one per server. */
  loginLimiter: LoginLimiter;
  /** The signed `device` cookies that give a known device its own allowance (server/knownDevices.ts). */
  knownDevices: KnownDevices;
  /** Accounts registered per address group and hour (LIMITS.registrationsPerAddressPerHour). */
  registrations: Budget<string>;
  /** Bytes of share answers sent per address group and minute (LIMITS.shareBytesPerAddressPerMinute). */
  shareReads: Budget<string>;
  /** Bytes of shares created per user and hour (LIMITS.shareBytesPerUserPerHour). */
  shareWrites: Budget<number>;
  /** TOTP checks, sealed secrets and the wrong-code limit (server/twoFactor.ts); one per server. */
  twoFactor: TwoFactor;
  /** Plays each user may report per hour (server/statBudget.ts); one per server. */
  statBudget: StatBudget;
  /** Clock in milliseconds library tokens are signed and renewed at (Date.now; tests inject one). */
  clock: () => number;
  /** Kept answers of the anonymous GET /api/share (api/shareAnswers.ts); one per server. */
  shareAnswers: ShareAnswers;
}

/**
 * Per-request state. `sessionCookie`: 'renew' = re-issue the live session cookie (7 days) after
 * the handler; 'done' = the handler already set or expired it; 'none' = no session.
 */
export interface ApiEnv {
  Variables: {
    user: UserRow | null;
    sessionId: string | null;
    sessionCookie: 'renew' | 'done' | 'none';
  };
}

export type ApiContext = Context<ApiEnv>;

export function requireUser(c: ApiContext): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

/** Comma-separated header values, trimmed, empty ones dropped. */
function headerList(c: Context, name: string): string[] {
  return (c.req.header(name) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/**
 * The value a forwarded header got from the outermost of `hops` trusted proxies (each proxy
 * appends to the right); undefined without proxies or header.
 */
export function forwarded(c: Context, name: string, hops: number): string | undefined {
  if (hops <= 0) return undefined;
  const list = headerList(c, name);
  if (list.length === 0) return undefined;
  return list[Math.max(0, list.length - hops)];
}

/**
 * The client's address: the socket peer, or with TRUST_PROXY the X-Forwarded-For entry the
 * trusted proxies wrote (entries further left are whatever the client sent, so not trusted).
 */
function clientAddress(c: Context, trustProxy: number): string {
  return forwarded(c, 'x-forwarded-for', trustProxy) ?? nodeSocket(c)?.remoteAddress ?? '';
}

/** The client's connection when served by @hono/node-server (none through app.request). */
export function nodeSocket(c: Context): { remoteAddress?: string; destroy(): void } | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string; destroy(): void } } } | undefined)?.incoming
    ?.socket;
}

/** The key address limits count the client under: its address, IPv6 by /64 (server/addressGroup.ts). */
export function limitAddress(c: Context, trustProxy: number): string {
  return addressGroup(clientAddress(c, trustProxy));
}

export function clientInfo(c: Context, trustProxy: number): ClientInfo {
  return {
    ip: clientAddress(c, trustProxy),
    userAgent: c.req.header('user-agent') ?? '',
  };
}
