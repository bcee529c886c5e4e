// The session and site actors for views, and the hooks the app frame and pages read.
import { useSelector } from '@xstate/react';
import { inviteRequired, registrationOpen } from '@/services/site';
import type { LoaderRef } from '@/ui/loaderMachine';
import { providedContext } from '@/ui/providedContext';
import type { SessionRef } from './sessionMachine';
import { loginStateOf, siteInfoOf, userOf, type LoginState } from './selectors';

export interface SessionActors {
  session: SessionRef;
  site: LoaderRef;
}

export const [SessionProvider, useSessionActors] = providedContext<SessionActors>('Session');

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
