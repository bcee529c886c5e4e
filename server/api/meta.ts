import type { Hono } from 'hono';
import { SEARCH_LIMIT, albumsByTag, searchAlbums, searchTracks } from '../meta/query.js';
import type { AlbumDetails } from '../meta/types.js';
import { requireUser, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, ok } from './envelope.js';
import { flag, requireQuery } from './input.js';
import { shuffled } from '../shuffle.js';
import { playlistInfo, type PlaylistRow } from './playlist.js';

export function registerMetaRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { meta, db } = deps;

  // `id[]` (axios / anniw) and plain repeated `id` are both accepted (docs/protocol.md#metadata).
  app.get('/api/meta/album', (c) => {
    requireUser(c);
    const ids = [...(c.req.queries('id[]') ?? []), ...(c.req.queries('id') ?? [])];
    const out: Record<string, AlbumDetails | null> = {};
    for (const id of ids) out[id] = meta.albums.get(id.toLowerCase()) ?? null;
    return ok(c, out);
  });

  app.get('/api/meta/tags', (c) => {
    requireUser(c);
    return ok(c, meta.tags.list());
  });

  app.get('/api/meta/tag-graph', (c) => {
    requireUser(c);
    return ok(c, meta.tags.graph());
  });

  app.get('/api/meta/albums/by-tag', (c) => {
    requireUser(c);
    const key = meta.tags.find(requireQuery(c, 'tag', 'tag query'));
    if (!key) throw new ApiError(Status.NotFound, 'tag not found');
    const albums = albumsByTag(meta, key, flag(c, 'recursive'));
    // anniv-go answers in no particular order; the strict mode makes that visible
    return ok(c, deps.config.strict ? shuffled(albums) : albums);
  });

  app.get('/api/search', (c) => {
    const user = requireUser(c);
    const keyword = c.req.query('keyword') ?? '';
    const data: Record<string, unknown[]> = {};
    if (flag(c, 'search_albums')) {
      const albums = searchAlbums(meta, keyword);
      if (albums.length) data.albums = albums;
    }
    if (flag(c, 'search_tracks')) {
      const tracks = searchTracks(meta, keyword);
      if (tracks.length) data.tracks = tracks;
    }
    // Playlists: case-insensitive substring of the name, public ones or the user's own (docs/protocol.md#search).
    const k = keyword.trim().toLowerCase();
    if (flag(c, 'search_playlists') && k) {
      const rows = db
        .prepare('SELECT * FROM playlists WHERE is_public = 1 OR user_id = ? ORDER BY id')
        .all(user.id) as PlaylistRow[];
      const playlists = rows
        .filter((r) => r.name.toLowerCase().includes(k))
        .slice(0, SEARCH_LIMIT)
        .map(playlistInfo);
      if (playlists.length) data.playlists = playlists;
    }
    return ok(c, data);
  });
}
