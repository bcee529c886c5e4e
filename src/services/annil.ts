// Library (annil) servers (docs/protocol.md#library-server-annil): plain JSON, not enveloped, token in `?auth=`
// (an Authorization header would fail the CORS preflight, docs/protocol.md#library-tokens).
import { REQUEST_TIMEOUT_MS } from '@/shared/constants';
import { BadResponseError, NetworkError } from './api/errors';
import { isRecord, readNumber } from '@/rules/narrow';
import { libraryAlbumsUrl, libraryInfoUrl } from './libraryUrls';

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

async function getJson(url: string, options: AnnilOptions): Promise<unknown> {
  const fetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetch(url, { signal: requestSignal(options.signal), headers: { accept: 'application/json' } });
  } catch (e) {
    // the caller's own cancel is not a network failure: let it through as it is
    if (options.signal?.aborted) throw options.signal.reason;
    throw new NetworkError(null, '', { cause: e });
  }
  if (!response.ok) throw new NetworkError(response.status, response.statusText);
  let body: string;
  try {
    body = await response.text();
  } catch (e) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw new NetworkError(null, '', { cause: e });
  }
  try {
    return JSON.parse(body) as unknown;
  } catch (e) {
    // an HTML page (a proxy, a wrong URL) or garbage
    throw new BadResponseError(response.status, { cause: e });
  }
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
export async function getLibraryAlbums(url: string, token: string, options: AnnilOptions = {}): Promise<string[]> {
  const data = await getJson(libraryAlbumsUrl(url, token), options);
  if (!Array.isArray(data) || !data.every((id): id is string => typeof id === 'string')) {
    throw new BadResponseError();
  }
  return data;
}
