import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { rememberingVerifier, shareCovers, type Grant, type LibraryKeys } from './keys.js';
import { parseRange } from '../httpRange.js';
import { findFile, type LibraryIndex } from './scan.js';
import { TrackFiles, type OpenTrack } from './trackFiles.js';
import { HSTS } from '../securityHeaders.js';
import { LOCAL_HOSTS_ONLY, hostCheck, type HostRule } from '../hostCheck.js';
import { shuffled } from '../shuffle.js';
import { hasFfmpeg, servedQuality, Transcoder, TRANSCODED_TYPE, type Quality } from './transcode.js';
import { LIMITS } from '../api/limits.js';
import { limitAddress, nodeSocket } from '../api/context.js';

/*
 * annil-compatible library server (docs/protocol.md#library-server-annil): /info, /albums with ETag, covers
 * without auth, audio with user or share tokens, real byte ranges, and CORS on every route.
 * By default user tokens get the original file whatever quality they ask (X-Audio-Quality:
 * lossless). Share tokens get `low`, as annil forces it, in both modes: AAC from ffmpeg
 * (transcode.ts), or the original file (reported lossless) when no ffmpeg is on PATH. With
 * `strict` (ANNIV_STRICT=1, which needs ffmpeg) it behaves as annil does where clients meet the
 * difference: `/albums` in no particular order, `bytes=0-` answered with the first 1024 bytes, and
 * every quality a user token asks for but lossless transcoded to AAC too.
 *
 * User tokens must carry an `exp` (annil's never do); one signed for this server's account must
 * also carry the account's current generation (server/users.ts): a password change or a deleted
 * account ends it. Refused tokens get annil's answer for a bad or expired one, 401 with no body.
 *
 * Share tokens (what GET /api/share hands out): header `kid` = our share key id, verified with the
 * share key, type share, `exp` required. They fetch (GET/HEAD) only the tracks their `audios`
 * lists — any other track answers 401 like annil's "share token not covering this track"
 * (docs/protocol.md#library-server-annil) — and `/albums` answers the album keys of `audios`. Covers need no token.
 *
 * Transcodes are bounded (transcode.ts): past a cap (in all, per token, per client address: the
 * socket's, as the library has no TRUST_PROXY) a transcoded GET answers 503 with Retry-After, which
 * annil never sends.
 */

export interface LibraryDeps {
  keys: LibraryKeys;
  index: LibraryIndex;
  /** Unix seconds of start (or last rescan). */
  lastUpdate: number;
  /** behave like annil where it differs (ANNIV_STRICT): see above */
  strict?: boolean;
  /** where listeners reach the library (LIBRARY_PUBLIC_URL): over https, answers carry HSTS */
  publicUrl?: string | null;
  /** clock in milliseconds tokens are checked at (default Date.now) */
  now?: () => number;
  /** the generation an account's user tokens must carry; null: no such account (any more) */
  tokenGeneration: (accountId: number) => number | null;
  /** ffmpeg may transcode (default: whether one is on PATH, looked up on first need) */
  ffmpeg?: boolean;
  /** the host names it answers for (server/hostCheck.ts; default: IP addresses and localhost) */
  hosts?: HostRule;
  /** runs and bounds the transcodes (default: one with LIMITS' caps) */
  transcoder?: Transcoder;
}

/** the caps LIMITS sets for transcodes */
export function transcodeLimits() {
  return {
    atOnce: LIMITS.transcodesAtOnce,
    perToken: LIMITS.transcodesPerToken,
    perAddress: LIMITS.transcodesPerAddress,
    stalledMs: LIMITS.transcodeStalledMs,
  };
}

/** annil answers a browser's first `bytes=0-` with only the first 1024 bytes */
const FIRST_RANGE_BYTES = 1024;

const LIBRARY_VERSION = 'Annil-compatible (anniv-web reference server) 0.1.0';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** what annil exposes to scripts on audio: its own headers, and Accept-Ranges on HEAD */
const annilExposed = (method: string) =>
  `X-Origin-Type, X-Origin-Size, X-Duration-Seconds, X-Audio-Quality${method === 'HEAD' ? ', Accept-Ranges' : ''}`;
const EXPOSED =
  'X-Origin-Type, X-Origin-Size, X-Duration-Seconds, X-Audio-Quality, Accept-Ranges, Content-Range, Content-Length, ETag';

/**
 * How long a browser may keep an answer to a share token: about a share token's life (the API signs
 * them for 24 h). Its token is one the share link hands anyone and reaches only the shared tracks, and
 * a replay taken from the cache spares the library a transcode, its costliest answer.
 */
const SHARE_ANSWER_CACHE = 'private, max-age=86400';

const empty = (status: number, headers: Record<string, string> = {}): Response =>
  new Response(null, { status, headers });
/** a transcode cap is reached: try again shortly (scripts may read when) */
const busy = (): Response =>
  empty(503, {
    'Retry-After': String(LIMITS.transcodeRetryAfterSeconds),
    'Access-Control-Expose-Headers': 'Retry-After',
    'Cache-Control': 'no-store',
  });
/**
 * Ranges up to this size are read into memory in one read and sent as one buffer; longer ones
 * (a whole file, `bytes=0-`) are streamed. A web stream over a file costs several thread-pool
 * trips and a copy per 64 KiB chunk, which made a 64 KiB range ten times slower than a JSON answer.
 */
const READ_AT_ONCE_BYTES = 1024 * 1024;

/** A path id in 1..255 written as plain decimal digits; null otherwise. */
function smallId(text: string): number | null {
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 255 ? n : null;
}

function streamFile(file: string, start?: number, end?: number): ReadableStream<Uint8Array> {
  return Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
}

/** The bytes `start..end` (inclusive) of an open track as a body; the handle is closed either way. */
async function bodyOf(track: OpenTrack, start: number, end: number): Promise<BodyInit> {
  const length = end - start + 1;
  if (length > READ_AT_ONCE_BYTES) {
    return Readable.toWeb(track.handle.createReadStream({ start, end })) as ReadableStream<Uint8Array>;
  }
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await track.handle.read(buffer, 0, length, start);
    return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
  } finally {
    await track.handle.close();
  }
}

export function createLibraryApp(deps: LibraryDeps): Hono {
  const { keys, index, strict = false } = deps;
  const https = deps.publicUrl?.startsWith('https:') === true;
  const app = new Hono();
  /** requests whose token is a valid share token: their answers may be kept (SHARE_ANSWER_CACHE) */
  const shareRequests = new WeakSet<Request>();
  const verify = rememberingVerifier(keys, deps.now);
  const tracks = new TrackFiles();
  let ffmpeg = deps.ffmpeg;
  const transcoder = deps.transcoder ?? new Transcoder(transcodeLimits());
  /** the token a request carries: the Authorization header (the client's own requests) or `?auth=` (media elements) */
  const tokenOf = (c: Context): string | undefined => c.req.header('authorization') ?? c.req.query('auth');
  const grantOf = async (c: Context): Promise<Grant | null> => {
    const token = tokenOf(c);
    const grant = token ? await verify(token) : null;
    // checked on every request, not remembered: a revoked token ends at once
    if (grant?.kind === 'user' && grant.account && deps.tokenGeneration(grant.account.id) !== grant.account.generation)
      return null;
    if (grant?.kind === 'share') shareRequests.add(c.req.raw);
    return grant;
  };
  /** what is served: annil's rule in strict mode, low for share tokens whenever ffmpeg can make it */
  const qualityFor = (grant: Grant, asked: string | undefined): Quality => {
    if (grant.kind === 'share') {
      ffmpeg ??= hasFfmpeg();
      return ffmpeg ? 'low' : 'lossless';
    }
    return strict ? servedQuality(asked) : 'lossless';
  };

  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      c.res = empty(204);
    } else {
      await next();
    }
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    // Listed explicitly: a `*` would not cover Authorization (Fetch standard).
    c.res.headers.set('Access-Control-Allow-Headers', 'Authorization, Range, If-None-Match, Content-Type');
    // a transcoded answer names its own, as annil does
    if (!c.res.headers.has('Access-Control-Expose-Headers'))
      c.res.headers.set('Access-Control-Expose-Headers', EXPOSED);
    c.res.headers.set('Access-Control-Max-Age', '86400');
    // Whatever answers a token is kept by no cache but a share token's audio and albums: a user
    // token's, and its refusals, are the user's, and a cached copy (its URL naming the token, when it
    // came in `?auth=`) outlives sign-out (docs/architecture.md#nothing-kept-after-sign-out). A
    // refusal or a busy answer (503) is never kept, whoever asked, so a retry reaches the library.
    // Covers, asked without one, stay public.
    if (tokenOf(c) !== undefined)
      c.res.headers.set('Cache-Control', shareRequests.has(c.req.raw) && c.res.ok ? SHARE_ANSWER_CACHE : 'no-store');
    // covers, lyrics and audio are what their Content-Type says, never a page a browser sniffs into
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (https) c.res.headers.set('Strict-Transport-Security', HSTS);
  });
  // 421 for names not the site's: a DNS-rebinding page must not reach the library either
  app.use('*', hostCheck(deps.hosts ?? LOCAL_HOSTS_ONLY));

  app.get('/info', (c) =>
    c.json({ version: LIBRARY_VERSION, protocol_version: '0.4.1', last_update: deps.lastUpdate }),
  );

  app.get('/albums', async (c) => {
    const grant = await grantOf(c);
    if (!grant) return empty(401);
    const order = <T>(items: T[]) => (strict ? shuffled(items) : items);
    if (grant.kind === 'share') return c.json(order(Object.keys(grant.audios)));
    const match = c.req.header('if-none-match')?.trim().replace(/^W\//, '');
    if (match === index.etag) return empty(304, { ETag: index.etag });
    c.header('ETag', index.etag);
    return c.json(order([...index.albums.keys()]));
  });

  const cover = async (c: Context, albumText: string, discText: string | null): Promise<Response> => {
    if (!UUID.test(albumText)) return empty(400);
    const disc = discText === null ? null : smallId(discText);
    if (discText !== null && disc === null) return empty(400);
    const albumDir = index.albums.get(albumText.toLowerCase());
    const file = albumDir
      ? await findFile(disc === null ? albumDir : path.join(albumDir, String(disc)), 'cover.jpg')
      : null;
    if (!file) return empty(404, { 'Cache-Control': 'private' });
    const { size } = await fs.promises.stat(file);
    const headers = {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(size),
      'Cache-Control': 'public, max-age=31536000',
    };
    return new Response(c.req.method === 'HEAD' ? null : streamFile(file), { status: 200, headers });
  };
  app.get('/:album/cover', (c) => cover(c, c.req.param('album'), null));
  app.get('/:album/:disc/cover', (c) => cover(c, c.req.param('album'), c.req.param('disc')));

  app.get('/:album/:disc/:track', async (c) => {
    // Read before the first await: @hono/node-server makes the request's signal on first use and
    // aborts only a signal made before the connection closed, so one first read after the token
    // check never aborted, and a client gone by then left its ffmpeg running.
    const gone = c.req.raw.signal;
    const { album: albumText, disc: discText, track: trackText } = c.req.param();
    // annil's order: token (401), path (403), query (400), then a share token's coverage (401).
    const grant = await grantOf(c);
    if (!grant) return empty(401);
    const disc = smallId(discText);
    const track = smallId(trackText);
    if (!UUID.test(albumText) || disc === null || track === null) return empty(403);
    const opus = c.req.query('opus');
    if (opus !== undefined && opus !== 'true' && opus !== 'false') return empty(400);
    if (grant.kind === 'share' && !shareCovers(grant.audios, albumText.toLowerCase(), disc, track)) return empty(401);
    const albumDir = index.albums.get(albumText.toLowerCase());
    if (!albumDir) return empty(404, { 'Cache-Control': 'private' });
    const opened = await tracks.open(path.join(albumDir, String(disc)), track);
    if (!opened) return empty(404);

    const { size, type, duration } = opened;
    const quality = qualityFor(grant, c.req.query('quality'));
    if (quality !== 'lossless') {
      await opened.handle.close();
      const transcoded: Record<string, string> = {
        'Content-Type': TRANSCODED_TYPE,
        'X-Origin-Type': type,
        'X-Origin-Size': String(size),
        'X-Audio-Quality': quality,
        // annil names Accept-Ranges only on HEAD (it sends none here: a stream has no ranges)
        'Access-Control-Expose-Headers': annilExposed(c.req.method),
      };
      if (duration !== null) transcoded['X-Duration-Seconds'] = String(duration);
      if (c.req.method === 'HEAD') return empty(200, transcoded);
      const slot = transcoder.reserve(tokenOf(c) ?? '', limitAddress(c, 0));
      if (!slot) return busy();
      const socket = nodeSocket(c);
      const body = transcoder.stream({
        file: opened.file,
        quality,
        signal: gone,
        slot,
        hangUp: socket && (() => socket.destroy()),
      });
      return new Response(body, { status: 200, headers: transcoded });
    }
    const headers: Record<string, string> = {
      'Content-Type': type,
      'X-Origin-Type': type,
      'X-Origin-Size': String(size),
      'X-Audio-Quality': 'lossless',
      'Accept-Ranges': 'bytes',
    };
    if (duration !== null) headers['X-Duration-Seconds'] = String(duration);
    if (strict) {
      // annil shows scripts only its own headers: no Content-Range or ETag (a client resuming a
      // download must make do with X-Origin-Size and Content-Length), Accept-Ranges on HEAD only
      headers['Access-Control-Expose-Headers'] = annilExposed(c.req.method);
    }

    const asked = parseRange(c.req.header('range'));
    const range = strict && asked?.start === 0 && asked.end === null ? { start: 0, end: FIRST_RANGE_BYTES - 1 } : asked;
    if (c.req.method === 'HEAD' || size === 0 || (range && range.start >= size)) {
      await opened.handle.close();
      if (c.req.method !== 'HEAD' && range) return empty(416, { ...headers, 'Content-Range': `bytes */${size}` });
      return empty(200, { ...headers, 'Content-Length': String(size) });
    }
    if (!range) {
      const whole: Record<string, string> = { ...headers, 'Content-Length': String(size) };
      // annil's GET names Accept-Ranges only on a 206
      if (strict) delete whole['Accept-Ranges'];
      return new Response(await bodyOf(opened, 0, size - 1), { status: 200, headers: whole });
    }
    const end = Math.min(range.end ?? size - 1, size - 1);
    return new Response(await bodyOf(opened, range.start, end), {
      status: 206,
      headers: {
        ...headers,
        'Content-Length': String(end - range.start + 1),
        'Content-Range': `bytes ${range.start}-${end}/${size}`,
      },
    });
  });

  app.notFound(() => empty(404));
  app.onError((err) => {
    console.error('[library]', err);
    return empty(500);
  });
  return app;
}
