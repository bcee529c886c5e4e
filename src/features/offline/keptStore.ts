// The kept audio's storage module, loaded on first use (nothing of it runs before somebody keeps
// a track, plays, shows a kept track's row or signs out), and what the 本机存储 page reads of it.
import type { AlbumInfo } from '@/shared/types';
import type { TrackIdentity } from '@/shared/track';

type KeptStorageModule = typeof import('@/storage/keptAudio');

// The storage module once loaded, held: a play reaches its reads at the click, not a turn later
// through import() (which settles only after the click's render).
let loadedStorage: KeptStorageModule | null = null;

export const kept = async (): Promise<KeptStorageModule> => (loadedStorage ??= await import('@/storage/keptAudio'));
export type KeptAudio = KeptStorageModule;
/** the storage module when it has loaded, else null */
export const keptLoaded = (): KeptStorageModule | null => loadedStorage;

/** the info kept with an album kept on this device, or null (the album page's fallback offline) */
export async function keptAlbumInfoOf(albumId: string): Promise<AlbumInfo | null> {
  return (await (await kept()).getKeptAlbum(albumId))?.info ?? null;
}

/** the origin's use and quota (navigator.storage.estimate), null when the browser does not say */
async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
  if (!estimate || typeof estimate.quota !== 'number' || typeof estimate.usage !== 'number') return null;
  return { usage: estimate.usage, quota: estimate.quota };
}

/** what this site may still store on the device (quota less usage); null when the browser does not say */
export async function spaceLeft(): Promise<number | null> {
  const estimate = await storageEstimate();
  return estimate && Math.max(0, estimate.quota - estimate.usage);
}

/** an album as the 本机存储 page lists it: its kept tracks and their size */
interface KeptAlbumSummary {
  albumId: string;
  title: string;
  tracks: TrackIdentity[];
  bytes: number;
}

export interface KeptStorage {
  albums: KeptAlbumSummary[];
  /** the origin's use and quota (navigator.storage.estimate), null when the browser does not say */
  estimate: { usage: number; quota: number } | null;
}

/** what the 本机存储 page shows: the kept albums with their sizes, and the space used and left */
export async function keptStorage(): Promise<KeptStorage> {
  const storage = await kept();
  const tracks = await storage.listKeptTracks();
  const byAlbum = new Map<string, KeptAlbumSummary>();
  for (const track of tracks) {
    let album = byAlbum.get(track.albumId);
    if (!album) {
      const info = (await storage.getKeptAlbum(track.albumId))?.info;
      album = { albumId: track.albumId, title: info?.title ?? track.albumId, tracks: [], bytes: 0 };
      byAlbum.set(track.albumId, album);
    }
    album.tracks.push({ albumId: track.albumId, discId: track.discId, trackId: track.trackId });
    album.bytes += track.bytes;
  }
  return {
    albums: [...byAlbum.values()].sort((a, b) => a.title.localeCompare(b.title)),
    estimate: await storageEstimate(),
  };
}
