// Hands the long-lived actors to React. Views read narrow selectors of them and send events.
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AppSystem } from './system';
import type { SiteInfo } from '@/shared/types';
import { inviteRequired, registrationOpen } from '@/services/site';

const SystemContext = createContext<AppSystem | null>(null);

export function SystemProvider({ system, children }: { system: AppSystem; children: ReactNode }) {
  return <SystemContext.Provider value={system}>{children}</SystemContext.Provider>;
}

export function useSystem(): AppSystem {
  const system = useContext(SystemContext);
  if (!system) throw new Error('useSystem needs <SystemProvider>');
  return system;
}

export type LoginState = 'unknown' | 'loggedIn' | 'loggedOut';

export function useLoginState(): LoginState {
  const { session } = useSystem();
  return useSelector(session, (s) => (s.matches('loggedIn') ? 'loggedIn' : s.matches('loggedOut') ? 'loggedOut' : 'unknown'));
}

export function useUser() {
  const { session } = useSystem();
  return useSelector(session, (s) => s.context.user);
}

export function useSiteInfo(): SiteInfo | undefined {
  const { site } = useSystem();
  return useSelector(site, (s) => s.context.data as SiteInfo | undefined);
}

/** Registration rules from the site's features; closed until the site info is known. */
export function useRegistration() {
  const site = useSiteInfo();
  return {
    open: site ? registrationOpen(site) : false,
    inviteRequired: site ? inviteRequired(site) : false,
  };
}

/** The user's credentials once loaded (null while loading) */
export function useCredentials() {
  const { libraries } = useSystem();
  const ready = useSelector(libraries, (s) => s.matches('ready') || s.matches('failed'));
  const credentials = useSelector(libraries, (s) => s.context.credentials);
  return ready ? credentials : null;
}

/** Changes whenever a sync or removal changed local library data: pages reload with it. */
export function useSyncGeneration(): number {
  const { librarySync } = useSystem();
  return useSelector(librarySync, (s) => s.context.generation);
}
