// Keeping tracks on this device, driven from an album page (港灯夜曲) as a listener does: signing in
// reads what the device keeps, a row's menu (更多) says 保存到本机 (its dialog's 开始保存 or 取消)
// or 移除本机副本, the album's 取消保存 stops the downloads, 注销 clears the device. The samples'
// track a is 港灯, track b 夜航船; KEEP (tracks kept with no dialog of their own in the model) is
// the row's 保存到本机 and the dialog's 开始保存 in one step, the only way a listener asks for it.
// The library's answer to each track's download is held until the path says how:
// let through (kept), 503 (tried again after a short wait, then given up with a toast), or, for a
// full device, let through with the browser's quota for the site set below what it already uses
// (Chromium's Storage.overrideQuotaForOrigin, what a full disk does).
import type { CDPSession, Locator, Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { logIn } from '../../../harness/signIn';
import type { KeepingContext, KeepItem } from '@/features/offline/keepingMachine';
import { trackKey, type TrackIdentity } from '@/shared/track';
import { text } from '@/shared/text';
import { keepDialog } from '../support/keeping';
import type { InterfaceAdapter } from './adapter';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { toastOf, WAIT_MS } from './playerPage';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
/** the samples' tracks (by album id) → the album's track a listener keeps instead */
const TRACKS: Record<string, { title: string; path: string }> = {
  'album-a': { title: '港灯', path: `/${TWO_DISC_ALBUM}/1/1` },
  'album-b': { title: '夜航船', path: `/${TWO_DISC_ALBUM}/1/2` },
};
const trackOf = (track: TrackIdentity) => TRACKS[track.albumId]!;

interface AlbumPage {
  tp: TestPage;
  page: Page;
  origin: string;
  libraryUrl: string;
  email: string;
  password: string;
  /** the library's answers to each track's download, by sample album id (GET; the dialog's size estimate, HEAD, goes through) */
  audio: Record<string, HeldRequests>;
  /** the track downloading as the last step ended (the one the next answer is for) */
  head: TrackIdentity | null;
  /** tracks kept in the batch as the last step ended (the count the batch's toast says) */
  batch: number;
  cdp: CDPSession;
  /** the toast the last step should show */
  toast: string | null;
}

const context = (model: AnyMachineSnapshot) => model.context as KeepingContext;
const row = (page: Page, title: string): Locator =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
const waiting = (ctx: AlbumPage) => Object.values(ctx.audio).reduce((sum, held) => sum + held.waiting, 0);
const isNew = (model: AnyMachineSnapshot, tracks: readonly TrackIdentity[]) => {
  const taken = new Set([...context(model).kept, ...context(model).queue.map((item) => trackKey(item.track))]);
  return tracks.every((track) => !taken.has(trackKey(track)));
};
const cancelButton = (page: Page) => page.getByRole('button', { name: text.offline.cancel });

async function rowMenu(ctx: AlbumPage, title: string, item: string): Promise<void> {
  await row(ctx.page, title).getByRole('button', { name: text.track.more }).click();
  await ctx.page.getByRole('menuitem', { name: item }).click();
}

/**
 * What the album's controls and the rows of 港灯 and 夜航船 show for the model's queue and kept
 * tracks. `retrying`: a download failed and the app tries it again after 2 s of its own clock,
 * which this check cannot hold: on a loaded machine the new request may already be out (held until
 * the path's `after retryDelay` step), so the check takes nothing asked or the one retry.
 */
async function keepingShows(
  ctx: AlbumPage,
  model: AnyMachineSnapshot,
  downloading: boolean | 'retrying',
): Promise<void> {
  const { page } = ctx;
  const { kept, queue } = context(model);
  ctx.head = queue[0]?.track ?? null;
  ctx.batch = context(model).keptInBatch;
  if (queue.length > 0) {
    await cancelButton(page).waitFor({ timeout: WAIT_MS });
    await page
      .getByText(text.offline.progress(kept.length, kept.length + queue.length))
      .first()
      .waitFor({ timeout: WAIT_MS });
  } else {
    await expect.poll(() => cancelButton(page).count(), { timeout: WAIT_MS }).toBe(0);
  }
  for (const [albumId, { title }] of Object.entries(TRACKS)) {
    const keptMark = row(page, title).getByRole('img', { name: text.offline.kept, exact: true });
    await expect.poll(() => keptMark.count(), { timeout: WAIT_MS }).toBe(kept.includes(`${albumId}-1-1`) ? 1 : 0);
  }
  // the library is asked for the first track of the queue while it downloads, not while the retry waits
  if (downloading === true)
    await expect.poll(() => ctx.audio[ctx.head!.albumId]!.waiting, { timeout: WAIT_MS }).toBe(1);
  if (downloading === 'retrying') expect(waiting(ctx)).toBe(ctx.audio[ctx.head!.albumId]!.waiting);
  expect(waiting(ctx)).toBeLessThanOrEqual(downloading === false ? 0 : 1);
  if (ctx.toast) await toastOf(page, ctx.toast).waitFor({ timeout: WAIT_MS });
}

/** the held download of the track the last step left downloading, answered as `event` says */
async function answerDownload(ctx: AlbumPage, event: AnyEventObject): Promise<void> {
  await ctx.audio[ctx.head!.albumId]!.answer(event);
}

/** 开始保存 in the open dialog, once the size is known */
async function startInDialog(ctx: AlbumPage): Promise<void> {
  const start = keepDialog(ctx.page).getByRole('button', { name: text.offline.start });
  await expect.poll(() => start.isEnabled(), { timeout: WAIT_MS }).toBe(true);
  await start.click();
}

export const keepingAdapter: InterfaceAdapter<AlbumPage> = {
  machine: 'keeping',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page } = tp;
    const audio: Record<string, HeldRequests> = {};
    for (const [albumId, { path }] of Object.entries(TRACKS)) audio[albumId] = await holdRequests(page, path, ['GET']);
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
      head: null,
      batch: 0,
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
      case 'PLAN': {
        const tracks = event.tracks as TrackIdentity[];
        if (!signedIn || dialogOpen || model.matches('loading') || context(model).kept.includes(trackKey(tracks[0]!)))
          return false;
        // while a retry waits (2 s), one click (the toast for a track queued already), not a dialog
        return !model.matches('waitingToRetry') || !isNew(model, tracks);
      }
      // the row's 保存到本机 and 开始保存 at once: for a track neither kept nor queued (else the
      // dialog does not open), not under another dialog, not within a removal's milliseconds nor
      // a retry's 2 s (listed below)
      case 'KEEP':
        return (
          (model.matches('idle') || model.matches('downloading')) &&
          !dialogOpen &&
          isNew(
            model,
            (event.items as KeepItem[]).map((item) => item.track),
          )
        );
      // 开始保存 or 取消 in the open dialog
      case 'xstate.done.actor.keepPlan':
        return dialogOpen;
      case 'CANCEL':
        return !dialogOpen;
      // 移除本机副本 in the row's menu of a kept track
      case 'REMOVE':
        return (
          !dialogOpen &&
          (event.tracks as TrackIdentity[]).every((track) => context(model).kept.includes(trackKey(track)))
        );
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
      // signing out cleared this browser's albums: the sync brings them again, and its toast (which
      // counts them) starts so
      await toastOf(ctx.page, text.library.syncSucceeded(0)).waitFor({ timeout: WAIT_MS });
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
    async PLAN(ctx, event, model) {
      ctx.toast = context(model).plan === null ? text.offline.allKept : null;
      await rowMenu(ctx, trackOf((event.tracks as TrackIdentity[])[0]!).title, text.offline.keep);
    },
    async KEEP(ctx, event) {
      ctx.toast = null;
      await rowMenu(ctx, trackOf((event.items as KeepItem[])[0]!.track).title, text.offline.keep);
      await startInDialog(ctx);
    },
    async 'xstate.done.actor.keepPlan'(ctx, event) {
      const dialog = keepDialog(ctx.page);
      if ((event.output as unknown[]).length === 0) {
        await dialog.getByRole('button', { name: text.offline.planCancel }).click();
        return;
      }
      await startInDialog(ctx);
    },
    async TRACK_KEPT(ctx, _event, model) {
      await answerDownload(ctx, { type: 'xstate.done.actor.download' });
      ctx.toast = context(model).queue.length === 0 ? text.offline.keepDone(ctx.batch + 1) : null;
    },
    async TRACK_FAILED(ctx, event, model) {
      const error = event.error as { name?: string };
      if (error.name === 'QuotaExceededError') {
        // the device is full: the site may store nothing more than it holds now
        await ctx.cdp.send('Storage.overrideQuotaForOrigin', { origin: ctx.origin, quotaSize: 1 });
        await answerDownload(ctx, { type: 'xstate.done.actor.download' });
        ctx.toast = text.offline.outOfSpace;
        await toastOf(ctx.page, ctx.toast).waitFor({ timeout: WAIT_MS });
        // room again (the listener freed some): the next download is kept
        await ctx.cdp.send('Storage.overrideQuotaForOrigin', { origin: ctx.origin });
        return;
      }
      const title = trackOf(ctx.head!).title;
      await answerDownload(ctx, { type: 'xstate.error.actor.download', error: event.error });
      ctx.toast = model.matches('waitingToRetry')
        ? null
        : text.offline.keepFailed(title, text.errors.network(503, 'Service Unavailable'));
    },
    // the short wait passes by itself: the library is asked again
    async 'xstate.after.retryDelay.keeping.waitingToRetry'(ctx) {
      await expect.poll(() => ctx.audio[ctx.head!.albumId]!.waiting, { timeout: WAIT_MS }).toBe(1);
    },
    async CANCEL(ctx) {
      ctx.toast = text.offline.cancelled;
      await cancelButton(ctx.page).click();
      // the download the app gave up is answered with nothing (the page no longer waits for it)
      for (const held of Object.values(ctx.audio)) {
        if (held.waiting > 0)
          await held
            .answer({ type: 'xstate.error.actor.download', error: new Error('cancelled') })
            .catch(() => undefined);
      }
    },
    async REMOVE(ctx, event) {
      ctx.toast = null;
      await rowMenu(ctx, trackOf((event.tracks as TrackIdentity[])[0]!).title, text.offline.remove);
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
      expect(await ctx.page.getByRole('main').getByRole('listitem').count()).toBe(0);
    },
    // the browser's store is read as the listener signs in, in a moment: signed in, and nothing is
    // downloaded before the app knows what the device keeps
    async loading(ctx) {
      await expect.poll(() => ctx.page.getByLabel('Email', { exact: true }).count(), { timeout: WAIT_MS }).toBe(0);
      expect(waiting(ctx)).toBe(0);
    },
    async idle(ctx, model) {
      await keepDialog(ctx.page).waitFor({ state: context(model).plan ? 'visible' : 'hidden' });
      await keepingShows(ctx, model, false);
    },
    downloading: (ctx, model) => keepingShows(ctx, model, true),
    waitingToRetry: (ctx, model) => keepingShows(ctx, model, 'retrying'),
    // the tracks leave the browser's store in a moment (the done step waits for its end, the toast):
    // the menu that asked for it has closed and nothing downloads meanwhile
    async removing(ctx) {
      await expect.poll(() => ctx.page.getByRole('menu').count(), { timeout: WAIT_MS }).toBe(0);
      expect(waiting(ctx)).toBe(0);
    },
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
        "a listener asks to keep a track through its row's 保存到本机 and the dialog's 开始保存: a kept track's menu says 移除本机副本 instead, and in idle nothing is queued, so the dialog never opens for a track kept or queued",
    },
    {
      transition: 'downloading —DOWNLOAD_PROGRESS→ (stays)',
      reason:
        'sent by the download itself as the body arrives (at most every 200 ms): a held answer sends no bytes, a released one sends them all up to its end (TRACK_KEPT), so no step of a path falls between (Playwright answers a request whole or not at all)',
    },
    ...['removing —PLAN#1→ (stays)', 'removing —PLAN#2→ (stays)', 'removing —KEEP→ (stays)'].map((transition) => ({
      transition,
      reason:
        '移除本机副本 of one track is one IndexedDB delete (milliseconds): no click on 保存到本机 lands within it',
    })),
    ...['waitingToRetry —PLAN#1→ (stays)', 'waitingToRetry —KEEP→ (stays)'].map((transition) => ({
      transition,
      reason:
        "a failed download is tried again after 2 s by the clock; opening 保存到本机's dialog for another track and waiting for its size takes about as long, so a step there would race the timer (a quick listener may get there; a path cannot wait for it without waiting on wall-clock time)",
    })),
  ],
};
