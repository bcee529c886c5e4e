import type { Hono } from 'hono';
import { nowSeconds } from '../db.js';
import { trackInfo } from '../meta/query.js';
import { requireUser, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, malformed, ok } from './envelope.js';
import { LIMITS } from './limits.js';
import { UUID_PATTERN, readObject, str, trackId, type TrackId } from './input.js';
import { parseId } from './playlist.js';

/*
 * Favourites (docs/protocol.md#favourites). Tracks: adding one twice is silently OK (one row, it keeps its
 * place); albums: adding one twice answers 901000 like anniv-go's unique index. Lists are newest
 * first (by insertion order, so two adds within the same second still come back in order).
 *
 * Playlists, as anniv-go: liking one twice is OK (it keeps its place), one's own lists may be liked,
 * and a liked list that has become private since shows only its id (empty name and owner). Stricter:
 * only a list the user may read now can be liked (another's private list answers 902000 like an
 * unknown id, so it is never revealed), ids must be decimal strings (902003), and a like goes with
 * its list when the list is deleted (anniv-go keeps it as an empty entry).
 */

const MUSIC_FORM = 'music form';
const ALBUM_FORM = 'album form';
const PLAYLIST_FORM = 'playlist form';

function playlistId(body: Record<string, unknown>): number {
  if (body.playlist_id === undefined || body.playlist_id === null) throw malformed(PLAYLIST_FORM);
  return parseId(body.playlist_id, 'playlist id');
}

interface LikedPlaylistRow {
  playlist_id: number;
  name: string;
  user_id: number;
  is_public: number;
}

function albumId(body: Record<string, unknown>): string {
  const id = str(body, 'album_id', ALBUM_FORM);
  if (!UUID_PATTERN.test(id)) throw malformed(ALBUM_FORM);
  return id.toLowerCase();
}

export function registerFavoriteRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { db, meta } = deps;
  const count = (table: 'favourite_music' | 'favourite_album' | 'favourite_playlist', userId: number): number =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).get(userId) as { n: number }).n;

  app.get('/api/favorite/music', (c) => {
    const user = requireUser(c);
    const rows = db
      .prepare('SELECT album_id, disc_id, track_id FROM favourite_music WHERE user_id = ? ORDER BY id DESC')
      .all(user.id) as TrackId[];
    return ok(
      c,
      rows.map((r) => trackInfo(meta, r.album_id, r.disc_id, r.track_id)),
    );
  });

  app.put('/api/favorite/music', async (c) => {
    const user = requireUser(c);
    const t = trackId(await readObject(c, MUSIC_FORM), MUSIC_FORM);
    db.transaction(() => {
      const exists = db
        .prepare('SELECT 1 FROM favourite_music WHERE user_id = ? AND album_id = ? AND disc_id = ? AND track_id = ?')
        .get(user.id, t.album_id, t.disc_id, t.track_id);
      if (exists) return;
      if (count('favourite_music', user.id) >= LIMITS.favouriteTracksPerUser) {
        throw new ApiError(Status.WriteErr, `too many favourite tracks (at most ${LIMITS.favouriteTracksPerUser})`);
      }
      db.prepare(
        'INSERT INTO favourite_music (user_id, album_id, disc_id, track_id, created_at) VALUES (?, ?, ?, ?, ?)',
      ).run(user.id, t.album_id, t.disc_id, t.track_id, nowSeconds());
    })();
    return ok(c, null);
  });

  app.delete('/api/favorite/music', async (c) => {
    const user = requireUser(c);
    const t = trackId(await readObject(c, MUSIC_FORM), MUSIC_FORM);
    db.prepare('DELETE FROM favourite_music WHERE user_id = ? AND album_id = ? AND disc_id = ? AND track_id = ?').run(
      user.id,
      t.album_id,
      t.disc_id,
      t.track_id,
    );
    return ok(c, null);
  });

  app.get('/api/favorite/album', (c) => {
    const user = requireUser(c);
    const rows = db.prepare('SELECT album_id FROM favourite_album WHERE user_id = ? ORDER BY id DESC').all(user.id) as {
      album_id: string;
    }[];
    return ok(
      c,
      rows.map((r) => r.album_id),
    );
  });

  app.put('/api/favorite/album', async (c) => {
    const user = requireUser(c);
    const id = albumId(await readObject(c, ALBUM_FORM));
    db.transaction(() => {
      if (db.prepare('SELECT 1 FROM favourite_album WHERE user_id = ? AND album_id = ?').get(user.id, id)) {
        throw new ApiError(Status.WriteErr, 'album is already a favourite');
      }
      if (count('favourite_album', user.id) >= LIMITS.favouriteAlbumsPerUser) {
        throw new ApiError(Status.WriteErr, `too many favourite albums (at most ${LIMITS.favouriteAlbumsPerUser})`);
      }
      db.prepare('INSERT INTO favourite_album (user_id, album_id, created_at) VALUES (?, ?, ?)').run(
        user.id,
        id,
        nowSeconds(),
      );
    })();
    return ok(c, null);
  });

  app.delete('/api/favorite/album', async (c) => {
    const user = requireUser(c);
    const id = albumId(await readObject(c, ALBUM_FORM));
    db.prepare('DELETE FROM favourite_album WHERE user_id = ? AND album_id = ?').run(user.id, id);
    return ok(c, null);
  });

  app.get('/api/favorite/playlist', (c) => {
    const user = requireUser(c);
    const rows = db
      .prepare(
        `SELECT f.playlist_id, p.name, p.user_id, p.is_public FROM favourite_playlist f
         JOIN playlists p ON p.id = f.playlist_id WHERE f.user_id = ? ORDER BY f.id DESC`,
      )
      .all(user.id) as LikedPlaylistRow[];
    return ok(
      c,
      rows.map((r) =>
        r.user_id === user.id || r.is_public === 1
          ? { playlist_id: String(r.playlist_id), name: r.name, owner: String(r.user_id) }
          : { playlist_id: String(r.playlist_id), name: '', owner: '' },
      ),
    );
  });

  app.put('/api/favorite/playlist', async (c) => {
    const user = requireUser(c);
    const id = playlistId(await readObject(c, PLAYLIST_FORM));
    db.transaction(() => {
      const list = db.prepare('SELECT user_id, is_public FROM playlists WHERE id = ?').get(id) as
        | { user_id: number; is_public: number }
        | undefined;
      // someone else's private list is answered as one that does not exist
      if (!list || (list.user_id !== user.id && list.is_public !== 1)) {
        throw new ApiError(Status.NotFound, 'playlist not found');
      }
      if (db.prepare('SELECT 1 FROM favourite_playlist WHERE user_id = ? AND playlist_id = ?').get(user.id, id)) return;
      if (count('favourite_playlist', user.id) >= LIMITS.favouritePlaylistsPerUser) {
        throw new ApiError(
          Status.WriteErr,
          `too many favourite playlists (at most ${LIMITS.favouritePlaylistsPerUser})`,
        );
      }
      db.prepare('INSERT INTO favourite_playlist (user_id, playlist_id, created_at) VALUES (?, ?, ?)').run(
        user.id,
        id,
        nowSeconds(),
      );
    })();
    return ok(c, null);
  });

  app.delete('/api/favorite/playlist', async (c) => {
    const user = requireUser(c);
    const id = playlistId(await readObject(c, PLAYLIST_FORM));
    db.prepare('DELETE FROM favourite_playlist WHERE user_id = ? AND playlist_id = ?').run(user.id, id);
    return ok(c, null);
  });
}
