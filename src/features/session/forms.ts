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

export interface LibraryForm {
  name: string;
  url: string;
  token: string;
  /** as typed; '' is "not given" */
  priority: string;
}

/** An absolute http(s) URL; the library is stored by its origin (protocol.md 4 #33). */
export function libraryOrigin(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The order of the first five checks is the contract (spec 5); the token shape check comes last. */
export function libraryError(form: LibraryForm): string | null {
  if (blank(form.name)) return text.library.nameRequired;
  if (blank(form.url)) return text.library.urlRequired;
  if (blank(form.token)) return text.library.tokenRequired;
  if (blank(form.priority) || !Number.isFinite(Number(form.priority))) return text.library.priorityRequired;
  if (libraryOrigin(form.url) === null) return text.library.urlInvalid;
  if (!JWT_SHAPE.test(form.token.trim())) return text.library.tokenInvalid;
  return null;
}
