// The player's page in its interface paths: where the listener finds each control, how they reach
// the pages (the drawer, the bar's links), and what the bar shows.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TrackInfo } from '@/shared/track';
import { audioState } from './playerAudio';

/** how long what a step brings about may take to show on a loaded machine */
export const WAIT_MS = 15_000;

// where the listener finds each control
export const bar = (page: Page): Locator => page.locator('footer[aria-label="正在播放"]');
export const mainButton = (page: Page) => bar(page).getByRole('button', { name: /^(播放|暂停)$/ });
const spinner = (page: Page) => mainButton(page).locator('.mantine-Loader-root');
export const barTitle = (page: Page) => bar(page).locator('p').first();
const progress = (page: Page) => bar(page).getByRole('slider', { name: '播放进度' });
export const loopButton = (page: Page) => bar(page).getByRole('button', { name: /^(队列循环|单曲循环|队列随机)$/ });
export const toastOf = (page: Page, message: string) => page.getByRole('alert').filter({ hasText: message }).first();

/** the length of the loaded track as the progress bar knows it (0 while unknown) */
export const knownLength = async (page: Page) => Number(await progress(page).getAttribute('aria-valuemax'));

/** A click on the progress bar at `fraction` of its width, once the track's length is known. */
export async function clickProgress(page: Page, fraction: number): Promise<void> {
  await expect.poll(() => knownLength(page), { timeout: 10_000 }).toBeGreaterThan(0);
  const box = (await progress(page).boundingBox())!;
  await progress(page).click({ position: { x: Math.min(box.width * fraction, box.width - 1), y: box.height / 2 } });
}

/** A key pressed on the page itself (not in a field), as the player's shortcuts want. */
export async function pressOnPage(page: Page, key: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

/** the time the progress bar shows, whole seconds */
export const timeShown = async (page: Page) => Number(await progress(page).getAttribute('aria-valuenow'));

/** the id of the demo user's list `name`, if one is there (a site keeps the list of an earlier run) */
export async function findPlaylist(page: Page, name: string): Promise<string | null> {
  return page.evaluate(async (wanted) => {
    const response = await fetch('/api/playlists');
    const lists = ((await response.json()) as { data: { id: string; name: string }[] }).data;
    return lists.find((list) => list.name === wanted)?.id ?? null;
  }, name);
}

/** a list of the demo user's, made through the server's API (a setup, not a path's step) */
export async function createPlaylist(page: Page, name: string, tracks: readonly TrackInfo[]): Promise<string> {
  const items = tracks.map((t) => ({
    type: 'normal',
    description: '',
    info: { album_id: t.albumId, disc_id: t.discId, track_id: t.trackId },
  }));
  return page.evaluate(async (json) => {
    const response = await fetch('/api/playlist', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: json,
    });
    return String(((await response.json()) as { data: { id: string } }).data.id);
  }, JSON.stringify({ name, items }));
}

const drawerLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: '导航' }).getByRole('link', { name, exact: true });
export const playAll = (page: Page) => page.getByRole('button', { name: '播放全部' });
export const rowOf = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
export const queueRows = (page: Page) => page.getByRole('list', { name: '播放队列' }).getByRole('listitem');

/** the page of the list `name` at `path`, reached as a listener does (播放列表 in the drawer, then the list) */
export async function onPlaylist(page: Page, name: string, path: string): Promise<void> {
  if (new URL(page.url()).pathname !== path) {
    await drawerLink(page, '播放列表').click();
    await page.getByRole('article', { name }).getByRole('link', { name }).click();
  }
  await expect.poll(() => playAll(page).isEnabled(), { timeout: WAIT_MS }).toBe(true);
}

export async function onQueue(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== '/queue') await bar(page).getByRole('link', { name: '播放队列' }).click();
  await page.getByRole('heading', { name: '播放队列', exact: true }).waitFor();
}

/** the tracks found for `title` (搜索 in the drawer), its row listed */
export async function onSearch(page: Page, title: string): Promise<void> {
  const url = new URL(page.url());
  if (url.pathname !== '/search' || url.searchParams.get('keyword') !== title) {
    await drawerLink(page, '搜索').click();
    const box = page.getByRole('textbox', { name: '搜索' });
    await box.fill(title);
    await box.press('Enter');
  }
  await rowOf(page, title).waitFor();
}

/** the queue as the app saved it: titles and the current item */
export function savedQueue(page: Page): Promise<{ titles: string[]; index: number }> {
  return page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('playlist') ?? '{"tracks":[],"index":0}') as {
      tracks: { title: string }[];
      index: number;
    };
    return { titles: saved.tracks.map((t) => t.title), index: saved.index };
  });
}

/** the main button: its label, and whether it spins (a track loads); and whether the audio sounds */
export async function mainButtonShows(page: Page, label: '播放' | '暂停', spinning: boolean): Promise<void> {
  await expect
    .poll(() => mainButton(page).getAttribute('aria-label'), { timeout: WAIT_MS, message: 'the main button' })
    .toBe(label);
  await expect
    .poll(() => spinner(page).count(), { timeout: WAIT_MS, message: 'spinners in the main button' })
    .toBe(spinning ? 1 : 0);
  await expect
    .poll(async () => (await audioState(page)).sounding, { timeout: WAIT_MS, message: 'the audio plays' })
    .toBe(label === '暂停');
}
