import type { Context } from 'hono';

/** Status codes of docs/protocol.md#status-codes (names as in anniv-go). */
export const Status = {
  OK: 0,
  InternalError: 900000,
  WriteErr: 901000,
  ReadErr: 901001,
  NotFound: 902000,
  PermissionDenied: 902001,
  Unauthorized: 902002,
  IllegalParams: 902003,
  InvalidNickname: 102000,
  EmailUnavailable: 102001,
  InvalidPassword: 102010,
  UserNotExist: 102020,
  InvalidPatchCommand: 103003,
  /** The reference server's own: a playlist PATCH carried a `version` the list no longer has. */
  PlaylistChanged: 103010,
  ControlledToken: 104002,
  InvalidInviteCode: 201001,
  TFANotEnabled: 202000,
  Wrong2FACode: 202001,
  Illegal2FASecret: 202002,
  TFAAttemptLimited: 202003,
  TFAAlreadyEnabled: 202004,
} as const;

export type StatusCode = (typeof Status)[keyof typeof Status];

/** A business error: answered as HTTP 200 with the envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: StatusCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Refused before the whole body was read: the answer closes the connection, which cannot carry
 * another request while the rest of the body is on its way.
 */
export class RefusedBody extends ApiError {}

export interface Envelope {
  status: number;
  message: string;
  data: unknown;
}

export function ok(c: Context, data: unknown = null): Response {
  return c.json({ status: Status.OK, message: 'OK', data } satisfies Envelope, 200);
}

const OK_HEAD = Buffer.from(`{"status":${Status.OK},"message":"OK","data":`);
const OK_TAIL = Buffer.from('}');

/** ok() for data that is JSON already (UTF-8, in pieces), joined into the envelope (api/periodCounts.ts). */
export function okJson(c: Context, data: readonly Uint8Array[]): Response {
  return c.body(Buffer.concat([OK_HEAD, ...data, OK_TAIL]), 200, { 'Content-Type': 'application/json' });
}

export function fail(c: Context, status: StatusCode, message: string): Response {
  return c.json({ status, message, data: null } satisfies Envelope, 200);
}

export const unauthorized = (): ApiError => new ApiError(Status.Unauthorized, 'unauthorized');
export const malformed = (what = 'payload'): ApiError => new ApiError(Status.IllegalParams, `malformed ${what}`);
