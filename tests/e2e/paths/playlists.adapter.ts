// The playlists of a listener of their own, driven as they do it: signing in and out (注销), the
// 播放列表 page (创建播放列表, 删除播放列表 on a card, 重试, a card's link to its page), the drawer's
// 播放列表 to leave a list's page, and on that page 修改播放列表信息 and a row's 更多 → 添加到播放列表
// (its dialog: a list, 新建播放列表并添加, 取消). The list, create, delete and append requests are
// held until the path says how the server answers (heldRequests.ts).
//
// The walk's list 7 (周末) is the listener's list 周末 (one row, 港灯); its created list 8 is what
// the listener types (通勤). The cards are told apart by name. A list load is answered after the
// listener's other device has made their lists what the walk's answer lists (周末 alone).
import type { Locator, Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { logIn } from '../../../harness/signIn';
import type { PlaylistsContext } from '@/features/playlists/playlistsMachine';
import { isApiError } from '@/services/api/errors';
import { STATUS_UNAUTHORIZED } from '@/shared/constants';
import { text } from '@/shared/text';
import type { PlaylistFields, PlaylistInfo } from '@/shared/types';
import type { InterfaceAdapter } from './adapter';
import { freshListener, type FreshListener, stopListenerPage } from './freshListener';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { failureShown, toastOf } from './toasts';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲: disc 1, track 1 is 港灯
const TRACK_TITLE = '港灯';
/** the walk's one list as the server holds it */
const LIST = {
  name: '周末',
  description: '',
  is_public: true,
  items: [{ type: 'normal', description: '', info: { album_id: TWO_DISC_ALBUM, disc_id: 1, track_id: 1 } }],
};
const LIST_ID = '7';

interface PlaylistsPages {
  tp: TestPage;
  page: Page;
  listener: FreshListener;
  list: HeldRequests;
  create: HeldRequests;
  remove: HeldRequests;
  change: HeldRequests;
  /** the toast the last answer should show */
  toast: string | null;
}

const contextOf = (model: AnyMachineSnapshot) => model.context as PlaylistsContext;
const nameOf = (model: AnyMachineSnapshot, id: string) => contextOf(model).playlists.find((p) => p.id === id)?.name;
/** the list's own page is open (the model's page actor) */
const onListPage = (model: AnyMachineSnapshot) => contextOf(model).page !== null;

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardOf = (page: Page, name: string): Locator =>
  cards(page).filter({ has: page.getByRole('link', { name, exact: true }) });
const createButton = (page: Page) => page.getByRole('button', { name: text.playlist.create, exact: true });
const dialogOf = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const drawerLink = (page: Page) => page.getByRole('link', { name: text.drawer.playlists, exact: true }).first();

/** the other device makes the listener's lists 周末 alone, as the walk's list answer has them */
async function putBack(listener: FreshListener): Promise<void> {
  const lists = (await listener.call('GET', '/api/playlists')) as { id: string; name: string }[];
  let kept = false;
  for (const list of lists) {
    if (list.name === LIST.name && !kept) kept = true;
    else await listener.call('DELETE', '/api/playlist', { id: String(list.id) });
  }
  if (!kept) await listener.call('PUT', '/api/playlist', LIST);
}

/** the 播放列表 page's cards, or on a list's page its heading, as the model lists them */
async function listsShow(ctx: PlaylistsPages, model: AnyMachineSnapshot): Promise<void> {
  const { page } = ctx;
  if (onListPage(model)) {
    await page.getByRole('heading', { level: 2, name: nameOf(model, LIST_ID)!, exact: true }).waitFor();
    return;
  }
  const names = contextOf(model).playlists.map((p) => p.name);
  await expect.poll(() => cards(page).getByRole('link').allTextContents()).toEqual(names);
  if (names.length === 0) await page.getByText(text.playlist.empty, { exact: true }).waitFor();
}

/** no dialog of the store open, the lists shown, 创建播放列表 enabled */
async function browsingShows(ctx: PlaylistsPages, model: AnyMachineSnapshot): Promise<void> {
  const { page } = ctx;
  for (const title of [text.playlist.create, text.playlist.addTo, text.playlist.deleteConfirm])
    await dialogOf(page, title).waitFor({ state: 'hidden' });
  await listsShow(ctx, model);
  if (!onListPage(model)) await expect.poll(() => createButton(page).isEnabled()).toBe(true);
  if (ctx.toast) await toastOf(page, ctx.toast).waitFor();
}

async function createShows(ctx: PlaylistsPages, model: AnyMachineSnapshot, busy: boolean): Promise<void> {
  const dialog = dialogOf(ctx.page, text.playlist.create);
  await dialog.waitFor();
  await expect.poll(() => dialog.getByRole('button', { name: text.playlist.confirm }).isDisabled()).toBe(busy);
  const { formError } = contextOf(model);
  if (formError) await dialog.getByText(formError, { exact: true }).waitFor();
  else expect(await dialog.getByRole('alert').count()).toBe(0);
  if (ctx.toast) await toastOf(ctx.page, ctx.toast).waitFor();
}

async function addShows(ctx: PlaylistsPages, model: AnyMachineSnapshot, busy: boolean): Promise<void> {
  const dialog = dialogOf(ctx.page, text.playlist.addTo);
  await dialog.waitFor();
  const choices = dialog.getByRole('list').getByRole('button');
  await expect.poll(() => choices.allTextContents()).toEqual(contextOf(model).playlists.map((p) => p.name));
  await expect.poll(() => dialog.getByRole('button', { name: text.playlist.createNew }).isDisabled()).toBe(busy);
  if (ctx.toast) await toastOf(ctx.page, ctx.toast).waitFor();
}

async function deleteShows(ctx: PlaylistsPages, model: AnyMachineSnapshot, busy: boolean): Promise<void> {
  const dialog = dialogOf(ctx.page, text.playlist.deleteConfirm);
  await dialog.waitFor();
  await dialog.getByText(contextOf(model).pendingDelete!.name, { exact: true }).waitFor();
  await expect.poll(() => dialog.getByRole('button', { name: text.playlist.confirm }).isDisabled()).toBe(busy);
}

/** signs in on the login page (opened by 登录 when it is not open) and comes back to the 播放列表 page */
async function signIn(ctx: PlaylistsPages): Promise<void> {
  const { page } = ctx;
  if (!new URL(page.url()).pathname.startsWith('/user/login'))
    await page.getByRole('link', { name: text.header.login }).first().click();
  await logIn(page, ctx.listener.account.email, ctx.listener.account.password);
  await page.getByRole('button', { name: text.header.logout, exact: true }).waitFor();
  if (new URL(page.url()).pathname !== '/playlist') await drawerLink(page).click();
}

export const playlistsAdapter: InterfaceAdapter<PlaylistsPages> = {
  machine: 'playlists',
  siteNeeds:
    'registration open to anyone: each path registers a listener of its own (a site takes 10 accounts an hour from one address)',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page } = tp;
    const listener = await freshListener(suite);
    await listener.call('PUT', '/api/playlist', LIST);
    const list = await holdRequests(page, '/api/playlists', ['GET']);
    const create = await holdRequests(page, '/api/playlist', ['PUT']);
    const remove = await holdRequests(page, '/api/playlist', ['DELETE']);
    // appends, and the list page's own saves (PLAYLIST_SAVED), one at a time
    const change = await holdRequests(page, '/api/playlist', ['PATCH']);
    // the login page: nobody is signed in yet
    await page.goto(`${suite.server.baseUrl}/playlist`);
    await page.waitForURL(/\/user\/login\?return=/);
    return { tp, page, listener, list, create, remove, change, toast: null };
  },
  stop: stopListenerPage,
  accepts(event, model) {
    const context = contextOf(model);
    const browsing = model.matches({ ready: 'browsing' });
    const known = (id: string) => context.playlists.some((p) => p.id === id);
    switch (event.type) {
      // 902002 says the session ended: the app signs the listener out at once
      case 'xstate.error.actor.listPlaylists':
        return !isApiError(event.error, STATUS_UNAUTHORIZED);
      // the answer names list 7 as 周末: what the server holds only while the model has not renamed it
      case 'xstate.done.actor.appendTracks':
        return (event.output as PlaylistInfo).name === (nameOf(model, LIST_ID) ?? LIST.name);
      // 注销 is in the header of the 播放列表 page (a dialog would cover it); leaving a list's page closes it
      case 'RESET':
        return !onListPage(model) && (browsing || model.matches('loading') || model.matches('failed'));
      // the 播放列表 page's buttons and cards
      case 'OPEN_CREATE':
        return browsing ? !onListPage(model) : true;
      case 'DELETE':
      case 'OPEN_PAGE':
        return browsing && !onListPage(model) && known(event.id as string);
      // on the list's page: the drawer's 播放列表, its edit dialog, a row's 更多
      case 'CLOSE_PAGE':
        return browsing && context.page?.id === event.id;
      case 'PLAYLIST_SAVED':
      case 'ADD_TRACKS':
        return browsing && context.page?.id === LIST_ID;
      default:
        return true;
    }
  },
  events: {
    async LOAD(ctx) {
      ctx.toast = null;
      // after a failed load, the page's 重试; signed out, signing in loads the lists
      const retry = ctx.page.getByRole('button', { name: text.retry });
      if (await retry.isVisible()) await retry.click();
      else await signIn(ctx);
    },
    async RESET(ctx) {
      ctx.toast = null;
      await ctx.page.getByRole('button', { name: text.header.logout, exact: true }).click();
      await ctx.page.getByRole('link', { name: text.header.login }).first().waitFor();
    },
    async 'xstate.done.actor.listPlaylists'(ctx, event) {
      await putBack(ctx.listener);
      await ctx.list.answer(event);
    },
    async 'xstate.error.actor.listPlaylists'(ctx, event) {
      await ctx.list.answer(event);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
    async OPEN_CREATE(ctx, _event, model) {
      ctx.toast = null;
      if (contextOf(model).pendingTracks.length > 0)
        await dialogOf(ctx.page, text.playlist.addTo).getByRole('button', { name: text.playlist.createNew }).click();
      else await createButton(ctx.page).click();
    },
    async CLOSE(ctx) {
      ctx.toast = null;
      const dialog = ctx.page.getByRole('dialog');
      // 取消 where the dialog has it; the add dialog only its close button
      const cancel = dialog.getByRole('button', { name: text.playlist.cancel });
      if (await cancel.count()) await cancel.click();
      else await dialog.getByRole('button', { name: text.close }).click();
    },
    async SUBMIT_CREATE(ctx, event) {
      const form = event.form as PlaylistFields;
      const dialog = dialogOf(ctx.page, text.playlist.create);
      ctx.toast = null;
      await dialog.getByLabel(text.playlist.name).fill(form.name);
      await dialog.getByLabel(text.playlist.description).fill(form.description);
      await dialog.getByLabel(text.playlist.isPublic).setChecked(form.isPublic);
      await dialog.getByRole('button', { name: text.playlist.confirm }).click();
    },
    async 'xstate.done.actor.createPlaylist'(ctx, event) {
      await ctx.create.answer(event);
    },
    async 'xstate.error.actor.createPlaylist'(ctx, event) {
      await ctx.create.answer(event);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
    async DELETE(ctx, event, model) {
      ctx.toast = null;
      await cardOf(ctx.page, nameOf(model, event.id as string)!)
        .getByRole('button', { name: text.playlist.delete })
        .click();
    },
    async CONFIRM(ctx) {
      await dialogOf(ctx.page, text.playlist.deleteConfirm)
        .getByRole('button', { name: text.playlist.confirm })
        .click();
    },
    async 'xstate.done.actor.deletePlaylist'(ctx, event) {
      await ctx.remove.answer(event);
    },
    async 'xstate.error.actor.deletePlaylist'(ctx, event) {
      await ctx.remove.answer(event);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
    // a row's 更多 → 添加到播放列表 on the list's page (one track: the dialog is the same for any number)
    async ADD_TRACKS(ctx) {
      const { page } = ctx;
      ctx.toast = null;
      await page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: TRACK_TITLE })
        .first()
        .getByRole('button', { name: text.track.more })
        .click();
      await page.getByRole('menuitem', { name: text.playlist.addTo }).click();
    },
    async CHOOSE(ctx, event, model) {
      ctx.toast = null;
      await dialogOf(ctx.page, text.playlist.addTo)
        .getByRole('button', { name: nameOf(model, event.id as string)!, exact: true })
        .click();
    },
    async 'xstate.done.actor.appendTracks'(ctx, event) {
      await ctx.change.answer(event);
      ctx.toast = text.playlist.added;
    },
    async 'xstate.error.actor.appendTracks'(ctx, event) {
      await ctx.change.answer(event);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
    async OPEN_PAGE(ctx, event, model) {
      ctx.toast = null;
      await cardOf(ctx.page, nameOf(model, event.id as string)!)
        .getByRole('link')
        .click();
    },
    async CLOSE_PAGE(ctx) {
      ctx.toast = null;
      await drawerLink(ctx.page).click();
      await ctx.page.waitForURL((url) => url.pathname === '/playlist');
    },
    // the list's page saves a new name: 修改播放列表信息, the name, 确定, the server accepts it
    async PLAYLIST_SAVED(ctx, event) {
      const { page } = ctx;
      const dialog = dialogOf(page, text.playlist.edit);
      await page.getByRole('button', { name: text.playlist.edit }).click();
      await dialog.getByLabel(text.playlist.name).fill((event.playlist as PlaylistInfo).name);
      await dialog.getByRole('button', { name: text.playlist.confirm }).click();
      await ctx.change.answer({ type: 'xstate.done.actor.updateInfo' } as AnyEventObject);
      await dialog.waitFor({ state: 'hidden' });
      ctx.toast = text.playlist.editSucceeded;
    },
  },
  states: {
    async idle(ctx) {
      await ctx.page
        .getByRole('button', { name: text.auth.login, exact: true })
        .or(ctx.page.getByRole('link', { name: text.header.login }))
        .first()
        .waitFor();
      expect(await ctx.page.getByRole('button', { name: text.header.logout, exact: true }).count()).toBe(0);
    },
    async loading(ctx) {
      const { page } = ctx;
      await page.getByRole('status', { name: text.loading }).first().waitFor();
      await expect.poll(() => createButton(page).isDisabled()).toBe(true);
      expect(await cards(page).count()).toBe(0);
    },
    async failed(ctx) {
      const { page } = ctx;
      await page.getByRole('button', { name: text.retry }).waitFor();
      await expect.poll(() => createButton(page).isDisabled()).toBe(true);
      expect(await cards(page).count()).toBe(0);
      if (ctx.toast) await toastOf(page, ctx.toast).waitFor();
    },
    'ready.browsing': browsingShows,
    'ready.createDialog': (ctx, model) => createShows(ctx, model, false),
    'ready.creating': (ctx, model) => createShows(ctx, model, true),
    'ready.addDialog': (ctx, model) => addShows(ctx, model, false),
    'ready.appending': (ctx, model) => addShows(ctx, model, true),
    'ready.confirmingDelete': (ctx, model) => deleteShows(ctx, model, false),
    'ready.deleting': (ctx, model) => deleteShows(ctx, model, true),
  },
  notThroughInterface: [
    {
      transition: 'ready —PLAYLIST_ADDED→ (stays)',
      reason:
        "a list made on a smart playlist's page (保存为歌单), outside the 播放列表 pages this walk drives: tests/e2e/smart-lists.test.ts saves one and finds it listed, tests/machines/playlists.test.ts lists it once",
    },
  ],
};
