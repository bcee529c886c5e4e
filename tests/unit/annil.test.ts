import { afterEach, describe, expect, test, vi } from 'vitest';
import { getLibraryAlbums, getLibraryInfo } from '@/services/annil';
import { unpackAlbumIds } from '@/shared/albumIds';
import { BadResponseError, NetworkError } from '@/services/api/errors';
import { REQUEST_TIMEOUT_MS } from '@/shared/constants';
import { fakeFetch, json } from './fakeFetch';

const LIB = 'https://annil.example.com';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('getLibraryInfo', () => {
  test('reads last_update from {url}/info', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ version: 'Annil v0.2.0', protocol_version: '0.4.1', last_update: 1716000000 }),
    );
    await expect(getLibraryInfo(`${LIB}/`, { fetch })).resolves.toEqual({ lastUpdate: 1716000000 });
    expect(calls[0]!.url.href).toBe(`${LIB}/info`);
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  test('an HTML page is a bad response', async () => {
    const { fetch } = fakeFetch(() => new Response('<!doctype html><p>hi</p>', { status: 200 }));
    const error = await getLibraryInfo(LIB, { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadResponseError);
    expect((error as Error).message).toBe('服务器返回了无法识别的数据');
  });

  test('JSON without last_update is a bad response', async () => {
    const { fetch } = fakeFetch(() => json({ version: 'x' }));
    await expect(getLibraryInfo(LIB, { fetch })).rejects.toBeInstanceOf(BadResponseError);
  });
});

describe('getLibraryAlbums', () => {
  test('GET {url}/albums with the token in the Authorization header, kept by no cache → ids', async () => {
    const { fetch, calls } = fakeFetch(() => json(['a1', 'a2']));
    // packed as read: one newline-joined piece per piece of text, not a string per album
    await expect(getLibraryAlbums(LIB, 'tok en', { fetch })).resolves.toEqual({ count: 2, pieces: ['a1\na2'] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.href).toBe(`${LIB}/albums`);
    expect(calls[0]!.headers.get('authorization')).toBe('tok en');
    expect(calls[0]!.cache).toBe('no-store');
  });

  test.each([[{ albums: [] }], [['a1', 2]], ['text']])(
    'not an array of strings (%j) is a bad response',
    async (body) => {
      const { fetch } = fakeFetch(() => json(body));
      await expect(getLibraryAlbums(LIB, 't', { fetch })).rejects.toBeInstanceOf(BadResponseError);
    },
  );

  test('a body that arrives in pieces (cut inside ids and inside multi-byte characters) reads whole', async () => {
    const ids = Array.from({ length: 3_000 }, (_, i) => `专辑-${String(i).padStart(4, '0')}-${'x'.repeat(i % 7)}`);
    const bytes = new TextEncoder().encode(JSON.stringify(ids));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // pieces of 7 bytes: most cut an id, many a three-byte character
        for (let at = 0; at < bytes.length; at += 7) controller.enqueue(bytes.slice(at, at + 7));
        controller.close();
      },
    });
    const { fetch } = fakeFetch(() => new Response(body, { headers: { 'content-type': 'application/json' } }));
    const packed = await getLibraryAlbums(LIB, 't', { fetch });
    expect(packed.count).toBe(ids.length);
    expect(unpackAlbumIds(packed)).toEqual(ids);
  });

  test('a body cut off before the list ends is a bad response; one that fails while it arrives is a network error', async () => {
    const { fetch: cut } = fakeFetch(() =>
      json(['a1', 'a2'])
        .text()
        .then((text) => new Response(text.slice(0, -3))),
    );
    await expect(getLibraryAlbums(LIB, 't', { fetch: cut })).rejects.toBeInstanceOf(BadResponseError);
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('["a1", "a'));
        controller.error(new TypeError('network changed'));
      },
    });
    const { fetch: broken } = fakeFetch(() => new Response(failing));
    const error = await getLibraryAlbums(LIB, 't', { fetch: broken }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('未知网络错误');
  });

  test('HTTP errors name the status', async () => {
    const { fetch } = fakeFetch(() => new Response('', { status: 403, statusText: 'Forbidden' }));
    const error = await getLibraryAlbums(LIB, 't', { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('网络错误: 403 Forbidden');
  });

  test('no answer at all is an unknown network error', async () => {
    const fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(getLibraryAlbums(LIB, 't', { fetch })).rejects.toThrow('未知网络错误');
  });

  test('a time-out of 10 s ends in an unknown network error', async () => {
    // AbortSignal.timeout runs on Node's own timers, which fake timers do not drive: stand in for it
    const timer = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal);
    const fetch = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const pending = getLibraryAlbums(LIB, 't', { fetch }).catch((e: unknown) => e);
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    timer.abort(new DOMException('signal timed out', 'TimeoutError'));
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('未知网络错误');
  });

  test("the caller's abort passes through as it is", async () => {
    const controller = new AbortController();
    const fetch = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const pending = getLibraryAlbums(LIB, 't', { fetch, signal: controller.signal });
    controller.abort(new Error('page left'));
    await expect(pending).rejects.toThrow('page left');
  });
});
