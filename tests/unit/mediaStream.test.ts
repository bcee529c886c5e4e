import { describe, expect, it } from 'vitest';
import { streamThroughMediaSource, type MediaStreamDeps } from '@/services/mediaStream';

class FakeSourceBuffer extends EventTarget {
  updating = false;
  appended: number[][] = [];
  appendBuffer(data: BufferSource) {
    this.appended.push([...new Uint8Array(data as ArrayBuffer)]);
    queueMicrotask(() => this.dispatchEvent(new Event('updateend')));
  }
}

class FakeMediaSource extends EventTarget {
  readyState = 'closed';
  buffer: FakeSourceBuffer | null = null;
  type: string | null = null;
  ended: (string | undefined)[] = [];
  open() {
    this.readyState = 'open';
    this.dispatchEvent(new Event('sourceopen'));
  }
  addSourceBuffer(type: string) {
    this.type = type;
    this.buffer = new FakeSourceBuffer();
    return this.buffer;
  }
  endOfStream(error?: 'network' | 'decode') {
    this.ended.push(error);
    this.readyState = 'ended';
  }
}

/** `busy`: the answers before the track, each a 503 with that Retry-After (null: none) */
function setup(chunks: number[][], status = 200, busy: (string | null)[] = []) {
  const source = new FakeMediaSource();
  const revoked: string[] = [];
  const requests: { url: string; signal?: AbortSignal | null; authorization: string | null; cache?: RequestCache }[] =
    [];
  const waits: number[] = [];
  const deps: MediaStreamDeps = {
    fetch: async (input, init) => {
      requests.push({
        url: String(input),
        signal: init?.signal,
        authorization: new Headers(init?.headers).get('authorization'),
        cache: init?.cache,
      });
      if (requests.length <= busy.length) {
        const retryAfter = busy[requests.length - 1];
        return new Response('busy', {
          status: 503,
          headers: retryAfter === null ? {} : { 'retry-after': retryAfter! },
        });
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const c of chunks) controller.enqueue(new Uint8Array(c));
          controller.close();
        },
      });
      return new Response(body, { status });
    },
    createMediaSource: () => source as never,
    createObjectURL: () => 'blob:stream-1',
    revokeObjectURL: (url) => revoked.push(url),
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  return { source, revoked, requests, waits, deps };
}

describe('streaming through MediaSource', () => {
  it('feeds every chunk of the answer (asked with the token in the header, no-store) into a buffer of the given type, then ends the stream', async () => {
    const { source, deps, requests } = setup([[1, 2], [3], [4, 5, 6]]);
    const stream = streamThroughMediaSource('https://lib.example/a/1/1?auth=t&quality=medium', 'audio/aac', deps);
    expect(stream.objectUrl).toBe('blob:stream-1');
    source.open();
    await stream.done;
    expect(source.type).toBe('audio/aac');
    expect(source.buffer?.appended).toEqual([[1, 2], [3], [4, 5, 6]]);
    expect(source.ended).toEqual([undefined]);
    expect(requests).toMatchObject([
      { url: 'https://lib.example/a/1/1?quality=medium', authorization: 't', cache: 'no-store' },
    ]);
  });

  it('a failing answer ends the stream with a network error, so the element reports it', async () => {
    const { source, deps } = setup([], 500);
    const stream = streamThroughMediaSource('https://lib.example/x', 'audio/aac', deps);
    source.open();
    await stream.done;
    expect(source.ended).toEqual(['network']);
  });

  it('a library busy with transcodes (503) is asked again after its Retry-After, then plays', async () => {
    const { source, deps, requests, waits } = setup([[7, 8]], 200, ['2', null]);
    const stream = streamThroughMediaSource('https://lib.example/x', 'audio/aac', deps);
    source.open();
    await stream.done;
    expect(requests).toHaveLength(3);
    // the 2 s it asked for, then the back-off's 2 s (at least twice the first 1 s)
    expect(waits).toEqual([2000, 2000]);
    expect(source.buffer?.appended).toEqual([[7, 8]]);
    expect(source.ended).toEqual([undefined]);
  });

  it('still busy after three more tries: the stream fails as any failed answer', async () => {
    const { source, deps, requests, waits } = setup([[1]], 200, ['1', '1', '1', '1']);
    const stream = streamThroughMediaSource('https://lib.example/x', 'audio/aac', deps);
    source.open();
    await stream.done;
    expect(requests).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(source.ended).toEqual(['network']);
  });

  it('a busy library asking for longer than a track waits to start is not waited for', async () => {
    const { source, deps, requests, waits } = setup([[1]], 200, ['60']);
    const stream = streamThroughMediaSource('https://lib.example/x', 'audio/aac', deps);
    source.open();
    await stream.done;
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(source.ended).toEqual(['network']);
  });

  it('cancel aborts the download and frees the object URL', async () => {
    const { source, deps, requests, revoked } = setup([[1]]);
    const stream = streamThroughMediaSource('https://lib.example/x', 'audio/aac', deps);
    source.open();
    await Promise.resolve();
    stream.cancel();
    await stream.done;
    expect(revoked).toEqual(['blob:stream-1']);
    expect(requests[0]?.signal?.aborted).toBe(true);
  });
});
