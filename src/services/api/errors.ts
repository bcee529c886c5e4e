// Errors thrown by the API client. Each carries a message fit for a toast (docs/behaviour.md#errors-and-messages).
import { STATUS_UNAUTHORIZED } from '@/shared/firstPageConstants';
import { hasErrorName } from '@/shared/errors';
import { text } from '@/shared/firstPageText';

/** the server answered with an envelope whose status is not 0; message = the server's message */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** the Anniv status code (docs/protocol.md#status-codes) */
  readonly status: number;
  readonly httpStatus: number;
  constructor(status: number, message: string, httpStatus = 200) {
    super(message);
    this.status = status;
    this.httpStatus = httpStatus;
  }
}

/** the request did not get a usable HTTP answer: non-2xx status, or no response at all */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** the HTTP status, or null when there was no response (offline, aborted, timed out) */
  readonly httpStatus: number | null;
  readonly statusText: string;
  readonly status: null = null;
  constructor(httpStatus: number | null, statusText = '', options?: { cause?: unknown }) {
    super(httpStatus === null ? text.errors.unknownNetwork : text.errors.network(httpStatus, statusText), options);
    this.httpStatus = httpStatus;
    this.statusText = statusText;
  }
}

/** a 2xx answer that is not JSON or not shaped as expected (e.g. an HTML page) */
export class BadResponseError extends Error {
  override readonly name = 'BadResponseError';
  readonly httpStatus: number;
  readonly status: null = null;
  constructor(httpStatus = 200, options?: { cause?: unknown }) {
    super(text.errors.badResponse, options);
    this.httpStatus = httpStatus;
  }
}

// The predicates below read an error's name and fields, never its class: a machine's guards take
// the same branch for the error thrown and for `{name: 'ApiError', message, status, httpStatus}`
// parsed from an exported path (docs/qa.md#replay-an-exported-file). The classes are for throwing.

/** What an ApiError says, whether the instance or its fields parsed from JSON. */
export interface ApiErrorData {
  name: 'ApiError';
  message: string;
  status: number;
  httpStatus: number;
}

/** the server gave no answer at all (offline, server down, timed out), as opposed to an error answer */
export function gotNoAnswer(e: unknown): boolean {
  return hasErrorName(e, 'NetworkError') && e.httpStatus === null;
}

/** a library refused the token (401, or 403 from a proxy in front of it): expired or ended, not broken */
export function isTokenRefused(e: unknown): boolean {
  return hasErrorName(e, 'NetworkError') && (e.httpStatus === 401 || e.httpStatus === 403);
}

/** the server's envelope said no (with that Anniv status, when one is given) */
export function isApiError(e: unknown, status?: number): e is ApiErrorData {
  return hasErrorName(e, 'ApiError') && typeof e.status === 'number' && (status === undefined || e.status === status);
}

/** 902002: no session; on the user info call this silently means "logged out" (docs/behaviour.md#sign-in-state) */
export function isUnauthorized(e: unknown): boolean {
  return isApiError(e, STATUS_UNAUTHORIZED);
}

/** the user-facing text for anything thrown */
export function errorMessage(e: unknown): string {
  if (typeof e === 'string' && e !== '') return e;
  if (e !== null && typeof e === 'object' && 'message' in e) {
    const message = (e as { message: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return text.errors.unknown;
}
