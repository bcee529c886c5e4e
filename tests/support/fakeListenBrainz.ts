/**
 * A fake ListenBrainz on loopback for the tests of scrobbling (unit tests over Node's fetch, e2e over
 * Chromium's): a Node `http` server on 127.0.0.1 and a free port that answers the two endpoints the
 * app calls as listenbrainz-server does (listenbrainz/webserver/views/api.py `submit_listen` and
 * `validate_token`, api_tools.py `validate_listen`, decorators.py `crossdomain`, and brainzutils'
 * ratelimit.py for the X-RateLimit-* headers). It records what it took and every request, and the
 * test flips what it does: tokens known or revoked, down, a forced 429 or 400.
 *
 *   const lb = await startFakeListenBrainz({ tokens: { 'good-token': 'lb-user' } });
 *   ... fetch(`${lb.url}/1/submit-listens`, …); lb.submissions; lb.requests
 *   lb.revokeToken('good-token'); lb.setDown('reset'); lb.tooManyNext(30); lb.malformedNext(2);
 *   await lb.stop();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** api_tools.py MAX_LISTEN_SIZE: bytes a listen may take */
const MAX_LISTEN_SIZE = 10_240;
/** api_tools.py MAX_LISTENS_PER_REQUEST */
const MAX_LISTENS_PER_REQUEST = 1_000;
/** api_tools.py MAX_LISTEN_PAYLOAD_SIZE */
const MAX_LISTEN_PAYLOAD_SIZE = MAX_LISTEN_SIZE * MAX_LISTENS_PER_REQUEST;
/** listenstore LISTEN_MINIMUM_TS: 2002-10-01 00:00:00 UTC */
const LISTEN_MINIMUM_TS = 1_033_430_400;
/** webserver API_LISTENED_AT_ALLOWED_SKEW: a listen may be stamped up to an hour ahead */
const LISTENED_AT_ALLOWED_SKEW = 60 * 60;
/** api_tools.py MAX_DURATION_MS_LIMIT: 24 days */
const MAX_DURATION_MS = 24 * 24 * 60 * 60 * 1000;
const LISTEN_TYPES = ['playing_now', 'single', 'import'] as const;
type ListenType = (typeof LISTEN_TYPES)[number];

/** brainzutils' inject_x_rate_headers: the page may read them */
const EXPOSED = 'X-RateLimit-Remaining,X-RateLimit-Limit,X-RateLimit-Reset,X-RateLimit-Reset-In';
/** brainzutils' on_over_limit */
const OVER_LIMIT =
  'You have exceeded your rate limit. See the X-RateLimit-* response headers for more information on your current rate limit.\n';

export interface FakeListenBrainzOptions {
  /** the tokens it knows: token → the ListenBrainz user it belongs to */
  tokens?: Record<string, string>;
  /** requests allowed in one window (brainzutils' default per token: 50) */
  limit?: number;
  /** the window's length in seconds (brainzutils' default: 10) */
  windowSeconds?: number;
  /** the clock (ms) the windows and listened_at checks follow */
  now?: () => number;
}

/** one accepted POST /1/submit-listens */
export interface Submission {
  /** when it was taken (ms, the fake's clock) */
  at: number;
  token: string;
  listenType: ListenType;
  payload: Record<string, unknown>[];
  /** the whole JSON body as sent */
  body: unknown;
}

/** one request as it came (OPTIONS preflights included) */
interface LoggedRequest {
  /** when it came (ms, the fake's clock) */
  at: number;
  method: string;
  path: string;
  /** the token of its Authorization header (or `?token=`), if any */
  token: string | null;
  /** the answer's status; 'reset': its connection was cut */
  status: number | 'reset';
}

export interface FakeListenBrainz {
  /** its address, as typed in 服务地址 (no trailing slash) */
  readonly url: string;
  /** every accepted submission, in order */
  readonly submissions: Submission[];
  /** every request, in order */
  readonly requests: LoggedRequest[];
  /** a token it now knows (a new one, or one revoked before) */
  addToken(token: string, userName: string): void;
  /** a token it no longer knows: validate-token says invalid, submit-listens answers 401 */
  revokeToken(token: string): void;
  /** 'reset': every connection is cut as it comes (no answer); 503: Service Unavailable; false: up */
  setDown(mode: false | 'reset' | 503): void;
  /** the next `times` requests (preflights aside) answer 429 with this X-RateLimit-Reset-In (s) */
  tooManyNext(resetInSeconds: number, times?: number): void;
  /** the next `count` submissions of a known token answer 400, whatever they hold */
  malformedNext(count: number): void;
  stop(): Promise<void>;
}

class BadRequest extends Error {}

/** the listen's integer `listened_at`, as Python's int() reads it; null when it cannot */
function intOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (isObject(value)) return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item));
  return false;
}

/** api_tools.py validate_basic_metadata: a string, stripped; a required one not empty */
function checkBasic(meta: Record<string, unknown>, key: string, required: boolean): void {
  if (key in meta) {
    const value = meta[key];
    if (typeof value !== 'string') throw new BadRequest(`track_metadata.${key} must be a single string.`);
    meta[key] = value.trim();
    if (value.trim() === '') {
      if (required) throw new BadRequest(`field track_metadata.${key} is empty.`);
      delete meta[key];
    }
  } else if (required) {
    throw new BadRequest(`JSON document does not contain required field track_metadata.${key}.`);
  }
}

/** api_tools.py validate_listen (the parts a client can get wrong), plus the size of one listen */
function validateListen(listen: unknown, type: ListenType, nowS: number): void {
  if (!isObject(listen)) throw new BadRequest('Listen is empty and cannot be validated.');
  if (type === 'single' || type === 'import') {
    if (!('listened_at' in listen))
      throw new BadRequest('JSON document must contain the key listened_at at the top level.');
    const at = intOf(listen.listened_at);
    if (at === null) throw new BadRequest('JSON document must contain an int value for listened_at.');
    if (at >= nowS + LISTENED_AT_ALLOWED_SKEW) throw new BadRequest('Value for key listened_at is too high.');
    if (at < LISTEN_MINIMUM_TS)
      throw new BadRequest(
        'Value for key listened_at is too low. listened_at timestamp should be greater than 1033410600 (2002-10-01 00:00:00 UTC).',
      );
    if (!('track_metadata' in listen))
      throw new BadRequest('JSON document must contain the key track_metadata at the top level.');
    if (Object.keys(listen).length > 2)
      throw new BadRequest('JSON document may only contain listened_at and track_metadata top level keys');
  } else {
    if ('listened_at' in listen)
      throw new BadRequest('JSON document must not contain listened_at while submitting playing_now.');
    if (!('track_metadata' in listen))
      throw new BadRequest('JSON document must contain the key track_metadata at the top level.');
    if (Object.keys(listen).length > 1)
      throw new BadRequest(
        'JSON document may only contain track_metadata as top level key when submitting playing_now.',
      );
  }
  // ListenBrainz checks the request's bytes against MAX_LISTEN_SIZE a listen; one listen alone is held to it here too
  if (Buffer.byteLength(JSON.stringify(listen)) > MAX_LISTEN_SIZE)
    throw new BadRequest(`A listen may not be larger than ${MAX_LISTEN_SIZE} bytes.`);
  const meta = listen.track_metadata;
  if (!isObject(meta)) throw new BadRequest('JSON document may not have track_metadata with null value.');
  checkBasic(meta, 'track_name', true);
  checkBasic(meta, 'artist_name', true);
  checkBasic(meta, 'release_name', false);
  const info = meta.additional_info;
  if (info !== undefined) {
    if (!isObject(info)) throw new BadRequest('track_metadata.additional_info must be an object.');
    if ('duration' in info && 'duration_ms' in info)
      throw new BadRequest('JSON document should not contain both duration and duration_ms.');
    if ('duration_ms' in info) {
      const ms = typeof info.duration_ms === 'number' ? Math.trunc(info.duration_ms) : Number.NaN;
      if (!(ms > 0)) throw new BadRequest('Value for duration_ms is invalid, should be a positive integer.');
      if (ms > MAX_DURATION_MS)
        throw new BadRequest(`Value for duration_ms is too large, max permitted value is ${MAX_DURATION_MS}`);
    }
  }
  if (hasNul(listen)) throw new BadRequest('JSON document may not contain unicode null characters.');
}

/** views/api.py submit_listen, after the token: the listens it would insert, or BadRequest */
function validateSubmission(raw: Buffer, nowS: number): { type: ListenType; payload: Record<string, unknown>[] } {
  if (raw.length > MAX_LISTEN_PAYLOAD_SIZE)
    throw new BadRequest(`Payload too large. Payload cannot exceed ${MAX_LISTEN_PAYLOAD_SIZE} bytes`);
  let data: unknown;
  try {
    data = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new BadRequest(`Cannot parse JSON document: ${(error as Error).message}`);
  }
  if (!isObject(data))
    throw new BadRequest('Invalid JSON document submitted. Top level of JSON document should be a json object.');
  if (!('payload' in data)) throw new BadRequest('Invalid JSON document submitted.');
  const { payload } = data;
  if (!Array.isArray(payload)) throw new BadRequest('The payload in the JSON document should be a list of listens.');
  if (payload.length === 0) throw new BadRequest('JSON document does not contain any listens');
  if (payload.length > MAX_LISTENS_PER_REQUEST)
    throw new BadRequest(`Too many listens. You may not submit more than ${MAX_LISTENS_PER_REQUEST} listens at once.`);
  if (raw.length > payload.length * MAX_LISTEN_SIZE)
    throw new BadRequest(`JSON document is too large. Each listens may not be larger than ${MAX_LISTEN_SIZE} bytes.`);
  if (!('listen_type' in data)) throw new BadRequest('Invalid JSON document submitted.');
  const type = data.listen_type;
  if (!LISTEN_TYPES.includes(type as ListenType))
    throw new BadRequest('JSON document requires a valid listen_type key.');
  const listenType = type as ListenType;
  if (listenType !== 'import' && payload.length > 1)
    throw new BadRequest(
      'JSON document contains more than listen for a single/playing_now. It should contain only one.',
    );
  for (const listen of payload) validateListen(listen, listenType, nowS);
  return { type: listenType, payload: payload as Record<string, unknown>[] };
}

/** the token of `Authorization: Token <t>` (ListenBrainz takes the word after the first space) */
function headerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const word = header.split(' ')[1];
  return word === undefined || word === '' ? null : word;
}

export async function startFakeListenBrainz(options: FakeListenBrainzOptions = {}): Promise<FakeListenBrainz> {
  const now = options.now ?? Date.now;
  const limit = options.limit ?? 50;
  const per = options.windowSeconds ?? 10;
  const users = new Map(Object.entries(options.tokens ?? {}));
  const submissions: Submission[] = [];
  const requests: LoggedRequest[] = [];
  /** requests counted per key and window (brainzutils: `key + reset`) */
  const counts = new Map<string, number>();
  let down: false | 'reset' | 503 = false;
  let tooMany: { resetIn: number; times: number } | null = null;
  let malformed = 0;
  const open = new Set<Socket>();

  /** brainzutils' RateLimit: this request counted in its window; the headers every answer carries */
  function rateLimit(key: string): { over: boolean; headers: Record<string, string> } {
    const nowS = Math.floor(now() / 1000);
    const reset = Math.floor(nowS / per) * per + per;
    const countKey = `${key}|${reset}`;
    const current = (counts.get(countKey) ?? 0) + 1;
    counts.set(countKey, current);
    return {
      over: current > limit,
      headers: {
        'Access-Control-Expose-Headers': EXPOSED,
        'X-RateLimit-Remaining': String(Math.max(limit - current, 0)),
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Reset': String(reset),
        'X-RateLimit-Reset-In': String(reset - nowS),
      },
    };
  }

  /** decorators.py crossdomain */
  const cors = (methods: string) => ({
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Max-Age': '21600',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  });

  function answer(
    res: ServerResponse,
    entry: LoggedRequest,
    status: number,
    headers: Record<string, string>,
    body: unknown,
  ) {
    entry.status = status;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      ...headers,
      'Content-Type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
    });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, entry: LoggedRequest): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route =
      url.pathname === '/1/submit-listens'
        ? { methods: 'OPTIONS, POST', method: 'POST' }
        : url.pathname === '/1/validate-token'
          ? { methods: 'GET, HEAD, OPTIONS', method: 'GET' }
          : null;
    if (route === null) {
      answer(res, entry, 404, { 'Access-Control-Allow-Origin': '*' }, { code: 404, error: 'Not found' });
      return;
    }
    const corsHeaders = cors(route.methods);
    if (req.method === 'OPTIONS') {
      res.setHeader('Allow', route.methods);
      answer(res, entry, 200, corsHeaders, '');
      return;
    }
    if (req.method !== route.method) {
      answer(res, entry, 405, corsHeaders, { code: 405, error: 'The method is not allowed for the requested URL.' });
      return;
    }
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
    if (down === 503) {
      answer(res, entry, 503, corsHeaders, { code: 503, error: 'The service is momentarily unavailable.' });
      return;
    }
    const token = entry.token;
    // brainzutils counts per address unless the token is whitelisted; here each token has its window
    const rate = rateLimit(token ?? req.socket.remoteAddress ?? 'address');
    const headers = { ...corsHeaders, ...rate.headers };
    if (tooMany) {
      const { resetIn } = tooMany;
      tooMany = tooMany.times > 1 ? { resetIn, times: tooMany.times - 1 } : null;
      answer(
        res,
        entry,
        429,
        { ...headers, 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset-In': String(resetIn) },
        OVER_LIMIT,
      );
      return;
    }
    if (rate.over) {
      answer(res, entry, 429, headers, OVER_LIMIT);
      return;
    }

    if (url.pathname === '/1/validate-token') {
      const header = req.headers.authorization;
      const checked =
        header?.toLowerCase().startsWith('token ') === true
          ? (header.split(' ')[1] ?? '')
          : (url.searchParams.get('token') ?? '');
      if (checked === '') {
        answer(res, entry, 400, headers, { code: 400, error: 'You need to provide an Authorization token.' });
        return;
      }
      const userName = users.get(checked);
      answer(
        res,
        entry,
        200,
        headers,
        userName === undefined
          ? { code: 200, message: 'Token invalid.', valid: false }
          : { code: 200, message: 'Token valid.', valid: true, user_name: userName },
      );
      return;
    }

    // POST /1/submit-listens
    if (!req.headers.authorization) {
      answer(res, entry, 401, headers, { code: 401, error: 'You need to provide an Authorization header.' });
      return;
    }
    if (token === null) {
      answer(res, entry, 401, headers, { code: 401, error: 'Provided Authorization header is invalid.' });
      return;
    }
    if (!users.has(token)) {
      answer(res, entry, 401, headers, { code: 401, error: 'Invalid authorization token.' });
      return;
    }
    if (malformed > 0) {
      malformed--;
      answer(res, entry, 400, headers, { code: 400, error: 'Forced by the test: this submission is refused.' });
      return;
    }
    try {
      const { type, payload } = validateSubmission(raw, Math.floor(now() / 1000));
      submissions.push({ at: now(), token, listenType: type, payload, body: JSON.parse(raw.toString('utf8')) });
      answer(res, entry, 200, headers, { status: 'ok' });
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      answer(res, entry, 400, headers, { code: 400, error: error.message });
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const entry: LoggedRequest = {
      at: now(),
      method: req.method ?? 'GET',
      path: url.pathname,
      token: headerToken(req) ?? url.searchParams.get('token'),
      status: 'reset',
    };
    requests.push(entry);
    if (down === 'reset') {
      req.socket.destroy();
      return;
    }
    handle(req, res, entry).catch((error: unknown) => {
      entry.status = 500;
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    submissions,
    requests,
    addToken: (token, userName) => void users.set(token, userName),
    revokeToken: (token) => void users.delete(token),
    setDown(mode) {
      down = mode;
      // connections kept alive would otherwise still be answered
      if (mode === 'reset') for (const socket of open) socket.destroy();
    },
    tooManyNext(resetIn, times = 1) {
      tooMany = { resetIn, times };
    },
    malformedNext(count) {
      malformed = count;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
