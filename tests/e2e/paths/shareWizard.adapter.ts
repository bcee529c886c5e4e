// The share dialog of an album page (港灯夜曲), driven as a user does: type a name and a
// description, tick tracks, 全选 / 清除所有, 分享 (the server's answer held until the path says how),
// then in 分享成功: 复制, the system share sheet, 确定. The clipboard and the share sheet are the
// browser's to answer: they are held the same way (heldBrowserCalls.ts).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { openSignedIn } from '../../../harness/signIn';
import type { ShareWizardContext } from '@/features/share/shareWizardMachine';
import type { InterfaceAdapter } from './adapter';
import { HELD_BROWSER_CALLS, settleBrowserCall } from './heldBrowserCalls';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
/** the walk's sample tracks (by key) → the album's tracks a user ticks instead */
const TRACK_OF: Record<string, string> = { 'album-a-1-1': '港灯', 'album-b-1-1': '夜航船' };

interface Wizard {
  tp: TestPage;
  page: Page;
  form: Locator;
  done: Locator;
  createShare: HeldRequests;
  /** the toast the last answer should show */
  toast: string | null;
}

const toastOf = (page: Page, message: string) => page.getByRole('alert').filter({ hasText: message }).first();

const context = (model: { context: unknown }) => model.context as ShareWizardContext;

async function formShows(ctx: Wizard, formError: string | null, busy: boolean): Promise<void> {
  await ctx.form.waitFor();
  const submit = ctx.form.getByRole('button', { name: '分享', exact: true });
  // Mantine's loading button is disabled while the request is out
  await expect.poll(() => submit.isDisabled()).toBe(busy);
  if (formError) await ctx.form.getByRole('alert').filter({ hasText: formError }).waitFor();
  else expect(await ctx.form.getByRole('alert').count()).toBe(0);
}

async function succeededShows(ctx: Wizard, busy: boolean): Promise<void> {
  const link = await ctx.done.getByLabel('分享链接').inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
  await expect.poll(() => ctx.done.getByRole('button', { name: '复制' }).isDisabled()).toBe(busy);
  if (ctx.toast) await toastOf(ctx.page, ctx.toast).waitFor();
}

export const shareWizardAdapter: InterfaceAdapter<Wizard> = {
  machine: 'shareWizard',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page } = tp;
    await page.addInitScript(HELD_BROWSER_CALLS);
    const createShare = await holdRequests(page, '/api/share', ['POST']);
    await openSignedIn(page, suite.server, `/album/${TWO_DISC_ALBUM}`);
    await toastOf(page, '音频仓库同步成功').waitFor();
    await page.getByRole('button', { name: '分享', exact: true }).click();
    return {
      tp,
      page,
      form: page.getByRole('dialog', { name: '分享' }),
      done: page.getByRole('dialog', { name: '分享成功' }),
      createShare,
      toast: null,
    };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  events: {
    // typed into the fields; the form sends them with the next 分享
    async EDIT(ctx, event) {
      await ctx.form.getByLabel('分享名称').fill(event.name as string);
      await ctx.form.getByLabel('分享描述').fill(event.description as string);
    },
    async TOGGLE_TRACK(ctx, event) {
      await ctx.form.getByRole('checkbox', { name: TRACK_OF[event.key as string]!, exact: true }).click();
    },
    async SELECT_ALL(ctx) {
      await ctx.form.getByRole('button', { name: '全选' }).click();
    },
    async CLEAR_ALL(ctx) {
      await ctx.form.getByRole('button', { name: '清除所有' }).click();
    },
    async SUBMIT(ctx) {
      ctx.toast = null;
      await ctx.form.getByRole('button', { name: '分享', exact: true }).click();
    },
    // the app picks the library's credential itself: its request to create the share is then out
    async 'xstate.done.actor.chooseCredentials'(ctx) {
      await expect.poll(() => ctx.createShare.waiting, { timeout: 20_000 }).toBe(1);
    },
    async 'xstate.done.actor.createShare'(ctx, event) {
      await ctx.createShare.answer(event);
    },
    async 'xstate.error.actor.createShare'(ctx, event) {
      await ctx.createShare.answer(event);
      ctx.toast = (event.error as Error).message;
    },
    async COPY(ctx) {
      ctx.toast = null;
      await ctx.done.getByRole('button', { name: '复制' }).click();
    },
    async 'xstate.done.actor.copyLink'(ctx, event) {
      await settleBrowserCall(ctx.page, 'copy', event);
      ctx.toast = '复制成功';
    },
    async 'xstate.error.actor.copyLink'(ctx, event) {
      await settleBrowserCall(ctx.page, 'copy', event);
      ctx.toast = '您的浏览器不支持复制功能';
    },
    async NATIVE_SHARE(ctx) {
      ctx.toast = null;
      await ctx.done.getByRole('button', { name: '分享', exact: true }).click();
    },
    async 'xstate.done.actor.nativeShare'(ctx, event) {
      await settleBrowserCall(ctx.page, 'share', event);
    },
    async 'xstate.error.actor.nativeShare'(ctx, event) {
      await settleBrowserCall(ctx.page, 'share', event);
      ctx.toast = '您的浏览器不支持分享功能';
    },
    async CONFIRM(ctx) {
      await ctx.done.getByRole('button', { name: '确定' }).click();
    },
  },
  states: {
    editing: (ctx, model) => formShows(ctx, context(model).formError, false),
    choosingCredentials: (ctx) => formShows(ctx, null, true),
    submitting: (ctx) => formShows(ctx, null, true),
    succeeded: (ctx) => succeededShows(ctx, false),
    copying: (ctx) => succeededShows(ctx, true),
    sharing: (ctx) => succeededShows(ctx, true),
    async done(ctx) {
      await ctx.done.waitFor({ state: 'detached' });
      await ctx.form.waitFor({ state: 'detached' });
    },
  },
  notThroughInterface: [
    {
      transition: 'choosingCredentials —error: chooseCredentials→ failed',
      reason:
        'the reference server gives the demo user a library credential that may share every album; no step of the page takes it away',
    },
  ],
};
