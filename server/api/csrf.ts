import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { Status, fail } from './envelope.js';

/*
 * Cross-site request protection for /api. Every answer hands out an `XSRF-TOKEN` cookie (readable
 * by the page, axios echoes it as `X-XSRF-TOKEN`). A state-changing request is refused before
 * anything runs when it comes from a foreign Origin, uses a form content type (what a cross-site
 * form can send), or echoes a token that does not match the cookie. Plain JSON requests without
 * the header stay allowed, because other Anniv clients never send it (protocol.md 1.2).
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

function refusal(method: string, headers: { get(name: string): string | undefined }, cookieToken: string | undefined, ownHosts: string[]): string | null {
  if (!STATE_CHANGING.has(method)) return null;
  const origin = headers.get('origin');
  if (origin !== undefined) {
    const host = originHost(origin);
    if (!host || !ownHosts.includes(host)) return 'cross-site request refused: foreign Origin';
  }
  const mediaType = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType && FORM_TYPES.has(mediaType)) return 'cross-site request refused: form content type, send JSON';
  const echoed = headers.get(XSRF_HEADER);
  if (echoed !== undefined && echoed !== cookieToken) return 'cross-site request refused: X-XSRF-TOKEN does not match the XSRF-TOKEN cookie';
  return null;
}

export function csrf(): MiddlewareHandler {
  return async (c, next) => {
    const cookieToken = getCookie(c, XSRF_COOKIE);
    if (!cookieToken) {
      setCookie(c, XSRF_COOKIE, randomBytes(18).toString('base64url'), { path: '/', sameSite: 'Lax' });
    }
    const ownHosts = [c.req.header('host'), c.req.header('x-forwarded-host'), new URL(c.req.url).host]
      .filter((h): h is string => !!h)
      .map((h) => h.toLowerCase());
    const reason = refusal(c.req.method, { get: (n) => c.req.header(n) }, cookieToken, ownHosts);
    if (reason) return fail(c, Status.PermissionDenied, reason);
    await next();
  };
}
