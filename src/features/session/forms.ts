// Form rules (docs/behaviour.md#form-checks): each returns the first failing message, or null when the form is valid.
// The account's forms (profile, password, two-step sign-in, deletion) have theirs in features/account/forms.ts.
import { NICKNAME_MAX_BYTES, RECOVERY_CODE_PATTERN, TWO_FACTOR_CODE_PATTERN } from '@/shared/firstPageConstants';
import { text } from '@/shared/firstPageText';

export interface LoginForm {
  email: string;
  password: string;
}

/** a login with the code of two-step sign-in, once the server asked for it */
export interface LoginWithCode extends LoginForm {
  twoFactorCode?: string;
}

export interface RegisterForm {
  email: string;
  password: string;
  repeatPassword: string;
  nickname: string;
  inviteCode: string;
  /** asked on a site that enforces two-step sign-in: the secret shown and a first code of it */
  twoFactor?: { secret: string; code: string };
}

/** nothing but spaces (the account's forms check the same) */
export const blank = (value: string) => value.trim() === '';

/** the server counts bytes (UTF-8): a Chinese character is three */
export const nicknameTooLong = (nickname: string) =>
  new TextEncoder().encode(nickname.trim()).length > NICKNAME_MAX_BYTES;

export function loginError(form: LoginForm): string | null {
  if (blank(form.email) || form.password === '') return text.auth.emailPasswordRequired;
  return null;
}

/** spaces a user typed or pasted between the digits do not count */
export const normalCode = (code: string) => code.replace(/\s+/g, '');

/** a code of the authenticator only (turning two-step sign-in on, where no recovery code exists yet) */
export function totpCodeError(code: string): string | null {
  return TWO_FACTOR_CODE_PATTERN.test(normalCode(code)) ? null : text.auth.twoFactorCodeInvalid;
}

/** a code of the authenticator, or a recovery code (docs/behaviour.md#two-step-sign-in): what the server takes in `2fa_code` */
export function codeError(code: string): string | null {
  const normal = normalCode(code);
  if (TWO_FACTOR_CODE_PATTERN.test(normal) || RECOVERY_CODE_PATTERN.test(normal)) return null;
  // letters: meant as a recovery code
  return /[a-z]/i.test(normal) ? text.auth.recoveryCodeInvalid : text.auth.twoFactorCodeInvalid;
}

/** The order of checks is the contract (docs/behaviour.md#form-checks). */
export function registerError(form: RegisterForm, inviteRequired: boolean): string | null {
  if (form.password === '' || form.repeatPassword === '') return text.auth.passwordRequired;
  if (blank(form.nickname)) return text.auth.nicknameRequired;
  if (nicknameTooLong(form.nickname)) return text.auth.nicknameTooLong(NICKNAME_MAX_BYTES);
  if (blank(form.email)) return text.auth.emailRequired;
  if (form.password !== form.repeatPassword) return text.auth.passwordsDiffer;
  if (inviteRequired && blank(form.inviteCode)) return text.auth.inviteCodeRequired;
  if (form.twoFactor) return totpCodeError(form.twoFactor.code);
  return null;
}
