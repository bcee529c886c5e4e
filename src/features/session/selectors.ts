// What views and the app read of the session and site actors: narrow selectors over tags and
// context, never state names.
import type { SnapshotFrom } from 'xstate';
import { twoFactorEnforced } from '@/rules/site';
import type { SiteInfo } from '@/shared/types';
import type { LoaderRef } from '@/features/pageLoad/loader.public';
import type { sessionMachine, SessionForm } from './sessionMachine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type LoginState = 'unknown' | 'loggedIn' | 'loggedOut';

export function loginStateOf(s: SessionSnapshot): LoginState {
  return s.hasTag('loggedIn') ? 'loggedIn' : s.hasTag('loggedOut') ? 'loggedOut' : 'unknown';
}

export const userOf = (s: SessionSnapshot) => s.context.user;

export const formErrorOf = (form: SessionForm) => (s: SessionSnapshot) =>
  s.context.formError?.form === form ? s.context.formError.message : null;

/** the email of a sign-in waiting for its two-step code, as the server knows it (lower case) */
export const signingInAs = (s: SessionSnapshot) => s.context.pendingLogin?.email.trim().toLowerCase() ?? '';

/** the site info once loaded (the site actor's loader gives a SiteInfo: src/features/session/start.ts) */
export const siteInfoOf = (s: SnapshotFrom<LoaderRef>) => s.context.data as SiteInfo | undefined;

/**
 * Signed in on a site that enforces two-step sign-in, without it on: every call but turning it on
 * answers 202000, so the app leads to that screen and loads nothing else. Known from the site's
 * features and the user, or from a call that answered 202000.
 */
export function twoFactorRequiredOf(s: SessionSnapshot, site: SiteInfo | undefined): boolean {
  if (!s.hasTag('loggedIn')) return false;
  const user = s.context.user;
  // once this user has it on, a late 202000 from a call made before cannot hold the app back
  if (user?.twoFactorEnabled) return false;
  if (s.context.twoFactorRequired) return true;
  return Boolean(site && twoFactorEnforced(site) && user && !user.twoFactorEnabled);
}
