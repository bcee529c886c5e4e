import { Hono } from 'hono';
import type { Feature } from '../config.js';
import { getCookie, setCookie } from 'hono/cookie';
import { RENEW_MAX_AGE, SESSION_COOKIE, touchSession } from '../auth.js';
import { COMPRESS_MIN_BYTES, acceptedCodings, compress, varyOnEncoding } from '../encoding.js';
import { staticClient } from '../static.js';
import { bodyLimit, bodyTooLarge, dropAfterAnswer, tooLarge } from './bodyLimit.js';
import { clientInfo, forwarded, type ApiDeps, type ApiEnv } from './context.js';
import { hostCheck, hostRule } from '../hostCheck.js';
import { registerCredentialRoutes } from './credential.js';
import { csrf } from './csrf.js';
import { ApiError, RefusedBody, Status, fail, ok } from './envelope.js';
import { registerFavoriteRoutes } from './favorite.js';
import { registerLyricRoutes } from './lyric.js';
import { registerMetaRoutes } from './meta.js';
import { HSTS } from '../securityHeaders.js';
import { cookieBase, isHttps } from './origin.js';
import { registerPlaylistRoutes } from './playlist.js';
import { registerShareRoutes } from './share.js';
import { registerStatRoutes } from './stat.js';
import { registerStatReadRoutes } from './statReads.js';
import { registerUserRoutes } from './user.js';

/** The Anniv API on /api (always HTTP 200 + envelope) and the built client for everything else. */
/**
 * What /api/info announces: two-step sign-in is always offered, as anniv-go does ("2fa"), or
 * "2fa_enforced" instead where every user must have it; and, our addition, "2fa_recovery": turning
 * it on asks for the password and hands out recovery codes (server/recoveryCodes.ts).
 */
function announcedFeatures(features: readonly Feature[]): string[] {
  const twoFactor = features.includes('2fa_enforced')
    ? features.filter((f) => f !== '2fa')
    : ['2fa', ...features.filter((f) => f !== '2fa')];
  return [...twoFactor, '2fa_recovery'];
}

export function createApiApp(deps: ApiDeps): Hono<ApiEnv> {
  const { config, db } = deps;
  const app = new Hono<ApiEnv>();

  // On every answer (API, client files, errors): no MIME sniffing, no full URLs in Referer to
  // other origins, and over HTTPS the browser is told to keep to it (a later http:// link or a
  // network that strips TLS cannot take the session cookie). The HTML document also gets its
  // Content-Security-Policy (static.ts).
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (isHttps(c, config)) c.res.headers.set('Strict-Transport-Security', HSTS);
  });
  // Only this site's host names (and IP addresses, localhost): 421 for a DNS-rebinding page.
  app.use(
    '*',
    hostCheck(hostRule(config), (c) => forwarded(c, 'x-forwarded-host', config.trustProxy)),
  );
  // No API answer is kept by the browser's HTTP cache or a proxy: with a session they carry the
  // user's data and library tokens (/api/credential), the sign-in answer carries the user's, and a
  // share's the share tokens; a copy in the cache outlives sign-out (docs/architecture.md#nothing-kept-after-sign-out).
  // Registered before compression so it marks the answer that is finally sent.
  app.use('/api/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  // JSON answers over 1 KiB go compressed when the client accepts it (a 5,000-item playlist is
  // ~1 MB as JSON, ~20-50 KB as brotli): on a phone's connection the bytes, not the server, set the
  // time. Registered before the routes so it sees their finished answers.
  app.use('/api/*', async (c, next) => {
    await next();
    const res = c.res;
    if (
      !res.body ||
      res.headers.has('Content-Encoding') ||
      !(res.headers.get('Content-Type') ?? '').startsWith('application/json')
    )
      return;
    varyOnEncoding(res.headers);
    const coding = acceptedCodings(c.req.header('accept-encoding'))[0];
    if (!coding) return;
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.byteLength < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, res);
      return;
    }
    const compressed = await compress(body, coding);
    // Hono copies the old answer's headers onto the new one: drop the length it no longer has.
    res.headers.delete('Content-Length');
    const headers = new Headers(res.headers);
    headers.set('Content-Encoding', coding);
    c.res = new Response(
      new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength),
      { status: res.status, statusText: res.statusText, headers },
    );
  });
  // Cross-site refusals and the XSRF token (which the strict mode leaves out, as anniv-go has none).
  app.use('/api/*', csrf(config));
  // Body size per route (413 + 902003), before anything reads the body.
  app.use('/api/*', bodyLimit());

  // Session: attach the user of a live session and re-issue its cookie for 7 days afterwards.
  app.use('/api/*', async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    c.set('sessionCookie', 'none');
    const sessionId = getCookie(c, SESSION_COOKIE);
    if (sessionId) {
      const user = touchSession(db, sessionId, clientInfo(c, config.trustProxy));
      if (user) {
        c.set('user', user);
        c.set('sessionId', sessionId);
        c.set('sessionCookie', 'renew');
      }
    }
    await next();
    if (c.get('sessionCookie') === 'renew' && sessionId) {
      setCookie(c, SESSION_COOKIE, sessionId, { ...cookieBase(c, config), httpOnly: true, maxAge: RENEW_MAX_AGE });
    }
  });

  app.get('/api/info', (c) =>
    ok(c, {
      site_name: config.siteName,
      description: config.siteDescription,
      protocol_version: '1',
      features: announcedFeatures(config.features),
    }),
  );
  // FEATURES=2fa_enforced, as anniv-go: a signed-in user without two-step sign-in gets 202000 on
  // every call but signing in and out, turning it on, and the site info, until it is on.
  if (config.features.includes('2fa_enforced')) {
    const open = new Set([
      'POST /api/user/login',
      'POST /api/user/logout',
      'POST /api/features/2fa',
      'GET /api/info',
      'POST /api/user/register',
    ]);
    app.use('/api/*', async (c, next) => {
      const user = c.get('user');
      if (user && user.totp_secret === null && !open.has(`${c.req.method} ${new URL(c.req.url).pathname}`)) {
        return fail(c, Status.TFANotEnabled, '2fa is enforced');
      }
      await next();
    });
  }
  registerUserRoutes(app, deps);
  registerCredentialRoutes(app, deps);
  registerMetaRoutes(app, deps);
  registerLyricRoutes(app, deps);
  registerStatRoutes(app, deps);
  registerStatReadRoutes(app, deps);
  registerFavoriteRoutes(app, deps);
  registerPlaylistRoutes(app, deps);
  registerShareRoutes(app, deps);

  // Unknown API paths (any method) get an envelope, never the HTML page.
  app.all('/api/*', (c) => fail(c, Status.NotFound, 'not found'));
  app.all('/api', (c) => fail(c, Status.NotFound, 'not found'));

  app.get(
    '*',
    staticClient(config.distDir, {
      filesOnly: config.strict,
      signedInPreloads: !config.features.includes('2fa_enforced'),
    }),
  );

  app.onError((err, c) => {
    const tooBig = bodyTooLarge(err);
    if (tooBig) {
      dropAfterAnswer(c);
      return tooLarge(c, tooBig.max);
    }
    if (err instanceof RefusedBody) dropAfterAnswer(c);
    if (err instanceof ApiError) return fail(c, err.status, err.message);
    console.error(`[api] ${c.req.method} ${c.req.path}:`, err);
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return fail(c, Status.InternalError, 'internal error');
    return c.text('Internal Server Error', 500);
  });
  app.notFound((c) => c.text('Not Found', 404));
  return app;
}
