// A registration as the form has it, sent (docs/behaviour.md#form-checks): loaded with the first one.
import type { ApiClient } from '@/services/api/client';
import { register } from '@/services/api/register';
import { normalCode, type RegisterForm } from './forms';

export async function registerAccount(api: ApiClient, input: RegisterForm): Promise<void> {
  await register(api, {
    email: input.email,
    password: input.password,
    nickname: input.nickname,
    inviteCode: input.inviteCode.trim() || undefined,
    ...(input.twoFactor
      ? { twoFactor: { secret: input.twoFactor.secret, code: normalCode(input.twoFactor.code) } }
      : {}),
  });
}
