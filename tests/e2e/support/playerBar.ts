// The player as playback's browser files drive and check it: a signed-in page with the Audio spy
// (audioSpy.ts, which also reads what the played element is doing), whether that element plays on,
// the player bar, and a saved queue item as the app stores it.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ALBUMS } from '../../../server/demo/catalog';
import { newPage, type NewPageOptions, type TestPage } from '../../../harness/browser';
import { openSignedIn } from '../../../harness/signIn';
import { AUDIO_SPY, audio, type AudioState } from './audioSpy';
import type { Suite } from './suite';

export const album = (id: string) => DEMO_ALBUMS.find((a) => a.album_id === id)!;
export const albumPath = (id: string) => `/album/${id}`;

export interface SignedInOptions extends NewPageOptions {
  /** the page's clock is Playwright's from the start: time flows as usual, and a test moves it on (page.clock.fastForward) */
  movableClock?: boolean;
}

/** A fresh page with the Audio spy that opens `path` (a guarded page), signs in as the demo user and lands back on it. */
export async function signedInWithSpy(
  suite: Suite,
  path: string,
  { movableClock = false, ...options }: SignedInOptions = {},
): Promise<TestPage> {
  const tp = await newPage(suite.browser, options);
  if (movableClock) await tp.page.clock.install();
  await tp.page.addInitScript(AUDIO_SPY);
  await openSignedIn(tp.page, suite.server, path);
  return tp;
}

/** the element plays and its time moves on by more than `minAdvance` s, on the same track */
export async function expectAdvancing(page: Page, minAdvance = 0.5): Promise<AudioState> {
  await expect
    .poll(async () => (await audio(page)).found && !(await audio(page)).paused, { timeout: 15_000 })
    .toBe(true);
  // wait for the first frames, then for the time to move on from there
  await expect.poll(async () => (await audio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0);
  const before = await audio(page);
  await expect
    .poll(async () => (await audio(page)).currentTime - before.currentTime, { timeout: 15_000 })
    .toBeGreaterThan(minAdvance);
  const after = await audio(page);
  expect(after.paused).toBe(false);
  expect(after.src).toBe(before.src);
  return after;
}

export const bar = (page: Page) => page.locator('footer');

/** on an album or list page: 播放全部, once the page knows what it can play */
export async function playAll(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: '播放全部' });
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
  await button.click();
}
export const mainButton = (page: Page) => bar(page).getByRole('button', { name: /^(播放|暂停)$/ });
/** the bar's title line (the first text of the now-playing block) */
export const barTitle = (page: Page) => bar(page).locator('p').first();

export async function expectBarTitle(page: Page, title: string, timeout = 5000): Promise<void> {
  await expect.poll(() => barTitle(page).textContent(), { timeout }).toBe(title);
}

/** a saved queue item in the shape of localStorage `playlist` */
export function storedTrack(albumId: string, discId: number, trackId: number) {
  const a = DEMO_ALBUMS.find((x) => x.album_id === albumId);
  const t = a?.discs[discId - 1]?.tracks[trackId - 1];
  return {
    albumId,
    discId,
    trackId,
    title: t?.title ?? `不存在的歌 ${trackId}`,
    artist: t?.artist ?? a?.artist ?? '无名氏',
    albumTitle: a?.title ?? '不存在的专辑',
    type: t?.type ?? 'normal',
  };
}
