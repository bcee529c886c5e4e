// The user info record as the API answers it and as this device stores it (localStorage `userInfo`):
// one reader for both, so a stored copy is checked like an answer.
import { isRecord, readBoolean, readId, readString } from './narrow';
import type { UserInfo } from '@/shared/types';

/**
 * Narrows a user info object: the converted answer (`userId`), the wire form (`user_id`) or a stored
 * copy (`twoFactorEnabled`). `2fa_enabled` is read literally; it is never case-converted.
 */
export function parseUserInfo(value: unknown): UserInfo | null {
  if (!isRecord(value)) return null;
  const userId = readId(value.userId ?? value.user_id);
  const nickname = value.nickname;
  if (userId === null || typeof nickname !== 'string') return null;
  return {
    userId,
    email: readString(value.email, ''),
    nickname,
    avatar: readString(value.avatar, ''),
    twoFactorEnabled: readBoolean(value['2fa_enabled'] ?? value.twoFactorEnabled, false),
    ...recoveryCodesLeftOf(value.recoveryCodesLeft ?? value.recovery_codes_left),
  };
}

/** the count of recovery codes left, only when the server sent one (anniv-go has none): a whole number 0 or more */
function recoveryCodesLeftOf(value: unknown): { recoveryCodesLeft?: number } {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? { recoveryCodesLeft: value } : {};
}
