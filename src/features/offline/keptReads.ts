// Kept tracks as the player plays them: a track's body and its album's cover from the device, read
// ahead while its row shows so a click waits on no store (docs/architecture.md#audio-kept-on-the-device).
import { QUALITIES, type Quality } from '@/shared/firstPageConstants';
import { trackKey, type TrackIdentity } from '@/shared/track';
import type { KeptPlayback } from '@/storage/keptAudio';
import { kept, keptLoaded } from './keptStore';

/** a kept track as the player plays it: object URLs of its body and of its album's kept cover */
export interface KeptSource {
  url: string;
  coverUrl: string | null;
}

/** the qualities a kept track plays in, in turn: the listener's, else the best kept */
const playOrder = (preferred: Quality): Quality[] => [
  preferred,
  ...[...QUALITIES].reverse().filter((quality) => quality !== preferred),
];

// Kept tracks read ahead: a row of a kept track on screen is a click away from playing, so its body
// and cover are read when it shows (and kept from a play for the next one), with their object
// URLs made as the read arrives: the click then waits on no store and asks the browser for no URL.
// Blobs are handles on the bodies on disk, not copies; the oldest reads go past this many. A track
// kept, removed or cleared drops its read, and a read that found nothing or failed is not held.
const READS_HELD = 64;
interface HeldRead {
  track: TrackIdentity;
  preferred: Quality;
  read: Promise<KeptPlayback | null>;
  /** what the read found and its object URLs, once it has arrived */
  found?: KeptPlayback;
  source?: KeptSource;
}
const reads = new Map<string, HeldRead>();

// The player hands a source to an audio element and may keep it (gapless: the next track waits in a
// second element), so a URL handed out stays until this many more have been, and a held read's
// URLs stay while it is held; a URL goes when neither keeps it. Each is a handle on a body on disk,
// not a copy in memory.
const OBJECT_URLS_KEPT = 8;
const handedOut: string[] = [];

function heldUrl(url: string): boolean {
  for (const held of reads.values()) if (held.source?.url === url || held.source?.coverUrl === url) return true;
  return false;
}

function letGo(url: string | null | undefined): void {
  if (url && !handedOut.includes(url) && !heldUrl(url)) URL.revokeObjectURL(url);
}

function handOut(source: KeptSource): KeptSource {
  handedOut.push(source.url);
  if (source.coverUrl) handedOut.push(source.coverUrl);
  while (handedOut.length > OBJECT_URLS_KEPT) letGo(handedOut.shift());
  return source;
}

/** object URLs of what a read found; the album's cover shares the URL another held read made of it */
function urlsOf(found: KeptPlayback, albumId: string): KeptSource {
  let coverUrl: string | null = null;
  if (found.cover) {
    for (const held of reads.values())
      if (held.track.albumId === albumId && held.source?.coverUrl) coverUrl = held.source.coverUrl;
    coverUrl ??= URL.createObjectURL(found.cover);
  }
  return { url: URL.createObjectURL(found.body), coverUrl };
}

function drop(key: string): void {
  const held = reads.get(key);
  if (!held) return;
  reads.delete(key);
  letGo(held.source?.url);
  letGo(held.source?.coverUrl);
}

function readOf(track: TrackIdentity, preferred: Quality): Promise<KeptPlayback | null> {
  const key = trackKey(track);
  const held = reads.get(key);
  if (held?.preferred === preferred) return held.read;
  // the storage module held: the reads go out at the call, before the click's render
  const loaded = keptLoaded();
  const read = loaded
    ? loaded.readKeptTrack(track, playOrder(preferred))
    : kept().then((storage) => storage.readKeptTrack(track, playOrder(preferred)));
  const dropThis = () => {
    if (reads.get(key)?.read === read) drop(key);
  };
  read.then((found) => {
    const held = reads.get(key);
    if (held?.read !== read) return;
    if (!found) return dropThis();
    held.found = found;
    held.source = urlsOf(found, track.albumId);
  }, dropThis);
  drop(key);
  reads.set(key, { track: { albumId: track.albumId, discId: track.discId, trackId: track.trackId }, preferred, read });
  while (reads.size > READS_HELD) drop(reads.keys().next().value!);
  return read;
}

export function forgetReads(which: (track: TrackIdentity) => boolean): void {
  for (const [key, held] of reads) if (which(held.track)) drop(key);
}

/**
 * Reads the kept track ahead of a play (its row shows): the play then finds its body in hand.
 * Nothing is read for a track the keeping actor does not list. Settles once the read has arrived
 * (a failed one is said by the play that needs it).
 */
export async function readKeptAhead(
  track: TrackIdentity,
  preferred: Quality,
  mayBeKept: (track: TrackIdentity) => boolean = () => true,
): Promise<void> {
  if (mayBeKept(track)) await readOf(track, preferred).catch(() => {});
}

/**
 * The kept track's source when its read has already arrived (read ahead, or played before), else
 * null: the player then loads it at once, within the click.
 */
export function keptSourceInHand(
  track: TrackIdentity,
  preferred: Quality,
  mayBeKept: (track: TrackIdentity) => boolean = () => true,
): KeptSource | null {
  if (!mayBeKept(track)) return null;
  const held = reads.get(trackKey(track));
  return held?.preferred === preferred && held.source ? handOut(held.source) : null;
}

/**
 * The track as kept on this device, or null when it is not: in the listener's quality if kept so,
 * else the best quality kept. Played from it, the track needs no library and no network.
 */
export async function keptSourceOf(
  track: TrackIdentity,
  preferred: Quality,
  mayBeKept: (track: TrackIdentity) => boolean = () => true,
): Promise<KeptSource | null> {
  // the keeping actor's list says at once what is not kept: no store is opened to play those
  if (!mayBeKept(track)) return null;
  try {
    const found = await readOf(track, preferred);
    if (!found) return null;
    const held = reads.get(trackKey(track));
    // a read forgotten meanwhile (the track removed, signing out) made no URLs: this play makes its own
    return handOut(held?.found === found && held.source ? held.source : urlsOf(found, track.albumId));
  } catch (error) {
    // a store this browser will not open (private mode, no Cache Storage): the library plays it
    console.warn('audio kept on this device could not be read', error);
  }
  return null;
}

/** every kept track, cover and album record goes: signing out leaves nothing of the user's */
export async function clearKeptOnDevice(): Promise<void> {
  forgetReads(() => true);
  await (await kept()).clearKeptAudio();
}
