import { randomInt } from 'node:crypto';
import type { Hono } from 'hono';
import { decodeJwt } from 'jose';
import { nowSeconds, type Db } from '../db.js';
import { signShareTokenWith, type Audios } from '../library/keys.js';
import type { MetaRepo } from '../meta/load.js';
import {
  TRACK_TYPES,
  type AlbumDetails,
  type ExportedAlbum,
  type ExportedDisc,
  type ExportedTrack,
} from '../meta/types.js';
import { COMPRESS_MIN_BYTES, acceptedCodings } from '../encoding.js';
import type { UserRow } from '../auth.js';
import type { CredentialRow } from '../users.js';
import { limitAddress, requireUser, type ApiDeps, type ApiEnv, type ApiContext } from './context.js';
import { ApiError, Status, fail, malformed, ok } from './envelope.js';
import { LIMITS } from './limits.js';
import { sizeText } from './bodyLimit.js';
import type { ShareAnswer } from './shareAnswers.js';
import { UUID_PATTERN, asObject, maxChars, optStr, readJson, readObject, str, type JsonObject } from './input.js';

/*
 * Shares (docs/protocol.md#shapes, #shares). A share is a list of tracks anyone with the
 * link can play: POST stores the list plus one "grant" per credential used (the credential's url,
 * the `share.key_id` / `share.secret` read unverified from its user token, and the audios map), and
 * GET signs each grant into a share token that expires 24 h later. That answer is kept serialised
 * (shareAnswers.ts) and sent to every reader until its tokens have less than 23 h left, then built
 * and signed anew: building it per read held the event loop 60-130 ms for a 6 MB share. GET needs no sign-in
 * and answers cross-origin (`Access-Control-Allow-Origin: *`). Deleting a share takes the link back;
 * tokens already handed out keep working until they expire (nothing can revoke a signed token).
 *
 * Stricter than anniv-go, and saying so in the message (902003): album ids are UUIDs, disc and
 * track ids 1..255 (annil's range: a token naming 256 is refused by annil as a whole), songs not
 * empty, a cover is required, `share.allowed` in the user token is honoured, and the limits of
 * limits.ts apply. Unknown or malformed share ids answer 902000 without touching the database.
 */

const FORM = 'create form';
const DELETE_FORM = 'delete form';
const METADATA = 'create form: metadata';
const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 10;
/** Lifetime of the share tokens handed out by GET /api/share (anniv-go: 24 h). */
const SHARE_TOKEN_SECONDS = 24 * 60 * 60;
/** How long a kept answer is sent again: its tokens then still have 23 h of their 24 h. */
const SHARE_ANSWER_MAX_AGE_SECONDS = 60 * 60;

interface ShareSong {
  album_id: string;
  disc_id: number;
  tracks: number[];
}

interface ExportedPlaylist {
  name: string;
  description: string;
  cover: { album_id: string; disc_id: number };
  songs: ShareSong[];
  tokens: { server: string; token: string }[];
  metadata: Record<string, ExportedAlbum>;
}

interface ShareRow {
  id: number;
  share_id: string;
  user_id: number;
  name: string;
  description: string;
  cover_album_id: string;
  cover_disc_id: number;
  songs: string;
  metadata: string;
  created_at: number;
}

interface GrantRow {
  server: string;
  key_id: string;
  secret: string;
  audios: string;
}

/** `share` of a user token (docs/protocol.md#library-tokens); `allowed` lower-cased, absent = every album. */
interface ShareClaim {
  key_id: string;
  secret: string;
  allowed?: string[];
}

// ---------------------------------------------------------------------------------------------
// Input

const idRangeError = (what: string): ApiError =>
  new ApiError(Status.IllegalParams, `malformed ${what}: disc and track ids are integers from 1 to 255`);

/** A disc or track id: a JSON integer in 1..255 (annil's path range). */
function smallId(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw malformed(what);
  if (value < 1 || value > 255) throw idRangeError(what);
  return value;
}

function albumId(value: unknown, what: string): string {
  if (typeof value !== 'string') throw malformed(what);
  if (!UUID_PATTERN.test(value)) throw new ApiError(Status.IllegalParams, `malformed ${what}: album ids are UUIDs`);
  return value.toLowerCase();
}

function parseCover(value: unknown): { album_id: string; disc_id: number } {
  if (value === undefined || value === null)
    throw new ApiError(Status.IllegalParams, `malformed ${FORM}: a share needs a cover {album_id, disc_id}`);
  const o = asObject(value, FORM);
  return { album_id: albumId(o.album_id, FORM), disc_id: smallId(o.disc_id, FORM) };
}

function parseSongs(value: unknown): ShareSong[] {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
    throw new ApiError(Status.IllegalParams, `malformed ${FORM}: a share needs at least one song`);
  }
  if (!Array.isArray(value)) throw malformed(FORM);
  let total = 0;
  return value.map((entry): ShareSong => {
    const o = asObject(entry, FORM);
    const album_id = albumId(o.album_id, FORM);
    const disc_id = smallId(o.disc_id, FORM);
    const tracks = o.tracks;
    if (!Array.isArray(tracks) || tracks.length === 0) {
      throw new ApiError(Status.IllegalParams, `malformed ${FORM}: every song entry needs a non-empty tracks list`);
    }
    total += tracks.length;
    if (total > LIMITS.tracksPerShare) {
      throw new ApiError(Status.IllegalParams, `too many tracks in one share (at most ${LIMITS.tracksPerShare})`);
    }
    return { album_id, disc_id, tracks: tracks.map((t) => smallId(t, FORM)) };
  });
}

/** `albums` `{album_id: credential_id}`; required like anniv-go (its message kept). */
function parseAlbums(value: unknown): Map<string, string> {
  if (value === undefined || value === null) {
    throw new ApiError(Status.IllegalParams, 'albums must not be null if tokens are not signed yet');
  }
  const o = asObject(value, FORM);
  const out = new Map<string, string>();
  for (const [key, credentialId] of Object.entries(o)) {
    const album = albumId(key, FORM);
    if (typeof credentialId !== 'string') throw malformed(FORM);
    const before = out.get(album);
    if (before !== undefined && before !== credentialId) {
      throw new ApiError(Status.IllegalParams, `malformed ${FORM}: album ${album} is named twice in albums`);
    }
    out.set(album, credentialId);
  }
  return out;
}

function metaText(o: JsonObject, key: string): string {
  return maxChars(str(o, key, METADATA), LIMITS.shareMetadataText, 'metadata text');
}

function optMetaText(o: JsonObject, key: string): string | undefined {
  const v = optStr(o, key, METADATA);
  return v === undefined ? undefined : maxChars(v, LIMITS.shareMetadataText, 'metadata text');
}

function metaType(o: JsonObject, key: string, inherited?: string): string {
  const v = inherited === undefined ? str(o, key, METADATA) : (optStr(o, key, METADATA) ?? inherited);
  if (!TRACK_TYPES.has(v)) throw malformed(METADATA);
  return v;
}

function metaList(value: unknown): unknown[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 255) throw malformed(METADATA);
  return value;
}

/** One album of the optional `metadata`: rebuilt from the known keys (artists, tags … dropped). */
function parseMetadataAlbum(key: string, value: unknown): ExportedAlbum {
  const o = asObject(value, METADATA);
  if (albumId(o.album_id, METADATA) !== key)
    throw new ApiError(Status.IllegalParams, `malformed ${METADATA}: album_id ${key} names a different album`);
  const album = { album_id: key, title: metaText(o, 'title') } as ExportedAlbum;
  const edition = optMetaText(o, 'edition');
  if (edition) album.edition = edition;
  album.catalog = metaText(o, 'catalog');
  album.artist = metaText(o, 'artist');
  album.date = metaText(o, 'date');
  album.type = metaType(o, 'type');
  album.discs = metaList(o.discs).map((d): ExportedDisc => {
    const dobj = asObject(d, METADATA);
    const disc = {} as ExportedDisc;
    const title = optMetaText(dobj, 'title');
    if (title) disc.title = title;
    disc.artist = optMetaText(dobj, 'artist') ?? album.artist;
    disc.catalog = metaText(dobj, 'catalog');
    disc.type = metaType(dobj, 'type', album.type);
    disc.tracks = metaList(dobj.tracks).map((t): ExportedTrack => {
      const tobj = asObject(t, METADATA);
      return {
        title: metaText(tobj, 'title'),
        artist: optMetaText(tobj, 'artist') ?? disc.artist,
        type: metaType(tobj, 'type', disc.type),
      };
    });
    return disc;
  });
  return album;
}

/** Optional client `metadata`: only for albums the share has songs of. */
function parseMetadata(value: unknown, shared: Set<string>): Record<string, ExportedAlbum> {
  if (value === undefined || value === null) return {};
  const o = asObject(value, METADATA);
  const out: Record<string, ExportedAlbum> = {};
  for (const [key, album] of Object.entries(o)) {
    const id = albumId(key, METADATA);
    if (!shared.has(id))
      throw new ApiError(Status.IllegalParams, `malformed ${METADATA}: album ${id} has no songs in this share`);
    out[id] = parseMetadataAlbum(id, album);
  }
  return out;
}

/** Reads the `share` object of a user token without verifying it (as anniv-go does). */
function readShareClaim(token: string): ShareClaim | null {
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token);
  } catch {
    return null;
  }
  const share = payload.share;
  if (typeof share !== 'object' || share === null || Array.isArray(share)) return null;
  const { key_id, secret, allowed } = share as Record<string, unknown>;
  if (typeof key_id !== 'string' || key_id === '' || typeof secret !== 'string' || secret === '') return null;
  if (allowed === undefined || allowed === null) return { key_id, secret };
  if (!Array.isArray(allowed) || !allowed.every((a): a is string => typeof a === 'string')) return null;
  return { key_id, secret, allowed: allowed.map((a) => a.toLowerCase()) };
}

/** album → disc (decimal string) → sorted distinct track ids; albums in order of first appearance. */
function audiosOf(songs: ShareSong[], albums: Set<string>): Audios {
  const sets = new Map<string, Map<number, Set<number>>>();
  for (const song of songs) {
    if (!albums.has(song.album_id)) continue;
    let discs = sets.get(song.album_id);
    if (!discs) {
      discs = new Map();
      sets.set(song.album_id, discs);
    }
    let tracks = discs.get(song.disc_id);
    if (!tracks) {
      tracks = new Set();
      discs.set(song.disc_id, tracks);
    }
    for (const t of song.tracks) tracks.add(t);
  }
  const audios: Audios = {};
  for (const [album, discs] of sets) {
    const out: Record<string, number[]> = {};
    for (const disc of [...discs.keys()].sort((a, b) => a - b))
      out[String(disc)] = [...discs.get(disc)!].sort((a, b) => a - b);
    audios[album] = out;
  }
  return audios;
}

function newShareId(): string {
  let id = '';
  for (let i = 0; i < ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

// ---------------------------------------------------------------------------------------------
// Output

/** Repo album → ExportedAlbum (no artists, no tags; disc/track artist and type pre-inherited). */
function exportAlbum(a: AlbumDetails): ExportedAlbum {
  const album = { album_id: a.album_id, title: a.title } as ExportedAlbum;
  if (a.edition !== undefined) album.edition = a.edition;
  album.catalog = a.catalog;
  album.artist = a.artist;
  album.date = a.date;
  album.type = a.type;
  album.discs = a.discs.map((d): ExportedDisc => {
    const disc = {} as ExportedDisc;
    if (d.title !== undefined) disc.title = d.title;
    disc.artist = d.artist ?? a.artist;
    disc.catalog = d.catalog;
    disc.type = d.type ?? a.type;
    disc.tracks = d.tracks.map((t) => ({ title: t.title, artist: t.artist ?? disc.artist, type: t.type ?? disc.type }));
    return disc;
  });
  return album;
}

/** What a share is made of, as stored (songs and client metadata parsed). */
interface ShareParts {
  name: string;
  description: string;
  cover: { album_id: string; disc_id: number };
  songs: ShareSong[];
  metadata: Record<string, ExportedAlbum>;
  grants: { server: string; key_id: string; secret: string; audios: Audios }[];
}

/** The ExportedPlaylist of a share, its grants signed into tokens that expire at `exp`. */
async function exportParts(meta: MetaRepo, parts: ShareParts, exp: number): Promise<ExportedPlaylist> {
  const metadata: Record<string, ExportedAlbum> = {};
  for (const song of parts.songs) {
    const id = song.album_id;
    if (Object.hasOwn(metadata, id)) continue;
    if (Object.hasOwn(parts.metadata, id)) metadata[id] = parts.metadata[id]!;
    else {
      const album = meta.albums.get(id);
      if (album) metadata[id] = exportAlbum(album);
    }
  }
  const tokens = await Promise.all(
    parts.grants.map(async (g) => ({
      server: g.server,
      token: await signShareTokenWith(g.key_id, g.secret, g.audios, exp, nowSeconds()),
    })),
  );
  return { name: parts.name, description: parts.description, cover: parts.cover, songs: parts.songs, tokens, metadata };
}

/** The ExportedPlaylist of a stored share, its grants signed into tokens that expire at `exp`. */
async function exportShare(db: Db, meta: MetaRepo, row: ShareRow, exp: number): Promise<ExportedPlaylist> {
  const grants = db
    .prepare('SELECT server, key_id, secret, audios FROM share_grants WHERE share_id = ? ORDER BY position, id')
    .all(row.id) as GrantRow[];
  return exportParts(
    meta,
    {
      name: row.name,
      description: row.description,
      cover: { album_id: row.cover_album_id, disc_id: row.cover_disc_id },
      songs: JSON.parse(row.songs) as ShareSong[],
      metadata: JSON.parse(row.metadata) as Record<string, ExportedAlbum>,
      grants: grants.map((g) => ({ ...g, audios: JSON.parse(g.audios) as Audios })),
    },
    exp,
  );
}

/** The answer to GET /api/share exactly as sent: the envelope as JSON text. */
const answerText = (data: ExportedPlaylist): string => JSON.stringify({ status: Status.OK, message: 'OK', data });
const utf8 = new TextEncoder();

// ---------------------------------------------------------------------------------------------
// Routes

const notFound = (): ApiError => new ApiError(Status.NotFound, 'share not found');

/** A share id as sent; anything that cannot be one answers 902000 before any lookup. */
function checkShareId(raw: string | undefined): string {
  if (raw === undefined || !SHARE_ID_PATTERN.test(raw)) throw notFound();
  return raw;
}

// A new answer with the header rather than a header set on the answer made: @hono/node-server's
// Response (the global one once a server listens) builds its body from the headers it was made
// with, and a header set afterwards can be lost on the way.
function withShareCors(res: Response): Response {
  const headers = new Headers(res.headers);
  headers.set('Access-Control-Allow-Origin', '*');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

export function registerShareRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { db, meta } = deps;
  const findShare = (shareId: string): ShareRow => {
    const row = db.prepare('SELECT * FROM shares WHERE share_id = ?').get(shareId) as ShareRow | undefined;
    if (!row) throw notFound();
    return row;
  };

  const { shareAnswers, shareReads, shareWrites } = deps;
  const building = new Map<string, Promise<ShareAnswer>>();
  /** The kept answer of a share when its tokens are fresh enough, else a new one (one build at a time). */
  const answerOf = async (shareId: string): Promise<ShareAnswer> => {
    // Only the row id: a kept answer is used only while its share still exists (a deleted user's
    // shares go with the user, without passing through DELETE /api/share).
    const found = db.prepare('SELECT id FROM shares WHERE share_id = ?').get(shareId) as { id: number } | undefined;
    if (!found) {
      shareAnswers.delete(shareId);
      throw notFound();
    }
    const kept = shareAnswers.get(shareId);
    if (
      kept &&
      kept.rowId === found.id &&
      kept.exp - nowSeconds() >= SHARE_TOKEN_SECONDS - SHARE_ANSWER_MAX_AGE_SECONDS
    )
      return kept;
    let pending = building.get(shareId);
    if (!pending) {
      pending = (async () => {
        const exp = nowSeconds() + SHARE_TOKEN_SECONDS;
        return shareAnswers.set(
          shareId,
          found.id,
          exp,
          utf8.encode(answerText(await exportShare(db, meta, findShare(shareId), exp))),
        );
      })().finally(() => building.delete(shareId));
      building.set(shareId, pending);
    }
    return pending;
  };
  /** Takes what is about to be sent from the reader's budget of the minute, or refuses the read. */
  const spend = (c: ApiContext, bytes: number): void => {
    const group = limitAddress(c, deps.config.trustProxy);
    if (!shareReads.take(group, bytes)) {
      throw new ApiError(
        Status.PermissionDenied,
        `too many shares read from this address; wait ${shareReads.secondsLeft(group)} seconds and try again`,
      );
    }
  };
  /** Sends a kept answer, compressed (once per coding, then kept too) when the client accepts it. */
  const send = async (c: ApiContext, shareId: string, answer: ShareAnswer): Promise<Response> => {
    const coding = acceptedCodings(c.req.header('accept-encoding'))[0];
    if (!coding || answer.json.byteLength < COMPRESS_MIN_BYTES) {
      spend(c, answer.json.byteLength);
      return c.body(answer.json, 200, { 'Content-Type': 'application/json' });
    }
    const body = await shareAnswers.encoded(shareId, answer, coding);
    spend(c, body.byteLength);
    const headers = { 'Content-Type': 'application/json', 'Content-Encoding': coding, Vary: 'Accept-Encoding' };
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, headers);
  };

  // Public and cross-origin: the shared page may live on another origin (docs/protocol.md#sessions-and-xsrf).
  app.get('/api/share', async (c) => {
    try {
      const shareId = checkShareId(c.req.query('id'));
      return withShareCors(await send(c, shareId, await answerOf(shareId)));
    } catch (err) {
      if (err instanceof ApiError) return withShareCors(fail(c, err.status, err.message));
      throw err;
    }
  });

  // Preflight for the public GET only (a simple GET needs none; this answers clients that add a header).
  app.options('/api/share', () =>
    withShareCors(
      new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
          'Access-Control-Allow-Headers': 'Content-Type',
          'Access-Control-Max-Age': '86400',
        },
      }),
    ),
  );

  // The user's shares (trailing slash, as anniv-go), newest first; `name` is our addition.
  app.get('/api/share/', (c) => {
    const user = requireUser(c);
    const rows = db
      .prepare('SELECT share_id, created_at, name FROM shares WHERE user_id = ? ORDER BY created_at DESC, id DESC')
      .all(user.id) as { share_id: string; created_at: number; name: string }[];
    return ok(
      c,
      rows.map((r) => ({ id: r.share_id, date: r.created_at, name: r.name })),
    );
  });

  app.post('/api/share', async (c) => {
    const user = requireUser(c);
    if (shareWrites.left(user.id) <= 0) {
      // the body is received (at most the route's byte limit) but never parsed: refused before
      // reading it, a browser still sending would see the connection close instead of this answer
      await c.req.raw.arrayBuffer().catch(() => undefined);
      throw new ApiError(
        Status.PermissionDenied,
        `too many shares created; wait ${shareWrites.secondsLeft(user.id)} seconds and try again`,
      );
    }
    // What this request costs counts whether it is stored or refused below.
    let answerBytes = 0;
    try {
      return await createShare(c, user, (bytes) => (answerBytes = bytes));
    } finally {
      shareWrites.charge(user.id, Math.max(Number(c.req.header('content-length')) || 0, answerBytes));
    }
  });

  async function createShare(c: ApiContext, user: UserRow, measured: (answerBytes: number) => void): Promise<Response> {
    const body = await readObject(c, FORM);
    const info = asObject(body.info, FORM);
    const name = str(info, 'name', FORM);
    if (name.trim() === '') throw new ApiError(Status.IllegalParams, 'share name must not be empty');
    maxChars(name, LIMITS.shareName, 'share name');
    const description = maxChars(optStr(info, 'description', FORM) ?? '', LIMITS.shareDescription, 'share description');
    const cover = parseCover(info.cover);
    const songs = parseSongs(info.songs);
    const albumOrder = [...new Set(songs.map((s) => s.album_id))];
    const metadata = parseMetadata(body.metadata, new Set(albumOrder));
    const albums = parseAlbums(body.albums);

    // Which credential shares which album (anniv-go's generateTokenGrants, same messages, 900000).
    const byCredential = new Map<string, string[]>();
    for (const album of albumOrder) {
      const credentialId = albums.get(album);
      if (credentialId === undefined) throw new ApiError(Status.InternalError, `no token available for album ${album}`);
      const list = byCredential.get(credentialId);
      if (list) list.push(album);
      else byCredential.set(credentialId, [album]);
    }
    const grants: { server: string; key_id: string; secret: string; audios: Audios }[] = [];
    for (const [credentialId, credentialAlbums] of byCredential) {
      const row = db.prepare('SELECT * FROM credentials WHERE id = ? AND user_id = ?').get(credentialId, user.id) as
        | CredentialRow
        | undefined;
      if (!row) throw new ApiError(Status.InternalError, 'record not found');
      const claim = readShareClaim(row.token);
      if (!claim) throw new ApiError(Status.InternalError, 'token does not support share');
      for (const album of credentialAlbums) {
        if (claim.allowed && !claim.allowed.includes(album))
          throw new ApiError(Status.InternalError, `token does not support share of album ${album}`);
      }
      grants.push({
        server: row.url,
        key_id: claim.key_id,
        secret: claim.secret,
        audios: audiosOf(songs, new Set(credentialAlbums)),
      });
    }

    // The answer every reader gets, measured as sent (library metadata and signed tokens included).
    const exported = await exportParts(
      meta,
      { name, description, cover, songs, metadata, grants },
      nowSeconds() + SHARE_TOKEN_SECONDS,
    );
    const answerBytes = Buffer.byteLength(answerText(exported));
    measured(answerBytes);
    if (answerBytes > LIMITS.shareAnswerBytes) {
      throw new ApiError(
        Status.IllegalParams,
        `share too large (at most ${sizeText(LIMITS.shareAnswerBytes)} as sent to its readers)`,
      );
    }

    const shareId = db.transaction(() => {
      const owned = (db.prepare('SELECT COUNT(*) AS n FROM shares WHERE user_id = ?').get(user.id) as { n: number }).n;
      if (owned >= LIMITS.sharesPerUser)
        throw new ApiError(Status.WriteErr, `too many shares (at most ${LIMITS.sharesPerUser})`);
      let id = newShareId();
      while (db.prepare('SELECT 1 FROM shares WHERE share_id = ?').get(id)) id = newShareId();
      const res = db
        .prepare(
          `INSERT INTO shares (share_id, user_id, name, description, cover_album_id, cover_disc_id, songs, metadata, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          user.id,
          name,
          description,
          cover.album_id,
          cover.disc_id,
          JSON.stringify(songs),
          JSON.stringify(metadata),
          nowSeconds(),
        );
      const rowId = Number(res.lastInsertRowid);
      const insert = db.prepare(
        'INSERT INTO share_grants (share_id, position, server, key_id, secret, audios) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (const [k, g] of grants.entries())
        insert.run(rowId, k, g.server, g.key_id, g.secret, JSON.stringify(g.audios));
      return id;
    })();
    return ok(c, shareId);
  }

  app.delete('/api/share', async (c) => {
    const user = requireUser(c);
    // JSON body {id} (what clients send); the query string is a fallback (docs/protocol.md#playlists).
    let raw: unknown = c.req.query('id');
    const text = await c.req.text();
    if (text.trim() !== '') raw = asObject(await readJson(c, DELETE_FORM), DELETE_FORM).id;
    if (typeof raw !== 'string') throw malformed(DELETE_FORM);
    const row = findShare(checkShareId(raw));
    if (row.user_id !== user.id) throw new ApiError(Status.PermissionDenied, 'this share does not belong to you');
    db.prepare('DELETE FROM shares WHERE id = ?').run(row.id);
    shareAnswers.delete(row.share_id);
    return ok(c, null);
  });
}
