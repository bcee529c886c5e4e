// The long-lived session and site actors with their real actors and the effects of what they emit:
// the user kept in local storage, URL changes and the reload after signing out.
import { createActor, type InspectionEvent } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import { readLocal, removeLocal, writeLocal } from '@/storage/local';
import { namedLoader } from '@/features/pageLoad/loader.public';
import { defineSessionActors, defineSiteActors, type SessionDeps } from './actors';
import { sessionMachine } from './sessionMachine';

export interface SessionOptions {
  api: ApiClient;
  /** what signing out forgets on this device (the app composes every feature's part) */
  clearLocalData: () => Promise<void>;
  /** before the server ends the session (the app sends the waiting plays) */
  beforeLogout?: SessionDeps['beforeLogout'];
  /** the account's machine, loaded when the user page first opens (the app composes it) */
  loadAccount: SessionDeps['loadAccount'];
  navigate: (to: string) => void;
  /** loads `to` afresh; null: reloads the page where it is */
  reload: (to: string | null) => void;
  inspect?: (event: InspectionEvent) => void;
}

export function startSession({
  api,
  clearLocalData,
  beforeLogout,
  loadAccount,
  navigate,
  reload,
  inspect,
}: SessionOptions) {
  const session = createActor(
    sessionMachine.provide({ actors: defineSessionActors({ api, clearLocalData, beforeLogout, loadAccount }) }),
    { input: { storedUser: readLocal('userInfo') }, inspect },
  );
  session.on('navigate', (event) => navigate(event.to));
  session.on('reload', (event) => reload(event.to));
  session.on('userChanged', (event) => (event.user ? writeLocal('userInfo', event.user) : removeLocal('userInfo')));
  return session.start();
}

export function startSite({ api, inspect }: Pick<SessionOptions, 'api' | 'inspect'>) {
  const site = createActor(namedLoader('site').provide({ actors: defineSiteActors({ api }) }), { inspect });
  return site.start();
}

/** what signing out forgets of the session on this device: the stored user */
export function forgetStoredUser(): void {
  removeLocal('userInfo');
}
