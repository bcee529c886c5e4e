// Album infos through the local album_info store (docs/protocol.md#metadata: kept in IndexedDB): read the cache,
// fetch only what is missing in one batched call, store it. A broken IndexedDB only costs the
// cache: the fetched albums are still returned, so a page never fails because of it.
import type { ApiClient } from '@/services/api/client';
import { gotNoAnswer } from '@/services/api/errors';
import { getAlbumInfos as fetchFromServer } from '@/services/api/meta';
import type { AlbumInfo } from '@/shared/types';
import { getAlbumInfos as readCachedAlbumInfos, putAlbumInfos } from '@/storage/albumDb';

/** each id once, empty ones left out */
const wantedIds = (ids: readonly string[]): string[] => [...new Set(ids)].filter((id) => id !== '');

/** the albums found, in the order of `ids`; unknown ids are left out */
export async function loadAlbumInfos(api: ApiClient, ids: readonly string[]): Promise<Map<string, AlbumInfo>> {
  const wanted = wantedIds(ids);
  if (wanted.length === 0) return new Map();

  let cached = new Map<string, AlbumInfo>();
  try {
    cached = await readCachedAlbumInfos(wanted);
  } catch {
    // no usable cache: fetch everything
  }

  const missing = wanted.filter((id) => !cached.has(id));
  const fetched = missing.length > 0 ? await fetchFromServer(api, missing) : new Map<string, AlbumInfo>();
  if (fetched.size > 0) {
    try {
      await putAlbumInfos([...fetched.values()]);
    } catch {
      // the cache could not be written; the next load fetches them again
    }
  }

  const result = new Map<string, AlbumInfo>();
  for (const id of wanted) {
    const album = cached.get(id) ?? fetched.get(id);
    if (album) result.set(id, album);
  }
  return result;
}

/**
 * The albums straight from the server, stored for later without waiting for the store: for a
 * page whose request the server already preloads (the album page opened by its address), where
 * reading the cache first only waits for IndexedDB to open while the answer is already here.
 * Without an answer (offline), what the store keeps of them.
 */
export async function fetchAlbumInfos(api: ApiClient, ids: readonly string[]): Promise<Map<string, AlbumInfo>> {
  const wanted = wantedIds(ids);
  if (wanted.length === 0) return new Map();
  let fetched: Map<string, AlbumInfo>;
  try {
    fetched = await fetchFromServer(api, wanted);
  } catch (error) {
    if (!gotNoAnswer(error)) throw error;
    const kept = await readCachedAlbumInfos(wanted).catch(() => new Map<string, AlbumInfo>());
    if (kept.size === 0) throw error;
    return kept;
  }
  if (fetched.size > 0) putAlbumInfos([...fetched.values()]).catch(() => {}); // the next load fetches them again
  return fetched;
}

/** what this device holds of the albums (the cache), in the order of `ids`: for views built with no network */
export async function heldAlbumInfos(ids: readonly string[]): Promise<Map<string, AlbumInfo>> {
  const wanted = wantedIds(ids);
  return wanted.length === 0 ? new Map() : readCachedAlbumInfos(wanted).catch(() => new Map<string, AlbumInfo>());
}
