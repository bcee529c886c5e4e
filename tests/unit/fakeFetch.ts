// A fake `fetch` for service tests: records each request and answers with a handler.
import { createApiClient, type ApiClient, type ApiClientOptions } from '@/services/api/client';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** the parsed JSON body, or undefined when none was sent */
  body: unknown;
  rawBody: string | undefined;
  credentials: RequestCredentials | undefined;
  /** the HTTP cache mode asked for (`no-store`: nothing of the answer is kept) */
  cache: RequestCache | undefined;
  signal: AbortSignal | undefined;
}

export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export const BASE = 'http://anniv.test';

export function json(value: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(value), {
    status: 200,
    headers: { 'content-type': 'application/json' },
    ...init,
  });
}

export function envelope(data: unknown, status = 0, message = 'OK'): Response {
  return json({ status, message, data });
}

export function fakeFetch(respond: Responder) {
  const calls: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init.headers),
      body: rawBody === undefined ? undefined : (JSON.parse(rawBody) as unknown),
      rawBody,
      credentials: init.credentials,
      cache: init.cache,
      signal: init.signal ?? undefined,
    };
    calls.push(request);
    return respond(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** an ApiClient over a fake fetch */
export function fakeApi(respond: Responder, options: Omit<ApiClientOptions, 'fetch'> = {}) {
  const { fetch, calls } = fakeFetch(respond);
  const api: ApiClient = createApiClient({ baseURL: BASE, getCookie: () => undefined, ...options, fetch });
  const last = (): RecordedRequest => {
    const call = calls.at(-1);
    if (!call) throw new Error('no request was made');
    return call;
  };
  return { api, calls, last };
}
