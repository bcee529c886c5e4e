import { describe, expect, test, vi } from 'vitest';
import { createApiClient } from '@/services/api/client';
import { ApiError, BadResponseError, NetworkError, errorMessage, isUnauthorized } from '@/services/api/errors';
import { BASE, envelope, fakeApi, fakeFetch, json } from './fakeFetch';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to fail');
}

describe('api client: envelope', () => {
  test('status 0 gives data with keys converted to camelCase', async () => {
    const { api, last } = fakeApi(() => envelope({ site_name: 'Anniv', user_id: '1', '2fa_enabled': true }));
    await expect(api.get('/api/info')).resolves.toEqual({ siteName: 'Anniv', userId: '1', '2fa_enabled': true });
    expect(last().method).toBe('GET');
    expect(last().url.href).toBe(`${BASE}/api/info`);
    expect(last().credentials).toBe('include');
  });

  test('every call asks that nothing of its answer is kept by the HTTP cache (library tokens, the user)', async () => {
    const { api, calls } = fakeApi(() => envelope([]));
    await api.get('/api/credential');
    await api.post('/api/user/logout');
    expect(calls.map((call) => call.cache)).toEqual(['no-store', 'no-store']);
  });

  test('convertResponse: false leaves the data as sent', async () => {
    const graph = { 'artist:Foo_Bar': ['group:Minato_Strings'] };
    const { api } = fakeApi(() => envelope(graph));
    await expect(api.get('/api/meta/tag-graph', { convertResponse: false })).resolves.toEqual(graph);
  });

  test('a non-zero status throws ApiError with the status and the server message', async () => {
    const { api } = fakeApi(() => envelope(null, 102010, 'email and password does not match'));
    const error = await caught(api.post('/api/user/login', { body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(102010);
    expect((error as ApiError).message).toBe('email and password does not match');
    expect(errorMessage(error)).toBe('email and password does not match');
  });

  test('902002 is recognised as unauthorized', async () => {
    const { api } = fakeApi(() => envelope(null, 902002, 'unauthorized'));
    const error = await caught(api.get('/api/user/info'));
    expect(isUnauthorized(error)).toBe(true);
    expect(isUnauthorized(new ApiError(902003, 'x'))).toBe(false);
  });

  test('null data comes back as null', async () => {
    const { api } = fakeApi(() => envelope(null));
    await expect(api.post('/api/user/logout')).resolves.toBeNull();
  });
});

describe('api client: network failures', () => {
  test('HTTP 500 gives the exact network error text', async () => {
    const { api } = fakeApi(() => new Response('oops', { status: 500, statusText: 'Internal Server Error' }));
    const error = await caught(api.get('/api/info'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('网络错误: 500 Internal Server Error');
    expect((error as NetworkError).httpStatus).toBe(500);
  });

  test('HTTP 404 with a JSON envelope is still a network error', async () => {
    const { api } = fakeApi(() =>
      json({ status: 0, message: 'OK', data: 1 }, { status: 404, statusText: 'Not Found' }),
    );
    const error = await caught(api.get('/api/nothing'));
    expect(errorMessage(error)).toBe('网络错误: 404 Not Found');
  });

  test('HTTP 413 with an error envelope shows the server message (a body too large)', async () => {
    const { api } = fakeApi(() =>
      json(
        { status: 902003, message: 'request body too large (at most 16 KiB)', data: null },
        { status: 413, statusText: 'Payload Too Large' },
      ),
    );
    const error = await caught(api.post('/api/user/login', { body: { email: 'x' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(902003);
    expect((error as ApiError).httpStatus).toBe(413);
    expect(errorMessage(error)).toBe('request body too large (at most 16 KiB)');
  });

  test('only one request is made on failure (no retries)', async () => {
    const { api, calls } = fakeApi(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await caught(api.get('/api/info'));
    expect(calls).toHaveLength(1);
  });

  test('a rejected fetch gives 未知网络错误', async () => {
    const { api } = fakeApi(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await caught(api.get('/api/info'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('未知网络错误');
    expect((error as NetworkError).httpStatus).toBeNull();
  });

  test('a time-out aborts the request and gives 未知网络错误', async () => {
    const { api, calls } = fakeApi(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal?.addEventListener('abort', () => reject(request.signal?.reason));
        }),
      { timeout: 20 },
    );
    const error = await caught(api.get('/api/info'));
    expect(errorMessage(error)).toBe('未知网络错误');
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  test('the default time-out is 10 s: not before, but at 10 000 ms', async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = fakeFetch(
        (request) =>
          new Promise<Response>((_resolve, reject) => {
            request.signal?.addEventListener('abort', () => reject(request.signal?.reason));
          }),
      );
      let settled: unknown = 'pending';
      const pending = createApiClient({ baseURL: BASE, fetch })
        .get('/api/info')
        .catch((e: unknown) => {
          settled = e;
        });
      await vi.advanceTimersByTimeAsync(9_999);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(errorMessage(settled)).toBe('未知网络错误');
    } finally {
      vi.useRealTimers();
    }
  });

  test.each([
    ['an HTML page', '<!doctype html><html><body>index</body></html>', 'text/html'],
    ['JSON that is not an envelope', JSON.stringify({ site_name: 'x' }), 'application/json'],
    ['JSON with a string status', JSON.stringify({ status: '0', data: 1 }), 'application/json'],
    ['an empty body', '', 'application/json'],
  ])('a 200 with %s gives the bad-response error', async (_name, body, type) => {
    const { api } = fakeApi(() => new Response(body, { status: 200, headers: { 'content-type': type } }));
    const error = await caught(api.get('/api/info'));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(errorMessage(error)).toBe('服务器返回了无法识别的数据');
  });
});

describe('api client: requests', () => {
  test('the XSRF cookie is echoed as a header only when it exists', async () => {
    let cookie: string | undefined;
    const { api, last } = fakeApi(() => envelope(null), {
      getCookie: (name) => (name === 'XSRF-TOKEN' ? cookie : undefined),
    });
    await api.post('/api/user/logout');
    expect(last().headers.has('x-xsrf-token')).toBe(false);
    cookie = 'tok en';
    await api.post('/api/user/logout');
    expect(last().headers.get('x-xsrf-token')).toBe('tok en');
  });

  test('GET sends the query, arrays as repeated keys written as given, and no body', async () => {
    const { api, last } = fakeApi(() => envelope({}));
    await api.get('/api/meta/album', { query: { 'id[]': ['a', 'b'], recursive: undefined, tag: null } });
    expect(last().url.pathname).toBe('/api/meta/album');
    expect(last().url.searchParams.getAll('id[]')).toEqual(['a', 'b']);
    expect([...last().url.searchParams.keys()]).toEqual(['id[]', 'id[]']);
    expect(last().rawBody).toBeUndefined();
  });

  test('query keys are snake_cased unless conversion is off', async () => {
    const { api, last } = fakeApi(() => envelope({}));
    await api.get('/api/search', { query: { keyword: '海', searchAlbums: true } });
    expect(last().url.searchParams.get('keyword')).toBe('海');
    expect(last().url.searchParams.get('search_albums')).toBe('true');
    await api.get('/api/x', { query: { someKey: 1 }, convertRequest: false });
    expect(last().url.search).toBe('?someKey=1');
  });

  test('GET ignores a body', async () => {
    const { api, last } = fakeApi(() => envelope({}));
    await api.get('/api/info', { body: { a: 1 } });
    expect(last().rawBody).toBeUndefined();
  });

  test.each(['post', 'put', 'patch', 'delete'] as const)('%s sends a snake_case JSON body', async (method) => {
    const { api, last } = fakeApi(() => envelope(null));
    await api[method]('/api/playlist', { body: { id: '3', isPublic: true } });
    expect(last().method).toBe(method.toUpperCase());
    expect(last().headers.get('content-type')).toBe('application/json');
    expect(last().body).toEqual({ id: '3', is_public: true });
  });

  test('DELETE carries its JSON body', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await api.delete('/api/credential', { body: { id: 'c1' } });
    expect(last().method).toBe('DELETE');
    expect(last().rawBody).toBe('{"id":"c1"}');
  });

  test('convertRequest: false sends the body as given', async () => {
    const { api, last } = fakeApi(() => envelope('abcdefgh'));
    const body = { info: { name: 'n', cover: { album_id: 'a', disc_id: 1 } }, albums: { someAlbum: 'c1' } };
    await expect(api.post('/api/share', { body, convertRequest: false })).resolves.toBe('abcdefgh');
    expect(last().body).toEqual(body);
  });

  test('an array body is sent as a JSON array', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await api.post('/api/stat', { body: [{ track: { albumId: 'a', discId: 1, trackId: 2 }, at: [100] }] });
    expect(last().body).toEqual([{ track: { album_id: 'a', disc_id: 1, track_id: 2 }, at: [100] }]);
  });

  test('without a body, no body is sent', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await api.post('/api/user/logout');
    expect(last().rawBody).toBeUndefined();
  });

  test('baseURL "" keeps same-origin paths', async () => {
    const urls: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return envelope(1);
    }) as typeof globalThis.fetch;
    await createApiClient({ fetch, getCookie: () => undefined }).get('/api/info', { query: { a: 1 } });
    expect(urls).toEqual(['/api/info?a=1']);
  });
});

describe('api client: onAnswer and onError', () => {
  test('a call that succeeds is told to onAnswer with its path, never to onError', async () => {
    const answered: string[] = [];
    const onError = vi.fn();
    const { api } = fakeApi(() => envelope({}), { onAnswer: (path) => answered.push(path), onError });
    await api.get('/api/info');
    await api.post('/api/user/logout');
    expect(answered).toEqual(['/api/info', '/api/user/logout']);
    expect(onError).not.toHaveBeenCalled();
  });

  test.each([
    ['an error envelope', () => envelope(null, 902002, 'unauthorized'), ApiError],
    ['a proxy page', () => new Response('bad gateway', { status: 502 }), NetworkError],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch')), NetworkError],
  ])('%s is told to onError with the very error the call throws, never to onAnswer', async (_, respond, kind) => {
    const errors: [unknown, string][] = [];
    const onAnswer = vi.fn();
    const { api } = fakeApi(respond, { onAnswer, onError: (error, path) => errors.push([error, path]) });
    const thrown = await caught(api.get('/api/user/info'));
    expect(thrown).toBeInstanceOf(kind);
    expect(errors).toEqual([[thrown, '/api/user/info']]);
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('errorMessage', () => {
  test.each([
    [new ApiError(1, 'server says no'), 'server says no'],
    [new Error('plain'), 'plain'],
    ['a string', 'a string'],
    [{ message: 'object with message' }, 'object with message'],
    [new Error(''), '未知错误'],
    [undefined, '未知错误'],
    [42, '未知错误'],
  ])('%#', (input, expected) => {
    expect(errorMessage(input)).toBe(expected);
  });
});
