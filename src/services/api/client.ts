// The one HTTP client for the Anniv API (docs/protocol.md#envelope): ofetch with a base path, 10 s time-out,
// no retries, cookies included, nothing kept by the HTTP cache, XSRF cookie echoed, envelope unwrapped, keys case-converted.
import { createFetch } from 'ofetch';
import { REQUEST_TIMEOUT_MS, STATUS_OK } from '@/shared/firstPageConstants';
import { ApiError, BadResponseError, NetworkError } from './errors';
import { toCamelCase, toSnakeCase, snakeKey } from '@/rules/case';
import { isRecord } from '@/rules/narrow';
import { text } from '@/shared/firstPageText';

type QueryScalar = string | number | boolean;
/** null/undefined values are left out; arrays become repeated keys, written exactly as given */
type Query = Record<string, QueryScalar | readonly QueryScalar[] | null | undefined>;

interface RequestOptions {
  query?: Query;
  /** JSON body; ignored for GET */
  body?: unknown;
  /** convert outgoing keys (query and body) to snake_case; default true */
  convertRequest?: boolean;
  /** convert incoming keys of `data` to camelCase; default true */
  convertResponse?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `T` is not checked: treat answers as unknown and narrow them in the service */
export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * The server's clock now (ms since the epoch), as the `Date` of its last answer tells it (to the
   * second); this device's clock until an answer came. Plays stamped far ahead of it are not sent.
   */
  serverNow(): number;
}

export interface ApiClientOptions {
  /** prefix of every path; '' = same origin (the API lives under /api there) */
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  timeout?: number;
  /** reads a cookie by name; defaults to document.cookie */
  getCookie?: (name: string) => string | undefined;
  /** told of every call that succeeded (the app: the server is reachable) */
  onAnswer?: (path: string) => void;
  /**
   * told of every failed call before it is thrown (the app: no answer = offline, 902002 = the session
   * ended); what it returns is ignored, the error is thrown as it is
   */
  onError?: (error: unknown, path: string) => void;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readDocumentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  let cookies: string;
  try {
    cookies = document.cookie;
  } catch {
    return undefined;
  }
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

function queryString(query: Query, convert: boolean): string {
  const params = new URLSearchParams();
  for (const [rawKey, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    const key = convert ? snakeKey(rawKey) : rawKey;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) params.append(key, String(item));
  }
  return params.toString();
}

function unwrapEnvelope(bodyText: unknown, httpStatus: number): { status: number; message: string; data: unknown } {
  if (typeof bodyText !== 'string' || bodyText === '') throw new BadResponseError(httpStatus);
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch (e) {
    throw new BadResponseError(httpStatus, { cause: e });
  }
  if (!isRecord(parsed) || typeof parsed.status !== 'number' || !Number.isFinite(parsed.status)) {
    throw new BadResponseError(httpStatus);
  }
  return {
    status: parsed.status,
    message: typeof parsed.message === 'string' ? parsed.message : '',
    data: parsed.data ?? null,
  };
}

/** the envelope of a non-2xx answer, when it has one with a status and a message */
function readErrorEnvelope(bodyText: unknown): { status: number; message: string } | null {
  if (typeof bodyText !== 'string' || bodyText === '') return null;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (
      isRecord(parsed) &&
      typeof parsed.status === 'number' &&
      parsed.status !== STATUS_OK &&
      typeof parsed.message === 'string' &&
      parsed.message !== ''
    ) {
      return { status: parsed.status, message: parsed.message };
    }
  } catch {
    // not JSON: a proxy's page
  }
  return null;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseURL = '', timeout = REQUEST_TIMEOUT_MS, getCookie = readDocumentCookie, onAnswer, onError } = options;
  // Resolve fetch at call time so a late-installed global (tests, polyfills) is honoured.
  const $fetch = createFetch({
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
  });

  // the server's clock minus this device's, from the `Date` of the last answer
  let serverClockOffsetMs = 0;
  function readServerClock(date: string | null, sentAt: number): void {
    const server = date === null ? Number.NaN : Date.parse(date);
    // the header has whole seconds: its middle, against the middle of the exchange
    if (Number.isFinite(server)) serverClockOffsetMs = server + 500 - (sentAt + Date.now()) / 2;
  }

  async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
    let result: T;
    try {
      result = await send<T>(method, path, opts);
    } catch (error) {
      onError?.(error, path);
      throw error;
    }
    onAnswer?.(path);
    return result;
  }

  async function send<T>(method: Method, path: string, opts: RequestOptions): Promise<T> {
    const convertRequest = opts.convertRequest ?? true;
    const convertResponse = opts.convertResponse ?? true;

    let url = path;
    if (opts.query) {
      const qs = queryString(opts.query, convertRequest);
      if (qs) url += (url.includes('?') ? '&' : '?') + qs;
    }

    const headers = new Headers({ accept: 'application/json' });
    const xsrf = getCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);

    let body: string | undefined;
    if (method !== 'GET' && opts.body !== undefined) {
      body = JSON.stringify(convertRequest ? toSnakeCase(opts.body) : opts.body);
      headers.set('content-type', 'application/json');
    }

    let response: Awaited<ReturnType<typeof $fetch.raw<string, 'text'>>>;
    const sentAt = Date.now();
    try {
      response = await $fetch.raw<string, 'text'>(url, {
        method,
        baseURL,
        headers,
        body,
        credentials: 'include',
        // nothing of the API is kept by the HTTP cache: its answers carry library tokens and the
        // user's data, which would outlive sign-out there (docs/architecture.md#nothing-kept-after-sign-out)
        cache: 'no-store',
        timeout,
        retry: false,
        responseType: 'text',
        ignoreResponseError: true,
      });
    } catch (e) {
      // no response: offline, CORS, aborted or timed out
      throw new NetworkError(null, '', { cause: e });
    }
    readServerClock(response.headers.get('date'), sentAt);

    if (response.status < 200 || response.status > 299) {
      // a server that explains itself in an envelope (413 body too large) is shown in its words
      const explained = readErrorEnvelope(response._data);
      if (explained) throw new ApiError(explained.status, explained.message, response.status);
      throw new NetworkError(response.status, response.statusText);
    }
    const envelope = unwrapEnvelope(response._data, response.status);
    if (envelope.status !== STATUS_OK) {
      throw new ApiError(
        envelope.status,
        envelope.message || `${text.errors.unknown} (${envelope.status})`,
        response.status,
      );
    }
    return (convertResponse ? toCamelCase(envelope.data) : envelope.data) as T;
  }

  return {
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T>(path: string, opts?: RequestOptions) => request<T>('POST', path, opts),
    put: <T>(path: string, opts?: RequestOptions) => request<T>('PUT', path, opts),
    patch: <T>(path: string, opts?: RequestOptions) => request<T>('PATCH', path, opts),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
    serverNow: () => Date.now() + serverClockOffsetMs,
  };
}
