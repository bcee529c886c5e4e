import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { findUserById } from '../auth.js';
import { nowSeconds, type Db } from '../db.js';
import type { MetaRepo } from '../meta/load.js';
import { trackInfo } from '../meta/query.js';
import { TRACK_TYPES, type TrackInfoWithAlbum } from '../meta/types.js';
import { requireUser, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, malformed, ok } from './envelope.js';
import { LIMITS } from './limits.js';
import {
  UUID_PATTERN,
  asObject,
  maxChars,
  maxEntries,
  optBool,
  optInt,
  optStr,
  readJson,
  readObject,
  requireQuery,
  str,
  trackId,
} from './input.js';

/*
 * Playlists (docs/protocol.md#shapes, #playlists). Ids of playlists and items
 * are decimal strings on the wire. Items keep their order in `position`; item ids never change.
 * Where anniv-go is loose the reference server is strict and says why (902003 with a message):
 * non-numeric ids, reorder lists that are not exactly the playlist's items, over-long strings.
 *
 * Two tabs, one playlist: the details carry a `version` (a digest of the list's info and items in
 * order, so nothing is stored for it). A PATCH that sends the version it last read is refused with
 * 103010 when the list has changed since, for the commands that would otherwise silently undo the
 * other change (reorder, info, replace); append and remove name items by id and lose nothing. A
 * PATCH without a version (the original client, anniv-go's clients) is applied as before.
 */

const FORM = 'playlist form';
const PATCH_FORM = 'patch form';
const DELETE_FORM = 'delete form';
const PAYLOAD = 'payload';
const ITEM_TYPES = new Set(['normal', 'dummy', 'album']);

export interface PlaylistRow {
  id: number;
  user_id: number;
  name: string;
  description: string;
  is_public: number;
  cover_album_id: string;
  cover_disc_id: number;
  created_at: number;
  updated_at: number;
}

interface ItemRow {
  id: number;
  playlist_id: number;
  position: number;
  type: 'normal' | 'dummy' | 'album';
  description: string;
  album_id: string | null;
  disc_id: number | null;
  track_id: number | null;
  title: string | null;
  artist: string | null;
  track_type: string | null;
}

/** A validated item ready to store (the content columns of playlist_items). */
interface ItemInput {
  type: 'normal' | 'dummy' | 'album';
  description: string;
  album_id: string | null;
  disc_id: number | null;
  track_id: number | null;
  title: string | null;
  artist: string | null;
  track_type: string | null;
}

export interface PlaylistInfo {
  name: string;
  description: string;
  is_public: boolean;
  cover: { album_id: string; disc_id: number } | null;
  id: string;
  owner: string;
  last_modified: number;
}

interface DummyInfo {
  title: string;
  artist?: string;
  type?: string;
}

interface PlaylistItemOut {
  type: 'normal' | 'dummy' | 'album';
  description: string;
  info: TrackInfoWithAlbum | DummyInfo | string;
  id: string;
}

export function playlistInfo(row: PlaylistRow): PlaylistInfo {
  return {
    name: row.name,
    description: row.description,
    is_public: row.is_public === 1,
    cover: row.cover_album_id === '' ? null : { album_id: row.cover_album_id, disc_id: row.cover_disc_id },
    id: String(row.id),
    owner: String(row.user_id),
    last_modified: row.updated_at,
  };
}

function itemOut(meta: MetaRepo, row: ItemRow): PlaylistItemOut {
  let info: PlaylistItemOut['info'];
  if (row.type === 'normal') {
    info = trackInfo(meta, row.album_id!, row.disc_id!, row.track_id!);
  } else if (row.type === 'dummy') {
    const dummy: DummyInfo = { title: row.title ?? '' };
    if (row.artist !== null) dummy.artist = row.artist;
    if (row.track_type !== null) dummy.type = row.track_type;
    info = dummy;
  } else {
    info = row.album_id ?? '';
  }
  return { type: row.type, description: row.description, info, id: String(row.id) };
}

const readItems = (db: Db, playlistId: number): ItemRow[] =>
  db.prepare('SELECT * FROM playlist_items WHERE playlist_id = ? ORDER BY position, id').all(playlistId) as ItemRow[];

/** What a client last read of a list: a digest of its info and its items in order. */
function playlistVersion(row: PlaylistRow, items: readonly ItemRow[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([row.name, row.description, row.is_public, row.cover_album_id, row.cover_disc_id]));
  for (const i of items)
    hash.update(
      JSON.stringify([i.id, i.type, i.description, i.album_id, i.disc_id, i.track_id, i.title, i.artist, i.track_type]),
    );
  return hash.digest('hex').slice(0, 16);
}

function playlistDetails(
  db: Db,
  meta: MetaRepo,
  row: PlaylistRow,
): PlaylistInfo & { items: PlaylistItemOut[]; version: string } {
  const items = readItems(db, row.id);
  return { ...playlistInfo(row), items: items.map((i) => itemOut(meta, i)), version: playlistVersion(row, items) };
}

/** Playlist and item ids: JSON strings of decimal digits (a JSON number → 902003, strict binding). */
export function parseId(raw: unknown, what: string): number {
  if (typeof raw !== 'string') throw malformed(what);
  if (!/^\d+$/.test(raw))
    throw new ApiError(Status.IllegalParams, `malformed ${what}: ids are decimal strings such as "3"`);
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : 0; // 0 names no row
}

function checkName(name: string): string {
  if (name.trim() === '') throw new ApiError(Status.IllegalParams, 'playlist name must not be empty');
  return maxChars(name, LIMITS.playlistName, 'playlist name');
}

const checkDescription = (d: string): string => maxChars(d, LIMITS.playlistDescription, 'playlist description');

/** `cover {album_id, disc_id?}`: album id empty (no cover) or a UUID; disc id defaults to 1. */
function parseCover(value: unknown, what: string, albumRequired: boolean): { album_id: string; disc_id: number } {
  const o = asObject(value, what);
  const albumId = albumRequired ? str(o, 'album_id', what) : (optStr(o, 'album_id', what) ?? '');
  if (albumId !== '' && !UUID_PATTERN.test(albumId)) throw malformed(what);
  const discId = optInt(o, 'disc_id', what) ?? 1;
  if (discId < 1) throw malformed(what);
  return { album_id: albumId.toLowerCase(), disc_id: discId };
}

/** One PlaylistItem of a request: `{type, description?, info}`. */
function parseItem(value: unknown): ItemInput {
  const what = 'playlist item';
  const o = asObject(value, what);
  const type = str(o, 'type', what);
  if (!ITEM_TYPES.has(type)) throw new ApiError(Status.WriteErr, 'invalid item type');
  const description = maxChars(optStr(o, 'description', what) ?? '', LIMITS.itemDescription, 'item description');
  const empty = { album_id: null, disc_id: null, track_id: null, title: null, artist: null, track_type: null };
  if (type === 'normal') {
    const t = trackId(o.info, what);
    return { ...empty, type, description, album_id: t.album_id, disc_id: t.disc_id, track_id: t.track_id };
  }
  if (type === 'dummy') {
    const info = asObject(o.info, what);
    const title = maxChars(str(info, 'title', what), LIMITS.dummyTitle, 'item title');
    const artist = optStr(info, 'artist', what);
    if (artist !== undefined) maxChars(artist, LIMITS.dummyArtist, 'item artist');
    const trackType = optStr(info, 'type', what);
    if (trackType !== undefined && !TRACK_TYPES.has(trackType)) throw malformed(what);
    return { ...empty, type, description, title, artist: artist ?? null, track_type: trackType ?? null };
  }
  const albumId = o.info;
  if (typeof albumId !== 'string' || !UUID_PATTERN.test(albumId)) throw malformed(what);
  return { ...empty, type: 'album', description, album_id: albumId.toLowerCase() };
}

function parseItems(value: unknown, what: string): ItemInput[] {
  if (!Array.isArray(value)) throw malformed(what);
  return maxEntries(value, LIMITS.itemsPerRequest, 'playlist items').map(parseItem);
}

/** A list of item ids as strings (`["17"]`); numbers → 902003 as in anniv-go. */
function parseIdList(value: unknown): string[] {
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) throw malformed(PAYLOAD);
  return maxEntries(value, LIMITS.itemsPerPlaylist, 'item ids');
}

export function registerPlaylistRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { db, meta } = deps;

  const findPlaylist = (id: number): PlaylistRow => {
    const row = db.prepare('SELECT * FROM playlists WHERE id = ?').get(id) as PlaylistRow | undefined;
    if (!row) throw new ApiError(Status.NotFound, 'playlist not found');
    return row;
  };
  const itemIds = (playlistId: number): number[] =>
    (
      db.prepare('SELECT id FROM playlist_items WHERE playlist_id = ? ORDER BY position, id').all(playlistId) as {
        id: number;
      }[]
    ).map((r) => r.id);
  const insertItem = db.prepare(
    `INSERT INTO playlist_items (playlist_id, position, type, description, album_id, disc_id, track_id, title, artist, track_type)
     VALUES (@playlist_id, @position, @type, @description, @album_id, @disc_id, @track_id, @title, @artist, @track_type)`,
  );
  const appendItems = (playlistId: number, items: ItemInput[]): void => {
    const { n, top } = db
      .prepare('SELECT COUNT(*) AS n, COALESCE(MAX(position), -1) AS top FROM playlist_items WHERE playlist_id = ?')
      .get(playlistId) as { n: number; top: number };
    if (n + items.length > LIMITS.itemsPerPlaylist) {
      throw new ApiError(Status.WriteErr, `playlist is full (at most ${LIMITS.itemsPerPlaylist} items)`);
    }
    for (const [k, item] of items.entries())
      insertItem.run({ ...item, playlist_id: playlistId, position: top + 1 + k });
  };
  const touch = (playlistId: number): void => {
    db.prepare('UPDATE playlists SET updated_at = ? WHERE id = ?').run(nowSeconds(), playlistId);
  };
  const details = (id: number): ReturnType<typeof playlistDetails> => playlistDetails(db, meta, findPlaylist(id));

  app.get('/api/playlists', (c) => {
    const user = requireUser(c);
    const raw = c.req.query('user_id');
    let ownerId = user.id;
    if (raw !== undefined) {
      if (!/^\d{1,15}$/.test(raw) || !findUserById(db, Number(raw)))
        throw new ApiError(Status.NotFound, 'user not found');
      ownerId = Number(raw);
    }
    const sql = `SELECT * FROM playlists WHERE user_id = ?${ownerId === user.id ? '' : ' AND is_public = 1'} ORDER BY id`;
    return ok(c, (db.prepare(sql).all(ownerId) as PlaylistRow[]).map(playlistInfo));
  });

  app.get('/api/playlist', (c) => {
    const user = requireUser(c);
    const row = findPlaylist(parseId(requireQuery(c, 'id', 'playlist id'), 'playlist id'));
    if (row.user_id !== user.id && row.is_public !== 1)
      throw new ApiError(Status.PermissionDenied, 'permission denied');
    return ok(c, playlistDetails(db, meta, row));
  });

  app.put('/api/playlist', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, FORM);
    const name = checkName(str(body, 'name', FORM));
    const description = checkDescription(optStr(body, 'description', FORM) ?? '');
    const isPublic = optBool(body, 'is_public', FORM) ?? false;
    const cover =
      body.cover === undefined || body.cover === null
        ? { album_id: '', disc_id: 1 }
        : parseCover(body.cover, FORM, false);
    const items = body.items === undefined || body.items === null ? [] : parseItems(body.items, FORM);
    const id = db.transaction(() => {
      const owned = (db.prepare('SELECT COUNT(*) AS n FROM playlists WHERE user_id = ?').get(user.id) as { n: number })
        .n;
      if (owned >= LIMITS.playlistsPerUser)
        throw new ApiError(Status.WriteErr, `too many playlists (at most ${LIMITS.playlistsPerUser})`);
      const now = nowSeconds();
      const res = db
        .prepare(
          `INSERT INTO playlists (user_id, name, description, is_public, cover_album_id, cover_disc_id, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(user.id, name, description, isPublic ? 1 : 0, cover.album_id, cover.disc_id, now, now);
      const playlistId = Number(res.lastInsertRowid);
      appendItems(playlistId, items);
      return playlistId;
    })();
    return ok(c, details(id));
  });

  app.patch('/api/playlist', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, PATCH_FORM);
    const id = parseId(body.id, 'playlist id');
    const command = body.command;
    if (command !== undefined && typeof command !== 'string') throw malformed(PATCH_FORM);
    const version = optStr(body, 'version', PATCH_FORM);
    if (version !== undefined) maxChars(version, 64, 'playlist version');
    const row = findPlaylist(id);
    if (row.user_id !== user.id) throw new ApiError(Status.PermissionDenied, 'permission denied');
    const payload = body.payload;
    // No await from here to the write: the check and the change are one step for every other request.
    if (
      version !== undefined &&
      command !== 'append' &&
      command !== 'remove' &&
      version !== playlistVersion(row, readItems(db, id))
    ) {
      throw new ApiError(Status.PlaylistChanged, 'playlist changed since it was read; reload it and try again');
    }

    switch (command) {
      case 'append': {
        const items = parseItems(payload, PAYLOAD);
        db.transaction(() => {
          appendItems(id, items);
          touch(id);
        })();
        break;
      }
      case 'remove': {
        const ids = new Set(parseIdList(payload));
        db.transaction(() => {
          const own = new Set(itemIds(id).map(String));
          for (const itemId of ids) if (!own.has(itemId)) throw new ApiError(Status.WriteErr, 'song not found');
          const del = db.prepare('DELETE FROM playlist_items WHERE playlist_id = ? AND id = ?');
          for (const itemId of ids) del.run(id, Number(itemId));
          touch(id);
        })();
        break;
      }
      case 'reorder': {
        const order = parseIdList(payload);
        db.transaction(() => {
          const current = itemIds(id).map(String);
          const wanted = new Set(order);
          if (order.length !== current.length || wanted.size !== order.length || !current.every((x) => wanted.has(x))) {
            throw new ApiError(
              Status.IllegalParams,
              'malformed payload: reorder needs every item id of the playlist exactly once',
            );
          }
          const move = db.prepare('UPDATE playlist_items SET position = ? WHERE playlist_id = ? AND id = ?');
          for (const [k, itemId] of order.entries()) move.run(k, id, Number(itemId));
          touch(id);
        })();
        break;
      }
      case 'replace': {
        const o = asObject(payload, PAYLOAD);
        const itemId = parseId(o.id, 'item id');
        const item = parseItem(o);
        db.transaction(() => {
          const res = db
            .prepare(
              `UPDATE playlist_items SET type = @type, description = @description, album_id = @album_id, disc_id = @disc_id,
               track_id = @track_id, title = @title, artist = @artist, track_type = @track_type
               WHERE playlist_id = @playlist_id AND id = @id`,
            )
            .run({ ...item, playlist_id: id, id: itemId });
          if (res.changes !== 1) throw new ApiError(Status.WriteErr, 'song not found');
          touch(id);
        })();
        break;
      }
      case 'info': {
        const o = asObject(payload, PAYLOAD);
        const name = optStr(o, 'name', PAYLOAD);
        const description = optStr(o, 'description', PAYLOAD);
        const isPublic = optBool(o, 'is_public', PAYLOAD);
        const cover = o.cover === undefined || o.cover === null ? undefined : parseCover(o.cover, PAYLOAD, true);
        if (name !== undefined) checkName(name);
        if (description !== undefined) checkDescription(description);
        db.prepare(
          `UPDATE playlists SET name = ?, description = ?, is_public = ?, cover_album_id = ?, cover_disc_id = ?, updated_at = ?
           WHERE id = ?`,
        ).run(
          name ?? row.name,
          description ?? row.description,
          isPublic === undefined ? row.is_public : isPublic ? 1 : 0,
          cover ? cover.album_id : row.cover_album_id,
          cover ? cover.disc_id : row.cover_disc_id,
          nowSeconds(),
          id,
        );
        break;
      }
      default:
        throw new ApiError(Status.InvalidPatchCommand, 'invalid patch command');
    }
    return ok(c, details(id));
  });

  app.delete('/api/playlist', async (c) => {
    const user = requireUser(c);
    // JSON body {id} (what clients send); the query string is a fallback (docs/protocol.md#playlists).
    let raw: unknown = c.req.query('id');
    const text = await c.req.text();
    if (text.trim() !== '') raw = asObject(await readJson(c, DELETE_FORM), DELETE_FORM).id;
    if (raw === undefined) throw malformed(DELETE_FORM);
    const row = findPlaylist(parseId(raw, 'playlist id'));
    if (row.user_id !== user.id) throw new ApiError(Status.PermissionDenied, 'you are not the owner of the play list');
    db.prepare('DELETE FROM playlists WHERE id = ?').run(row.id);
    return ok(c, null);
  });
}
