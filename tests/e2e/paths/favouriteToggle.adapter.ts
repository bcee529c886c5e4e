// The heart of one track row on an album page (夜航船 on 港灯夜曲), driven as a user does: click it,
// the server answers (held until the path says how), the heart shows what was asked for while the
// request is in flight, then what the server accepted, with its toast.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { openSignedIn } from '../../../harness/signIn';
import type { InterfaceAdapter } from './adapter';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const TRACK = '夜航船';

interface Heart {
  tp: TestPage;
  heart: Locator;
  requests: HeldRequests;
  /** what the server holds now (read from the heart at the start: the demo user's likes persist) */
  liked: boolean;
  /** what the request in flight asks for */
  asking: boolean;
  /** the toast the last answer should show */
  toast: string | null;
}

const toastOf = (page: Page, message: string) => page.getByRole('alert').filter({ hasText: message }).first();
const pressed = async (heart: Locator) => (await heart.getAttribute('aria-pressed')) === 'true';

export const favouriteToggleAdapter: InterfaceAdapter<Heart> = {
  machine: 'favouriteToggle',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    // liking and unliking; the list (GET) goes through
    const requests = await holdRequests(tp.page, '/api/favorite/music', ['PUT', 'DELETE']);
    await openSignedIn(tp.page, suite.server, `/album/${TWO_DISC_ALBUM}`);
    // the rows show once the library's albums are synced
    await toastOf(tp.page, '音频仓库同步成功').waitFor();
    const row = tp.page
      .getByRole('listitem')
      .filter({ has: tp.page.getByText(TRACK, { exact: true }) })
      .first();
    const heart = row.getByRole('button', { name: /^(添加喜欢|取消喜欢)$/ });
    await expect.poll(() => heart.isEnabled(), { timeout: 20_000 }).toBe(true);
    const liked = await pressed(heart);
    return { tp, heart, requests, liked, asking: liked, toast: null };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  events: {
    async TOGGLE(ctx) {
      ctx.asking = !ctx.liked;
      await ctx.heart.click();
    },
    async 'xstate.done.actor.submit'(ctx, event) {
      await ctx.requests.answer(event);
      ctx.liked = ctx.asking;
      ctx.toast = ctx.liked ? '添加喜欢成功' : '取消喜欢成功';
    },
    async 'xstate.error.actor.submit'(ctx, event) {
      await ctx.requests.answer(event);
      ctx.toast = (event.error as Error).message;
    },
  },
  states: {
    async idle(ctx) {
      if (ctx.toast) await toastOf(ctx.tp.page, ctx.toast).waitFor();
      await expect.poll(() => ctx.heart.getAttribute('aria-busy')).toBeNull();
      expect(await pressed(ctx.heart)).toBe(ctx.liked);
    },
    async submitting(ctx) {
      await expect.poll(() => ctx.heart.getAttribute('aria-busy')).toBe('true');
      expect(await pressed(ctx.heart)).toBe(ctx.asking);
    },
  },
  notThroughInterface: [],
};
