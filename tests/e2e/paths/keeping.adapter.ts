// Keeping tracks on this device, driven from an album page (港灯夜曲) as a listener does: signing in
// reads what the device keeps, the row menu (更多) of 港灯 (the samples' track a) says 保存到本机
// (its dialog's 开始保存 or 取消) or 移除本机副本, the album's 取消保存 stops the downloads, 注销
// clears the device. The library's answer to the track's download is held until the path says how:
// let through (kept), 503 (tried again after a short wait, then given up with a toast), or, for a
// full device, let through with the browser's quota for the site set below what it already uses
// (Chromium's Storage.overrideQuotaForOrigin, what a full disk does).
import type { CDPSession, Locator, Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../tools/browser';
import { logIn } from '../../../tools/signIn';
import type { KeepingContext } from '@/features/offline/keepingMachine';
import { text } from '@/shared/text';
import { keepDialog } from '../support/keeping';
import type { InterfaceAdapter } from './adapter';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { toastOf, WAIT_MS } from './playerPage';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
/** the samples' track a */
const TRACK = '港灯';

interface AlbumPage {
  tp: TestPage;
  page: Page;
  origin: string;
  libraryUrl: string;
  email: string;
  password: string;
  /** the library's answers to the track's download (GET; the dialog's size estimate, HEAD, goes through) */
  audio: HeldRequests;
  cdp: CDPSession;
  /** the toast the last step should show */
  toast: string | null;
}

const context = (model: AnyMachineSnapshot) => model.context as KeepingContext;
const row = (page: Page): Locator => page.getByRole('main').getByRole('listitem').filter({ has: page.getByText(TRACK, { exact: true }) }).first();
const cancelButton = (page: Page) => page.getByRole('button', { name: text.offline.cancel });

async function rowMenu(ctx: AlbumPage, item: string): Promise<void> {
  await row(ctx.page).getByRole('button', { name: text.track.more }).click();
  await ctx.page.getByRole('menuitem', { name: item }).click();
}

/** what the row of 港灯 and the album's controls show for the model's queue and kept tracks */
async function keepingShows(ctx: AlbumPage, model: AnyMachineSnapshot, downloading: boolean): Promise<void> {
  const { page } = ctx;
  const { kept, queue } = context(model);
  if (queue.length > 0) {
    await cancelButton(page).waitFor({ timeout: WAIT_MS });
    await page.getByText(text.offline.progress(0, queue.length)).first().waitFor();
  } else {
    await expect.poll(() => cancelButton(page).count(), { timeout: WAIT_MS }).toBe(0);
  }
  const keptMark = row(page).getByLabel(text.offline.kept, { exact: true });
  await expect.poll(() => keptMark.count(), { timeout: WAIT_MS }).toBe(kept.length > 0 ? 1 : 0);
  // the library is asked for the track while it downloads, not while the retry waits
  if (downloading) await expect.poll(() => ctx.audio.waiting, { timeout: WAIT_MS }).toBe(1);
  else expect(ctx.audio.waiting).toBe(0);
  if (ctx.toast) await toastOf(page, ctx.toast).waitFor({ timeout: WAIT_MS });
}

export const keepingAdapter: InterfaceAdapter<AlbumPage> = {
  machine: 'keeping',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page } = tp;
    const audio = await holdRequests(page, `/${TWO_DISC_ALBUM}/1/1`, ['GET']);
    const cdp = await tp.context.newCDPSession(page);
    await page.goto(`${suite.server.baseUrl}/album/${TWO_DISC_ALBUM}`);
    await page.waitForURL(/\/user\/login\?return=/);
    return {
      tp,
      page,
      origin: new URL(suite.server.baseUrl).origin,
      libraryUrl: suite.server.libraryUrl,
      email: suite.server.demo.email,
      password: suite.server.demo.password,
      audio,
      cdp,
      toast: null,
    };
  },
  async stop(ctx) {
    try {
      ctx.tp.expectNoErrors();
    } finally {
      // the quota is the browser's, not the context's: the next page gets the real one
      await ctx.cdp.send('Storage.overrideQuotaForOrigin', { origin: ctx.origin }).catch(() => {});
      await ctx.tp.close();
    }
  },
  accepts(event, model) {
    const signedIn = !model.matches('waiting');
    const dialogOpen = context(model).plan !== null;
    switch (event.type) {
      // a fresh browser keeps nothing (a queue a reload cut off is listed below)
      case 'xstate.done.actor.loadKept':
        return (event.output as KeepingContext).queue.length === 0;
      case 'RESET': // 注销, in the header: not under the dialog
        return signedIn && !dialogOpen && !model.matches('loading');
      // the row's menu, not under the dialog; the dialog shows only for a track neither kept nor queued,
      // and 保存到本机 shows in the menu only for a track not kept
      case 'PLAN':
        return signedIn && !dialogOpen && !model.matches('loading') && !context(model).kept.length;
      // 开始保存 or 取消 in the open dialog
      case 'xstate.done.actor.keepPlan':
        return dialogOpen;
      case 'CANCEL':
        return !dialogOpen;
      case 'REMOVE':
        return !dialogOpen && context(model).kept.length > 0;
      default:
        return true;
    }
  },
  events: {
    async LOAD(ctx) {
      ctx.toast = null;
      await ctx.page.getByLabel('Email', { exact: true }).waitFor();
      await logIn(ctx.page, ctx.email, ctx.password);
      await ctx.page.waitForURL((url) => url.pathname === `/album/${TWO_DISC_ALBUM}`);
      await toastOf(ctx.page, text.library.syncSucceeded).waitFor({ timeout: WAIT_MS });
    },
    // read from the browser's store as the listener signs in: nothing to do
    'xstate.done.actor.loadKept': async () => {},
    async RESET(ctx) {
      ctx.toast = null;
      await ctx.page.getByRole('button', { name: '注销', exact: true }).click();
      await ctx.page.getByRole('link', { name: '登录' }).first().waitFor({ timeout: WAIT_MS });
      // back to the album (its address again), which asks to sign in first
      await ctx.page.goto(`${new URL(ctx.page.url()).origin}/album/${TWO_DISC_ALBUM}`);
      await ctx.page.waitForURL(/\/user\/login\?return=/);
    },
    async PLAN(ctx, _event, model) {
      ctx.toast = context(model).plan === null ? text.offline.allKept : null;
      await rowMenu(ctx, text.offline.keep);
    },
    async 'xstate.done.actor.keepPlan'(ctx, event) {
      const dialog = keepDialog(ctx.page);
      if ((event.output as unknown[]).length === 0) {
        await dialog.getByRole('button', { name: text.offline.planCancel }).click();
        return;
      }
      const start = dialog.getByRole('button', { name: text.offline.start });
      await expect.poll(() => start.isEnabled(), { timeout: WAIT_MS }).toBe(true);
      await start.click();
    },
    async TRACK_KEPT(ctx, _event, model) {
      await ctx.audio.answer({ type: 'xstate.done.actor.download' });
      ctx.toast = context(model).queue.length === 0 ? text.offline.keepDone(1) : null;
    },
    async TRACK_FAILED(ctx, event, model) {
      const error = event.error as { name?: string };
      if (error.name === 'QuotaExceededError') {
        // the device is full: the site may store nothing more than it holds now
        await ctx.cdp.send('Storage.overrideQuotaForOrigin', { origin: ctx.origin, quotaSize: 1 });
        await ctx.audio.answer({ type: 'xstate.done.actor.download' });
        ctx.toast = text.offline.outOfSpace;
        return;
      }
      await ctx.audio.answer({ type: 'xstate.error.actor.download', error: event.error });
      ctx.toast = model.matches('waitingToRetry') ? null : text.offline.keepFailed(TRACK, text.errors.network(503, 'Service Unavailable'));
    },
    // the short wait passes by itself: the library is asked again
    async 'xstate.after.retryDelay.keeping.waitingToRetry'(ctx) {
      await expect.poll(() => ctx.audio.waiting, { timeout: WAIT_MS }).toBe(1);
    },
    async CANCEL(ctx) {
      ctx.toast = text.offline.cancelled;
      await cancelButton(ctx.page).click();
      // the download the app gave up is answered with nothing (the page no longer waits for it)
      if (ctx.audio.waiting > 0) await ctx.audio.answer({ type: 'xstate.error.actor.download', error: new Error('cancelled') }).catch(() => undefined);
    },
    async REMOVE(ctx) {
      ctx.toast = null;
      await rowMenu(ctx, text.offline.remove);
    },
    // the tracks leave the browser's store in a moment: its end is the toast
    async 'xstate.done.actor.removeKept'(ctx) {
      ctx.toast = text.offline.removed;
      await toastOf(ctx.page, ctx.toast).waitFor({ timeout: WAIT_MS });
    },
  },
  states: {
    // nobody signed in: the login page, nothing of the device read
    async waiting(ctx) {
      await ctx.page.getByLabel('Email', { exact: true }).waitFor();
      expect(await row(ctx.page).count()).toBe(0);
    },
    // the browser's store is read as the listener signs in, in a moment: nothing shows of it
    loading: async () => {},
    async idle(ctx, model) {
      await keepDialog(ctx.page).waitFor({ state: context(model).plan ? 'visible' : 'hidden' });
      await keepingShows(ctx, model, false);
    },
    downloading: (ctx, model) => keepingShows(ctx, model, true),
    waitingToRetry: (ctx, model) => keepingShows(ctx, model, false),
    // the tracks leave the browser's store in a moment: the done step waits for its end (the toast)
    removing: async () => {},
  },
  notThroughInterface: [
    {
      transition: 'loading —error: loadKept→ idle',
      reason: "the browser's own store (IndexedDB) failing to open: nothing a user does makes it fail",
    },
    {
      transition: 'removing —error: removeKept→ resuming',
      reason: "the browser's own store failing to delete: nothing a user does makes IndexedDB fail",
    },
    {
      transition: 'resuming —always#1→ downloading',
      reason:
        "a queue waits at resuming when the app starts with a queue a reload cut off (a reload starts a new keeping actor, which the walk's one actor never is) or when 开始保存 lands while 移除本机副本 runs (one IndexedDB delete: milliseconds, see removing)",
    },
    {
      transition: 'idle —PLAN#2→ (stays)',
      reason:
        "every 保存到本机 hides once its tracks are kept or queued (the album's button becomes 已保存到本机 or the progress, the row's menu 移除本机副本), and in idle nothing is queued: it opens the dialog or does not show",
    },
    {
      transition: 'idle —KEEP#2→ (stays)',
      reason:
        "KEEP comes only from the dialog's 开始保存, for the tracks new when it opened; while it is open (modal) nothing else keeps or queues them, and in idle nothing downloads them meanwhile",
    },
    {
      transition: 'downloading —DOWNLOAD_PROGRESS→ (stays)',
      reason:
        "sent by the download itself as the body arrives (at most every 200 ms): a held answer sends no bytes, a released one sends them all up to its end (TRACK_KEPT), so no step of a path falls between (the bar's progress is checked by tests/e2e/keep-offline tests)",
    },
    {
      transition: 'removing —PLAN#2→ (stays)',
      reason: '移除本机副本 of one track is one IndexedDB delete (milliseconds): no click on 保存到本机 lands within it',
    },
    ...[
      'downloading —PLAN#1→ (stays)',
      'waitingToRetry —PLAN#1→ (stays)',
      'removing —PLAN#1→ (stays)',
      'downloading —KEEP→ (stays)',
      'waitingToRetry —KEEP→ (stays)',
      'removing —KEEP→ (stays)',
      'next —always#1→ downloading',
    ].map((transition) => ({
      transition,
      reason:
        "needs a second track in the queue or its dialog (保存到本机 on 夜航船 while 港灯 downloads, or an album's 保存到本机): a user reaches it, but the walk's samples plan and keep only track a (keepingMachine.samples.ts), so no path here takes it",
    })),
  ],
};
