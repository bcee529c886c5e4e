// The account's form rules (docs/behaviour.md#form-checks): each returns the first failing message, or
// null when the form is valid. The code of two-step sign-in is checked as at sign-in (the session's).
import { blank, codeError, nicknameTooLong, totpCodeError } from '@/features/session/session.public';
import { AVATAR_MAX, NICKNAME_MAX_BYTES } from '@/shared/constants';
import { text } from '@/shared/text';
import type { RecoveryCodesRequest, TwoFactorSetup } from '@/shared/types';

export interface ProfileForm {
  nickname: string;
  avatar: string;
}

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** asked only of a user with two-step sign-in on */
  twoFactorCode?: string;
}

export interface DeleteAccountForm {
  password: string;
  /** asked only of a user with two-step sign-in on */
  twoFactorCode?: string;
}

export function profileError(form: ProfileForm): string | null {
  if (blank(form.nickname)) return text.user.nicknameRequired;
  if (nicknameTooLong(form.nickname)) return text.auth.nicknameTooLong(NICKNAME_MAX_BYTES);
  if (blank(form.avatar)) return text.user.avatarRequired;
  if (form.avatar.trim().length > AVATAR_MAX) return text.user.avatarTooLong(AVATAR_MAX);
  return null;
}

/** `withCode`: the user has two-step sign-in on, so the server wants a code as well */
export function passwordError(form: PasswordForm, withCode = false): string | null {
  if (form.oldPassword === '') return text.user.oldPasswordRequired;
  if (form.newPassword === '' || form.confirmPassword === '') return text.user.newPasswordRequired;
  if (form.newPassword !== form.confirmPassword) return text.user.passwordsDiffer;
  if (withCode) return codeError(form.twoFactorCode ?? '');
  return null;
}

export function deleteAccountError(form: DeleteAccountForm, withCode: boolean): string | null {
  if (form.password === '') return text.auth.passwordRequired;
  if (withCode) return codeError(form.twoFactorCode ?? '');
  return null;
}

/** turning two-step sign-in on: the account's password, then a code of the new secret */
export function enableTwoFactorError(setup: TwoFactorSetup): string | null {
  if (setup.password === '') return text.auth.passwordRequired;
  return totpCodeError(setup.code);
}

/** new recovery codes: the password, then a code (or a recovery code) */
export function recoveryCodesError(form: RecoveryCodesRequest): string | null {
  if (form.password === '') return text.auth.passwordRequired;
  return codeError(form.code);
}
