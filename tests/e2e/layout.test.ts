// The frame on a phone-sized screen in real Chromium (layout needs a real engine): the drawer starts
// closed and lies over the page, closing once a link in it is followed or the page beside it is
// tapped; the player bar takes two rows, fits the width, and drops its volume slider (mute stays).
// On a wide screen the drawer is open and the page sits beside it.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from '../../harness/browser';
import { openSignedIn } from '../../harness/signIn';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

const drawer = (page: Page) => page.getByRole('navigation', { name: '导航', includeHidden: true });
const bar = (page: Page) => page.getByRole('contentinfo');
const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test('a phone: the drawer lies over the page and closes after use; the player bar fits in two rows', async () => {
  const { page, expectNoErrors, close } = await newPage(suite.browser, { viewport: { width: 390, height: 780 } });
  await openSignedIn(page, suite.server, '/library');
  await page.getByRole('heading', { name: '音频仓库' }).waitFor();

  // closed at start; the page uses the whole width
  await expect.poll(() => drawer(page).getAttribute('aria-hidden')).toBe('true');
  expect((await box(page, 'main')).width).toBe(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // the burger opens it over the page (which does not move), a link in it closes it
  const mainLeft = (await box(page, 'main h1, main h2')).x;
  await page.getByRole('button', { name: '切换菜单' }).click();
  await expect.poll(() => drawer(page).getAttribute('aria-hidden')).toBe('false');
  expect((await box(page, 'main h1, main h2')).x).toBe(mainLeft);
  await drawer(page).getByRole('link', { name: '搜索' }).click();
  await page.waitForURL((url) => url.pathname === '/search');
  await expect.poll(() => drawer(page).getAttribute('aria-hidden')).toBe('true');

  // a tap beside the open drawer closes it too
  await page.getByRole('button', { name: '切换菜单' }).click();
  await expect.poll(() => drawer(page).getAttribute('aria-hidden')).toBe('false');
  await page.mouse.click(350, 400);
  await expect.poll(() => drawer(page).getAttribute('aria-hidden')).toBe('true');

  // the player bar: every control inside the screen, the mute button without the slider
  const barBox = (await bar(page).boundingBox())!;
  expect(barBox.width).toBe(390);
  for (const name of ['上一首', '播放', '下一首', '静音']) {
    const button = (await bar(page).getByRole('button', { name }).boundingBox())!;
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(390);
    expect(button.y + button.height).toBeLessThanOrEqual(780);
  }
  expect(await bar(page).getByRole('slider', { name: '音量' }).isVisible()).toBe(false);
  // the page's last content is not hidden under the taller bar
  const mainPaddingBottom = await page.locator('main').evaluate((el) => parseFloat(getComputedStyle(el).paddingBottom));
  expect(mainPaddingBottom).toBeGreaterThanOrEqual(barBox.height);
  expectNoErrors();
  await close();
});

test('a wide screen: the drawer is open beside the page, the volume slider shows', async () => {
  const { page, expectNoErrors, close } = await newPage(suite.browser, { viewport: { width: 1280, height: 800 } });
  await openSignedIn(page, suite.server, '/library');
  await page.getByRole('heading', { name: '音频仓库' }).waitFor();
  expect(await drawer(page).getAttribute('aria-hidden')).toBe('false');
  expect((await box(page, 'main h1, main h2')).x).toBeGreaterThanOrEqual(240);
  expect(await bar(page).getByRole('slider', { name: '音量' }).isVisible()).toBe(true);
  // following a link keeps it open
  await drawer(page).getByRole('link', { name: '搜索' }).click();
  await page.waitForURL((url) => url.pathname === '/search');
  expect(await drawer(page).getAttribute('aria-hidden')).toBe('false');
  expectNoErrors();
  await close();
});
