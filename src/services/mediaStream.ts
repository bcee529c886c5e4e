// Streaming by parts (docs/behaviour.md#streaming-and-library-choice): the audio element plays a MediaSource whose buffer is fed from a
// streaming fetch of the track, so a transcoded answer (sent without a length) plays as it arrives.
// The element only ever sees the object URL; `cancel` stops the download and frees the URL. A
// library busy with transcodes (503) is asked again as its Retry-After says (libraryBusy.ts).
import { fetchWhenFree, type Wait } from './libraryBusy';

interface SourceBufferLike extends EventTarget {
  updating: boolean;
  appendBuffer(data: BufferSource): void;
}

interface MediaSourceLike extends EventTarget {
  readyState: string;
  addSourceBuffer(type: string): SourceBufferLike;
  endOfStream(error?: 'network' | 'decode'): void;
}

export interface MediaStreamDeps {
  fetch: typeof globalThis.fetch;
  createMediaSource: () => MediaSourceLike;
  createObjectURL: (source: MediaSourceLike) => string;
  revokeObjectURL: (url: string) => void;
  /** the wait before asking a busy library again (default: a timer) */
  wait?: Wait;
}

export interface MediaStream {
  objectUrl: string;
  /** settles when the whole track is in the buffer (or the stream failed / was cancelled) */
  done: Promise<void>;
  cancel(): void;
}

function browserDeps(): MediaStreamDeps {
  return {
    fetch: (...args) => globalThis.fetch(...args),
    createMediaSource: () => new MediaSource() as unknown as MediaSourceLike,
    createObjectURL: (source) => URL.createObjectURL(source as unknown as MediaSource),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
  };
}

/** true when this browser can stream `type` through MediaSource */
export function canStream(type: string | null): boolean {
  const mediaSource = (globalThis as { MediaSource?: { isTypeSupported?: (t: string) => boolean } }).MediaSource;
  return type !== null && typeof mediaSource?.isTypeSupported === 'function' && mediaSource.isTypeSupported(type);
}

function appendChunk(buffer: SourceBufferLike, chunk: Uint8Array<ArrayBuffer>): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      buffer.removeEventListener('updateend', done);
      buffer.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      buffer.removeEventListener('updateend', done);
      buffer.removeEventListener('error', failed);
      reject(new Error('SourceBuffer append failed'));
    };
    buffer.addEventListener('updateend', done);
    buffer.addEventListener('error', failed);
    buffer.appendBuffer(chunk);
  });
}

export function streamThroughMediaSource(
  url: string,
  type: string,
  deps: MediaStreamDeps = browserDeps(),
): MediaStream {
  const controller = new AbortController();
  const source = deps.createMediaSource();
  const objectUrl = deps.createObjectURL(source);

  const feed = async () => {
    await new Promise<void>((resolve) => source.addEventListener('sourceopen', () => resolve(), { once: true }));
    const buffer = source.addSourceBuffer(type);
    const response = await fetchWhenFree(deps.fetch, url, { signal: controller.signal }, deps.wait);
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    const reader = (response.body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value && value.byteLength > 0) await appendChunk(buffer, value);
    }
    if (source.readyState === 'open') source.endOfStream();
  };

  const done = feed().catch(() => {
    // the element reports the failure (a network error ends the stream); a cancel is no failure
    if (!controller.signal.aborted && source.readyState === 'open') source.endOfStream('network');
  });

  return {
    objectUrl,
    done,
    cancel() {
      controller.abort();
      deps.revokeObjectURL(objectUrl);
    },
  };
}
