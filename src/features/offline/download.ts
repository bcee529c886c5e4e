// A track's download into the device's store: its bytes kept as they arrive so a download cut off
// asks only for the rest (docs/architecture.md#audio-kept-on-the-device), then its album's info and
// cover, kept with its first kept track.
import type { LibraryAccess } from '@/features/library';
import { BadResponseError, NetworkError } from '@/services/api/errors';
import { libraryFetch } from '@/services/libraryFetch';
import { withQuery } from '@/services/libraryUrls';
import { browserSupport, streamQuality } from '@/services/stream';
import { KEEP_PIECE_BYTES, KEEP_PIECE_MS } from '@/shared/constants';
import { trackKey, type TrackInfo } from '@/shared/track';
import type { AlbumInfo } from '@/shared/types';
import type { KeptTrackKey, PartialBody, PartialTrack } from '@/storage/keptAudio';
import type { KeepItem } from './keepingMachine';
import { forgetReads } from './keptReads';
import { kept, type KeptAudio } from './keptStore';

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

const countOf = (value: string | null): number | null =>
  value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;

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
  return (
    countOf(response.headers.get('x-origin-size')) === partial.total &&
    countOf(response.headers.get('content-length')) === partial.total - partial.bytes
  );
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

export interface DownloadDeps {
  /** the library access a track is fetched through: the player's, so the same library serves it */
  accessFor: (track: TrackInfo) => Promise<LibraryAccess>;
  /** an album's info, kept with its first kept track so the album page opens offline */
  albumInfo?: (albumId: string) => Promise<AlbumInfo | null>;
  fetch: typeof globalThis.fetch;
}

export function createDownload({ accessFor, albumInfo, fetch }: DownloadDeps) {
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
      return await libraryFetch(fetch, url, { signal, headers });
    } catch (cause) {
      throw new NetworkError(null, '', { cause });
    }
  }

  /**
   * The library's answer for the track: the rest of the body a download cut off was receiving
   * (`partial`, its bytes so far) when the library sends it, else the whole body.
   */
  async function answerFor(
    storage: KeptAudio,
    key: KeptTrackKey,
    url: string,
    signal: AbortSignal,
  ): Promise<{ response: Response; partial: PartialTrack | null }> {
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
  async function download(
    { track, quality }: KeepItem,
    signal: AbortSignal,
    report: (bytes: number, total: number | null) => void,
  ): Promise<void> {
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
            if (partial) {
              wrongBody = new BadResponseError(response.status);
              throw wrongBody;
            }
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
        if (partial && bytes !== total) {
          wrongBody = new BadResponseError(response.status);
          throw wrongBody;
        }
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
      // its loudness from the kept bytes, for 音量均衡 at its first play (after the downloads, one at a time)
      void import('./measureKept').then(({ measureWhenKept }) => measureWhenKept(key));
    } catch (error) {
      keeper?.stop();
      await keeper?.written();
      // cancelled: nothing of the track stays; the bytes of another body: the next try starts over
      if (signal.aborted || wrongBody) await storage.removePartialTrack(key);
      // the cache reports a body that failed in its own words
      throw wrongBody ?? error;
    }
    if (resumed || keeper?.recorded()) {
      await storage
        .removePartialTrack(key)
        .catch((error: unknown) => console.warn('the bytes of a download kept whole could not be removed', error));
    }
    // read before it was kept in this quality, or (its album's tracks) before their album's cover was
    const albumKept = await keepAlbumOf(track.albumId, source.coverUrl);
    forgetReads((read) => (albumKept ? read.albumId === track.albumId : trackKey(read) === trackKey(track)));
  }
  return download;
}
