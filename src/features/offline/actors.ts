// Listening offline: audio kept on this device (docs/architecture.md#audio-kept-on-the-device).
// The keeping machine's real actors, and what the player, track rows and sign-out use. Storage loads
// on first use: nothing here runs before somebody keeps a track, plays, shows a kept track's row or
// signs out.
import { fromCallback, fromPromise } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import { BadResponseError, NetworkError } from '@/services/api/errors';
import { withQuery } from '@/services/libraryUrls';
import { browserSupport, streamQuality } from '@/services/stream';
import { listBytes, spreadSample, trackBytes } from '@/rules/keepSize';
import { KEEP_ESTIMATE_PARALLEL, KEEP_ESTIMATE_SAMPLE, KEEP_PIECE_BYTES, KEEP_PIECE_MS, QUALITIES, type Quality } from '@/shared/constants';
import { trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';
import type { AlbumInfo } from '@/shared/types';
import type { KeptPlayback, KeptTrackKey, PartialBody, PartialTrack } from '@/storage/keptAudio';
import type { KeepingEvent, KeepItem, KeptOnDevice } from './keepingMachine';
import type { KeepEstimate, KeepPlanInput } from './keepPlanMachine';

type KeptStorageModule = typeof import('@/storage/keptAudio');

// The storage module once loaded, held: a play reaches its reads at the click, not a turn later
// through import() (which settles only after the click's render).
let loadedStorage: KeptStorageModule | null = null;

const kept = async (): Promise<KeptStorageModule> => (loadedStorage ??= await import('@/storage/keptAudio'));
type KeptAudio = KeptStorageModule;

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

const countOf = (value: string | null): number | null => (value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null);

/** `bytes S-E/T` of a Content-Range, or null when absent or unreadable */
function contentRange(value: string | null): { start: number; end: number; total: number } | null {
  const match = value?.trim().match(/^bytes (\d+)-(\d+)\/(\d+)$/);
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : null;
}

/**
 * What identifies the whole body an answer brings, or null when it cannot be resumed: without a
 * length (transcoded audio is streamed as it is made) there is no range to ask for later.
 */
function partialBodyOf(response: Response): PartialBody | null {
  const total = countOf(response.headers.get('content-length'));
  if (!total) return null;
  const etag = response.headers.get('etag');
  return {
    total,
    type: response.headers.get('content-type') ?? 'application/octet-stream',
    // If-Range takes only a strong validator
    etag: etag !== null && !etag.startsWith('W/') ? etag : null,
    lastModified: response.headers.get('last-modified'),
  };
}

/** the request for the rest of a body: never `bytes=0-`, which annil answers with 1024 bytes only */
function restOf(partial: PartialTrack): Record<string, string> {
  const headers: Record<string, string> = { Range: `bytes=${partial.bytes}-` };
  const validator = partial.etag ?? partial.lastModified;
  if (validator !== null) headers['If-Range'] = validator;
  return headers;
}

/** whether an answer to `restOf(partial)` is the rest of that same body, from where it stopped */
function isRestOf(response: Response, partial: PartialTrack): boolean {
  if (response.status !== 206) return false;
  const type = response.headers.get('content-type');
  if (type !== null && type !== partial.type) return false;
  const range = contentRange(response.headers.get('content-range'));
  if (range) return range.start === partial.bytes && range.end === partial.total - 1 && range.total === partial.total;
  // annil does not expose Content-Range to scripts: the stored file's size and the answer's length say the same
  return countOf(response.headers.get('x-origin-size')) === partial.total && countOf(response.headers.get('content-length')) === partial.total - partial.bytes;
}

/**
 * Stores a download's bytes as they arrive, in pieces of KEEP_PIECE_BYTES (or what arrived within
 * KEEP_PIECE_MS), so a download cut off asks only for the rest. Best effort: a piece that cannot be
 * stored (the quota) stops the storing, never the download. A download from the first byte
 * (`start`, its body) is recorded with its first piece: a body that arrives whole sooner than a
 * piece costs no write at all.
 */
function pieceKeeper(storage: KeptAudio, key: KeptTrackKey, offset: number, start: PartialBody | null) {
  // whether the download may be recorded (a resumed one is; a fresh one once its first piece goes)
  let recorded = start === null;
  let held: Uint8Array<ArrayBuffer>[] = [];
  let heldBytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    held = [];
    heldBytes = 0;
  };
  const store = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || heldBytes === 0) return writing;
    const piece = new Blob(held);
    const at = offset;
    offset += heldBytes;
    held = [];
    heldBytes = 0;
    writing = writing
      .then(async () => {
        if (!recorded) {
          recorded = true;
          await storage.startPartialTrack(key, start!);
        }
        await storage.addPartialPiece(key, at, piece);
      })
      .catch((error: unknown) => {
        stop();
        console.warn('the bytes of a download could not be stored; cut off, it starts again', error);
      });
    return writing;
  };
  return {
    /** holds the bytes; a full piece is stored before more are taken, so memory holds one piece */
    async add(bytes: Uint8Array): Promise<void> {
      if (stopped) return;
      // a copy: the chunk itself goes on to the cache, which may take it over
      held.push(bytes.slice());
      heldBytes += bytes.byteLength;
      if (heldBytes >= KEEP_PIECE_BYTES) await store();
      else timer ??= setTimeout(() => void store(), KEEP_PIECE_MS);
    },
    store,
    /** nothing more is stored; what is held is dropped */
    stop,
    /** every piece handed to the store is written, or failed */
    written: () => writing,
    /** whether anything of the download may be stored */
    recorded: () => recorded,
  };
}

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

/** the origin's use and quota (navigator.storage.estimate), null when the browser does not say */
async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
  if (!estimate || typeof estimate.quota !== 'number' || typeof estimate.usage !== 'number') return null;
  return { usage: estimate.usage, quota: estimate.quota };
}

/** what this site may still store on the device (quota less usage); null when the browser does not say */
async function spaceLeft(): Promise<number | null> {
  const estimate = await storageEstimate();
  return estimate && Math.max(0, estimate.quota - estimate.usage);
}

/** `work` over `items` with at most `parallel` at once, answers in the items' order */
async function inTurns<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      answers[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return answers;
}

export function defineKeepingActors({ accessFor, albumInfo, fetch = globalThis.fetch }: KeepingDeps) {
  /**
   * The tracks' size in the quality they would be kept in, from HEAD answers of their libraries
   * (a spread of a long list, the rest estimated from it), and the space left on this device.
   */
  async function estimate({ tracks, quality }: KeepPlanInput, signal: AbortSignal): Promise<KeepEstimate> {
    const served = streamQuality(quality, browserSupport().supportsAac);
    const asked = spreadSample(tracks.length, KEEP_ESTIMATE_SAMPLE).map((at) => tracks[at]!);
    const sizes = await inTurns(asked, KEEP_ESTIMATE_PARALLEL, async (track) => {
      try {
        const source = await (await accessFor(track)).trackSource(track);
        const answer = await fetch(withQuery(source.audioUrl, { quality: served }), { method: 'HEAD', signal });
        return answer.ok ? trackBytes(answer.headers, served) : null;
      } catch {
        // a library that cannot say leaves this track to the estimate from the others
        return null;
      }
    });
    return { bytes: listBytes(sizes, tracks.length), available: await spaceLeft() };
  }

  /**
   * An album's info and cover, kept with its first kept track. Without them its tracks still play;
   * only the album page could not open offline, so a failure here fails no download. True when
   * they were stored now.
   */
  async function keepAlbumOf(albumId: string, coverUrl: string | null): Promise<boolean> {
    try {
      const storage = await kept();
      if (!albumInfo || (await storage.getKeptAlbum(albumId))) return false;
      const info = await albumInfo(albumId);
      if (!info) return false;
      const cover = coverUrl ? await fetch(coverUrl).then((answer) => (answer.ok ? answer.blob() : null)) : null;
      await storage.keepAlbum(info, cover);
      return true;
    } catch (error) {
      console.warn('the album kept with its tracks could not be stored', albumId, error);
      return false;
    }
  }

  async function ask(url: string, signal: AbortSignal, headers?: Record<string, string>): Promise<Response> {
    try {
      return await fetch(url, { signal, headers });
    } catch (cause) {
      throw new NetworkError(null, '', { cause });
    }
  }

  /**
   * The library's answer for the track: the rest of the body a download cut off was receiving
   * (`partial`, its bytes so far) when the library sends it, else the whole body.
   */
  async function answerFor(storage: KeptAudio, key: KeptTrackKey, url: string, signal: AbortSignal): Promise<{ response: Response; partial: PartialTrack | null }> {
    const partial = await storage.readPartialTrack(key);
    if (partial && partial.bytes < partial.total) {
      const rest = await ask(url, signal, restOf(partial));
      if (isRestOf(rest, partial)) return { response: rest, partial };
      // an error answer: the bytes stay for the next try
      if (!rest.ok && rest.status !== 416) throw new NetworkError(rest.status, rest.statusText);
      // ranges ignored (200: transcoded audio, or the validator changed) or another body (the file
      // changed): the bytes kept are of no use, and the body is taken from its first byte
      await storage.removePartialTrack(key);
      if (rest.status === 200) return { response: rest, partial: null };
      await rest.body?.cancel().catch(() => {});
    } else if (partial) {
      // every byte arrived but the body was not kept whole (cut just then): there is no rest to ask
      // for (a range past the end is 416), so it is asked whole
      await storage.removePartialTrack(key);
    }
    return { response: await ask(url, signal), partial: null };
  }

  /**
   * The track's body from its library into the device's store, reporting bytes as they arrive. Its
   * bytes are stored as they arrive too: a download cut off (reload, network lost) asks for the
   * rest when it starts again (docs/architecture.md#audio-kept-on-the-device); a cancelled one
   * (stopped through `signal`) leaves nothing.
   */
  async function download({ track, quality }: KeepItem, signal: AbortSignal, report: (bytes: number, total: number | null) => void): Promise<void> {
    askToPersist();
    const key: KeptTrackKey = { albumId: track.albumId, discId: track.discId, trackId: track.trackId, quality };
    const storage = await kept();
    const source = await (await accessFor(track)).trackSource(track);
    const url = withQuery(source.audioUrl, { quality: streamQuality(quality, browserSupport().supportsAac) });
    let keeper: ReturnType<typeof pieceKeeper> | null = null;
    // set when the bytes do not add up to the body they were taken for: they must not be resumed
    let wrongBody: BadResponseError | null = null;
    let resumed = false;
    try {
      const { response, partial } = await answerFor(storage, key, url, signal);
      resumed = partial !== null;
      if (!response.ok || !response.body) throw new NetworkError(response.status, response.statusText);
      const body = partial ?? partialBodyOf(response);
      const total = body?.total ?? null;
      const from = partial?.bytes ?? 0;
      keeper = body ? pieceKeeper(storage, key, from, partial ? null : body) : null;
      const reader = response.body.getReader();
      let bytes = from;
      let reported = 0;
      report(bytes, total);

      async function* parts(): AsyncGenerator<Uint8Array> {
        for (const piece of partial?.pieces ?? []) yield new Uint8Array(await piece.arrayBuffer());
        for (;;) {
          let next: ReadableStreamReadResult<Uint8Array>;
          try {
            next = await reader.read();
          } catch (error) {
            // the network was lost: what arrived is stored, and the next try asks for the rest
            if (!signal.aborted) await keeper?.store();
            throw error;
          }
          if (next.done) break;
          bytes += next.value.byteLength;
          if (total !== null && bytes > total) {
            if (partial) throw (wrongBody = new BadResponseError(response.status));
            // longer than its length said (a proxy compressed it): its bytes cannot be asked for by range
            if (keeper) {
              keeper.stop();
              await keeper.written();
              keeper = null;
              await storage.removePartialTrack(key);
            }
          }
          await keeper?.add(next.value);
          if (performance.now() - reported >= PROGRESS_EVERY_MS) {
            reported = performance.now();
            report(bytes, total);
          }
          yield next.value;
        }
        // every byte is here: the body is kept whole next, and the bytes held need no storing
        keeper?.stop();
        await keeper?.written();
        if (partial && bytes !== total) throw (wrongBody = new BadResponseError(response.status));
      }

      const pieces = parts();
      const whole = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await pieces.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        async cancel(reason) {
          await reader.cancel(reason).catch(() => {});
          await pieces.return(undefined);
        },
      });
      const type = body?.type ?? response.headers.get('content-type') ?? 'application/octet-stream';
      await storage.keepTrack(key, new Response(whole, { headers: { 'content-type': type } }));
      report(bytes, total);
    } catch (error) {
      keeper?.stop();
      await keeper?.written();
      // cancelled: nothing of the track stays; the bytes of another body: the next try starts over
      if (signal.aborted || wrongBody) await storage.removePartialTrack(key);
      // the cache reports a body that failed in its own words
      throw wrongBody ?? error;
    }
    if (resumed || keeper?.recorded()) {
      await storage.removePartialTrack(key).catch((error: unknown) => console.warn('the bytes of a download kept whole could not be removed', error));
    }
    // read before it was kept in this quality, or (its album's tracks) before their album's cover was
    const albumKept = await keepAlbumOf(track.albumId, source.coverUrl);
    forgetReads((read) => (albumKept ? read.albumId === track.albumId : trackKey(read) === trackKey(track)));
  }

  return {
    estimateKeep: fromPromise<KeepEstimate, KeepPlanInput>(({ input, signal }) => estimate(input, signal)),
    loadKept: fromPromise<KeptOnDevice, void>(async () => {
      const storage = await kept();
      const [tracks, queue] = await Promise.all([storage.listKeptTracks(), storage.readKeepQueue()]);
      // a download cut off resumes only as the queue goes on: the bytes of tracks it no longer holds would stay for good
      await storage
        .dropPartialTracksBut(queue.map(({ track, quality }) => ({ albumId: track.albumId, discId: track.discId, trackId: track.trackId, quality })))
        .catch((error: unknown) => console.warn('the bytes of downloads cut off could not be cleared', error));
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
  return { albums: [...byAlbum.values()].sort((a, b) => a.title.localeCompare(b.title)), estimate: await storageEstimate() };
}
