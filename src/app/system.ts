// Boot wiring: the long-lived actors, their real actors over the services, and the effects their
// emitted events ask for (toasts, URL changes, storage writes, reloads). Started once in main.tsx.
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { navigate as navigateBrowser } from 'wouter/use-browser-location';
import { createApiClient, type ApiClient, type RequestOptions } from '@/services/api/client';
import { isUnauthorized } from '@/services/api/errors';
import { getSiteInfo } from '@/services/api/info';
import * as userApi from '@/services/api/user';
import { readLocal, removeLocal, writeLocal } from '@/storage/local';
import { sessionMachine } from '@/features/session/sessionMachine';
import { loaderMachine } from '@/ui/loaderMachine';
import { messagesMachine } from '@/features/messages/messagesMachine';
import { settingsMachine } from '@/features/settings/settingsMachine';
import { librariesMachine } from '@/features/library/librariesMachine';
import * as credentialApi from '@/services/api/credential';
import { clearLocalData, provideLibrarySync } from '@/features/library/actors';
import { CoverStore, coverStore } from '@/services/covers';
import { attachPlayerToWindow, createPlayer } from '@/features/player/actors';
import type { NotifyEvent } from '@/shared/effects';

export interface SystemOptions {
  api?: ApiClient;
  /** fetch for library servers (tests pass a fake) */
  fetch?: typeof globalThis.fetch;
  navigate?: (to: string) => void;
  reload?: (to: string) => void;
  inspect?: (event: InspectionEvent) => void;
}

/**
 * Any call answered with 902002 while signed in means the server ended the session (expired, or the
 * password changed elsewhere): the local session ends too, instead of every page failing one by one.
 */
function withSessionExpiry(api: ApiClient, onExpired: () => void): ApiClient {
  const wrap =
    <M extends keyof ApiClient>(method: M): ApiClient[M] =>
    (async (path: string, options?: RequestOptions) => {
      try {
        return await api[method](path, options);
      } catch (error) {
        if (isUnauthorized(error)) onExpired();
        throw error;
      }
    }) as ApiClient[M];
  return { get: wrap('get'), post: wrap('post'), put: wrap('put'), patch: wrap('patch'), delete: wrap('delete') };
}

export function createAppSystem(options: SystemOptions = {}) {
  let onExpired = () => {};
  const api = withSessionExpiry(options.api ?? createApiClient(), () => onExpired());
  const navigate = options.navigate ?? ((to: string) => navigateBrowser(to));
  const reload = options.reload ?? ((to: string) => window.location.assign(to));
  const { inspect } = options;

  const messages = createActor(messagesMachine, { inspect }).start();
  const notify = (event: NotifyEvent) => messages.send({ type: 'ADD', severity: event.severity, message: event.message });

  const session = createActor(
    sessionMachine.provide({
      actors: {
        fetchUser: fromPromise(() => userApi.getUserInfo(api)),
        login: fromPromise(({ input }) => userApi.login(api, input)),
        register: fromPromise(async ({ input }) => {
          await userApi.register(api, {
            email: input.email,
            password: input.password,
            nickname: input.nickname,
            inviteCode: input.inviteCode.trim() || undefined,
          });
        }),
        logout: fromPromise(() => userApi.logout(api)),
        updateProfile: fromPromise(({ input }) => userApi.updateProfile(api, input)),
        changePassword: fromPromise(({ input }) => userApi.changePassword(api, input)),
        clearLocalData: fromPromise(() => clearLocalData()),
      },
    }),
    { input: { storedUser: readLocal('userInfo') }, inspect },
  );
  onExpired = () => session.send({ type: 'SESSION_EXPIRED' });
  session.on('notify', notify);
  session.on('navigate', (event) => navigate(event.to));
  session.on('reload', (event) => reload(event.to));
  session.on('userChanged', (event) => (event.user ? writeLocal('userInfo', event.user) : removeLocal('userInfo')));

  const site = createActor(
    loaderMachine.provide({ actors: { load: fromPromise<unknown>(() => getSiteInfo(api)) } }),
    { inspect },
  );
  site.on('notify', notify);

  const settings = createActor(settingsMachine, {
    input: { quality: readLocal('player.quality'), pageOnCloseAction: readLocal('player.pageOnCloseAction') },
    inspect,
  });
  settings.on('settingsChanged', ({ settings: value }) => {
    writeLocal('player.quality', value.quality);
    writeLocal('player.pageOnCloseAction', value.pageOnCloseAction);
  });

  const libraries = createActor(
    librariesMachine.provide({
      actors: {
        listCredentials: fromPromise(() => credentialApi.listCredentials(api)),
        addCredential: fromPromise(({ input }) => credentialApi.addCredential(api, input)),
        deleteCredential: fromPromise(({ input }) => credentialApi.deleteCredential(api, input.id)),
      },
    }),
    { inspect },
  );
  libraries.on('notify', notify);

  const librarySync = createActor(provideLibrarySync(options.fetch), { inspect });
  librarySync.on('notify', notify);
  libraries.on('credentialsChanged', ({ credentials }) => librarySync.send({ type: 'SYNC', credentials }));
  libraries.on('libraryRemoved', ({ url }) => librarySync.send({ type: 'REMOVE', url }));

  // Credentials load, and libraries sync, once somebody is signed in; signing out forgets them.
  let signedIn = false;
  session.subscribe((snapshot) => {
    const now = snapshot.matches('loggedIn');
    if (now === signedIn) return;
    signedIn = now;
    if (now) {
      libraries.send({ type: 'LOAD' });
    } else {
      libraries.send({ type: 'RESET' });
      librarySync.send({ type: 'RESET' });
    }
  });

  librarySync.start();
  libraries.start();
  session.start();
  site.start();
  settings.start();

  const player = createPlayer({ api, libraries, settings, notify, fetch: options.fetch, inspect });
  // the shown item's cover depends on which libraries there are and what they hold
  const librariesChanged = () => player.send({ type: 'LIBRARIES_CHANGED' });
  libraries.on('credentialsChanged', librariesChanged);
  librarySync.on('librariesChanged', librariesChanged);
  const detachPlayer = typeof window === 'undefined' ? () => {} : attachPlayerToWindow(player, settings);

  // covers go through the same fetch as the libraries (a fake one in tests)
  const covers = options.fetch ? new CoverStore({ fetch: options.fetch }) : coverStore;

  return {
    api,
    covers,
    messages,
    session,
    site,
    settings,
    libraries,
    librarySync,
    player,
    stop() {
      detachPlayer();
      player.stop();
      for (const actor of [session, site, settings, libraries, librarySync, messages]) actor.stop();
    },
  };
}

export type AppSystem = ReturnType<typeof createAppSystem>;
