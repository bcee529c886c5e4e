// 定时关闭, driven as a listener does: 播放全部 on 港灯夜曲, then the player bar's 定时关闭 menu. The
// page's clock is Playwright's, so a length is moved through, not waited out: to its last 10 s (the
// element's volume drops) and to its end (playback pauses). The end of a track is reached by a click
// near the end of the progress bar. What the listener sees: the time left or the end waited for
// beside the button, or nothing.
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { openSignedIn } from '../../../harness/signIn';
import { validSleepMinutes, type SleepTimerContext } from '@/features/sleepTimer/sleepTimerMachine';
import { SLEEP_FADE_MS } from '@/shared/constants';
import { text } from '@/shared/text';
import { AUDIO_SPY, audio } from '../support/audioSpy';
import type { InterfaceAdapter } from './adapter';
import { bar, clickProgress, mainButton, playAll, toastOf, WAIT_MS } from './playerPage';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲

interface PlayerBarTimer {
  tp: TestPage;
  page: Page;
  /** the page's time when the running length was chosen */
  setAt: number;
  minutes: number;
}

const timerLeft = (page: Page) => bar(page).getByRole('timer', { name: text.sleepTimer.title });
const pageNow = (page: Page) => page.evaluate(() => Date.now());
const scopeOf = (model: AnyMachineSnapshot) => (model.context as SleepTimerContext).scope;

async function choose(page: Page, item: string): Promise<void> {
  await bar(page).getByRole('button', { name: text.sleepTimer.title }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** playing, whatever the last step left: a pause at an end leaves the next item selected */
async function ensurePlaying(page: Page): Promise<void> {
  // a track still loading shows a spinner in the button (and 播放): pressed then, it would not start
  await mainButton(page).locator('.mantine-Loader-root').waitFor({ state: 'detached', timeout: WAIT_MS });
  if ((await mainButton(page).getAttribute('aria-label')) === '播放') await mainButton(page).click();
  await expect.poll(async () => (await audio(page)).paused, { timeout: WAIT_MS }).toBe(false);
}

/** the page's clock moved on to `ms` after the length was chosen */
async function moveTo(ctx: PlayerBarTimer, ms: number): Promise<void> {
  const passed = (await pageNow(ctx.page)) - ctx.setAt;
  await ctx.page.clock.fastForward(Math.max(0, ms - passed));
}

export const sleepTimerAdapter: InterfaceAdapter<PlayerBarTimer> = {
  machine: 'sleepTimer',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser);
    await tp.page.clock.install();
    await tp.page.addInitScript(AUDIO_SPY);
    await openSignedIn(tp.page, suite.server, `/album/${TWO_DISC_ALBUM}`);
    await toastOf(tp.page, '音频仓库同步成功').waitFor();
    await playAll(tp.page).click();
    await expect.poll(async () => (await audio(tp.page)).paused, { timeout: WAIT_MS }).toBe(false);
    return { tp, page: tp.page, setAt: 0, minutes: 0 };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  // the dialog of 自定义时长… refuses what is not a whole number of minutes before the timer hears it
  accepts: (event, model) =>
    event.type === 'SET_TIMER'
      ? validSleepMinutes(event.minutes as number)
      : event.type === 'PLAYER_SLEPT'
        ? scopeOf(model) === 'track'
        : true,
  events: {
    async SET_TIMER(ctx, event) {
      await choose(ctx.page, text.sleepTimer.minutes(event.minutes as number));
      ctx.setAt = await pageNow(ctx.page);
      ctx.minutes = event.minutes as number;
      await ensurePlaying(ctx.page);
    },
    async STOP_AFTER(ctx, event) {
      await choose(ctx.page, event.scope === 'queue' ? text.sleepTimer.afterQueue : text.sleepTimer.afterTrack);
    },
    async CANCEL(ctx) {
      await choose(ctx.page, text.sleepTimer.cancel);
    },
    // the track plays out: from near its end, it ends within seconds
    async PLAYER_SLEPT(ctx) {
      await ensurePlaying(ctx.page);
      await clickProgress(ctx.page, 0.97);
      await toastOf(ctx.page, text.sleepTimer.slept).waitFor({ timeout: WAIT_MS });
    },
    async 'xstate.after.untilFade.sleepTimer.timed.counting'(ctx) {
      await moveTo(ctx, ctx.minutes * 60_000 - SLEEP_FADE_MS + 2_000);
    },
    async 'xstate.after.untilPause.sleepTimer.timed.fading'(ctx) {
      await moveTo(ctx, ctx.minutes * 60_000 + 500);
      await toastOf(ctx.page, text.sleepTimer.slept).waitFor({ timeout: WAIT_MS });
    },
  },
  states: {
    async off({ page }) {
      await timerLeft(page).waitFor({ state: 'detached', timeout: WAIT_MS });
    },
    async 'timed.counting'({ page }) {
      await expect.poll(() => timerLeft(page).textContent(), { timeout: WAIT_MS }).toMatch(/后暂停$/);
      await expect.poll(async () => (await audio(page)).volume, { timeout: WAIT_MS }).toBeGreaterThan(0.99);
    },
    async 'timed.fading'({ page }) {
      await expect.poll(() => timerLeft(page).textContent(), { timeout: WAIT_MS }).toMatch(/^0:0\d 后暂停$/);
      await expect.poll(async () => (await audio(page)).volume, { timeout: WAIT_MS }).toBeLessThan(1);
    },
    async atEnd({ page }, model) {
      const armed = scopeOf(model) === 'queue' ? text.sleepTimer.armedQueue : text.sleepTimer.armedTrack;
      await expect.poll(() => timerLeft(page).textContent(), { timeout: WAIT_MS }).toBe(armed);
    },
  },
  notThroughInterface: [
    {
      transition: '(machine) —SET_TIMER→ (stays)',
      reason:
        '自定义时长… refuses what is not a whole number of minutes from 1 to 720 in its dialog (tests/views/sleepTimer.test.tsx): the timer never hears it',
    },
  ],
};
