// The favourites of a listener of their own, driven as they do it on two album pages: signing in
// and out (注销), the album's 添加喜欢 / 取消喜欢 and the heart of its first track, and between the
// pages the drawer's 音频仓库, the library's album wall and an album's card. The favourites' loads,
// and the hearts' likes and unlikes, are held until the path says how the server answers.
//
// The walk's album-a and album-b are 港灯夜曲 and Harbor Lights, its tracks a and b their first
// tracks (港灯, Harbor Lights). A track or album event of the store is what a user causes with one
// click that the server accepts (the click's own toggle starts and settles on the way); the store's
// TOGGLE_FAVOURITE and TOGGLE_SETTLED are a click whose request is then refused. A load is answered
// after the listener's other device has made the server's likes what the walk's answer has.
import type { Locator, Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { logIn } from '../../../harness/signIn';
import type { FavouritesContext, LoadedFavourites } from '@/features/favourites/favouritesMachine';
import { heartIdOf } from '@/features/favourites/favouriteToggleMachine';
import { isApiError, NetworkError } from '@/services/api/errors';
import { STATUS_UNAUTHORIZED } from '@/shared/constants';
import { text } from '@/shared/text';
import { trackKey, type TrackIdentity } from '@/shared/track';
import type { InterfaceAdapter } from './adapter';
import { freshListener, type FreshListener, stopListenerPage } from './freshListener';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { failureShown, toastOf } from './toasts';

/** the walk's albums → the demo albums a user opens, each with the title of its first track */
const ALBUMS: Record<string, { id: string; title: string; firstTrack: string }> = {
  'album-a': { id: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01', title: '港灯夜曲', firstTrack: '港灯' },
  'album-b': { id: '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02', title: 'Harbor Lights', firstTrack: 'Harbor Lights' },
};
const HEART = /^(添加喜欢|取消喜欢)$/;
// a click whose request the server refuses (TOGGLE_SETTLED without a change)
const REFUSED = { type: 'xstate.error.actor.submit', error: new NetworkError(503, 'Service Unavailable') };

interface AlbumPages {
  tp: TestPage;
  page: Page;
  listener: FreshListener;
  /** the walk's album whose page is open */
  album: string;
  tracksLoad: HeldRequests;
  albumsLoad: HeldRequests;
  trackLike: HeldRequests;
  albumLike: HeldRequests;
  /** the toast the last answer should show */
  toast: string | null;
}

const contextOf = (model: AnyMachineSnapshot) => model.context as FavouritesContext;
const realTrack = (track: TrackIdentity) => ({
  album_id: ALBUMS[track.albumId]!.id,
  disc_id: track.discId,
  track_id: track.trackId,
});
const main = (page: Page) => page.getByRole('main');
/** the album page's own like button: the header comes before the track rows */
const albumHeart = (page: Page): Locator => main(page).getByRole('button', { name: HEART }).first();
const trackHeart = (page: Page, album: string): Locator =>
  main(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(ALBUMS[album]!.firstTrack, { exact: true }) })
    .first()
    .getByRole('button', { name: HEART });
const pressed = async (heart: Locator) => (await heart.getAttribute('aria-pressed')) === 'true';
const signedIn = (model: AnyMachineSnapshot) => !model.matches('idle');
const known = (model: AnyMachineSnapshot) => model.matches('ready') || model.matches('failed');
const togglesOf = (model: AnyMachineSnapshot) => Object.keys(contextOf(model).toggles);

/** opens the walk's album `album` in the app: 音频仓库, the library's album wall, the album's card */
async function openAlbum(ctx: AlbumPages, album: string): Promise<void> {
  const { page } = ctx;
  const { id, title } = ALBUMS[album]!;
  if (new URL(page.url()).pathname !== `/album/${id}`) {
    await page.getByRole('link', { name: text.drawer.library, exact: true }).first().click();
    await main(page).getByRole('article').first().getByRole('link').first().click();
    await main(page).getByRole('link', { name: title }).first().click();
    await page.waitForURL((url) => url.pathname === `/album/${id}`);
  }
  ctx.album = album;
  await main(page).getByRole('heading', { name: title }).first().waitFor();
}

/** the other device makes the server's likes what a load answer lists (the newest first) */
async function putBack(listener: FreshListener, loaded: LoadedFavourites): Promise<void> {
  const tracks = (await listener.call('GET', '/api/favorite/music')) as {
    album_id: string;
    disc_id: number;
    track_id: number;
  }[];
  for (const track of tracks)
    await listener.call('DELETE', '/api/favorite/music', {
      album_id: track.album_id,
      disc_id: track.disc_id,
      track_id: track.track_id,
    });
  for (const track of [...loaded.tracks].reverse()) await listener.call('PUT', '/api/favorite/music', realTrack(track));
  const albums = (await listener.call('GET', '/api/favorite/album')) as string[];
  for (const album of albums) await listener.call('DELETE', '/api/favorite/album', { album_id: album });
  for (const album of [...loaded.albums].reverse())
    await listener.call('PUT', '/api/favorite/album', { album_id: ALBUMS[album]!.id });
}

/** the hearts of the open album page as the model says: liked or not, or what a click in flight asks for */
async function heartsShow(ctx: AlbumPages, model: AnyMachineSnapshot): Promise<void> {
  const { page, album } = ctx;
  const context = contextOf(model);
  const albumButton = albumHeart(page);
  const track = trackHeart(page, album);
  const asking = context.toggles[heartIdOf({ kind: 'album', albumId: album })] !== undefined;
  await expect.poll(() => albumButton.isEnabled()).toBe(true);
  await expect.poll(() => pressed(albumButton)).toBe(asking || context.albumIds.has(album));
  await expect.poll(() => albumButton.getAttribute('aria-busy')).toBe(asking ? 'true' : null);
  await expect
    .poll(() => pressed(track))
    .toBe(context.trackKeys.has(trackKey({ albumId: album, discId: 1, trackId: 1 })));
  if (ctx.toast) await toastOf(page, ctx.toast).waitFor();
}

/** clicks a heart as the model says and lets the server take it: its toast shows */
async function clickAccepted(ctx: AlbumPages, album: string, heart: 'album' | 'track', liking: boolean): Promise<void> {
  await openAlbum(ctx, album);
  await (heart === 'album' ? albumHeart(ctx.page) : trackHeart(ctx.page, album)).click();
  await (heart === 'album' ? ctx.albumLike : ctx.trackLike).answer({ type: 'xstate.done.actor.submit' });
  ctx.toast = liking ? text.favourites.added : text.favourites.removed;
}

export const favouritesAdapter: InterfaceAdapter<AlbumPages> = {
  machine: 'favourites',
  siteNeeds:
    'registration open to anyone: each path registers a listener of its own (a site takes 10 accounts an hour from one address)',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page } = tp;
    const listener = await freshListener(suite);
    const tracksLoad = await holdRequests(page, '/api/favorite/music', ['GET']);
    const albumsLoad = await holdRequests(page, '/api/favorite/album', ['GET']);
    const trackLike = await holdRequests(page, '/api/favorite/music', ['PUT', 'DELETE']);
    const albumLike = await holdRequests(page, '/api/favorite/album', ['PUT', 'DELETE']);
    // nobody is signed in yet: the album page leads to the login page
    await page.goto(`${suite.server.baseUrl}/album/${ALBUMS['album-a']!.id}`);
    await page.waitForURL(/\/user\/login\?return=/);
    return { tp, page, listener, album: 'album-a', tracksLoad, albumsLoad, trackLike, albumLike, toast: null };
  },
  stop: stopListenerPage,
  accepts(event, model) {
    const context = contextOf(model);
    // a click needs the hearts enabled (the lists known) and no other click's request out (the
    // requests are answered in the order they were held)
    const clickable = known(model) && togglesOf(model).length === 0;
    switch (event.type) {
      // 902002 says the session ended: the app signs the listener out at once
      case 'xstate.error.actor.loadFavourites':
        return !isApiError(event.error, STATUS_UNAUTHORIZED);
      // signing in, or 重试 on 我喜欢的音乐 after a failed load
      case 'LOAD':
        return !signedIn(model) || model.matches('failed');
      // 注销 with no request of the store out (a load held across a sign-out would answer the next sign-in's)
      case 'RESET':
        return known(model) && !model.matches({ ready: 'reloadingAlbums' }) && togglesOf(model).length === 0;
      // the answer is the albums the server holds: those the model shows after the change
      case 'xstate.done.actor.loadFavouriteAlbums':
        return JSON.stringify(event.output) === JSON.stringify(context.albums);
      case 'TRACK_LIKED':
        return clickable && !context.trackKeys.has(trackKey(event.track as TrackIdentity));
      case 'TRACK_UNLIKED':
        return clickable && context.trackKeys.has(trackKey(event.track as TrackIdentity));
      case 'ALBUM_LIKED':
        return clickable && !context.albumIds.has(event.albumId as string);
      case 'ALBUM_UNLIKED':
        return clickable && context.albumIds.has(event.albumId as string);
      case 'TOGGLE_FAVOURITE': {
        const target = event.target as { kind: 'album'; albumId: string };
        return clickable && context.albumIds.has(target.albumId) === event.liked;
      }
      case 'TOGGLE_SETTLED':
        return context.toggles[event.id as string] !== undefined;
      // the heart of another listener's list: not on these pages (notThroughInterface)
      case 'PLAYLIST_LIKED':
      case 'PLAYLIST_UNLIKED':
        return false;
      default:
        return true;
    }
  },
  events: {
    // signs in (on the login page, or by 登录), or after a failed load presses 重试 on 我喜欢的音乐;
    // then back to the album page
    async LOAD(ctx) {
      const { page } = ctx;
      ctx.toast = null;
      const logout = page.getByRole('button', { name: text.header.logout, exact: true });
      if (await logout.isVisible()) {
        await page.getByRole('link', { name: text.drawer.favouriteTracks, exact: true }).first().click();
        await main(page).getByRole('button', { name: text.retry }).click();
      } else {
        if (!new URL(page.url()).pathname.startsWith('/user/login'))
          await page.getByRole('link', { name: text.header.login }).first().click();
        await logIn(page, ctx.listener.account.email, ctx.listener.account.password);
        await logout.waitFor();
      }
      await openAlbum(ctx, ctx.album);
    },
    async RESET(ctx) {
      ctx.toast = null;
      await ctx.page.getByRole('button', { name: text.header.logout, exact: true }).click();
      await ctx.page.getByRole('link', { name: text.header.login }).first().waitFor();
    },
    async 'xstate.done.actor.loadFavourites'(ctx, event) {
      await putBack(ctx.listener, event.output as LoadedFavourites);
      await ctx.tracksLoad.answer(event);
      await ctx.albumsLoad.answer(event);
    },
    // the liked tracks are refused; the liked albums' answer comes too. The listener has no likes
    // (the other device took them back): the hearts show none, and a like the path sends is new
    async 'xstate.error.actor.loadFavourites'(ctx, event) {
      await putBack(ctx.listener, { tracks: [], albums: [], playlists: [] });
      await ctx.tracksLoad.answer(event);
      await ctx.albumsLoad.answer({ type: 'xstate.done.actor.loadFavourites' } as AnyEventObject);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
    async 'xstate.done.actor.loadFavouriteAlbums'(ctx, event) {
      await ctx.albumsLoad.answer(event);
    },
    async 'xstate.error.actor.loadFavouriteAlbums'(ctx, event) {
      await ctx.albumsLoad.answer(event);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
    TRACK_LIKED: (ctx, event) => clickAccepted(ctx, (event.track as TrackIdentity).albumId, 'track', true),
    TRACK_UNLIKED: (ctx, event) => clickAccepted(ctx, (event.track as TrackIdentity).albumId, 'track', false),
    ALBUM_LIKED: (ctx, event) => clickAccepted(ctx, event.albumId as string, 'album', true),
    ALBUM_UNLIKED: (ctx, event) => clickAccepted(ctx, event.albumId as string, 'album', false),
    // a click whose request stays out until TOGGLE_SETTLED
    async TOGGLE_FAVOURITE(ctx, event) {
      ctx.toast = null;
      await openAlbum(ctx, (event.target as { albumId: string }).albumId);
      await albumHeart(ctx.page).click();
    },
    async TOGGLE_SETTLED(ctx) {
      await ctx.albumLike.answer(REFUSED);
      ctx.toast = REFUSED.error.message;
    },
  },
  states: {
    async idle(ctx) {
      const { page } = ctx;
      await page
        .getByRole('button', { name: text.auth.login, exact: true })
        .or(page.getByRole('link', { name: text.header.login }))
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: text.header.logout, exact: true }).count()).toBe(0);
    },
    // the hearts wait for the lists: a click could ask for the wrong thing
    async loading(ctx) {
      await expect.poll(() => albumHeart(ctx.page).isDisabled()).toBe(true);
    },
    failed: heartsShow,
    'ready.current': heartsShow,
    async 'ready.reloadingAlbums'(ctx, model) {
      await heartsShow(ctx, model);
      await expect.poll(() => ctx.albumsLoad.waiting).toBe(1);
    },
  },
  notThroughInterface: [
    {
      transition: '(machine) —ALBUM_UNLIKED→ (stays)',
      reason:
        "outside ready the store lists no liked album (failed) or the hearts wait (loading), so an album's heart shows 添加喜欢 and a click likes; an unlike lands there only from a click made before a sign-out and a sign-in, its request out across both, and the walk's one click (on album-b, showing 添加喜欢) is no such click",
    },
    ...['PLAYLIST_LIKED', 'PLAYLIST_UNLIKED'].map((type) => ({
      transition: `(machine) —${type}→ (stays)`,
      reason:
        "a playlist's heart is on another listener's public list, which this walk's one listener and two album pages do not have: tests/e2e/library-of-mine.test.ts likes and unlikes one in Chromium, tests/views/playlists.test.tsx too",
    })),
    {
      transition: 'ready —LOAD→ loading',
      reason:
        'the liked lists load as someone signs in, or by 重试 once their load failed: once loaded, nothing on any page loads them again',
    },
  ],
};
