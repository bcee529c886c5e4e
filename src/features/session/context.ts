// The session and site actors for views, and the hooks the app frame and pages read.
import { useSelector } from '@xstate/react';
import { useCallback, useSyncExternalStore } from 'react';
import { inviteRequired, registrationOpen, twoFactorEnabled } from '@/rules/site';
import type { LoaderRef } from '@/features/pageLoad/loader.public';
import { providedContext } from '@/ui/providedContext';
import type { SessionRef } from './sessionMachine';
import { loginStateOf, siteInfoOf, twoFactorRequiredOf, userOf, type LoginState } from './selectors';

interface SessionActors {
  session: SessionRef;
  site: LoaderRef;
}

const [SessionProvider, useSessionActors] = providedContext<SessionActors>('Session');
export { SessionProvider };

export const useSession = () => useSessionActors().session;

export function useLoginState(): LoginState {
  return useSelector(useSession(), loginStateOf);
}

export function useUser() {
  return useSelector(useSession(), userOf);
}

export function useSiteInfo() {
  return useSelector(useSessionActors().site, siteInfoOf);
}

/** Registration rules from the site's features; closed until the site info is known. */
export function useRegistration() {
  const site = useSiteInfo();
  return {
    open: site ? registrationOpen(site) : false,
    inviteRequired: site ? inviteRequired(site) : false,
  };
}

/** the site enforces two-step sign-in and this user has not turned it on yet */
export function useTwoFactorRequired(): boolean {
  const site = useSiteInfo();
  return useSelector(useSession(), (s) => twoFactorRequiredOf(s, site));
}

/** the site offers two-step sign-in (anniv-go always does) */
export function useTwoFactorOffered(): boolean {
  const site = useSiteInfo();
  return site ? twoFactorEnabled(site) : false;
}

/**
 * The header's 注销: signs out (the machine then shows the logout page) when nothing else is under
 * way, the account's requests included (the account is the session's child: its changes are
 * followed here, as the session's own snapshot does not change with them).
 */
export function useLogout(): { canLogOut: boolean; logOut: () => void } {
  const session = useSession();
  const account = useSelector(session, (s) => s.context.account);
  const accountBusy = useSyncExternalStore(
    useCallback(
      (changed: () => void) => {
        const subscription = account?.subscribe(changed);
        return () => subscription?.unsubscribe();
      },
      [account],
    ),
    () => account?.getSnapshot().hasTag('busy') === true,
  );
  const canLogOut = useSelector(session, (s) => s.can({ type: 'LOGOUT' })) && !accountBusy;
  return { canLogOut, logOut: () => session.send({ type: 'LOGOUT' }) };
}
