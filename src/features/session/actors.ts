// The session's real actors over the user API (docs/architecture.md#2-a-feature-folder: factories over a service, given once
// with .provide()). `clearLocalData` is what signing out forgets on this device: every feature's
// part, composed by the app; `loadAccount` the account's machine, which the app loads with the user page.
import { fromPromise, type AnyActorLogic } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import { getSiteInfo } from '@/services/api/info';
import * as userApi from '@/services/api/user';
import type { SiteInfo, UserInfo } from '@/shared/types';
import type { LoginWithCode, RegisterForm } from './forms';

export interface SessionDeps {
  api: ApiClient;
  clearLocalData: () => Promise<void>;
  /** before the server ends the session: what must go to it while it still can (the waiting plays) */
  beforeLogout?: () => Promise<void>;
  /** the account's machine with its actors (features/account), loaded when the user page first opens */
  loadAccount: () => Promise<AnyActorLogic>;
}

export function defineSessionActors({ api, clearLocalData, beforeLogout, loadAccount }: SessionDeps) {
  return {
    fetchUser: fromPromise<UserInfo, void>(() => userApi.getUserInfo(api)),
    login: fromPromise(({ input }: { input: LoginWithCode }) => userApi.login(api, input)),
    // the registration call loads with the first registration (most visits never register)
    register: fromPromise(async ({ input }: { input: RegisterForm }) =>
      (await import('./registerCall')).registerAccount(api, input),
    ),
    // what waits to be sent goes first, while the session still lets it (it never fails the sign-out)
    logout: fromPromise<void, void>(async () => {
      await beforeLogout?.().catch(() => undefined);
      await userApi.logout(api);
    }),
    clearLocalData: fromPromise<void, void>(() => clearLocalData()),
    loadAccount: fromPromise<AnyActorLogic, void>(() => loadAccount()),
  };
}

/** the site info loader's load (registration rules, page title) */
export function defineSiteActors({ api }: { api: ApiClient }) {
  // the loader keeps its data as unknown; siteInfoOf reads it back as the SiteInfo it is
  return { load: fromPromise<unknown, void>((): Promise<SiteInfo> => getSiteInfo(api)) };
}
