// The app's composition (docs/architecture.md#3-composition-srcappsystemts): starts each feature's long-lived actors once, and states the
// edges between features, here and nowhere else:
//   - any call answered 902002 while signed in      → the session expires (signed out locally)
//   - signed in                                     → the libraries load their credentials; favourites and playlists load;
//                                                     the waiting plays of that account are sent (player → listening)
//     (loaded credentials then sync inside the library feature)
//   - credentials loaded or changed, a sync changed a library's albums → the player looks its cover up again
//   - signed out                                    → libraries, sync, favourites and playlists forget everything
//   - signing out on this device forgets the user, the saved queue and every local library record
//   - every actor's `notify` (and every view's)      → one notify → the messages (toasts), none per call while offline
//   - a track queued from a share                   → plays through the share's tokens (player ← share)
//   - the user page opens                           → the session loads and spawns the account (session ← account, lazily)
//   - the sound settings (均衡器) change           → the player applies them
//   - signed in, a track plays                      → scrobbling follows it (player → scrobbling → ListenBrainz)
//   - 定时关闭 asks to fade, pause or stop at an end  → the player; the player paused at that end → 定时关闭
import { createActor, waitFor, type AnyActorLogic, type AnyActorRef, type InspectionEvent } from 'xstate';
import { defineBrowseLoads } from '@/features/browse';
import { startShare } from '@/features/share';
import { startLibrary } from '@/features/library';
import { isOffline, startAppStatus } from '@/features/appStatus';
import { messagesMachine } from '@/features/messages';
import { isKept, keptAlbumInfoOf, keptKnown, keptSourceOf, keptSourceInHand, readKeptAhead } from '@/features/offline';
import { attachPlayerToWindow, startPlayer } from '@/features/player';
import { loginStateOf, siteInfoOf, startSession, startSite, twoFactorRequiredOf, userOf } from '@/features/session';
import { startSettings } from '@/features/settings';
import type { AnswerCopies } from '@/services/api/answerCopies';
import { createApiClient, type ApiClientOptions } from '@/services/api/client';
import { gotNoAnswer, isApiError, isUnauthorized } from '@/services/api/errors';
import { TWO_FACTOR_PATH } from '@/services/api/user';
import { STATUS_TWO_FACTOR_NOT_ENABLED } from '@/shared/firstPageConstants';
import { addressOf, navigateTo } from '@/services/addresses';
import { CoverStore, coverStore } from '@/services/covers';
import type { NotifyEvent } from '@/shared/effects';
import { loadedLater, type LoadedLater } from '@/shared/loadedLater';
import { ALBUM_ID_PATTERN, SHARE_ID_PATTERN, type TrackIdentity, type TrackInfo } from '@/shared/track';
import { text } from '@/shared/firstPageText';
import { readLocal, writeLocal } from '@/storage/local';

export interface SystemOptions {
  /** how the API client reaches the server (tests pass a fake fetch); the app adds its own hooks */
  api?: Omit<ApiClientOptions, 'onAnswer' | 'onError'>;
  /** fetch for library servers (tests pass a fake) */
  fetch?: typeof globalThis.fetch;
  navigate?: (to: string) => void;
  /** loads a route afresh; null: the page where it is */
  reload?: (to: string | null) => void;
  inspect?: (event: InspectionEvent) => void;
  /** the app status's `serviceWorker` actor (main.tsx passes the registered worker; absent: none) */
  serviceWorker?: AnyActorLogic;
}

// the server's answers the playlist and liked pages need offline, kept on this device (the store
// loads with the first of them, out of the first page)
const answerCopies: AnswerCopies = {
  save: (key, data) =>
    void import('@/storage/answerCopies').then((copies) => copies.saveAnswerCopy(key, data)).catch(() => undefined),
  read: async (key) => (await import('@/storage/answerCopies')).readAnswerCopy(key),
};

export function createAppSystem(options: SystemOptions = {}) {
  let onExpired = () => {};
  let onTwoFactorRequired = () => {};
  let reachability = (_reached: boolean) => {};
  const api = createApiClient({
    ...options.api,
    // an answer (even an error envelope) means the server is reachable; no answer at all means this
    // browser is offline or the server is down (the app status's 离线中)
    onAnswer: () => reachability(true),
    onError: (error, path) => {
      reachability(!gotNoAnswer(error));
      // 902002 while signed in: the server ended the session (expired, or the password changed
      // elsewhere), so the local session ends too instead of every page failing one by one; 202000:
      // the site enforces two-step sign-in and this user has not turned it on (except on the
      // two-step endpoint itself, where it means "it is not on")
      if (isUnauthorized(error)) onExpired();
      else if (isApiError(error, STATUS_TWO_FACTOR_NOT_ENABLED) && path !== TWO_FACTOR_PATH) onTwoFactorRequired();
    },
  });
  const navigate = options.navigate ?? ((to: string) => navigateTo(to));
  const reload =
    options.reload ??
    ((to: string | null) => (to === null ? window.location.reload() : window.location.assign(addressOf(to))));
  const { fetch } = options;

  const messages = createActor(messagesMachine, { inspect: options.inspect }).start();
  // the one notify: while the app status says 离线中, "no answer" errors are not toasted one by one (the
  // banner says it once)
  let offline = () => false;
  const notify = (event: NotifyEvent) => {
    if (event.severity === 'error' && event.message === text.errors.unknownNetwork && offline()) return;
    messages.send({ type: 'ADD', severity: event.severity, message: event.message });
  };
  // One place carries every actor's `notify` to it: every actor created in a feature's system (the
  // long-lived ones, and the hearts', dialogs' and pages' actors their owners spawn) is announced to
  // the inspector as it is created, before it starts, so nothing it emits is missed.
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor') (event.actorRef as AnyActorRef).on('notify', notify);
    options.inspect?.(event);
  };

  const settings = startSettings({ inspect });
  // a kept track plays with no library; the keeping actor starts after the library (it fetches through it)
  let keptOnDevice: (track: TrackIdentity) => boolean = () => false;
  let keptKnownNow: () => Promise<void> = async () => {};
  const library = startLibrary({
    api,
    fetch,
    inspect,
    keptOnDevice: (track) => keptOnDevice(track),
    keptKnown: () => keptKnownNow(),
  });
  const share = startShare({ api, access: library.access, inspect });
  // a track queued from a share plays through that share's tokens, any other through the listener's libraries
  const accessFor = async (track: TrackInfo) =>
    track.shareId ? share.shares.accessFor(track.shareId) : library.access;
  const keptSource = (track: TrackInfo) =>
    keptSourceOf(track, settings.getSnapshot().context.quality, (t) => keptOnDevice(t));
  // a kept track's row read ahead in the quality it would play in
  const keptAhead = (track: TrackIdentity) =>
    readKeptAhead(track, settings.getSnapshot().context.quality, (t) => keptOnDevice(t));
  // a kept track read ahead loads within the click
  const sourceInHand = (track: TrackInfo) =>
    keptSourceInHand(track, settings.getSnapshot().context.quality, (t) => keptOnDevice(t));
  // 音量均衡 by album: an album counts as measured once all its tracks are (its info read when asked)
  const albumTrackCount = async (albumId: string) => {
    const info = await browse.albumInfo(albumId).catch(() => null);
    return info ? info.discs.reduce((count, disc) => count + disc.tracks.length, 0) : null;
  };
  // what the listener played (the waiting plays, 最近播放): its code loads after the first page,
  // created once somebody is signed in (the plays are theirs), at the first play counted, or by its page
  const listener = () => (signedIn ? (userOf(session.getSnapshot())?.userId ?? null) : null);
  const listening = loadedLater(async () =>
    (await import('@/features/listening/start')).startListening({
      api,
      access: library.access,
      inspect,
      user: listener(),
    }),
  );
  // ListenBrainz: its code loads once somebody is signed in; it follows what the player plays
  const scrobbling = loadedLater(async () =>
    (await import('@/features/scrobbling/start')).startScrobbling({ fetch, user: listener(), player, inspect }),
  );
  // what follows the signed-in account itself: its plays, its ListenBrainz
  const followers: LoadedLater<{ signedIn(user: string | null): void }>[] = [listening, scrobbling];
  const player = startPlayer({
    recordPlay: async (report) => {
      await (await listening.ready()).record(report);
      smartLists.current()?.dataChanged();
    },
    accessFor,
    settings,
    fetch,
    keptSource,
    sourceInHand,
    albumTrackCount,
    inspect,
  });
  const session = startSession({
    api,
    // what signing out forgets loads with the first sign-out
    clearLocalData: async () => (await import('./localData')).clearLocalData(),
    // the plays still waiting go before the session ends (if the server answers within 5 s)
    beforeLogout: async () => listening.current()?.flush(),
    // the account's code loads with the user page, not the first page
    loadAccount: async () => (await import('@/features/account/start')).accountLogic(api),
    navigate,
    reload,
    inspect,
  });
  const site = startSite({ api, inspect });
  // the site's name, kept for the page title while the server cannot be reached
  site.subscribe((snapshot) => {
    const info = siteInfoOf(snapshot);
    if (info && info.siteName !== readLocal('ui.siteName')) writeLocal('ui.siteName', info.siteName);
  });
  // whether somebody is signed in (followSession below): the stores loaded after the first page read it
  let signedIn = false;
  // the favourites store's code loads after the first page, as the playlists store's
  const favourites = loadedLater(async () => {
    const feature = (await import('@/features/favourites/start')).startFavourites({
      api,
      copies: answerCopies,
      inspect,
    });
    if (signedIn) feature.favourites.send({ type: 'LOAD' });
    return feature;
  });
  // the playlists store's code loads after the first page, as the keeping actor's (below)
  const playlists = loadedLater(async () => {
    const feature = (await import('@/features/playlists/start')).startPlaylists({ api, copies: answerCopies, inspect });
    if (signedIn) feature.playlists.send({ type: 'LOAD' });
    return feature;
  });
  // 智能歌单: created by its first page, its code loading with it; a like or a play makes its lists read the data again
  const smartLists = loadedLater(async () => {
    const feature = (await import('@/features/smartLists/start')).startSmartLists({ api, inspect });
    void favourites.ready().then(({ favourites: likes }) => feature.followLikes(likes));
    return feature;
  });
  // created by the first lyrics panel, its code loading with it
  const lyrics = loadedLater(async () => (await import('@/features/lyrics/start')).startLyrics({ api, inspect }));
  // created by the first 音效 panel, its code loading with it; the player read the stored settings at start
  const sound = loadedLater(async () => {
    const actor = (await import('@/features/sound/start')).startSound({ inspect });
    actor.on('soundChanged', ({ sound: settings }) => player.send({ type: 'SET_SOUND', sound: settings }));
    return actor;
  });
  // created by the first 定时关闭 button, its code loading with it
  const sleepTimer = loadedLater(async () => {
    const actor = (await import('@/features/sleepTimer/start')).startSleepTimer({ inspect });
    actor.on('fadeOut', ({ ms }) => player.send({ type: 'FADE_OUT', ms }));
    actor.on('sleep', () => player.send({ type: 'SLEEP' }));
    actor.on('restoreLevel', () => player.send({ type: 'RESTORE_LEVEL' }));
    actor.on('stopAfter', ({ scope }) => player.send({ type: 'STOP_AFTER', scope }));
    player.on('slept', () => actor.send({ type: 'PLAYER_SLEPT' }));
    return actor;
  });
  // the keeping actor's code loads after the first page: created once somebody is signed in (what
  // this device keeps is theirs), reading it then; until then nothing counts as kept
  const keeping = loadedLater(async () => {
    const { startKeeping } = await import('@/features/offline/start');
    const actor = startKeeping({ accessFor, fetch, inspect, albumInfo: (albumId) => browse.albumInfo(albumId) });
    if (signedIn) actor.send({ type: 'LOAD' });
    return actor;
  });
  keptOnDevice = (track) => {
    const actor = keeping.current();
    return actor !== null && isKept(track)(actor.getSnapshot());
  };
  keptKnownNow = async () => {
    const actor = signedIn ? await keeping.ready().catch(() => null) : keeping.current();
    if (actor) await waitFor(actor, keptKnown);
  };
  const appStatus = startAppStatus({
    checkServer: () => api.get('/api/info'),
    serviceWorker: options.serviceWorker,
    inspect,
  });
  reachability = (reached) => {
    // an answer that lands after the browser said it went offline was asked for before: it proves
    // nothing (the server check every 15 s still brings the app back where only the browser is wrong)
    if (reached && typeof navigator !== 'undefined' && navigator.onLine === false) return;
    appStatus.send({ type: reached ? 'SERVER_REACHED' : 'SERVER_UNREACHABLE' });
    if (reached) listening.current()?.reached();
  };
  offline = () => isOffline(appStatus.getSnapshot());
  onExpired = () => session.send({ type: 'SESSION_EXPIRED' });
  onTwoFactorRequired = () => session.send({ type: 'TWO_FACTOR_REQUIRED' });

  // a store loaded after the first page: told to LOAD if it is there, else created (it loads itself)
  const loadOnceSignedIn = <T>(later: LoadedLater<T>, load: (value: T) => void) => {
    const made = later.current();
    if (made) load(made);
    else later.ready().catch((error: unknown) => console.warn('a store could not load', error));
  };
  const LOAD = { type: 'LOAD' } as const;
  // Credentials load, and libraries sync, once somebody is signed in (and, where the site enforces
  // two-step sign-in, has it on: until then every call would fail); signing out forgets them.
  const followSession = () => {
    const snapshot = session.getSnapshot();
    const now = loginStateOf(snapshot) === 'loggedIn' && !twoFactorRequiredOf(snapshot, siteInfoOf(site.getSnapshot()));
    if (now === signedIn) return;
    signedIn = now;
    if (now) {
      for (const later of followers) loadOnceSignedIn(later, (feature) => feature.signedIn(listener()));
      library.libraries.send({ type: 'LOAD' });
      loadOnceSignedIn(favourites, (feature) => feature.favourites.send(LOAD));
      loadOnceSignedIn(playlists, (feature) => feature.playlists.send(LOAD));
      loadOnceSignedIn(keeping, (actor) => actor.send(LOAD));
    } else {
      library.libraries.send({ type: 'RESET' });
      library.librarySync.current()?.send({ type: 'RESET' });
      favourites.current()?.favourites.send({ type: 'RESET' });
      playlists.current()?.playlists.send({ type: 'RESET' });
      keeping.current()?.send({ type: 'RESET' });
      for (const later of followers) later.current()?.signedIn(null);
    }
  };
  session.subscribe(followSession);
  site.subscribe(followSession);
  followSession();

  // the shown item's cover depends on which libraries there are and what they hold
  const librariesChanged = () => player.send({ type: 'LIBRARIES_CHANGED' });
  library.libraries.on('credentialsChanged', librariesChanged);
  void library.librarySync.loaded.then((sync) => sync.on('librariesChanged', librariesChanged));
  const detachPlayer = typeof window === 'undefined' ? () => {} : attachPlayerToWindow(player, settings);

  const browse = defineBrowseLoads({
    api,
    access: library.access,
    keptAlbumInfo: keptAlbumInfoOf,
    // nothing synced before the sync exists (its code loads with the first credentials)
    syncGeneration: () => library.librarySync.current()?.getSnapshot().context.generation ?? 0,
  });
  // 主页's shelves: their sources load with the page's code
  const home = loadedLater(async () =>
    (await import('./homeSources')).createHome({
      api,
      access: library.access,
      browse,
      favourites,
      keeping,
      user: listener,
    }),
  );
  // covers go through the same fetch as the libraries (a fake one in tests)
  const covers = fetch ? new CoverStore({ fetch }) : coverStore;

  /** what the first page can start reading before it renders: a shared list opened by its link, an album's info */
  const prefetchFor = (path: string) => {
    const shareId = path.startsWith('/s/') ? path.slice('/s/'.length) : '';
    // the page reads it again and says why if this fails
    if (SHARE_ID_PATTERN.test(shareId)) share.shares.open(shareId).catch(() => {});
    const albumId = path.startsWith('/album/') ? path.slice('/album/'.length) : '';
    // only for a listener this browser knows as signed in: anyone else is sent to the login page
    if (ALBUM_ID_PATTERN.test(albumId) && userOf(session.getSnapshot()) !== null) browse.prefetchAlbum(albumId);
  };

  return {
    prefetchFor,
    /** the site's name last read (the page title's, while the site info cannot be read) */
    lastSiteName: () => readLocal('ui.siteName'),
    messages,
    notify,
    /** for actors a view creates itself (a page's loader): the inspector sees them, their toasts go through `notify` */
    inspect,
    session,
    site,
    settings,
    libraries: library.libraries,
    librarySync: library.librarySync,
    access: library.access,
    player,
    favourites,
    playlists,
    share,
    lyrics,
    smartLists,
    home,
    sleepTimer,
    sound,
    keeping,
    listening,
    scrobbling,
    keptAhead,
    appStatus,
    browse,
    covers,
    stop() {
      detachPlayer();
      share.stop();
      // now, or as soon as one whose code was loading is created (stopping twice does nothing)
      const stopWhenThere = <T>(later: LoadedLater<T>, actor: (value: T) => { stop(): void }) => {
        const made = later.current();
        if (made) actor(made).stop();
        else void later.loaded.then((value) => actor(value).stop());
      };
      stopWhenThere(keeping, (actor) => actor);
      stopWhenThere(listening, (feature) => feature.plays);
      stopWhenThere(scrobbling, (feature) => feature);
      stopWhenThere(playlists, (feature) => feature.playlists);
      stopWhenThere(favourites, (feature) => feature.favourites);
      stopWhenThere(lyrics, (actor) => actor);
      stopWhenThere(sleepTimer, (actor) => actor);
      stopWhenThere(sound, (actor) => actor);
      stopWhenThere(library.librarySync, (actor) => actor);
      for (const actor of [player, appStatus, session, site, settings, library.libraries, messages]) actor.stop();
    },
  };
}

export type AppSystem = ReturnType<typeof createAppSystem>;
