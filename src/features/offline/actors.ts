// Listening offline: audio kept on this device (docs/architecture.md#audio-kept-on-the-device).
// The keeping machine's real actors, and what the player, track rows and sign-out use. Storage loads
// on first use: nothing here runs before somebody keeps a track, plays, shows a kept track's row or
// signs out.
import { fromCallback, fromPromise } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import { NetworkError } from '@/services/api/errors';
import { withQuery } from '@/services/libraryUrls';
import { browserSupport, streamQuality } from '@/services/stream';
import { QUALITIES, type Quality } from '@/shared/constants';
import { trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';
import type { AlbumInfo } from '@/shared/types';
import type { KeptPlayback } from '@/storage/keptAudio';
import type { KeepingEvent, KeepItem, KeptOnDevice } from './keepingMachine';

type KeptStorageModule = typeof import('@/storage/keptAudio');

// The storage module once loaded, held: a play reaches its reads at the click, not a turn later
// through import() (which settles only after the click's render).
let loadedStorage: KeptStorageModule | null = null;

const kept = async (): Promise<KeptStorageModule> => (loadedStorage ??= await import('@/storage/keptAudio'));

/** a kept track as the player plays it: object URLs of its body and of its album's kept cover */
export interface KeptSource {
  url: string;
  coverUrl: string | null;
}

/** the qualities a kept track plays in, in turn: the listener's, else the best kept */
const playOrder = (preferred: Quality): Quality[] => [preferred, ...[...QUALITIES].reverse().filter((quality) => quality !== preferred)];

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
    for (const held of reads.values()) if (held.track.albumId === albumId && held.source?.coverUrl) coverUrl = held.source.coverUrl;
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
  const read = loadedStorage ? loadedStorage.readKeptTrack(track, playOrder(preferred)) : kept().then((storage) => storage.readKeptTrack(track, playOrder(preferred)));
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

function forgetReads(which: (track: TrackIdentity) => boolean): void {
  for (const [key, held] of reads) if (which(held.track)) drop(key);
}

/**
 * Reads the kept track ahead of a play (its row shows): the play then finds its body in hand.
 * Nothing is read for a track the keeping actor does not list. Settles once the read has arrived
 * (a failed one is said by the play that needs it).
 */
export async function readKeptAhead(track: TrackIdentity, preferred: Quality, mayBeKept: (track: TrackIdentity) => boolean = () => true): Promise<void> {
  if (mayBeKept(track)) await readOf(track, preferred).catch(() => {});
}

/**
 * The kept track's source when its read has already arrived (read ahead, or played before), else
 * null: the player then loads it at once, within the click.
 */
export function keptSourceInHand(track: TrackIdentity, preferred: Quality, mayBeKept: (track: TrackIdentity) => boolean = () => true): KeptSource | null {
  if (!mayBeKept(track)) return null;
  const held = reads.get(trackKey(track));
  return held?.preferred === preferred && held.source ? handOut(held.source) : null;
}

/**
 * The track as kept on this device, or null when it is not: in the listener's quality if kept so,
 * else the best quality kept. Played from it, the track needs no library and no network.
 */
export async function keptSourceOf(track: TrackIdentity, preferred: Quality, mayBeKept: (track: TrackIdentity) => boolean = () => true): Promise<KeptSource | null> {
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

let askedToPersist = false;

/**
 * Asks the browser, once, to keep this origin's storage when space runs short: without it kept
 * tracks may be evicted like a cache (Chromium grants it to an installed or much-used site).
 */
function askToPersist(): void {
  if (askedToPersist) return;
  askedToPersist = true;
  void globalThis.navigator?.storage?.persist?.().catch(() => false);
}

// progress is reported at most this often (a fast download would send thousands of events)
const PROGRESS_EVERY_MS = 200;

export interface KeepingDeps {
  /** the library access a track is fetched through: the player's, so the same library serves it */
  accessFor: (track: TrackInfo) => Promise<LibraryAccess>;
  /** an album's info, kept with its first kept track so the album page opens offline */
  albumInfo?: (albumId: string) => Promise<AlbumInfo | null>;
  /** fetch for library servers (tests pass a fake) */
  fetch?: typeof globalThis.fetch;
}

/** the info kept with an album kept on this device, or null (the album page's fallback offline) */
export async function keptAlbumInfoOf(albumId: string): Promise<AlbumInfo | null> {
  return (await (await kept()).getKeptAlbum(albumId))?.info ?? null;
}

export function defineKeepingActors({ accessFor, albumInfo, fetch = globalThis.fetch }: KeepingDeps) {
  /**
   * An album's info and cover, kept with its first kept track. Without them its tracks still play;
   * only the album page could not open offline, so a failure here fails no download.
   */
  async function keepAlbumOf(albumId: string, coverUrl: string | null): Promise<void> {
    try {
      const storage = await kept();
      if (!albumInfo || (await storage.getKeptAlbum(albumId))) return;
      const info = await albumInfo(albumId);
      if (!info) return;
      const cover = coverUrl ? await fetch(coverUrl).then((answer) => (answer.ok ? answer.blob() : null)) : null;
      await storage.keepAlbum(info, cover);
    } catch (error) {
      console.warn('the album kept with its tracks could not be stored', albumId, error);
    }
  }

  /** the track's body from its library into the device's store, reporting bytes as they arrive */
  async function download({ track, quality }: KeepItem, signal: AbortSignal, report: (bytes: number, total: number | null) => void): Promise<void> {
    askToPersist();
    const source = await (await accessFor(track)).trackSource(track);
    const url = withQuery(source.audioUrl, { quality: streamQuality(quality, browserSupport().supportsAac) });
    let response: Response;
    try {
      response = await fetch(url, { signal });
    } catch (cause) {
      throw new NetworkError(null, '', { cause });
    }
    if (!response.ok || !response.body) throw new NetworkError(response.status, response.statusText);
    const total = Number(response.headers.get('content-length')) || null;
    let bytes = 0;
    let reported = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.byteLength;
          if (performance.now() - reported >= PROGRESS_EVERY_MS) {
            reported = performance.now();
            report(bytes, total);
          }
          controller.enqueue(chunk);
        },
      }),
    );
    const body = new Response(counted, { headers: { 'content-type': response.headers.get('content-type') ?? 'application/octet-stream' } });
    await (await kept()).keepTrack({ albumId: track.albumId, discId: track.discId, trackId: track.trackId, quality }, body);
    report(bytes, total);
    await keepAlbumOf(track.albumId, source.coverUrl);
    // read before it was kept in this quality, or before its album's cover was
    forgetReads((read) => read.albumId === track.albumId);
  }

  return {
    loadKept: fromPromise<KeptOnDevice, void>(async () => {
      const storage = await kept();
      const [tracks, queue] = await Promise.all([storage.listKeptTracks(), storage.readKeepQueue()]);
      // with tracks kept, the first play's click finds the stores open; without, nothing more opens
      // (a store that will not open is said by the play that needs it)
      if (tracks.length > 0) void storage.openKeptForPlaying().catch(() => {});
      return { kept: [...new Set(tracks.map(trackKey))], queue };
    }),
    downloadTrack: fromCallback<KeepingEvent, KeepItem>(({ input, sendBack }) => {
      const controller = new AbortController();
      download(input, controller.signal, (bytes, total) => sendBack({ type: 'DOWNLOAD_PROGRESS', bytes, total })).then(
        () => sendBack({ type: 'TRACK_KEPT' }),
        (error: unknown) => {
          // cancelled: the machine has moved on and wants no answer
          if (!controller.signal.aborted) sendBack({ type: 'TRACK_FAILED', error });
        },
      );
      return () => controller.abort();
    }),
    removeKept: fromPromise<void, TrackIdentity[]>(async ({ input }) => {
      const removed = new Set(input.map(trackKey));
      forgetReads((track) => removed.has(trackKey(track)));
      const storage = await kept();
      for (const track of input) {
        for (const quality of QUALITIES) await storage.removeKeptTrack({ albumId: track.albumId, discId: track.discId, trackId: track.trackId, quality });
      }
      // a row shown, or a play, while they were being removed may have read them again
      forgetReads((track) => removed.has(trackKey(track)));
    }),
  };
}

/** an album as the 本机存储 page lists it: its kept tracks and their size */
export interface KeptAlbumSummary {
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
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return {
    albums: [...byAlbum.values()].sort((a, b) => a.title.localeCompare(b.title)),
    estimate: estimate && typeof estimate.usage === 'number' && typeof estimate.quota === 'number' ? { usage: estimate.usage, quota: estimate.quota } : null,
  };
}
