// The 保存到本机 dialog of an album page (港灯夜曲), driven as a listener does: 保存到本机 opens it,
// its 音质 select picks another quality, 开始保存 or 取消 ends it. The estimate asks the library for
// the tracks' sizes (let through) and the browser for the space left: the browser's answer is held
// (an init script keeps navigator.storage.estimate pending) until the path says how it answers:
// the browser's own figure (room enough), or a device with no room left (the tracks would not fit).
import type { Locator, Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { openSignedIn } from '../../../harness/signIn';
import type { KeepPlanContext } from '@/features/offline/keepPlanMachine';
import type { Quality } from '@/shared/constants';
import { text } from '@/shared/text';
import { keepDialog, openKeepDialog } from '../support/keeping';
import type { InterfaceAdapter } from './adapter';
import { toastOf, WAIT_MS } from './playerPage';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲

/** navigator.storage.estimate held: each call waits in window.__estimates until the test settles it */
const HELD_STORAGE_ESTIMATE = `
  window.__estimates = [];
  const browserEstimate = navigator.storage.estimate.bind(navigator.storage);
  window.__browserEstimate = browserEstimate;
  navigator.storage.estimate = () => new Promise((resolve) => window.__estimates.push(resolve));
`;

type HeldWindow = { __estimates: ((estimate: unknown) => void)[]; __browserEstimate: () => Promise<unknown> };

/**
 * Answers the `nth` call of navigator.storage.estimate (1-based), once it is made: the browser's
 * own figure, or a device with no room left.
 */
async function answerStorageEstimate(page: Page, nth: number, room: boolean): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as never as HeldWindow).__estimates.length), { timeout: WAIT_MS })
    .toBeGreaterThanOrEqual(nth);
  await page.evaluate(
    async ([at, roomLeft]) => {
      const held = window as never as HeldWindow;
      held.__estimates[at - 1]!(roomLeft ? await held.__browserEstimate() : { quota: 0, usage: 0 });
    },
    [nth, room] as const,
  );
}

interface Dialog {
  tp: TestPage;
  page: Page;
  dialog: Locator;
  /** estimates the dialog started so far (its opening, and each quality picked) */
  estimates: number;
}

const context = (model: AnyMachineSnapshot) => model.context as KeepPlanContext;
const startButton = (dialog: Locator) => dialog.getByRole('button', { name: text.offline.start });

/** what every open dialog shows: the tracks' count and the quality asked for */
async function dialogShows(ctx: Dialog, model: AnyMachineSnapshot): Promise<void> {
  await ctx.dialog.getByText(/^\d+ 首歌曲$/).waitFor();
  const select = ctx.dialog.getByLabel(text.offline.planQuality, { exact: true });
  await expect
    .poll(() => select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? ''))
    .toBe(text.user.qualityLabels[context(model).quality]);
}

export const keepPlanAdapter: InterfaceAdapter<Dialog> = {
  machine: 'keepPlan',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser);
    await tp.page.addInitScript(HELD_STORAGE_ESTIMATE);
    await openSignedIn(tp.page, suite.server, `/album/${TWO_DISC_ALBUM}`);
    // a fresh browser: the sync brings the albums, and its toast (which counts them) starts so
    await toastOf(tp.page, text.library.syncSucceeded(0)).waitFor();
    await openKeepDialog(tp.page);
    return { tp, page: tp.page, dialog: keepDialog(tp.page), estimates: 1 };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  events: {
    async 'xstate.done.actor.estimateKeep'(ctx, event) {
      const { bytes, available } = event.output as { bytes: number; available: number };
      await answerStorageEstimate(ctx.page, ctx.estimates, bytes <= available);
    },
    async SET_QUALITY(ctx, event) {
      ctx.estimates++;
      await ctx.dialog
        .getByLabel(text.offline.planQuality, { exact: true })
        .selectOption({ label: text.user.qualityLabels[event.quality as Quality] });
    },
    async CONFIRM(ctx) {
      await startButton(ctx.dialog).click();
    },
    async CLOSE(ctx) {
      await ctx.dialog.getByRole('button', { name: text.offline.planCancel }).click();
    },
  },
  states: {
    async estimating(ctx, model) {
      await ctx.dialog.getByText(text.offline.estimating).waitFor();
      await dialogShows(ctx, model);
      expect(await startButton(ctx.dialog).isDisabled()).toBe(true);
    },
    async ready(ctx, model) {
      const { estimate } = context(model);
      await expect.poll(() => ctx.dialog.getByText(text.offline.estimating).count(), { timeout: WAIT_MS }).toBe(0);
      await dialogShows(ctx, model);
      // the library says the sizes: about how much, and the space the browser says is left
      await ctx.dialog.getByText(estimate?.bytes == null ? text.offline.sizeUnknown : /^约需 /).waitFor();
      if (estimate?.available != null) await ctx.dialog.getByText(/^本机可用 /).waitFor();
      expect(await ctx.dialog.getByRole('alert').count()).toBe(0);
      await expect.poll(() => startButton(ctx.dialog).isEnabled()).toBe(true);
    },
    async tooBig(ctx, model) {
      await ctx.dialog
        .getByRole('alert')
        .filter({ hasText: /^本机空间不足：这些歌曲约需 .+，本机只剩 / })
        .waitFor();
      await dialogShows(ctx, model);
      expect(await startButton(ctx.dialog).isDisabled()).toBe(true);
    },
    async closed(ctx, model) {
      await ctx.dialog.waitFor({ state: 'hidden' });
      const page = ctx.page;
      if (context(model).started) {
        // the album's tracks download (or are kept already): 取消保存 beside the progress, then 已保存到本机
        await page
          .getByRole('button', { name: text.offline.cancel })
          .or(page.getByText(text.offline.kept, { exact: true }))
          .first()
          .waitFor({ timeout: WAIT_MS });
      } else {
        // nothing downloads: 保存到本机 as before
        await page.getByRole('button', { name: text.offline.keep }).waitFor();
        expect(await page.getByRole('button', { name: text.offline.cancel }).count()).toBe(0);
      }
    },
  },
  notThroughInterface: [
    {
      transition: 'estimating —error: estimateKeep→ ready',
      reason:
        "the estimate never fails as a whole: a library that cannot say a track's size leaves it to the others (all unknown: 所需空间未知) and a browser that cannot say the space left leaves that out, so a user meets the done answer instead",
    },
  ],
};
