// One playlist's page (/playlist/{id}) of a listener of their own, driven as its owner does:
// 修改播放列表信息 (type, 确定, 取消), 上移 / 下移 / 从播放列表移除 on a row, 重试 after a failed load,
// and 更多 → 添加到播放列表 on a row to add its track to this list again. The page's load and changes
// are held until the path says how the server answers (heldRequests.ts).
//
// The walk's list 周末 (items 11: a track, 12: an album) is the listener's list 周末 of 港灯 and the
// album Harbor Lights. Each answer that lets a change through must be what the server then holds:
// `accepts` takes a done answer only when its list (name and items) is what the change makes of
// the list the model shows, and a load is answered after the listener's other device has put the
// list back as the walk's answer has it (after a change the page was told was refused elsewhere).
import type { Locator, Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import type { PlaylistContext } from '@/features/playlists/playlistMachine';
import { isApiError } from '@/services/api/errors';
import { STATUS_PLAYLIST_CHANGED } from '@/shared/constants';
import { text } from '@/shared/text';
import type { Playlist } from '@/shared/types';
import type { InterfaceAdapter } from './adapter';
import { freshListener, openSignedInAs, type FreshListener, stopListenerPage } from './freshListener';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { failureShown, toastOf } from './toasts';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲: disc 1, track 1 is 港灯
const ALBUM_ITEM = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02';
/** what a row shows of an item: its track's title, or its album's */
const TRACK_TITLE = '港灯';
const ALBUM_TITLE = 'Harbor Lights';
/** the walk's list as the server holds it */
const NAME = '周末';
const ITEMS = [
  { type: 'normal', description: '', info: { album_id: TWO_DISC_ALBUM, disc_id: 1, track_id: 1 } },
  { type: 'album', description: '', info: ALBUM_ITEM },
];

interface PlaylistPage {
  tp: TestPage;
  page: Page;
  listener: FreshListener;
  id: string;
  load: HeldRequests;
  change: HeldRequests;
  /** the toast the last answer should show */
  toast: string | null;
}

/** refused because the list changed elsewhere: the page says so and loads it afresh; else the server's reason */
const changeRefused = (page: Page, error: unknown) =>
  isApiError(error, STATUS_PLAYLIST_CHANGED)
    ? Promise.resolve(text.playlist.changedElsewhere)
    : failureShown(page, error);

const shownOf = (model: AnyMachineSnapshot) => (model.context as PlaylistContext).playlist;
/** what the rows show, in order: a title a row */
const titlesOf = (playlist: Pick<Playlist, 'items'>) =>
  playlist.items.map((item) => (item.type === 'album' ? ALBUM_TITLE : TRACK_TITLE));
const sameList = (a: Pick<Playlist, 'name' | 'items'>, b: Pick<Playlist, 'name' | 'items'>) =>
  a.name === b.name && titlesOf(a).join() === titlesOf(b).join();

const rows = (page: Page) => page.getByRole('main').getByRole('listitem');
const editDialog = (page: Page) => page.getByRole('dialog', { name: text.playlist.edit });

/** the row of `itemId` as the list shows it in `playlist` */
function rowOf(page: Page, playlist: Playlist, itemId: string): Locator {
  return rows(page).nth(playlist.items.findIndex((item) => item.id === itemId));
}

/** the rows' titles as shown (an album row shows its title once the album is read) */
const shownTitles = (page: Page) =>
  rows(page).evaluateAll((items) =>
    items.map((item) =>
      item.textContent?.includes('Harbor Lights') ? 'Harbor Lights' : item.textContent?.includes('港灯') ? '港灯' : '?',
    ),
  );

/** the other device puts the list back as the walk's answers have it: 周末, 港灯 then Harbor Lights */
async function putBack(ctx: PlaylistPage): Promise<void> {
  const held = (await ctx.listener.call('GET', `/api/playlist?id=${ctx.id}`)) as {
    name: string;
    items: { id: string; type: string }[];
  };
  if (held.name !== NAME)
    await ctx.listener.call('PATCH', '/api/playlist', { id: ctx.id, command: 'info', payload: { name: NAME } });
  if (held.items.map((item) => item.type).join() === 'normal,album') return;
  await ctx.listener.call('PATCH', '/api/playlist', {
    id: ctx.id,
    command: 'remove',
    payload: held.items.map((item) => item.id),
  });
  await ctx.listener.call('PATCH', '/api/playlist', { id: ctx.id, command: 'append', payload: ITEMS });
}

/** the list as the model shows it: name, the rows in order, each row's buttons enabled or not */
async function listShows(ctx: PlaylistPage, model: AnyMachineSnapshot, busy: boolean): Promise<void> {
  const { page } = ctx;
  const playlist = shownOf(model)!;
  await page.getByRole('heading', { level: 2, name: playlist.name, exact: true }).waitFor();
  await page.getByText(text.playlist.count(playlist.items.length), { exact: true }).waitFor();
  await expect.poll(() => shownTitles(page)).toEqual(titlesOf(playlist));
  const remove = rows(page).getByRole('button', { name: text.playlist.removeItem });
  await expect
    .poll(() => remove.evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).disabled)))
    .toEqual(playlist.items.map(() => busy));
  if (ctx.toast) await toastOf(page, ctx.toast).waitFor();
}

async function dialogShows(ctx: PlaylistPage, model: AnyMachineSnapshot, busy: boolean): Promise<void> {
  const dialog = editDialog(ctx.page);
  await dialog.waitFor();
  await expect.poll(() => dialog.getByRole('button', { name: text.playlist.confirm }).isDisabled()).toBe(busy);
  const formError = (model.context as PlaylistContext).formError;
  if (formError) await dialog.getByText(formError, { exact: true }).waitFor();
  else expect(await dialog.getByRole('alert').count()).toBe(0);
  if (ctx.toast) await toastOf(ctx.page, ctx.toast).waitFor();
}

/** a done answer whose list is what the server makes of the list the model showed before the change */
function doneMatches(event: AnyEventObject, model: AnyMachineSnapshot): boolean {
  const context = model.context as PlaylistContext;
  const output = event.output as Playlist;
  const shown = context.playlist;
  switch (event.type) {
    // the load's list is put back as the answer has it first
    case 'xstate.done.actor.loadPlaylist':
      return true;
    case 'xstate.done.actor.updateInfo':
      return shown !== null && titlesOf(output).join() === titlesOf(shown).join();
    case 'xstate.done.actor.removeItem':
      // the walk removes item 11 (a track)
      return (
        shown !== null &&
        output.name === shown.name &&
        titlesOf(output).join() === titlesOf({ items: shown.items.filter((item) => item.id !== '11') }).join()
      );
    case 'xstate.done.actor.reorder':
      // the move shows at once: the list shown is the one the server stores
      return shown !== null && sameList(output, shown);
    default:
      return true;
  }
}

export const playlistAdapter: InterfaceAdapter<PlaylistPage> = {
  machine: 'playlist',
  siteNeeds:
    'registration open to anyone: each path registers a listener of its own (a site takes 10 accounts an hour from one address)',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page } = tp;
    const listener = await freshListener(suite);
    const created = (await listener.call('PUT', '/api/playlist', {
      name: NAME,
      description: '',
      is_public: true,
      items: ITEMS,
    })) as { id: string };
    const id = String(created.id);
    const load = await holdRequests(page, '/api/playlist', ['GET']);
    // the page's changes, and the add dialog's append (only while the page itself changes nothing)
    const change = await holdRequests(page, '/api/playlist', ['PATCH']);
    await openSignedInAs(page, suite, listener, `/playlist/${id}`);
    return { tp, page, listener, id, load, change, toast: null };
  },
  stop: stopListenerPage,
  accepts(event, model) {
    if (/^xstate\.done\.actor\./.test(event.type)) return doneMatches(event, model);
    if (event.type !== 'REPLACED') return true;
    // tracks are added from the page's own row: the list shown with one 港灯 more, while nothing else is open
    const replacement = event.playlist as Playlist;
    const shown = shownOf(model);
    return (
      model.matches({ ready: 'viewing' }) &&
      shown !== null &&
      replacement.id === shown.id &&
      replacement.name === shown.name &&
      titlesOf(replacement).join() === [...titlesOf(shown), TRACK_TITLE].join()
    );
  },
  events: {
    async 'xstate.done.actor.loadPlaylist'(ctx, event) {
      await putBack(ctx);
      await ctx.load.answer(event);
    },
    async 'xstate.error.actor.loadPlaylist'(ctx, event) {
      await ctx.load.answer(event);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
    async RETRY(ctx) {
      ctx.toast = null;
      await ctx.page.getByRole('button', { name: text.retry }).click();
    },
    async OPEN_EDIT(ctx) {
      ctx.toast = null;
      await ctx.page.getByRole('button', { name: text.playlist.edit }).click();
    },
    async CLOSE(ctx) {
      await editDialog(ctx.page).getByRole('button', { name: text.playlist.cancel }).click();
      await editDialog(ctx.page).waitFor({ state: 'hidden' });
    },
    async SUBMIT_EDIT(ctx, event) {
      const form = event.form as { name: string; description: string; isPublic: boolean };
      const dialog = editDialog(ctx.page);
      ctx.toast = null;
      await dialog.getByLabel(text.playlist.name).fill(form.name);
      await dialog.getByLabel(text.playlist.description).fill(form.description);
      await dialog.getByLabel(text.playlist.isPublic).setChecked(form.isPublic);
      await dialog.getByRole('button', { name: text.playlist.confirm }).click();
    },
    async 'xstate.done.actor.updateInfo'(ctx, event) {
      await ctx.change.answer(event);
      ctx.toast = text.playlist.editSucceeded;
    },
    async 'xstate.error.actor.updateInfo'(ctx, event) {
      await ctx.change.answer(event);
      ctx.toast = await changeRefused(ctx.page, event.error);
    },
    async REMOVE_ITEM(ctx, event, model) {
      ctx.toast = null;
      await rowOf(ctx.page, shownOf(model)!, event.itemId as string)
        .getByRole('button', { name: text.playlist.removeItem })
        .click();
    },
    async 'xstate.done.actor.removeItem'(ctx, event) {
      await ctx.change.answer(event);
      ctx.toast = text.itemRemoved;
    },
    async 'xstate.error.actor.removeItem'(ctx, event) {
      await ctx.change.answer(event);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
    // the model shows the move already: the row was one place the other way before it
    async MOVE_ITEM(ctx, event, model) {
      const playlist = shownOf(model)!;
      const by = event.by as -1 | 1;
      const before = rows(ctx.page).nth(playlist.items.findIndex((item) => item.id === event.itemId) - by);
      ctx.toast = null;
      await before.getByRole('button', { name: by === 1 ? text.playlist.moveDown : text.playlist.moveUp }).click();
    },
    async 'xstate.done.actor.reorder'(ctx, event) {
      await ctx.change.answer(event);
    },
    async 'xstate.error.actor.reorder'(ctx, event) {
      await ctx.change.answer(event);
      ctx.toast = await changeRefused(ctx.page, event.error);
    },
    // 更多 → 添加到播放列表 on the first 港灯 row, then this list in the dialog; the append goes through
    async REPLACED(ctx, _event, model) {
      const { page } = ctx;
      const playlist = shownOf(model)!;
      await rows(page).filter({ hasText: TRACK_TITLE }).first().getByRole('button', { name: text.track.more }).click();
      await page.getByRole('menuitem', { name: text.playlist.addTo }).click();
      const dialog = page.getByRole('dialog', { name: text.playlist.addTo });
      await dialog.getByRole('button', { name: playlist.name, exact: true }).click();
      await ctx.change.answer({ type: 'xstate.done.actor.appendTracks' });
      await dialog.waitFor({ state: 'hidden' });
      ctx.toast = text.playlist.added;
    },
  },
  states: {
    async loading(ctx) {
      await ctx.page.getByLabel(text.loading).first().waitFor();
      expect(await ctx.page.getByRole('heading', { level: 2 }).count()).toBe(0);
      if (ctx.toast) await toastOf(ctx.page, ctx.toast).waitFor();
    },
    async failed(ctx, model) {
      const { page } = ctx;
      await page.getByRole('button', { name: text.retry }).waitFor();
      await page
        .getByText((model.context as PlaylistContext).error!, { exact: true })
        .first()
        .waitFor();
      expect(await rows(page).count()).toBe(0);
    },
    'ready.viewing': async (ctx, model) => {
      await listShows(ctx, model, false);
      await editDialog(ctx.page).waitFor({ state: 'hidden' });
    },
    'ready.editDialog': (ctx, model) => dialogShows(ctx, model, false),
    'ready.saving': (ctx, model) => dialogShows(ctx, model, true),
    'ready.removing': (ctx, model) => listShows(ctx, model, true),
    'ready.moving': (ctx, model) => listShows(ctx, model, true),
  },
  notThroughInterface: [],
};
