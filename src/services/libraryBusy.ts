// A library busy with transcodes (docs/protocol.md#audio-and-quality): the reference server caps the
// transcodes at once and answers 503 with Retry-After past a cap (annil never does). Audio is asked
// for again after the wait the answer names, each wait at least twice the last, a few times; then
// the busy answer stands and the track fails as any other.
import { LIBRARY_BUSY_FIRST_WAIT_MS, LIBRARY_BUSY_LONGEST_WAIT_MS, LIBRARY_BUSY_RETRIES } from '@/shared/constants';
import { libraryFetch } from './libraryFetch';

const BUSY_STATUS = 503;

/** Retry-After as milliseconds from `now` (seconds, or an HTTP date); null when absent or unreadable */
export function retryAfterMs(value: string | null, now: number): number | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The wait before asking again after busy answer number `attempt` (0: the first) that said
 * `retryAfter`; null when no more tries are left or the library asks for longer than a listener
 * waits for a track to start.
 */
export function busyWait(attempt: number, retryAfter: string | null, now = Date.now()): number | null {
  if (attempt >= LIBRARY_BUSY_RETRIES) return null;
  const wait = Math.max(LIBRARY_BUSY_FIRST_WAIT_MS * 2 ** attempt, retryAfterMs(retryAfter, now) ?? 0);
  return wait <= LIBRARY_BUSY_LONGEST_WAIT_MS ? wait : null;
}

/** waits `ms`; rejects at once when `signal` aborts */
export type Wait = (ms: number, signal?: AbortSignal | null) => Promise<void>;

const wait: Wait = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });

/**
 * After a media element failed on `url` (it cannot say why): the library is asked once, the body
 * dropped at once; the wait before loading it again when it answers busy, else null (a kept track's
 * object URL is never asked).
 */
export async function busyWaitAfterFailure(
  fetch: typeof globalThis.fetch,
  url: string,
  attempt: number,
  signal?: AbortSignal,
): Promise<number | null> {
  if (!/^https?:/i.test(url)) return null;
  const response = await libraryFetch(fetch, url, { signal });
  await response.body?.cancel().catch(() => {});
  return response.status === BUSY_STATUS ? busyWait(attempt, response.headers.get('retry-after')) : null;
}

/** `libraryFetch`, asked again while the library is busy (see above); the last answer otherwise */
export async function fetchWhenFree(
  fetch: typeof globalThis.fetch,
  url: string,
  init: RequestInit,
  waitFor: Wait = wait,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await libraryFetch(fetch, url, init);
    if (response.status !== BUSY_STATUS) return response;
    const ms = busyWait(attempt, response.headers.get('retry-after'));
    if (ms === null) return response;
    await response.body?.cancel();
    await waitFor(ms, init.signal);
  }
}
