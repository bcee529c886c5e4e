import type { Context } from 'hono';
import type { UserRow, ClientInfo } from '../auth.js';
import type { Config } from '../config.js';
import type { Db } from '../db.js';
import type { LibraryKeys } from '../library/keys.js';
import type { MetaRepo } from '../meta/load.js';
import { unauthorized } from './envelope.js';

/** What the API routes need; one instance per server. */
export interface ApiDeps {
  config: Config;
  db: Db;
  meta: MetaRepo;
  keys: LibraryKeys;
  /** Current public URL of this server's library (known only once it listens when the port is 0). */
  libraryUrl: () => string;
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

export function clientInfo(c: Context): ClientInfo {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return {
    ip: forwarded || env?.incoming?.socket?.remoteAddress || '',
    userAgent: c.req.header('user-agent') ?? '',
  };
}
