// The user's account: info, login, logout, profile, password (docs/protocol.md#user); registering is in register.ts.
import { sha256Hex } from '@/services/crypto';
import type { ApiClient } from './client';
import { BadResponseError, isUnauthorized } from './errors';
import { parseUserInfo } from '@/rules/userInfo';
import { isRecord, readStringArray } from '@/rules/narrow';
import type {
  AccountDeletion,
  LoginRequest,
  PasswordChangeRequest,
  ProfileRequest,
  RecoveryCodesRequest,
  TwoFactorSetup,
  UserInfo,
} from '@/shared/types';

/** real servers accept only lower-case addresses (docs/protocol.md#user) */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function requireUserInfo(value: unknown): UserInfo {
  const info = parseUserInfo(value);
  if (!info) throw new BadResponseError();
  return info;
}

export async function getUserInfo(api: ApiClient): Promise<UserInfo> {
  return requireUserInfo(await api.get('/api/user/info'));
}

/** like getUserInfo, but 902002 (no session) gives null instead of an error (docs/behaviour.md#sign-in-state) */
export async function getUserInfoOrNull(api: ApiClient): Promise<UserInfo | null> {
  try {
    return await getUserInfo(api);
  } catch (e) {
    if (isUnauthorized(e)) return null;
    throw e;
  }
}

export async function login(api: ApiClient, request: LoginRequest): Promise<UserInfo> {
  const body: Record<string, string> = {
    email: normalizeEmail(request.email),
    password: await sha256Hex(request.password),
  };
  // digit-leading key: sent literally (docs/protocol.md#keys-on-the-wire)
  if (request.twoFactorCode) body['2fa_code'] = request.twoFactorCode;
  return requireUserInfo(await api.post('/api/user/login', { body }));
}

export async function logout(api: ApiClient): Promise<void> {
  await api.post('/api/user/logout');
}

/** PATCH /api/user/intro answers null: read the user again with getUserInfo afterwards (docs/protocol.md#user) */
export async function updateProfile(api: ApiClient, request: ProfileRequest): Promise<void> {
  await api.patch('/api/user/intro', { body: { nickname: request.nickname, avatar: request.avatar } });
}

/** on success the server drops every session of the user: the client must log in again */
export async function changePassword(api: ApiClient, request: PasswordChangeRequest): Promise<void> {
  const [oldPassword, newPassword] = await Promise.all([
    sha256Hex(request.oldPassword),
    sha256Hex(request.newPassword),
  ]);
  const body: Record<string, string> = { oldPassword, newPassword };
  if (request.twoFactorCode) body['2fa_code'] = request.twoFactorCode;
  await api.patch('/api/user/password', { body });
}

/** turning two-step sign-in on (POST) and off (DELETE) */
export const TWO_FACTOR_PATH = '/api/features/2fa';

/** new recovery codes for a user who has two-step sign-in on (the reference server's) */
const RECOVERY_CODES_PATH = '/api/features/2fa/recovery';

/** the recovery codes of an answer (`{recovery_codes: [...]}`), or null for anniv-go's `null` */
function recoveryCodesOf(value: unknown): string[] | null {
  if (!isRecord(value) || !Array.isArray(value.recoveryCodes)) return null;
  const codes = readStringArray(value.recoveryCodes);
  return codes.length > 0 ? codes : null;
}

/**
 * POST /api/features/2fa: on from now; 202004 when on already, 202001 when the code does not fit,
 * 102010 when the password is wrong. The password is always sent (anniv-go ignores it); the answer
 * is the recovery codes, or null from a server that has none.
 */
export async function enableTwoFactor(api: ApiClient, setup: TwoFactorSetup): Promise<string[] | null> {
  const body = { '2fa_secret': setup.secret, '2fa_code': setup.code, password: await sha256Hex(setup.password) };
  return recoveryCodesOf(await api.post(TWO_FACTOR_PATH, { body }));
}

/** POST /api/features/2fa/recovery: new codes; the old ones stop working */
export async function renewRecoveryCodes(api: ApiClient, request: RecoveryCodesRequest): Promise<string[]> {
  const body = { password: await sha256Hex(request.password), '2fa_code': request.code };
  const codes = recoveryCodesOf(await api.post(RECOVERY_CODES_PATH, { body }));
  if (!codes) throw new BadResponseError();
  return codes;
}

/** DELETE /api/features/2fa with a current code */
export async function disableTwoFactor(api: ApiClient, code: string): Promise<void> {
  await api.delete(TWO_FACTOR_PATH, { body: { '2fa_code': code } });
}

/** POST /api/user/revoke: the account and everything of it are gone; the session ends */
export async function deleteAccount(api: ApiClient, request: AccountDeletion): Promise<void> {
  const body: Record<string, string> = { password: await sha256Hex(request.password) };
  if (request.twoFactorCode) body['2fa_code'] = request.twoFactorCode;
  await api.post('/api/user/revoke', { body });
}
