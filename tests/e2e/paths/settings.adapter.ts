// The 设置 tab of the user page (/user/index?tab=settings), driven as a user does: pick a 音质偏好, a
// 页面关闭行为 and an 外观 in their selects. What each choice means to the listener: the select shows
// it, this browser keeps it (what the next visit starts from) and the page takes the colours it
// asks for. The browser's system scheme is dark, so 跟随系统 and 浅色 look different.
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { openSignedIn } from '../../../harness/signIn';
import type { SettingsContext } from '@/features/settings/settingsMachine';
import { COLOR_SCHEME_KEY } from '@/shared/constants';
import { text } from '@/shared/text';
import type { InterfaceAdapter } from './adapter';
import { ROOT_STATE } from './plan';

interface SettingsTab {
  tp: TestPage;
  page: Page;
  /** whether the listener picked anything yet: a fresh browser keeps nothing until then */
  picked: boolean;
}

const select = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);
const shownLabel = (page: Page, label: string) =>
  select(page, label).evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? '');

async function shows(ctx: SettingsTab, model: AnyMachineSnapshot): Promise<void> {
  const { page } = ctx;
  const settings = model.context as SettingsContext;
  await expect.poll(() => shownLabel(page, text.user.quality)).toBe(text.user.qualityLabels[settings.quality]);
  await expect
    .poll(() => shownLabel(page, text.user.pageClose))
    .toBe(text.user.pageCloseLabels[settings.pageOnCloseAction]);
  await expect
    .poll(() => shownLabel(page, text.user.colorScheme))
    .toBe(text.user.colorSchemeLabels[settings.colorScheme]);
  // the system is dark (the context's colour scheme): following it is dark
  const colours = settings.colorScheme === 'auto' ? 'dark' : settings.colorScheme;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
    .toBe(colours);
  // what the next visit starts from: nothing kept before the first pick, then all three
  const kept = ctx.picked ? [settings.quality, settings.pageOnCloseAction, settings.colorScheme] : [null, null, null];
  expect(
    await Promise.all(['player.quality', 'player.pageOnCloseAction', COLOR_SCHEME_KEY].map((key) => stored(page, key))),
  ).toEqual(kept);
}

export const settingsAdapter: InterfaceAdapter<SettingsTab> = {
  machine: 'settings',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { colorScheme: 'dark' });
    await openSignedIn(tp.page, suite.server, '/user/index?tab=settings');
    await select(tp.page, text.user.quality).waitFor();
    return { tp, page: tp.page, picked: false };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  events: {
    async SET_QUALITY(ctx, event) {
      ctx.picked = true;
      await select(ctx.page, text.user.quality).selectOption({
        label: text.user.qualityLabels[event.quality as SettingsContext['quality']],
      });
    },
    async SET_PAGE_CLOSE_ACTION(ctx, event) {
      ctx.picked = true;
      await select(ctx.page, text.user.pageClose).selectOption({
        label: text.user.pageCloseLabels[event.action as SettingsContext['pageOnCloseAction']],
      });
    },
    async SET_COLOR_SCHEME(ctx, event) {
      ctx.picked = true;
      await select(ctx.page, text.user.colorScheme).selectOption({
        label: text.user.colorSchemeLabels[event.colorScheme as SettingsContext['colorScheme']],
      });
    },
  },
  states: {
    [ROOT_STATE]: shows,
  },
  notThroughInterface: [],
};
