import type { MetaRepo } from './load.js';
import { buildMetaIndex, trackAt, type MetaIndex } from './searchIndex.js';
import type { AlbumDetails, TrackInfoWithAlbum } from './types.js';

export const SEARCH_LIMIT = 50;

/** TrackInfoWithAlbum for a triple; unknown tracks come back with an empty title (docs/protocol.md#shapes). */
export function trackInfo(repo: MetaRepo, albumId: string, discId: number, trackId: number): TrackInfoWithAlbum {
  const album = repo.albums.get(albumId);
  const track = album?.discs[discId - 1]?.tracks[trackId - 1];
  const info = {
    album_id: albumId,
    disc_id: discId,
    track_id: trackId,
    title: track?.title ?? '',
  } as TrackInfoWithAlbum;
  if (track?.artist !== undefined) info.artist = track.artist;
  if (track?.type !== undefined) info.type = track.type;
  info.album_title = album?.title ?? '';
  return info;
}

/**
 * The repo's indexes: the ones loadMetaRepo built, or (for a repo assembled by hand, or whose albums
 * Map was replaced or resized since) built now and kept on the repo. The repo is read-only once
 * loaded, so an index never has to follow edits to album fields.
 */
function metaIndex(repo: MetaRepo): MetaIndex {
  const idx = repo.index;
  if (idx && idx.source === repo.albums && idx.size === repo.albums.size) return idx;
  repo.index = buildMetaIndex(repo.albums);
  return repo.index;
}

/** Albums carrying the tag (on album, disc or track), optionally including all descendant tags. */
export function albumsByTag(repo: MetaRepo, tagKey: string, recursive: boolean): AlbumDetails[] {
  const idx = metaIndex(repo);
  const wanted = recursive ? repo.tags.withDescendants(tagKey) : new Set([tagKey]);
  const lists: Int32Array[] = [];
  for (const tag of wanted) {
    const list = idx.tagAlbums.get(tag);
    if (list) lists.push(list);
  }
  if (lists.length === 0) return [];
  // Several tags: one album may carry more than one of them; sorting the indexes restores repo order.
  let order = lists[0]!;
  if (lists.length > 1) {
    const all = new Int32Array(lists.reduce((n, l) => n + l.length, 0));
    let at = 0;
    for (const l of lists) {
      all.set(l, at);
      at += l.length;
    }
    all.sort();
    order = all;
  }
  const out: AlbumDetails[] = [];
  for (let i = 0; i < order.length; i++) if (i === 0 || order[i] !== order[i - 1]) out.push(idx.albums[order[i]!]!);
  return out;
}

const has = (text: string | undefined, needle: string): boolean =>
  text === undefined ? false : text.toLowerCase().includes(needle);

/*
 * Search: the index proposes candidates in repo order and each is checked with the same test the
 * full scan used, so results (items, order, SEARCH_LIMIT cut-off) are the scan's; only albums and
 * tracks that share the keyword's bigrams are looked at.
 */

/** Case-insensitive substring search over album title/edition/artist/catalog and track title/artist. */
export function searchAlbums(repo: MetaRepo, keyword: string): AlbumDetails[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const idx = metaIndex(repo);
  const out: AlbumDetails[] = [];
  idx.albumText.candidates(k, (i) => {
    const a = idx.albums[i]!;
    if (has(a.title, k) || has(a.edition, k) || has(a.artist, k) || has(a.catalog, k)) out.push(a);
    return out.length < SEARCH_LIMIT;
  });
  return out;
}

export function searchTracks(repo: MetaRepo, keyword: string): TrackInfoWithAlbum[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const idx = metaIndex(repo);
  const out: TrackInfoWithAlbum[] = [];
  idx.trackText.candidates(k, (n) => {
    const { album, disc, track } = trackAt(idx, n);
    const found = album.discs[disc]!.tracks[track]!;
    if (has(found.title, k) || has(found.artist, k)) out.push(trackInfo(repo, album.album_id, disc + 1, track + 1));
    return out.length < SEARCH_LIMIT;
  });
  return out;
}
