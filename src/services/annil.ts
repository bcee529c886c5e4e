// Library (annil) servers (docs/protocol.md#library-server-annil): plain JSON, not enveloped, the token in the
// Authorization header and nothing kept by the HTTP cache (libraryFetch.ts).
import { PAGE_WORK_SLICE_MS, REQUEST_TIMEOUT_MS } from '@/shared/constants';
import { BadResponseError, NetworkError } from './api/errors';
import { isRecord, readNumber } from '@/rules/narrow';
import { libraryFetch } from './libraryFetch';
import { libraryAlbumsUrl, libraryInfoUrl } from './libraryUrls';
import { StringArrayParser } from '@/rules/stringArrayParser';
import type { PackedAlbumIds } from '@/shared/albumIds';
import { workSlice } from '@/shared/yieldToPage';

export interface AnnilOptions {
  fetch?: typeof globalThis.fetch;
  /** cancels the request; a cancelled request rejects with the signal's reason */
  signal?: AbortSignal;
}

export interface LibraryInfo {
  /** Unix seconds of the library's start or last reload */
  lastUpdate: number;
}

function requestSignal(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** the response of a GET, once its status says it succeeded */
async function request(url: string, options: AnnilOptions): Promise<Response> {
  const fetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await libraryFetch(fetch, url, {
      signal: requestSignal(options.signal),
      headers: { accept: 'application/json' },
    });
  } catch (e) {
    // the caller's own cancel is not a network failure: let it through as it is
    if (options.signal?.aborted) throw options.signal.reason;
    throw new NetworkError(null, '', { cause: e });
  }
  if (!response.ok) throw new NetworkError(response.status, response.statusText);
  return response;
}

/** a body that fails while it arrives fails as the request would */
async function reading<T>(options: AnnilOptions, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw new NetworkError(null, '', { cause: e });
  }
}

async function getJson(url: string, options: AnnilOptions): Promise<unknown> {
  const response = await request(url, options);
  const body = await reading(options, () => response.text());
  try {
    return JSON.parse(body) as unknown;
  } catch (e) {
    // an HTML page (a proxy, a wrong URL) or garbage
    throw new BadResponseError(response.status, { cause: e });
  }
}

// a piece of decoded text the parser reads before it may yield (a cached body can come as one piece)
const PIECE_CHARS = 256 * 1024;

/**
 * The body's text in pieces as it arrives, each given to `take`, with the page let run whenever
 * this thread has worked PAGE_WORK_SLICE_MS: a 39 MB album list never freezes the page.
 */
async function readPieces(response: Response, options: AnnilOptions, take: (piece: string) => void): Promise<void> {
  const slice = workSlice(PAGE_WORK_SLICE_MS);
  const feed = async (text: string) => {
    for (let at = 0; at < text.length; at += PIECE_CHARS) {
      take(text.slice(at, at + PIECE_CHARS));
      if (slice.due()) await slice.yield();
    }
  };
  if (!response.body) return feed(await reading(options, () => response.text()));
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reading(options, () => reader.read());
    if (done) break;
    await feed(decoder.decode(value, { stream: true }));
  }
  await feed(decoder.decode());
}

/** GET {url}/info; needs no token */
export async function getLibraryInfo(url: string, options: AnnilOptions = {}): Promise<LibraryInfo> {
  const data = await getJson(libraryInfoUrl(url), options);
  if (!isRecord(data)) throw new BadResponseError();
  const lastUpdate = readNumber(data.last_update ?? data.lastUpdate, Number.NaN);
  if (Number.isNaN(lastUpdate)) throw new BadResponseError();
  return { lastUpdate };
}

/** GET {url}/albums: the ids of the albums the token may see (an unordered set) */
export async function getLibraryAlbums(
  url: string,
  token: string,
  options: AnnilOptions = {},
): Promise<PackedAlbumIds> {
  const response = await request(libraryAlbumsUrl(url, token), options);
  // read as it arrives (1,000,000 albums are 39 MB): never one long parse on the page's thread,
  // and packed as read: the page never holds one string per album
  const parser = new StringArrayParser();
  const pieces: string[] = [];
  let count = 0;
  try {
    await readPieces(response, options, (piece) => {
      const ids = parser.push(piece);
      if (ids.length === 0) return;
      pieces.push(ids.join('\n'));
      count += ids.length;
    });
    parser.end();
    return { count, pieces };
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    // not an array of strings: an HTML page (a proxy, a wrong URL), an object, garbage
    throw new BadResponseError(response.status, { cause: e });
  }
}
