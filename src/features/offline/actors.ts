// Listening offline: audio kept on this device (docs/architecture.md#audio-kept-on-the-device).
// Storage loads on first use: nothing here runs before somebody keeps a track, plays or signs out.
import { QUALITIES, type Quality } from '@/shared/constants';
import type { TrackIdentity } from '@/shared/track';

const kept = () => import('@/storage/keptAudio');

/** a kept track as the player plays it: object URLs of its body and of its album's kept cover */
export interface KeptSource {
  url: string;
  coverUrl: string | null;
}

// The player hands a source to an audio element and may keep it (gapless: the next track waits in a
// second element), so URLs are not revoked when handed out; the oldest go once this many are out.
// Each is a handle on a body on disk, not a copy in memory.
const OBJECT_URLS_KEPT = 8;
const handedOut: string[] = [];

function handOut(url: string): string {
  handedOut.push(url);
  while (handedOut.length > OBJECT_URLS_KEPT) URL.revokeObjectURL(handedOut.shift()!);
  return url;
}

/**
 * The track as kept on this device, or null when it is not: in the listener's quality if kept so,
 * else the best quality kept. Played from it, the track needs no library and no network.
 */
export async function keptSourceOf(track: TrackIdentity, preferred: Quality): Promise<KeptSource | null> {
  try {
    const storage = await kept();
    const order = [preferred, ...[...QUALITIES].reverse().filter((quality) => quality !== preferred)];
    for (const quality of order) {
      const url = await storage.keptTrackUrl({ albumId: track.albumId, discId: track.discId, trackId: track.trackId, quality });
      if (url === null) continue;
      const cover = await storage.keptCover(track.albumId);
      return { url: handOut(url), coverUrl: cover ? handOut(URL.createObjectURL(cover)) : null };
    }
  } catch (error) {
    // a store this browser will not open (private mode, no Cache Storage): the library plays it
    console.warn('audio kept on this device could not be read', error);
  }
  return null;
}

/** every kept track, cover and album record goes: signing out leaves nothing of the user's */
export async function clearKeptOnDevice(): Promise<void> {
  await (await kept()).clearKeptAudio();
}
