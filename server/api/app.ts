import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { RENEW_MAX_AGE, SESSION_COOKIE, touchSession } from '../auth.js';
import { staticClient } from '../static.js';
import { clientInfo, type ApiDeps, type ApiEnv } from './context.js';
import { registerCredentialRoutes } from './credential.js';
import { csrf } from './csrf.js';
import { ApiError, Status, fail, ok } from './envelope.js';
import { registerFavoriteRoutes } from './favorite.js';
import { BODY_LIMIT_TEXT, LIMITS } from './limits.js';
import { registerMetaRoutes } from './meta.js';
import { registerPlaylistRoutes } from './playlist.js';
import { registerShareRoutes } from './share.js';
import { registerStatRoutes } from './stat.js';
import { registerUserRoutes } from './user.js';

/** The Anniv API on /api (always HTTP 200 + envelope) and the built client for everything else. */
export function createApiApp(deps: ApiDeps): Hono<ApiEnv> {
  const { config, db } = deps;
  const app = new Hono<ApiEnv>();

  app.use('/api/*', csrf());
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: LIMITS.bodyBytes,
      onError: (c) => fail(c, Status.IllegalParams, `request body too large (at most ${BODY_LIMIT_TEXT})`),
    }),
  );

  // Session: attach the user of a live session and re-issue its cookie for 7 days afterwards.
  app.use('/api/*', async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    c.set('sessionCookie', 'none');
    const sessionId = getCookie(c, SESSION_COOKIE);
    if (sessionId) {
      const user = touchSession(db, sessionId, clientInfo(c));
      if (user) {
        c.set('user', user);
        c.set('sessionId', sessionId);
        c.set('sessionCookie', 'renew');
      }
    }
    await next();
    if (c.get('sessionCookie') === 'renew' && sessionId) {
      setCookie(c, SESSION_COOKIE, sessionId, { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: RENEW_MAX_AGE });
    }
  });

  app.get('/api/info', (c) =>
    ok(c, {
      site_name: config.siteName,
      description: config.siteDescription,
      protocol_version: '1',
      features: [...config.features],
    }),
  );
  registerUserRoutes(app, deps);
  registerCredentialRoutes(app, deps);
  registerMetaRoutes(app, deps);
  registerStatRoutes(app, deps);
  registerFavoriteRoutes(app, deps);
  registerPlaylistRoutes(app, deps);
  registerShareRoutes(app, deps);

  // Unknown API paths (any method) get an envelope, never the HTML page.
  app.all('/api/*', (c) => fail(c, Status.NotFound, 'not found'));
  app.all('/api', (c) => fail(c, Status.NotFound, 'not found'));

  app.get('*', staticClient(config.distDir));

  app.onError((err, c) => {
    if (err instanceof ApiError) return fail(c, err.status, err.message);
    console.error(`[api] ${c.req.method} ${c.req.path}:`, err);
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return fail(c, Status.InternalError, 'internal error');
    return c.text('Internal Server Error', 500);
  });
  app.notFound((c) => c.text('Not Found', 404));
  return app;
}
