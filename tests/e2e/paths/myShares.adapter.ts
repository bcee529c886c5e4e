// 我的分享 (/shares) of a listener of their own with two shares (周末, the newer, and 通勤), driven
// as a user does: 复制 and 收回分享 on a card, 重试 after a failed load. The list, the delete and the
// clipboard are held until the path says how each answers (heldRequests.ts, heldBrowserCalls.ts).
// The walk's two sample shares stand for the listener's two: 周末 for the named one, 通勤 for the
// other (the server wants a name for every share, so the sample without one gets 通勤).
import type { Locator, Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { isApiError } from '@/services/api/errors';
import { STATUS_UNAUTHORIZED } from '@/shared/constants';
import { text } from '@/shared/text';
import type { MySharesContext } from '@/features/share/mySharesMachine';
import type { InterfaceAdapter } from './adapter';
import { freshListener, openSignedInAs, type FreshListener, stopListenerPage } from './freshListener';
import { HELD_BROWSER_CALLS, settleBrowserCall } from './heldBrowserCalls';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { failureShown, toastOf } from './toasts';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
/** the walk's sample share ids → the names of the listener's shares that stand for them (newest first) */
const NAME_OF: Record<string, string> = { qWeRtYuI: '周末', AsDfGhJk: '通勤' };

interface SharesPage {
  tp: TestPage;
  page: Page;
  listener: FreshListener;
  list: HeldRequests;
  remove: HeldRequests;
  /** the toast the last answer should show */
  toast: string | null;
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardOf = (page: Page, sampleId: string): Locator =>
  cards(page).filter({ has: page.getByRole('link', { name: NAME_OF[sampleId]!, exact: true }) });
const sharesOf = (model: AnyMachineSnapshot) => (model.context as MySharesContext).shares;
/** the sample id in a COPY's link (…/s/{id}) */
const linkId = (event: AnyEventObject) => (event.link as string).split('/s/')[1]!;

/** the two shares, 通勤 first so that 周末 is the newer, as the walk's list has them */
async function createShares(listener: FreshListener): Promise<void> {
  const [credential] = (await listener.call('GET', '/api/credential')) as { id: string }[];
  for (const name of [NAME_OF.AsDfGhJk!, NAME_OF.qWeRtYuI!]) {
    const songs = [{ album_id: TWO_DISC_ALBUM, disc_id: 1, tracks: [1] }];
    await listener.call('POST', '/api/share', {
      info: { name, description: '', cover: { album_id: TWO_DISC_ALBUM, disc_id: 1 }, songs },
      albums: { [TWO_DISC_ALBUM]: credential!.id },
    });
  }
}

/** the cards as listed, each with its buttons enabled or not (busy) */
async function listShows(ctx: SharesPage, model: AnyMachineSnapshot, busy: boolean): Promise<void> {
  const { page } = ctx;
  const shares = sharesOf(model);
  await expect
    .poll(() => cards(page).getByRole('link').allTextContents())
    .toEqual(shares.map((share) => NAME_OF[share.id]));
  if (shares.length === 0) await page.getByText(text.share.none, { exact: true }).waitFor();
  for (const share of shares) {
    const card = cardOf(page, share.id);
    await expect.poll(() => card.getByRole('button', { name: text.share.copy }).isDisabled()).toBe(busy);
    await expect.poll(() => card.getByRole('button', { name: text.share.takeBack }).isDisabled()).toBe(busy);
  }
  expect(await page.getByRole('status', { name: text.loading }).count()).toBe(0);
  if (ctx.toast) await toastOf(page, ctx.toast).waitFor();
}

export const mySharesAdapter: InterfaceAdapter<SharesPage> = {
  machine: 'myShares',
  siteNeeds:
    'registration open to anyone: each path registers a listener of its own (a site takes 10 accounts an hour from one address)',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page } = tp;
    const listener = await freshListener(suite);
    await createShares(listener);
    await page.addInitScript(HELD_BROWSER_CALLS);
    const list = await holdRequests(page, '/api/share/', ['GET']);
    const remove = await holdRequests(page, '/api/share', ['DELETE']);
    await openSignedInAs(page, suite, listener, '/shares');
    return { tp, page, listener, list, remove, toast: null };
  },
  stop: stopListenerPage,
  accepts(event, model) {
    switch (event.type) {
      // the server lists what the listener has: their two shares (nothing takes them back before the list shows)
      case 'xstate.done.actor.listShares':
        return (event.output as unknown[]).length === 2;
      // 902002 says the session ended: the app signs the listener out and leaves the page
      case 'xstate.error.actor.listShares':
        return !isApiError(event.error, STATUS_UNAUTHORIZED);
      // a card's 复制 shows only while its share is listed
      case 'COPY':
        return sharesOf(model).some((share) => share.id === linkId(event));
      default:
        return true;
    }
  },
  events: {
    async 'xstate.done.actor.listShares'(ctx, event) {
      await ctx.list.answer(event);
    },
    async 'xstate.error.actor.listShares'(ctx, event) {
      await ctx.list.answer(event);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
    async RETRY(ctx) {
      ctx.toast = null;
      await ctx.page.getByRole('button', { name: text.retry }).click();
    },
    async COPY(ctx, event) {
      ctx.toast = null;
      await cardOf(ctx.page, linkId(event)).getByRole('button', { name: text.share.copy }).click();
    },
    async 'xstate.done.actor.copyLink'(ctx, event) {
      await settleBrowserCall(ctx.page, 'copy', event);
      ctx.toast = text.share.copySucceeded;
    },
    async 'xstate.error.actor.copyLink'(ctx, event) {
      await settleBrowserCall(ctx.page, 'copy', event);
      ctx.toast = text.share.noClipboard;
    },
    async DELETE(ctx, event) {
      ctx.toast = null;
      await cardOf(ctx.page, event.id as string)
        .getByRole('button', { name: text.share.takeBack })
        .click();
    },
    async 'xstate.done.actor.deleteShare'(ctx, event) {
      await ctx.remove.answer(event);
      ctx.toast = text.itemRemoved;
    },
    async 'xstate.error.actor.deleteShare'(ctx, event) {
      await ctx.remove.answer(event);
      ctx.toast = await failureShown(ctx.page, event.error);
    },
  },
  states: {
    async loading(ctx) {
      await ctx.page.getByRole('status', { name: text.loading }).waitFor();
      expect(await cards(ctx.page).count()).toBe(0);
      expect(await ctx.page.getByRole('button', { name: text.retry }).count()).toBe(0);
    },
    async failed(ctx) {
      await ctx.page.getByRole('button', { name: text.retry }).waitFor();
      if (ctx.toast) await toastOf(ctx.page, ctx.toast).waitFor();
      expect(await cards(ctx.page).count()).toBe(0);
      expect(await ctx.page.getByText(text.share.none, { exact: true }).count()).toBe(0);
    },
    ready: (ctx, model) => listShows(ctx, model, false),
    copying: (ctx, model) => listShows(ctx, model, true),
    async deleting(ctx, model) {
      await listShows(ctx, model, true);
      // the share being taken back shows its button loading
      const deleting = (model.context as MySharesContext).deleting!;
      await expect
        .poll(() =>
          cardOf(ctx.page, deleting).getByRole('button', { name: text.share.takeBack }).getAttribute('data-loading'),
        )
        .toBe('true');
    },
  },
  notThroughInterface: [],
};
