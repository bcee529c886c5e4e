// The app's own requests to a library (docs/architecture.md#nothing-kept-after-sign-out): the album
// list, HEAD probes, streaming by parts, downloads to keep. The token goes in the Authorization
// header, raw as annil reads it (docs/protocol.md#library-server-annil), not in the URL, and the
// answer is kept by no cache: only a media element, which cannot send a header, asks with `?auth=`.
import { libraryOrigin, tokenOutOf } from './libraryUrls';

/**
 * Libraries (by origin) that gave no answer to a request with the header but did to the same one
 * with `?auth=`: their CORS answer allows headers only by `*` (annil's), which a browser following
 * the Fetch standard does not read as allowing Authorization. For as long as the page lives they
 * are asked with `?auth=` at once, still with no-store.
 */
const headerRefused = new Set<string>();

/** `fetch(url, init)` for a library URL that may name its token in `?auth=` (libraryUrls.ts) */
export async function libraryFetch(
  fetch: typeof globalThis.fetch,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  const asGiven = () => fetch(url, { ...init, cache: 'no-store' });
  const own = tokenOutOf(url);
  const origin = libraryOrigin(url) ?? url;
  if (own.token === null || headerRefused.has(origin)) return asGiven();
  const headers = new Headers(init.headers);
  headers.set('Authorization', own.token);
  try {
    return await fetch(own.url, { ...init, headers, cache: 'no-store' });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    // no answer: the library is out of reach (then this fails too), or it refused the header
    let answer: Response;
    try {
      answer = await asGiven();
    } catch {
      throw error;
    }
    headerRefused.add(origin);
    return answer;
  }
}
