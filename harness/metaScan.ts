/*
 * The metadata queries as the server ran them before its indexes (server/meta/searchIndex.ts): a
 * scan of every album per call. The reference the indexed queries must equal
 * (tests/server/search-index.test.ts) and the baseline they are measured against (bench/search.ts).
 * No vitest imports: the bench uses it too.
 */
import type { MetaRepo } from '../server/meta/load.js';
import { SEARCH_LIMIT, trackInfo } from '../server/meta/query.js';
import type { AlbumDetails, TrackInfoWithAlbum } from '../server/meta/types.js';

export const has = (text: string | undefined, needle: string): boolean =>
  text === undefined ? false : text.toLowerCase().includes(needle);

export function scanAlbums(repo: MetaRepo, keyword: string): AlbumDetails[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const out: AlbumDetails[] = [];
  for (const a of repo.albums.values()) {
    if (has(a.title, k) || has(a.edition, k) || has(a.artist, k) || has(a.catalog, k)) out.push(a);
    if (out.length >= SEARCH_LIMIT) break;
  }
  return out;
}

export function scanTracks(repo: MetaRepo, keyword: string): TrackInfoWithAlbum[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const out: TrackInfoWithAlbum[] = [];
  for (const a of repo.albums.values()) {
    for (let d = 0; d < a.discs.length; d++) {
      const tracks = a.discs[d]!.tracks;
      for (let t = 0; t < tracks.length; t++) {
        const track = tracks[t]!;
        if (!has(track.title, k) && !has(track.artist, k)) continue;
        out.push(trackInfo(repo, a.album_id, d + 1, t + 1));
        if (out.length >= SEARCH_LIMIT) return out;
      }
    }
  }
  return out;
}

export function scanByTag(repo: MetaRepo, tagKey: string, recursive: boolean): AlbumDetails[] {
  const wanted = recursive ? repo.tags.withDescendants(tagKey) : new Set([tagKey]);
  return [...repo.albums.values()].filter((a) => a.tags.some((t) => wanted.has(t)));
}
