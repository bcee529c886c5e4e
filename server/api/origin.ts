import type { Context } from 'hono';
import type { CookieOptions } from 'hono/utils/cookie';
import type { Config } from '../config.js';
import { forwarded } from './context.js';

/*
 * Where the browser thinks it is: scheme and host of the page that talks to us. Behind a reverse
 * proxy the request we see is plain http from the proxy, so the real scheme comes from
 * PUBLIC_ORIGIN or, with TRUST_PROXY, from X-Forwarded-Proto / X-Forwarded-Host.
 */

/** Whether the site is served over HTTPS for this request. */
export function isHttps(c: Context, config: Config): boolean {
  if (config.publicOrigin?.startsWith('https:')) return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  return forwarded(c, 'x-forwarded-proto', config.trustProxy)?.toLowerCase() === 'https';
}

/** Cookie attributes shared by the session and XSRF cookies: Path=/, SameSite=Lax, Secure over HTTPS. */
export function cookieBase(c: Context, config: Config): CookieOptions {
  return { path: '/', sameSite: 'Lax', ...(isHttps(c, config) ? { secure: true } : {}) };
}
