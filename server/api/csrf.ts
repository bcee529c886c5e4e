import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.js';
import { forwarded } from './context.js';
import { Status, fail } from './envelope.js';
import { cookieBase, isHttps } from './origin.js';

/*
 * Cross-site request protection for /api. Every answer hands out an `XSRF-TOKEN` cookie (readable
 * by the page, axios echoes it as `X-XSRF-TOKEN`). A state-changing request is refused before
 * anything runs when it comes from a foreign Origin, uses a form content type (what a cross-site
 * form can send), or echoes a token that does not match the cookie. Plain JSON requests without
 * the header stay allowed, because other Anniv clients never send it (docs/protocol.md#sessions-and-xsrf).
 *
 * "Foreign" compares whole origins: scheme, host and port. Our own origins are the request's
 * scheme (https when PUBLIC_ORIGIN is https, or per X-Forwarded-Proto with TRUST_PROXY) with its
 * Host (and X-Forwarded-Host with TRUST_PROXY), and PUBLIC_ORIGIN itself.
 *
 * ANNIV_STRICT=1: anniv-go has no XSRF token at all (it never sets the cookie and never checks the
 * header), so the strict mode hands out no cookie and ignores the header: a client must not depend
 * on either. The Origin and content-type checks stay; a page of the site itself never meets them.
 */

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/** `scheme://host[:port]` normalised (lower-case host, default port dropped); null if not an http(s) origin. */
function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The origins a page of this site can have, as seen from this request. */
function ownOrigins(c: Context, config: Config): string[] {
  const scheme = isHttps(c, config) ? 'https' : 'http';
  const hosts = [c.req.header('host'), new URL(c.req.url).host, forwarded(c, 'x-forwarded-host', config.trustProxy)];
  const out = new Set<string>();
  for (const host of hosts) {
    const o = host ? normalOrigin(`${scheme}://${host}`) : null;
    if (o) out.add(o);
  }
  if (config.publicOrigin) out.add(config.publicOrigin);
  return [...out];
}

function foreignOrigin(origin: string, own: string[]): string | null {
  const normal = normalOrigin(origin);
  if (normal && own.includes(normal)) return null;
  const base = 'cross-site request refused: foreign Origin';
  // Our host name with another scheme or port: say why (often an HTTPS proxy the server does not know about).
  if (normal && own.some((o) => new URL(o).hostname === new URL(normal).hostname)) {
    return `${base} (scheme, host and port must all match; behind an HTTPS proxy set PUBLIC_ORIGIN or TRUST_PROXY=1)`;
  }
  return base;
}

/** `cookieToken` null: no XSRF token in use (strict mode), the header is not compared. */
function refusal(c: Context, cookieToken: string | undefined | null, config: Config): string | null {
  if (!STATE_CHANGING.has(c.req.method)) return null;
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    const reason = foreignOrigin(origin, ownOrigins(c, config));
    if (reason) return reason;
  }
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType && FORM_TYPES.has(mediaType)) return 'cross-site request refused: form content type, send JSON';
  const echoed = cookieToken === null ? undefined : c.req.header(XSRF_HEADER);
  if (echoed !== undefined && echoed !== cookieToken)
    return 'cross-site request refused: X-XSRF-TOKEN does not match the XSRF-TOKEN cookie';
  return null;
}

export function csrf(config: Config): MiddlewareHandler {
  return async (c, next) => {
    const cookieToken = config.strict ? null : getCookie(c, XSRF_COOKIE);
    if (cookieToken !== null && !cookieToken) {
      setCookie(c, XSRF_COOKIE, randomBytes(18).toString('base64url'), cookieBase(c, config));
    }
    const reason = refusal(c, cookieToken, config);
    if (reason) return fail(c, Status.PermissionDenied, reason);
    await next();
  };
}
