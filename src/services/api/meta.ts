// Metadata and search calls (docs/protocol.md#metadata, #search).
import type { ApiClient } from './client';
import { toCamelCase } from '@/rules/case';
import { BadResponseError } from './errors';
import { parsePlaylistInfo } from './playlist';
import { isRecord, readString } from '@/rules/narrow';
import { parseAlbumInfo, parseAlbumList, parseTrackResults } from '@/rules/albumParse';
import type { AlbumInfo, PlaylistInfo, Tag, TrackResult } from '@/shared/types';
import { tagId, type TagGraph } from '@/rules/tags';

export { parseAlbumInfo, parseTrackResult } from '@/rules/albumParse';
export { childrenOf, parentsOf, rootTags, tagLabel, tagPath, type TagGraph } from '@/rules/tags';

/** ids per /api/meta/album request: a page of albums is one request, and URLs stay short */
export const ALBUM_BATCH_SIZE = 100;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function getAlbumBatch(api: ApiClient, ids: string[]): Promise<[string, AlbumInfo][]> {
  // The outer map is keyed by album ids, so it must not be case-converted; each album then is
  // (toCamelCase keeps the keys of `artists` role maps). `id[]` is the key real servers read.
  const data = await api.get('/api/meta/album', {
    query: { 'id[]': ids },
    convertRequest: false,
    convertResponse: false,
  });
  if (data === null) return [];
  if (!isRecord(data)) throw new BadResponseError();
  const found: [string, AlbumInfo][] = [];
  for (const [id, value] of Object.entries(data)) {
    const album = value === null ? null : parseAlbumInfo(toCamelCase(value), id);
    if (album) found.push([id, album]);
  }
  return found;
}

/** album infos by id; unknown ids are left out of the map */
export async function getAlbumInfos(api: ApiClient, ids: readonly string[]): Promise<Map<string, AlbumInfo>> {
  const unique = [...new Set(ids)].filter((id) => id !== '');
  const batches = await Promise.all(chunks(unique, ALBUM_BATCH_SIZE).map((batch) => getAlbumBatch(api, batch)));
  return new Map(batches.flat());
}

/** every tag, identified as `type:name` (docs/protocol.md#shapes) */
export async function getTags(api: ApiClient): Promise<Tag[]> {
  const data = await api.get('/api/meta/tags');
  if (data === null) return [];
  if (!Array.isArray(data)) throw new BadResponseError();
  const tags: Tag[] = [];
  for (const item of data) {
    if (!isRecord(item) || typeof item.name !== 'string' || item.name === '') continue;
    const type = readString(item.type, 'unknown') || 'unknown';
    tags.push({ id: tagId(type, item.name), name: item.name, type });
  }
  return tags;
}

/** parent → children; keys and values are tag ids, so nothing is case-converted */
export async function getTagGraph(api: ApiClient): Promise<TagGraph> {
  const data = await api.get('/api/meta/tag-graph', { convertResponse: false });
  if (data === null) return {};
  if (!isRecord(data)) throw new BadResponseError();
  const graph: TagGraph = {};
  for (const [parent, children] of Object.entries(data)) {
    if (!Array.isArray(children)) continue;
    graph[parent] = children.filter((c): c is string => typeof c === 'string');
  }
  return graph;
}

/** newest first, then by title and id: real servers answer in random order (docs/protocol.md#metadata) */
export function compareAlbums(a: AlbumInfo, b: AlbumInfo): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.title.localeCompare(b.title) || (a.albumId < b.albumId ? -1 : a.albumId > b.albumId ? 1 : 0);
}

export async function getAlbumsByTag(api: ApiClient, tag: string, recursive: boolean): Promise<AlbumInfo[]> {
  // `recursive` is presence-only on real servers: `recursive=false` would switch it on
  const query = recursive ? { tag, recursive: true } : { tag };
  const data = await api.get('/api/meta/albums/by-tag', { query });
  if (data !== null && !Array.isArray(data)) throw new BadResponseError();
  return parseAlbumList(data).sort(compareAlbums);
}

async function search(
  api: ApiClient,
  keyword: string,
  flag: 'searchTracks' | 'searchAlbums' | 'searchPlaylists',
): Promise<Record<string, unknown>> {
  // only the wanted flag is sent: the flags are presence-only (docs/protocol.md#search)
  const data = await api.get('/api/search', { query: { keyword, [flag]: true } });
  if (data === null) return {};
  if (!isRecord(data)) throw new BadResponseError();
  return data;
}

/** best match first (server order); a missing `tracks` key is no results */
export async function searchTracks(api: ApiClient, keyword: string): Promise<TrackResult[]> {
  return parseTrackResults((await search(api, keyword, 'searchTracks')).tracks);
}

/** the public playlists (and one's own) whose name holds the keyword; a missing `playlists` key is no results */
export async function searchPlaylists(api: ApiClient, keyword: string): Promise<PlaylistInfo[]> {
  const found = (await search(api, keyword, 'searchPlaylists')).playlists;
  if (found === undefined || found === null) return [];
  if (!Array.isArray(found)) throw new BadResponseError();
  return found.map(parsePlaylistInfo).filter((p): p is PlaylistInfo => p !== null);
}

/** best match first (server order); a missing `albums` key is no results */
export async function searchAlbums(api: ApiClient, keyword: string): Promise<AlbumInfo[]> {
  return parseAlbumList((await search(api, keyword, 'searchAlbums')).albums);
}
