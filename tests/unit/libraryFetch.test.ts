import { describe, expect, test } from 'vitest';
import { libraryFetch } from '@/services/libraryFetch';
import { tokenOutOf } from '@/services/libraryUrls';
import { fakeFetch, type RecordedRequest } from './fakeFetch';

/*
 * The app's own requests to a library carry the token in the Authorization header, never in the
 * URL, and are kept by no cache (docs/architecture.md#nothing-kept-after-sign-out); a library
 * whose CORS answer refuses the header is asked with `?auth=` instead.
 */

const sent = (call: RecordedRequest) => ({
  url: call.url.href,
  authorization: call.headers.get('authorization'),
  cache: call.cache,
});

describe('tokenOutOf', () => {
  test.each([
    ['https://x/a/1/2?auth=t', 'https://x/a/1/2', 't'],
    ['https://x/a/1/2?auth=x.y%2Bz%2F%3D&quality=low&_xcw=1', 'https://x/a/1/2?quality=low&_xcw=1', 'x.y+z/='],
    ['https://x/a/1/2?quality=low&auth=t', 'https://x/a/1/2?quality=low', 't'],
    ['https://x/a/cover', 'https://x/a/cover', null],
    ['https://x/info?quality=low', 'https://x/info?quality=low', null],
  ])('%s → %s with %s', (url, bare, token) => {
    expect(tokenOutOf(url)).toEqual({ url: bare, token });
  });
});

describe('libraryFetch', () => {
  test('the token goes in the Authorization header as it is (no Bearer), the rest of the URL stays, no-store', async () => {
    const { fetch, calls } = fakeFetch(() => new Response('[]'));
    await libraryFetch(fetch, 'https://lib.one/a1/1/2?auth=x.y%2Bz&quality=high&_xcw=1', {
      method: 'HEAD',
      headers: { range: 'bytes=10-' },
    });
    expect(calls.map(sent)).toEqual([
      { url: 'https://lib.one/a1/1/2?quality=high&_xcw=1', authorization: 'x.y+z', cache: 'no-store' },
    ]);
    expect(calls[0]!.method).toBe('HEAD');
    expect(calls[0]!.headers.get('range')).toBe('bytes=10-');
  });

  test('a URL without a token is asked as it is, still no-store', async () => {
    const { fetch, calls } = fakeFetch(() => new Response('{}'));
    await libraryFetch(fetch, 'https://lib.two/info');
    expect(calls.map(sent)).toEqual([{ url: 'https://lib.two/info', authorization: null, cache: 'no-store' }]);
  });

  test('a library that refuses the header (no answer) but answers ?auth= is asked with ?auth= from then on', async () => {
    const { fetch, calls } = fakeFetch((request) => {
      if (request.headers.has('authorization')) throw new TypeError('Failed to fetch');
      return new Response('[]');
    });
    const answer = await libraryFetch(fetch, 'https://lib.three/albums?auth=t');
    expect(answer.status).toBe(200);
    await libraryFetch(fetch, 'https://lib.three/a1/1/1?auth=t', { method: 'HEAD' });
    expect(calls.map(sent)).toEqual([
      { url: 'https://lib.three/albums', authorization: 't', cache: 'no-store' },
      { url: 'https://lib.three/albums?auth=t', authorization: null, cache: 'no-store' },
      { url: 'https://lib.three/a1/1/1?auth=t', authorization: null, cache: 'no-store' },
    ]);
  });

  test('a library out of reach fails with the first error and keeps being asked with the header', async () => {
    const first = new TypeError('Failed to fetch (header)');
    const { fetch, calls } = fakeFetch((request) => {
      throw request.headers.has('authorization') ? first : new TypeError('Failed to fetch');
    });
    await expect(libraryFetch(fetch, 'https://lib.four/albums?auth=t')).rejects.toBe(first);
    await expect(libraryFetch(fetch, 'https://lib.four/albums?auth=t')).rejects.toBe(first);
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual(['t', null, 't', null]);
  });

  test('a cancelled request is not asked again', async () => {
    const controller = new AbortController();
    const { fetch, calls } = fakeFetch(() => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(libraryFetch(fetch, 'https://lib.five/albums?auth=t', { signal: controller.signal })).rejects.toThrow(
      'aborted',
    );
    expect(calls).toHaveLength(1);
  });
});
