// Registering an account (docs/protocol.md#user), apart from the rest of the user API: only the
// registration page needs it, so it loads with that page's first submit, not with the first page.
import { sha256Hex } from '@/services/crypto';
import type { RegisterRequest } from '@/shared/types';
import type { ApiClient } from './client';
import { normalizeEmail } from './user';

/** the server answers null and does not log in; the client goes to the login page next */
export async function register(api: ApiClient, request: RegisterRequest): Promise<void> {
  const body: Record<string, string> = {
    email: normalizeEmail(request.email),
    password: await sha256Hex(request.password),
    nickname: request.nickname,
  };
  if (request.inviteCode) body.inviteCode = request.inviteCode;
  if (request.twoFactor) {
    body['2fa_secret'] = request.twoFactor.secret;
    body['2fa_code'] = request.twoFactor.code;
  }
  await api.post('/api/user/register', { body });
}
