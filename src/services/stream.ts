// Stream choice (docs/behaviour.md#streaming-and-library-choice, docs/protocol.md#audio-and-quality, #ranges-and-lengths): how a track plays once the library feature's
// access module has chosen its library. A HEAD probe on `{url}&quality=…&_xcw=1` reads the served
// type, the original type and the duration; streaming by parts (MediaSource) is chosen only when the
// browser supports it, the answer is transcoded (type ≠ original type) and the track is at most 10
// minutes; otherwise the element plays the URL directly. A failed probe falls back to the raw URL.
import {
  DEFAULT_AUDIO_DURATION_S,
  PROBE_CACHE_LIMIT,
  PROBE_FLAG,
  REQUEST_TIMEOUT_MS,
  STREAMING_CUTOFF_S,
  type Quality,
} from '@/shared/firstPageConstants';
import { NetworkError } from './api/errors';
import { libraryFetch } from './libraryFetch';
import { withQuery } from './libraryUrls';

const DEFAULT_STREAM_TYPE = 'audio/aac';
const DEFAULT_ORIGIN_TYPE = 'audio/flac';

/** the headers the choice reads; a fetch `Response`'s `headers` fits */
interface ProbeHeaders {
  get(name: string): string | null;
}

/** HEAD on a URL; rejects when there is no usable answer */
export type Probe = (url: string) => Promise<ProbeHeaders>;

type StreamMode = 'mediaSource' | 'direct';

export interface StreamChoice {
  mode: StreamMode;
  /** what to play: with the quality parameter, or the raw URL when the probe failed */
  url: string;
  /** Content-Type of the answer (null when the probe failed) */
  type: string | null;
  /** seconds (null when the probe failed) */
  duration: number | null;
  /** the quality asked for (null: the raw URL, the probe having failed) */
  quality: Quality | null;
}

export interface StreamOptions {
  /** the playable URL, `{server}/{albumId}/{discId}/{trackId}?auth={token}` */
  url: string;
  /** the stored quality preference */
  quality: Quality;
  probe: Probe;
  supportsMediaSource: boolean;
  supportsAac: boolean;
}

/** the stored quality, or lossless when the browser cannot play AAC (docs/behaviour.md#streaming-and-library-choice) */
export function streamQuality(stored: Quality, supportsAac: boolean): Quality {
  return supportsAac ? stored : 'lossless';
}

/** `X-Duration-Seconds` as a number of seconds, or the default when missing or unreadable */
function readDuration(value: string | null): number {
  if (value === null || value.trim() === '') return DEFAULT_AUDIO_DURATION_S;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_AUDIO_DURATION_S;
}

/** the content type without parameters (`audio/aac; codecs=…` → `audio/aac`), lower-case */
function mediaType(value: string | null, fallback: string): string {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type ? type : fallback;
}

export async function chooseStream(options: StreamOptions): Promise<StreamChoice> {
  const quality = streamQuality(options.quality, options.supportsAac);
  const url = withQuery(options.url, { quality });
  let headers: ProbeHeaders;
  try {
    headers = await options.probe(withQuery(url, { [PROBE_FLAG]: '1' }));
  } catch {
    return { mode: 'direct', url: options.url, type: null, duration: null, quality: null };
  }
  const type = mediaType(headers.get('content-type'), DEFAULT_STREAM_TYPE);
  const originType = mediaType(headers.get('x-origin-type'), DEFAULT_ORIGIN_TYPE);
  const duration = readDuration(headers.get('x-duration-seconds'));
  const streamed = options.supportsMediaSource && type !== originType && duration <= STREAMING_CUTOFF_S;
  return { mode: streamed ? 'mediaSource' : 'direct', url, type, duration, quality };
}

/** a HEAD probe over fetch, with the request time-out; a non-2xx answer counts as a failure */
export function headProbe(
  fetch: typeof globalThis.fetch = (...args) => globalThis.fetch(...args),
  timeout = REQUEST_TIMEOUT_MS,
): Probe {
  return async (url) => {
    let response: Response;
    try {
      response = await libraryFetch(fetch, url, { method: 'HEAD', signal: AbortSignal.timeout(timeout) });
    } catch (e) {
      throw new NetworkError(null, '', { cause: e });
    }
    if (!response.ok) throw new NetworkError(response.status, response.statusText);
    return response.headers;
  };
}

/**
 * A probe that remembers answers by URL (the token and quality are part of it), so a track the
 * preloader probed, or one played before, starts without another round trip. Failures are not
 * kept; the oldest answers go first once `limit` are held.
 */
export function rememberingProbe(probe: Probe, limit = PROBE_CACHE_LIMIT): Probe {
  const answers = new Map<string, ProbeHeaders>();
  return async (url) => {
    const known = answers.get(url);
    if (known) {
      // most recently used last, so it is dropped last
      answers.delete(url);
      answers.set(url, known);
      return known;
    }
    const headers = await probe(url);
    const kept = snapshotHeaders(headers);
    answers.set(url, kept);
    if (answers.size > limit) answers.delete(answers.keys().next().value!);
    return kept;
  };
}

const PROBED_HEADERS = ['content-type', 'x-origin-type', 'x-duration-seconds'];

/** the headers the choice reads, copied out of a response */
function snapshotHeaders(headers: ProbeHeaders): ProbeHeaders {
  const values = new Map(PROBED_HEADERS.map((name) => [name, headers.get(name)]));
  return { get: (name) => values.get(name.toLowerCase()) ?? null };
}

/** what this browser offers; safe where MediaSource or Audio do not exist */
export function browserSupport(): { supportsMediaSource: boolean; supportsAac: boolean } {
  const mediaSource = (globalThis as { MediaSource?: { isTypeSupported?: (type: string) => boolean } }).MediaSource;
  let supportsAac = false;
  try {
    if (mediaSource?.isTypeSupported?.(DEFAULT_STREAM_TYPE)) supportsAac = true;
    else if (typeof Audio !== 'undefined') supportsAac = new Audio().canPlayType(DEFAULT_STREAM_TYPE) !== '';
  } catch {
    supportsAac = false;
  }
  return { supportsMediaSource: typeof mediaSource?.isTypeSupported === 'function', supportsAac };
}
