import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

/*
 * The built client (dist/) with SPA fallback: an existing file is served as is; any other GET
 * answers index.html so client-side routes (/album/…, /tag/…) load the app. Missing hashed
 * assets under /assets/ stay 404 so a stale page fails loudly instead of parsing HTML as JS.
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

function send(c: Context, file: string, size: number, cache: string): Response {
  const headers = {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(size),
    'Cache-Control': cache,
  };
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

export function staticClient(distDir: string): (c: Context) => Promise<Response> {
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
    const file = path.resolve(root, '.' + pathname);
    if (file.startsWith(root + path.sep) && !pathname.includes('\0')) {
      const s = await fileStat(file);
      if (s) {
        const immutable = pathname.startsWith('/assets/');
        return send(c, file, s.size, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
      if (pathname.startsWith('/assets/')) return c.text('Not Found', 404);
    }
    return send(c, index, indexStat.size, 'no-cache');
  };
}
