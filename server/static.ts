import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from './auth.js';
import { routePattern } from './routePaths.js';
import { acceptedCodings, varyOnEncoding, type Coding } from './encoding.js';
import { parseRange } from './httpRange.js';

/*
 * The built client (dist/) with SPA fallback: an existing file is served as is; any other GET that
 * loads a page answers the app's page so client-side routes (/album/…, /tag/…) load the app. Missing
 * hashed assets under /assets/ stay 404 so a stale page fails loudly instead of parsing HTML as JS,
 * and so does any other missing file asked for as an image, a script or a fetch (`loadsAPage`).
 *
 * A client route gets its page from the build's `routes/` (build/routePages.ts): index.html
 * naming every file that route needs, so they load at once; `/` and other paths get
 * `routes/app.html`. Both carry the marker telling the app that path addresses work on this server
 * (src/services/addresses.ts); a build without them gets index.html.
 *
 * The page also names, in a `Link: rel=preload` header, the API answers every start of the app asks
 * for (site info, the user), and with a session cookie those a signed-in start asks for next
 * (credentials, favourites, and the album page's album): the browser fetches them while the scripts load, and the app's own
 * requests are answered from those, instead of starting after the scripts ran.
 *
 * Text files go compressed when the build wrote `<file>.br` / `<file>.gz` beside them
 * (build/compressAssets.ts) and the request accepts that coding; they always say
 * `Vary: Accept-Encoding`. A request with a Range gets the plain file (ranges count its bytes).
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

const NOT_BUILT = 'The web client is not built yet. Run `npm run build` (or `npm start`, which builds and starts).\n';

async function fileStat(p: string): Promise<fs.Stats | null> {
  try {
    const s = await fs.promises.stat(p);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/*
 * Content-Security-Policy of the HTML document. Scripts only from this origin (plus the hash of any
 * inline script the build put into the page; Vite's build has none today); styles also inline,
 * because Mantine injects <style> elements and style attributes; images, audio and fetches may go
 * to any http(s) origin, because libraries live on servers the user chooses.
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data: http: https:",
  "media-src 'self' blob: http: https:",
  "connect-src 'self' http: https:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
] as const;

/** `'sha256-…'` sources of the inline scripts (no `src`) of an HTML page. */
function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${m[1]}`)) continue;
    out.push(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return out;
}

export function contentSecurityPolicy(html: string): string {
  const hashes = inlineScriptHashes(html);
  return CSP_DIRECTIVES.map((d) => (d === "script-src 'self'" && hashes.length ? `${d} ${hashes.join(' ')}` : d)).join(
    '; ',
  );
}

/** The policy for an HTML file, recomputed only when the file changes (a rebuild). */
const policyCache = new Map<string, { key: string; policy: string }>();
function policyFor(file: string, stat: fs.Stats): string {
  const key = `${stat.mtimeMs}:${stat.size}`;
  const cached = policyCache.get(file);
  if (cached?.key === key) return cached.policy;
  const policy = contentSecurityPolicy(fs.readFileSync(file, 'utf8'));
  policyCache.set(file, { key, policy });
  return policy;
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|javascript)|image\/svg\+xml)/;
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** The precompressed copy of `file` the request accepts, best first; null when none fits. */
async function encodedCopy(c: Context, file: string): Promise<{ coding: Coding; file: string; stat: fs.Stats } | null> {
  if (c.req.header('range')) return null;
  for (const coding of acceptedCodings(c.req.header('accept-encoding'))) {
    const copy = file + SUFFIX[coding];
    const stat = await fileStat(copy);
    if (stat) return { coding, file: copy, stat };
  }
  return null;
}

/** the requested bytes within `size`; null = serve the whole file (other forms are ignored) */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const range = parseRange(header);
  if (!range) return null;
  return range.start >= size ? 'unsatisfiable' : { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** what the app requests as it starts; URLs exactly as it requests them, or the preload goes unused */
const START_REQUESTS = ['/api/info', '/api/user/info'] as const;
const SIGNED_IN_START_REQUESTS = ['/api/credential', '/api/favorite/music', '/api/favorite/album'] as const;

const ALBUM_PAGE = /^\/album\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/** the album page's own first request, as the app makes it (`id[]` encoded by URLSearchParams) */
function pageRequests(pathname: string): string[] {
  const album = ALBUM_PAGE.exec(pathname)?.[1];
  return album ? [`/api/meta/album?id%5B%5D=${album}`] : [];
}

function preloadLinks(c: Context, pathname: string, signedInPreloads: boolean): string {
  const urls =
    signedInPreloads && getCookie(c, SESSION_COOKIE)
      ? [...START_REQUESTS, ...SIGNED_IN_START_REQUESTS, ...pageRequests(pathname)]
      : START_REQUESTS;
  // use-credentials: the app fetches with credentials: include, and only a preload of the same mode is used
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
}

/** `preloadFor`: the page's path when the page gets its Link preloads, null when it gets none */
async function send(
  c: Context,
  file: string,
  stat: fs.Stats,
  cache: string,
  preloadFor: string | null = null,
  signedInPreloads = true,
): Promise<Response> {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers = new Headers({ 'Content-Type': type, 'Cache-Control': cache, 'Accept-Ranges': 'bytes' });
  if (type.startsWith('text/html')) {
    headers.set('Content-Security-Policy', policyFor(file, stat));
    if (preloadFor !== null) {
      headers.set('Link', preloadLinks(c, preloadFor, signedInPreloads));
      // the Link header differs with the session cookie
      headers.set('Vary', 'Cookie');
    }
  }
  const compressible = COMPRESSIBLE.test(type);
  if (compressible) varyOnEncoding(headers);
  const copy = compressible ? await encodedCopy(c, file) : null;
  const body = copy ?? { file, stat };
  if (copy) headers.set('Content-Encoding', copy.coding);

  const range = copy || c.req.method === 'HEAD' ? null : byteRange(c.req.header('range'), stat.size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    const part = Readable.toWeb(fs.createReadStream(file, range)) as ReadableStream<Uint8Array>;
    return new Response(part, { status: 206, headers });
  }
  headers.set('Content-Length', String(body.stat.size));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(Readable.toWeb(fs.createReadStream(body.file)) as ReadableStream<Uint8Array>, {
    status: 200,
    headers,
  });
}

interface RoutePage {
  pattern: RegExp;
  file: string;
}

/** `routes/routes.json` of the build, read again when a rebuild changes it; [] when there is none. */
const routeTables = new Map<string, { key: string; pages: RoutePage[] }>();
async function routePagesOf(root: string): Promise<RoutePage[]> {
  const file = path.join(root, 'routes', 'routes.json');
  const stat = await fileStat(file);
  if (!stat) return [];
  const key = `${stat.mtimeMs}:${stat.size}`;
  const known = routeTables.get(root);
  if (known?.key === key) return known.pages;
  let pages: RoutePage[] = [];
  try {
    const table = JSON.parse(await fs.promises.readFile(file, 'utf8')) as unknown;
    if (Array.isArray(table)) {
      pages = table
        .filter((r): r is { path: string; file: string } => typeof r?.path === 'string' && typeof r?.file === 'string')
        .map((r) => ({ pattern: routePattern(r.path), file: path.resolve(root, r.file) }))
        .filter((r) => r.file.startsWith(root + path.sep));
    }
  } catch {
    // a damaged table: every route gets index.html, which works, only slower
  }
  routeTables.set(root, { key, pages });
  return pages;
}

export interface StaticOptions {
  /**
   * Serve like anniv-go (gin's static middleware): only files that exist, `/` gives index.html,
   * anything else gin's plain 404. The app then finds no marker and uses hash addresses.
   */
  filesOnly?: boolean;
  /**
   * Name the signed-in start's answers in the Link preloads (default). Off where two-step sign-in
   * is enforced: for a user without it they answer 202000, and the browser would hand that stale
   * answer to the app's own request after the user turned it on.
   */
  signedInPreloads?: boolean;
}

/**
 * Whether the request loads a page (a navigation, in a tab or a frame). A request without
 * Sec-Fetch-Dest (a script, an older browser) is taken as one.
 */
function loadsAPage(c: Context): boolean {
  const dest = c.req.header('sec-fetch-dest');
  return dest === undefined || PAGE_DESTINATIONS.has(dest);
}
const PAGE_DESTINATIONS = new Set(['document', 'iframe', 'frame']);

/** gin's answer to a path it has no route or file for */
const GIN_NOT_FOUND = '404 page not found';

export function staticClient(
  distDir: string,
  { filesOnly = false, signedInPreloads = true }: StaticOptions = {},
): (c: Context) => Promise<Response> {
  const root = path.resolve(distDir);
  return async (c) => {
    const index = path.join(root, 'index.html');
    const indexStat = await fileStat(index);
    if (!indexStat) return c.text(NOT_BUILT, 503);
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      pathname = '/';
    }
    const file = path.resolve(root, `.${pathname}`);
    if (file.startsWith(root + path.sep) && !pathname.includes('\0')) {
      const s = await fileStat(file);
      if (s) {
        const immutable = pathname.startsWith('/assets/');
        return send(c, file, s, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
      if (pathname.startsWith('/assets/')) return c.text('Not Found', 404);
    }
    if (filesOnly) return pathname === '/' ? send(c, index, indexStat, 'no-cache') : c.text(GIN_NOT_FOUND, 404);
    // The app's pages are for loading a page: an image, a script or a fetch of a file that does not
    // exist (an avatar typed as `a.png` on /user/index asks for /user/a.png) gets a 404, not the app,
    // whose Link header would have the browser preload the API answers of a start nobody makes.
    if (!loadsAPage(c)) return c.text('Not Found', 404);
    const pages = await routePagesOf(root);
    const page = pages.find((r) => r.pattern.test(pathname));
    const pageStat = page ? await fileStat(page.file) : null;
    // The Link preloads name this client's requests: a build without route pages is another
    // client (a benchmark serves the original one), which gets none.
    const preloadFor = pages.length > 0 ? pathname : null;
    if (pageStat) return send(c, page!.file, pageStat, 'no-cache', preloadFor, signedInPreloads);
    // every other path (and `/`) gets the app with the marker that path addresses work here
    const app = path.join(root, 'routes', 'app.html');
    const appStat = await fileStat(app);
    return appStat
      ? send(c, app, appStat, 'no-cache', preloadFor, signedInPreloads)
      : send(c, index, indexStat, 'no-cache', preloadFor, signedInPreloads);
  };
}
