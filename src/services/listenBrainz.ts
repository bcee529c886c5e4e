// ListenBrainz's API as this client uses it (docs/protocol.md#listenbrainz): a token checked with
// GET /1/validate-token, listens sent with POST /1/submit-listens. Every failure is a
// ListenBrainzError saying what kind it was, for the scrobbler's rules; the wait the service asks
// for (X-RateLimit-*) comes back with each answer.
import { hasErrorName } from '@/shared/errors';
import { isRecord } from '@/rules/narrow';
import { rateWaitMs, tooManyWaitMs, type Listen } from '@/rules/listens';
import { text } from '@/shared/text';

export type ListenBrainzFailure =
  /** 401: the token is not (or no longer) valid */
  | 'refused'
  /** 400: ListenBrainz could not take the listens as sent */
  | 'malformed'
  /** 429: too many requests; `waitMs` says for how long */
  | 'tooMany'
  /** no answer (offline, the service down, blocked) or a server error (5xx) or an answer that is no JSON */
  | 'unreachable';

class ListenBrainzError extends Error {
  override readonly name = 'ListenBrainzError';
  readonly kind: ListenBrainzFailure;
  /** for `tooMany`: how long the service asked to wait (ms) */
  readonly waitMs: number;
  constructor(kind: ListenBrainzFailure, waitMs = 0, options?: { cause?: unknown }) {
    super(text.scrobbling.failures[kind], options);
    this.kind = kind;
    this.waitMs = waitMs;
  }
}

/** the kind of a ListenBrainz failure, read as data (an exported path's error takes the same branch); null for any other error */
export function listenBrainzFailureOf(error: unknown): ListenBrainzFailure | null {
  if (!hasErrorName(error, 'ListenBrainzError')) return null;
  const { kind } = error;
  return kind === 'refused' || kind === 'malformed' || kind === 'tooMany' || kind === 'unreachable' ? kind : null;
}

/** how long a `tooMany` failure asks to wait (ms), read as data */
export function waitAskedOf(error: unknown): number {
  if (!hasErrorName(error, 'ListenBrainzError')) return 0;
  return typeof error.waitMs === 'number' && Number.isFinite(error.waitMs) && error.waitMs > 0 ? error.waitMs : 0;
}

export interface ListenBrainzTarget {
  fetch: typeof globalThis.fetch;
  /** the service's address, e.g. https://api.listenbrainz.org (no trailing slash) */
  url: string;
  token: string;
}

export type TokenCheck = { valid: true; userName: string } | { valid: false };

async function call(target: ListenBrainzTarget, path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await target.fetch(`${target.url}${path}`, {
      ...init,
      headers: { ...init.headers, Authorization: `Token ${target.token}` },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch (error) {
    throw new ListenBrainzError('unreachable', 0, { cause: error });
  }
  if (response.ok) return response;
  if (response.status === 401) throw new ListenBrainzError('refused');
  if (response.status === 400) throw new ListenBrainzError('malformed');
  if (response.status === 429)
    throw new ListenBrainzError('tooMany', tooManyWaitMs(response.headers.get('X-RateLimit-Reset-In')));
  throw new ListenBrainzError('unreachable');
}

async function json(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    throw new ListenBrainzError('unreachable', 0, { cause: error });
  }
}

/** asks whose token this is (a token ListenBrainz does not know answers valid: false, not 401) */
export async function validateToken(target: ListenBrainzTarget): Promise<TokenCheck> {
  const answer = await json(await call(target, '/1/validate-token', { method: 'GET' }));
  if (!isRecord(answer)) throw new ListenBrainzError('unreachable');
  if (answer.valid === true && typeof answer.user_name === 'string' && answer.user_name !== '')
    return { valid: true, userName: answer.user_name };
  return { valid: false };
}

export type ListenType = 'playing_now' | 'single' | 'import';

/** sends listens; resolves with the wait (ms) the service's headers ask before the next request */
export async function submitListens(target: ListenBrainzTarget, type: ListenType, listens: Listen[]): Promise<number> {
  const response = await call(target, '/1/submit-listens', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ listen_type: type, payload: listens }),
  });
  return rateWaitMs({
    remaining: response.headers.get('X-RateLimit-Remaining'),
    resetIn: response.headers.get('X-RateLimit-Reset-In'),
  });
}
