import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { Status, type Envelope } from './envelope.js';
import { LIMITS } from './limits.js';

/*
 * Request body size limits for /api, checked before the body is read:
 * - a declared Content-Length over the limit is answered at once (nothing of the body is read);
 * - a body without Content-Length (chunked) is read as the route reads it, and failed at the chunk
 *   that passes the limit (BodyTooLarge, answered by app.ts).
 * The answer is HTTP 413 with the usual envelope, 902003 `request body too large (at most …)`.
 * What is left of a refused body is not read by us; @hono/node-server discards it for at most
 * 500 ms / 64 MiB after the answer and then closes the connection.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/** Routes whose body is small by shape (credentials, sign-in forms, likes) or large: `METHOD path` → bytes. */
const ROUTE_LIMITS = new Map<string, number>([
  ['POST /api/user/login', LIMITS.smallBodyBytes],
  ['POST /api/user/register', LIMITS.smallBodyBytes],
  ['PATCH /api/user/password', LIMITS.smallBodyBytes],
  ['PATCH /api/user/intro', LIMITS.smallBodyBytes],
  ['POST /api/credential', LIMITS.smallBodyBytes],
  ['PATCH /api/credential', LIMITS.smallBodyBytes],
  ['DELETE /api/credential', LIMITS.smallBodyBytes],
  ['POST /api/features/2fa', LIMITS.smallBodyBytes],
  ['DELETE /api/features/2fa', LIMITS.smallBodyBytes],
  ['POST /api/features/2fa/recovery', LIMITS.smallBodyBytes],
  ['PUT /api/favorite/playlist', LIMITS.smallBodyBytes],
  ['DELETE /api/favorite/playlist', LIMITS.smallBodyBytes],
  // A lyric of up to 64 KiB as JSON escapes it.
  ['PATCH /api/lyric', LIMITS.lyricBodyBytes],
  // Bulk writes: 1,000 playlist items per request, a share of up to 10,000 tracks.
  ['PUT /api/playlist', LIMITS.bulkBodyBytes],
  ['PATCH /api/playlist', LIMITS.bulkBodyBytes],
  ['POST /api/share', LIMITS.bulkBodyBytes],
]);

/** The body limit of a request (bytes). */
function bodyLimitFor(method: string, path: string): number {
  return ROUTE_LIMITS.get(`${method.toUpperCase()} ${path}`) ?? LIMITS.bodyBytes;
}

/** `16 KiB`, `1 MiB`, `1500 bytes`. */
export function sizeText(bytes: number): string {
  if (bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}

export function tooLarge(c: Context, max: number): Response {
  const envelope: Envelope = {
    status: Status.IllegalParams,
    message: `request body too large (at most ${sizeText(max)})`,
    data: null,
  };
  // The rest of the body is never read, so this connection cannot carry another request: say so,
  // or a client would send its next request on it and see it closed under that request.
  return c.json(envelope, 413, { Connection: 'close' });
}

/**
 * For a body refused for its shape (only a hostile client sends `[[[[…` or 600,000 keys): the answer
 * says `Connection: close`, and once it is sent the socket is dropped instead of read to its end (as
 * @hono/node-server would for up to 64 MiB), so the rest of the body costs this server nothing.
 */
export function dropAfterAnswer(c: Context): void {
  c.header('Connection', 'close');
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  outgoing?.once('finish', () => outgoing.socket?.destroy());
}

/**
 * Raised by a chunked body's stream once it passes its route's limit; `app.ts` answers it with 413
 * and drops the connection, whoever was reading (the JSON scan, or a route's own `c.req.text()`).
 */
export class BodyTooLarge extends Error {
  constructor(readonly max: number) {
    super(`request body too large (at most ${sizeText(max)})`);
    this.name = 'BodyTooLarge';
  }
}

/** The BodyTooLarge behind an error, if any (a body reader may wrap the stream's error). */
export function bodyTooLarge(error: unknown): BodyTooLarge | null {
  if (error instanceof BodyTooLarge) return error;
  if (error instanceof Error && error.cause instanceof BodyTooLarge) return error.cause;
  return null;
}

/** Passes a body on as it arrives and fails it at the chunk that takes it past `max` bytes. */
function limitedTo(max: number): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > max) controller.error(new BodyTooLarge(max));
      else controller.enqueue(chunk);
    },
  });
}

export function bodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const max = bodyLimitFor(c.req.method, c.req.path);
    const declared = raw.headers.get('content-length');
    if (declared !== null && !raw.headers.has('transfer-encoding')) {
      // Node's HTTP parser holds the body to exactly this length, so the header is enough.
      if (!/^\s*\d+\s*$/.test(declared) || Number(declared) > max) return tooLarge(c, max);
      return next();
    }
    // No length declared: the body stays a stream, cut off at the limit, so the JSON scan
    // (input.ts) still refuses a hostile shape at its first chunk instead of after `max` bytes.
    c.req.raw = new Request(raw, { body: raw.body.pipeThrough(limitedTo(max)), duplex: 'half' } as RequestInit);
    return next();
  };
}
