import type { Context } from 'hono';
import { ApiError, RefusedBody, Status, malformed } from './envelope.js';
import { bodyTooLarge } from './bodyLimit.js';
import { BoundsScan, jsonBoundsFor } from './jsonBounds.js';

/**
 * Strict JSON input, like gin's binding in anniv-go: a value of the wrong JSON type fails the
 * whole request with 902003 (a number where a string id is expected, a string priority, …).
 */

export type JsonObject = Record<string, unknown>;

/** As `c.req.text()` decodes: invalid bytes become U+FFFD, a leading BOM is dropped. */
const utf8 = new TextDecoder();

/**
 * The body as JSON. Its bytes are first held to the route's bounds (jsonBounds.ts): a body no valid
 * request could be is refused with 902003 `malformed <what> (nested deeper than 4 levels)` before
 * JSON.parse builds any of it.
 */
export async function readJson(c: Context, what: string): Promise<unknown> {
  const body = await boundedBody(c, what);
  const text = utf8.decode(body);
  if (text.trim() === '') throw malformed(what);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw malformed(what);
  }
}

/**
 * The body's bytes, scanned as they arrive: one out of its route's bounds is refused at the chunk
 * that shows it (8 MiB of `[[[[…` at its first bytes), the rest left unread and the connection
 * closed after the answer (RefusedBody). A body some other reader has taken already is scanned
 * whole.
 */
async function boundedBody(c: Context, what: string): Promise<Uint8Array> {
  const scan = new BoundsScan(jsonBoundsFor(c.req.method, c.req.path));
  const refuse = (why: string) => new RefusedBody(Status.IllegalParams, `malformed ${what} (${why})`);
  const raw = c.req.raw;
  if (!raw.body || raw.bodyUsed) {
    let body: Uint8Array;
    try {
      body = new Uint8Array(await c.req.arrayBuffer());
    } catch (error) {
      throw bodyTooLarge(error) ?? malformed(what);
    }
    const why = scan.feed(body);
    if (why !== null) throw new ApiError(Status.IllegalParams, `malformed ${what} (${why})`);
    return body;
  }
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      throw bodyTooLarge(error) ?? malformed(what);
    }
    if (next.done) break;
    const why = scan.feed(next.value);
    if (why !== null) {
      reader.releaseLock();
      throw refuse(why);
    }
    chunks.push(next.value);
    size += next.value.byteLength;
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

export async function readObject(c: Context, what: string): Promise<JsonObject> {
  return asObject(await readJson(c, what), what);
}

export function asObject(value: unknown, what: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed(what);
  return value as JsonObject;
}

/**
 * A JSON string as this server keeps it: a lone surrogate (`"\ud800"`, valid JSON, not valid
 * text) becomes U+FFFD here, once, so every limit counts what is stored and sent back. Left
 * alone, SQLite's UTF-8 would store it as three replacement characters: a name at its limit would
 * come back three times as long, and a 20-byte nickname as 54 bytes.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (s: string): string => s.replace(LONE_SURROGATE, '\uFFFD');

/** A required string (null counts as missing). */
export function str(o: JsonObject, key: string, what: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw malformed(what);
  return wellFormed(v);
}

/** An optional string: absent or null → undefined; any other non-string → 902003. */
export function optStr(o: JsonObject, key: string, what: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw malformed(what);
  return wellFormed(v);
}

/** A required integer JSON number. */
export function int(o: JsonObject, key: string, what: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw malformed(what);
  return v;
}

export function optInt(o: JsonObject, key: string, what: string): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw malformed(what);
  return v;
}

/** An optional JSON boolean: absent or null → undefined; `"true"`, 1, … → 902003. */
export function optBool(o: JsonObject, key: string, what: string): boolean | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw malformed(what);
  return v;
}

/** Length in characters (code points, so an emoji or a CJK character counts once). */
const charCount = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** Refuses a string longer than `max` characters with 902003 and a message naming the field. */
export function maxChars(value: string, max: number, label: string): string {
  if (value.length > max && charCount(value) > max) {
    throw new ApiError(Status.IllegalParams, `${label} too long (at most ${max} characters)`);
  }
  return value;
}

/** Refuses an array with more than `max` entries with 902003. */
export function maxEntries<T>(list: T[], max: number, label: string): T[] {
  if (list.length > max) throw new ApiError(Status.IllegalParams, `too many ${label} in one request (at most ${max})`);
  return list;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Track identifier `{album_id, disc_id, track_id}` with ids in 1..255. */
export interface TrackId {
  album_id: string;
  disc_id: number;
  track_id: number;
}

export function trackId(value: unknown, what: string): TrackId {
  const o = asObject(value, what);
  const album_id = str(o, 'album_id', what);
  const disc_id = int(o, 'disc_id', what);
  const track_id = int(o, 'track_id', what);
  if (!UUID_PATTERN.test(album_id) || disc_id < 1 || track_id < 1) throw malformed(what);
  return { album_id: album_id.toLowerCase(), disc_id, track_id };
}

/** Query flags are presence-only (docs/protocol.md#keys-on-the-wire): `?flag`, `?flag=true`, even `?flag=false`. */
export function flag(c: Context, name: string): boolean {
  return c.req.query(name) !== undefined;
}

export function requireQuery(c: Context, name: string, what: string): string {
  const v = c.req.query(name);
  if (v === undefined) throw new ApiError(Status.IllegalParams, `malformed ${what}`);
  return v;
}
