// What the browsing pages load: album infos (batched, cached) with the cover of the library chosen
// for each album (spec 4.3: the highest-priority credential among the libraries that hold it).
import type { ApiClient } from '@/services/api/client';
import type { AlbumInfo, Credential } from '@/shared/types';
import { loadAlbumInfos } from '@/services/albumCache';
import { coverUrl } from '@/services/annil';
import { chooseCredential } from '@/features/library/access';
import { getAlbumLibrariesMany } from '@/storage/albumDb';

export type CoverUrls = Record<string, string | null>;

/** Which libraries hold each album; a broken local store means "none known", never a failed page. */
async function availabilityOf(albumIds: readonly string[]): Promise<Map<string, string[]>> {
  try {
    return await getAlbumLibrariesMany(albumIds);
  } catch {
    return new Map();
  }
}

export async function coverUrlsFor(albumIds: readonly string[], credentials: readonly Credential[]): Promise<CoverUrls> {
  const availability = await availabilityOf(albumIds);
  const covers: CoverUrls = {};
  for (const id of albumIds) {
    const credential = chooseCredential(credentials, availability.get(id) ?? []);
    covers[id] = credential ? coverUrl(credential.url, id) : null;
  }
  return covers;
}

export interface AlbumPage {
  albums: AlbumInfo[];
  covers: CoverUrls;
}

/** One page of an album wall: one metadata request for the ids the cache lacks, never one per tile. */
export async function loadAlbumPage(api: ApiClient, albumIds: readonly string[], credentials: readonly Credential[]): Promise<AlbumPage> {
  const [infos, covers] = await Promise.all([loadAlbumInfos(api, albumIds), coverUrlsFor(albumIds, credentials)]);
  const albums = albumIds.map((id) => infos.get(id)).filter((a): a is AlbumInfo => a !== undefined);
  return { albums, covers };
}

export async function withCovers(albums: AlbumInfo[], credentials: readonly Credential[]): Promise<AlbumPage> {
  return { albums, covers: await coverUrlsFor(albums.map((a) => a.albumId), credentials) };
}

export interface AlbumDetail {
  album: AlbumInfo | null;
  /** the credential playback and the cover use; null when no library has the album */
  credential: Credential | null;
}

export async function loadAlbumDetail(api: ApiClient, albumId: string, credentials: readonly Credential[]): Promise<AlbumDetail> {
  const [infos, availability] = await Promise.all([loadAlbumInfos(api, [albumId]), availabilityOf([albumId])]);
  return {
    album: infos.get(albumId) ?? null,
    credential: chooseCredential(credentials, availability.get(albumId) ?? []),
  };
}
