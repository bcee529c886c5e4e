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

function setup(chunks: number[][], status = 200) {
  const source = new FakeMediaSource();
  const revoked: string[] = [];
  const requests: { url: string; signal?: AbortSignal | null; authorization: string | null; cache?: RequestCache }[] = [];
  const deps: MediaStreamDeps = {
    fetch: async (input, init) => {
      requests.push({ url: String(input), signal: init?.signal, authorization: new Headers(init?.headers).get('authorization'), cache: init?.cache });
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
  };
  return { source, revoked, requests, deps };
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
    expect(requests).toMatchObject([{ url: 'https://lib.example/a/1/1?quality=medium', authorization: 't', cache: 'no-store' }]);
  });

  it('a failing answer ends the stream with a network error, so the element reports it', async () => {
    const { source, deps } = setup([], 503);
    const stream = streamThroughMediaSource('https://lib.example/x', 'audio/aac', deps);
    source.open();
    await stream.done;
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
