// Form rules of spec.md 5: each returns the first failing message, or null when the form is valid.
import { text } from '@/shared/text';

export interface LoginForm {
  email: string;
  password: string;
}

export interface RegisterForm {
  email: string;
  password: string;
  repeatPassword: string;
  nickname: string;
  inviteCode: string;
}

export interface ProfileForm {
  nickname: string;
  avatar: string;
}

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const blank = (value: string) => value.trim() === '';

export function loginError(form: LoginForm): string | null {
  if (blank(form.email) || form.password === '') return text.auth.emailPasswordRequired;
  return null;
}

/** The order of checks is the contract (spec 5). */
export function registerError(form: RegisterForm, inviteRequired: boolean): string | null {
  if (form.password === '' || form.repeatPassword === '') return text.auth.passwordRequired;
  if (blank(form.nickname)) return text.auth.nicknameRequired;
  if (blank(form.email)) return text.auth.emailRequired;
  if (form.password !== form.repeatPassword) return text.auth.passwordsDiffer;
  if (inviteRequired && blank(form.inviteCode)) return text.auth.inviteCodeRequired;
  return null;
}

export function profileError(form: ProfileForm): string | null {
  if (blank(form.nickname)) return text.user.nicknameRequired;
  if (blank(form.avatar)) return text.user.avatarRequired;
  return null;
}

export function passwordError(form: PasswordForm): string | null {
  if (form.oldPassword === '') return text.user.oldPasswordRequired;
  if (form.newPassword === '' || form.confirmPassword === '') return text.user.newPasswordRequired;
  if (form.newPassword !== form.confirmPassword) return text.user.passwordsDiffer;
  return null;
}
