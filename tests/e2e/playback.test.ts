// Playback in real Chromium against the real reference server: 播放全部 and row play
// buttons, the player bar (play/pause, next/previous with wrap, loop modes, seeking), the queue
// page, the saved queue after a reload and 主页's 继续播放, the play report after 10 s, tracks that cannot play, and
// a corrupt saved queue (the gapless hand-over is gapless.test.ts, which runs alone). Audio is
// real: Chromium decodes the demo FLAC files served by the library (it runs with
// --autoplay-policy=no-user-gesture-required); support/playerBar.ts spies on the elements.
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { albumFolder } from '../../server/demo/catalog';
import { newPage, type TestPage } from '../../harness/browser';
import {
  album,
  albumPath,
  bar,
  barTitle,
  expectAdvancing,
  expectBarTitle,
  mainButton,
  playAll,
  type SignedInOptions,
  signedInWithSpy,
  storedTrack,
} from './support/playerBar';
import { AUDIO_SPY, audio } from './support/audioSpy';
import { serverAndBrowser } from './support/suite';
import { tracedOnFailure } from './support/tracing';

const SITE_NAME = '港口电台';
const SITE_DESCRIPTION = '夜里的歌';
/** the page title when no track plays: site name - description */
const IDLE_TITLE = `${SITE_NAME} - ${SITE_DESCRIPTION}`;
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲, 6 + 5 tracks
const DAY_NIGHT_ALBUM = 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04'; // 昼/夜 Day/Night; disc 1 track 5 lasts 10:30
const HARP_ALBUM = '0a7e9b3c-5d2f-4a8b-b1c6-7e8f9a0b1c03'; // 竖琴与海: its files are damaged by the failure tests
const VOCAL_ALBUM = '2e9c5a7b-4d1f-4e3a-8b5c-6f7a8b9c0d07'; // 声之形 Vocal Collection
const LONG_TRACK = '漫长的潮汐 (Extended)';

/** every track title of an album, discs in order (the order 播放全部 queues them in) */
const titlesOf = (id: string) => album(id).discs.flatMap((disc) => disc.tracks.map((t) => t.title));
const TWO_DISC_TITLES = titlesOf(TWO_DISC_ALBUM);

const suite = serverAndBrowser({ env: { SITE_NAME, SITE_DESCRIPTION } });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const signedIn = (path: string, options?: SignedInOptions): Promise<TestPage> => signedInWithSpy(suite, path, options);

/** every Audio element the page made: how many, and how many are playing */
function allAudios(page: Page): Promise<{ count: number; playing: number }> {
  return page.evaluate(() => {
    const audios = (window as unknown as { __audios: HTMLAudioElement[] }).__audios;
    return { count: audios.length, playing: audios.filter((a) => !a.paused).length };
  });
}

/** the element is paused and its time stays put over `overMs` */
async function expectStopped(page: Page, overMs = 1000): Promise<void> {
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  const before = await audio(page);
  await sleep(overMs);
  const after = await audio(page);
  expect(after.paused).toBe(true);
  expect(after.currentTime).toBe(before.currentTime);
}

const toast = (page: Page, message: string) => page.getByText(message, { exact: true });
const rowOf = (page: Page, title: string): Locator =>
  page
    .locator('main')
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });

/** on an album page: waits for its library (播放全部 enabled) and clicks 播放全部 */
/** on an album page: clicks the play button of the row titled `title` */
async function playRow(page: Page, title: string): Promise<void> {
  const button = rowOf(page, title).getByRole('button', { name: '播放', exact: true });
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
  await button.click();
}

/** the main button shows no spinner (the player is not stuck buffering) */
async function expectNotSpinning(page: Page): Promise<void> {
  await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('播放');
  expect(await mainButton(page).locator('.mantine-Loader-root').count()).toBe(0);
}

/** GET /api/stat/self?from=… from the page, with the session cookie */
function statsSince(page: Page, fromSeconds: number) {
  return page.evaluate(async (from) => {
    const response = await fetch(`/api/stat/self?from=${from}`, { credentials: 'include' });
    const body = (await response.json()) as {
      status: number;
      data: { track: { album_id: string; disc_id: number; track_id: number }; count: number }[];
    };
    if (body.status !== 0) throw new Error(`stat query failed: ${JSON.stringify(body)}`);
    return body.data;
  }, fromSeconds);
}

describe('playing an album', () => {
  test('播放全部 on the two-disc album plays the first track: audio advances, 暂停 button, title in the bar and the page title', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await page.getByRole('heading', { name: '港灯夜曲', exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe(IDLE_TITLE);
    await playAll(page);

    const state = await expectAdvancing(page);
    expect(state.muted).toBe(false);
    expect(state.volume).toBeGreaterThan(0);
    // its sound goes through the player's one Web Audio graph
    expect(state.routed).toBe(true);
    // the first track of disc 1, from the demo library
    expect(state.src).toContain(`${suite.server.libraryUrl}/${TWO_DISC_ALBUM}/1/1`);
    await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('暂停');
    await expectBarTitle(page, TWO_DISC_TITLES[0]!);
    await expect.poll(() => page.title()).toBe(`${TWO_DISC_TITLES[0]} | ${SITE_NAME}`);
    // the row of the playing track offers to pause it
    await rowOf(page, TWO_DISC_TITLES[0]!).getByRole('button', { name: '暂停', exact: true }).waitFor();
    expect((await allAudios(page)).playing).toBe(1);
    expectNoErrors();
    await close();
  });

  test('the main button pauses and resumes; the page title drops the track while paused', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await playAll(page);
    await expectAdvancing(page);

    await mainButton(page).click();
    await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('播放');
    await expectStopped(page);
    await expect.poll(() => page.title()).toBe(IDLE_TITLE);
    await expectBarTitle(page, TWO_DISC_TITLES[0]!);

    await mainButton(page).click();
    await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('暂停');
    await expectAdvancing(page);
    await expect.poll(() => page.title()).toBe(`${TWO_DISC_TITLES[0]} | ${SITE_NAME}`);
    expectNoErrors();
    await close();
  });

  test('Space on the page pauses and resumes without scrolling; typed into a text box it is a space', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await playAll(page);
    await expectAdvancing(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const scrolled = () => page.evaluate(() => window.scrollY);
    const before = await scrolled();

    await page.keyboard.press('Space');
    await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('播放');
    await expectStopped(page);
    expect(await scrolled()).toBe(before);
    await page.keyboard.press('Space');
    await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('暂停');
    await expectAdvancing(page);

    await page.getByRole('navigation', { name: '导航' }).getByRole('link', { name: '搜索' }).click();
    const box = page.locator('main input').first();
    await box.click();
    await page.keyboard.type('a b');
    expect(await box.inputValue()).toBe('a b');
    expect(await mainButton(page).getAttribute('aria-label')).toBe('暂停');
    expectNoErrors();
    await close();
  });

  test('every keyboard shortcut: ←/→ seek 5 s, Shift+←/→ change the track, ↑/↓ volume, M mute, L loop mode, / search, ? help', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await playAll(page);
    await expectAdvancing(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // → and ← move the element's time by 5 s
    await expect.poll(async () => (await audio(page)).duration, { timeout: 15_000 }).toBeGreaterThan(12);
    const at = (await audio(page)).currentTime;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(at + 4.5);
    const ahead = (await audio(page)).currentTime;
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(ahead - 4);

    // ↑ and ↓ step the volume, M mutes and unmutes
    const volume = (await audio(page)).volume;
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => Math.round((await audio(page)).volume * 100)).toBe(Math.round(volume * 100) - 5);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => Math.round((await audio(page)).volume * 100)).toBe(Math.round(volume * 100));
    await page.keyboard.press('m');
    await expect.poll(async () => (await audio(page)).muted).toBe(true);
    await page.keyboard.press('m');
    await expect.poll(async () => (await audio(page)).muted).toBe(false);

    // L cycles the loop mode (the bar's button names the present one)
    await page.keyboard.press('l');
    await bar(page).getByRole('button', { name: '单曲循环' }).waitFor();
    await page.keyboard.press('l');
    await bar(page).getByRole('button', { name: '队列随机' }).waitFor();
    await page.keyboard.press('l');
    await bar(page).getByRole('button', { name: '队列循环' }).waitFor();

    // Shift+→ and Shift+← move through the queue
    await page.keyboard.press('Shift+ArrowRight');
    await expectBarTitle(page, TWO_DISC_TITLES[1]!);
    await page.keyboard.press('Shift+ArrowLeft');
    await expectBarTitle(page, TWO_DISC_TITLES[0]!);

    // ? opens the help; keys pressed inside it are the dialog's
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: '键盘快捷键' });
    await help.waitFor();
    expect(await help.locator('kbd').count()).toBeGreaterThanOrEqual(12);
    await help.getByText('前进 5 秒', { exact: true }).waitFor();
    await page.keyboard.press('m');
    expect((await audio(page)).muted).toBe(false);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    // / goes to the search page with its box focused; typing there types
    await page.keyboard.press('/');
    await page.waitForURL((url) => url.pathname === '/search');
    const box = page.getByRole('textbox', { name: '搜索' });
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('m l/');
    expect(await box.inputValue()).toBe('m l/');
    expect((await audio(page)).muted).toBe(false);
    expectNoErrors();
    await close();
  });

  test('lyrics on /now: the current line is marked and follows the song, a click plays from that line; plain text unsynced; none said quietly', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await playRow(page, '港灯');
    await expectAdvancing(page, 0.2);
    await bar(page).getByRole('link', { name: '正在播放' }).click();
    const lyrics = page.getByRole('region', { name: '歌词' });
    const line = (text: string) => lyrics.getByRole('listitem').filter({ hasText: text });
    await line('港口的灯 一盏一盏亮起').waitFor();
    // the translation sits under its line
    await line('港口的灯 一盏一盏亮起').getByText('The harbour lights come on one by one').waitFor();
    // as the song plays the mark moves on: by 4 s the second line is the current one
    await expect.poll(() => line('照着回家的船').getAttribute('aria-current'), { timeout: 15_000 }).toBe('true');
    expect(await lyrics.locator('[aria-current="true"]').count()).toBe(1);

    // a click on a later line plays from there
    await line('我在岸边等你').getByRole('button').click();
    await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThanOrEqual(16);
    await expect.poll(() => line('我在岸边等你').getAttribute('aria-current')).toBe('true');
    expect((await audio(page)).paused).toBe(false);

    // 潮汐: plain text, shown as it is, no line marked, none to click
    await page.goto(`${suite.server.baseUrl}${albumPath(TWO_DISC_ALBUM)}`);
    await playRow(page, '潮汐');
    await expectBarTitle(page, '潮汐');
    await bar(page).getByRole('link', { name: '正在播放' }).click();
    await line('潮来的时候').waitFor();
    await lyrics.getByText('歌词未同步').waitFor();
    // no line to click (the panel's own buttons, 编辑歌词 and 添加翻译, are not lines)
    expect(await lyrics.getByRole('listitem').getByRole('button').count()).toBe(0);
    expect(await lyrics.locator('[aria-current]').count()).toBe(0);

    // 雨巷 has none
    await page.goto(`${suite.server.baseUrl}${albumPath(TWO_DISC_ALBUM)}`);
    await playRow(page, '雨巷 (Instrumental)');
    await expectBarTitle(page, '雨巷 (Instrumental)');
    await bar(page).getByRole('link', { name: '正在播放' }).click();
    await lyrics.getByText('暂无歌词').waitFor();
    expectNoErrors();
    await close();
  });

  test('next and previous change the track in the bar; previous on the first item wraps to the last', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await playAll(page);
    await expectAdvancing(page);
    await expectBarTitle(page, TWO_DISC_TITLES[0]!);

    const last = TWO_DISC_TITLES.length - 1;
    await bar(page).getByRole('button', { name: '上一首' }).click();
    await expectBarTitle(page, TWO_DISC_TITLES[last]!);
    const wrapped = await expectAdvancing(page);
    expect(wrapped.src).toContain(`/${TWO_DISC_ALBUM}/2/5`);
    await expect.poll(() => page.title()).toBe(`${TWO_DISC_TITLES[last]} | ${SITE_NAME}`);

    // next on the last wraps to the first
    await bar(page).getByRole('button', { name: '下一首' }).click();
    await expectBarTitle(page, TWO_DISC_TITLES[0]!);
    await bar(page).getByRole('button', { name: '下一首' }).click();
    await expectBarTitle(page, TWO_DISC_TITLES[1]!);
    const second = await expectAdvancing(page);
    expect(second.src).toContain(`/${TWO_DISC_ALBUM}/1/2`);

    await bar(page).getByRole('button', { name: '上一首' }).click();
    await expectBarTitle(page, TWO_DISC_TITLES[0]!);
    const first = await expectAdvancing(page);
    expect(first.src).toContain(`/${TWO_DISC_ALBUM}/1/1`);
    expect((await allAudios(page)).playing).toBe(1);
    expectNoErrors();
    await close();
  });

  test('the loop button cycles 队列循环 → 单曲循环 → 队列随机 → 队列循环', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await page.getByRole('heading', { name: '港灯夜曲', exact: true }).waitFor();
    const loop = bar(page).getByRole('button', { name: /^(队列循环|单曲循环|队列随机)$/ });
    expect(await loop.getAttribute('aria-label')).toBe('队列循环');
    for (const mode of ['单曲循环', '队列随机', '队列循环']) {
      await loop.click();
      await expect.poll(() => loop.getAttribute('aria-label')).toBe(mode);
    }
    expectNoErrors();
    await close();
  });

  test('a click at the middle of the progress bar seeks to about half the duration and plays (10:30 track, from paused)', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(DAY_NIGHT_ALBUM));
    await playRow(page, LONG_TRACK);
    await expectBarTitle(page, LONG_TRACK);
    const playing = await expectAdvancing(page);
    expect(playing.src).toContain(`/${DAY_NIGHT_ALBUM}/1/5`);
    expect(playing.duration).toBeCloseTo(630, 0);
    expect(playing.currentTime).toBeLessThan(30);

    // paused first: the seek must also resume
    await mainButton(page).click();
    await expectStopped(page, 500);

    const slider = bar(page).getByRole('slider', { name: '播放进度' });
    const box = (await slider.boundingBox())!;
    await slider.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(630 / 2 - 20);
    const after = await expectAdvancing(page);
    expect(after.currentTime).toBeGreaterThan(630 / 2 - 20);
    expect(after.currentTime).toBeLessThan(630 / 2 + 20);
    await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('暂停');
    await expect.poll(() => slider.getAttribute('aria-valuenow').then(Number)).toBeGreaterThan(630 / 2 - 20);

    // and while playing
    await slider.click({ position: { x: box.width / 4, y: box.height / 2 } });
    await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(630 / 4 + 20);
    const quarter = await expectAdvancing(page);
    expect(quarter.currentTime).toBeGreaterThan(630 / 4 - 20);
    expectNoErrors();
    await close();
  });
});

describe('the end of a track', () => {
  test('in 队列循环 the next item plays; in 单曲循环 the same track starts again', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await playAll(page);
    await expectAdvancing(page);
    const slider = bar(page).getByRole('slider', { name: '播放进度' });
    const box = (await slider.boundingBox())!;
    const seekNearEnd = () => slider.click({ position: { x: box.width * 0.95, y: box.height / 2 } });

    // 港灯 (32 s): from 95 % it ends within 2 s, then 夜航船 plays
    await seekNearEnd();
    await expectBarTitle(page, TWO_DISC_TITLES[1]!, 10_000);
    const next = await expectAdvancing(page);
    expect(next.src).toContain(`/${TWO_DISC_ALBUM}/1/2`);
    expect(next.currentTime).toBeLessThan(10);

    await bar(page).getByRole('button', { name: '队列循环', exact: true }).click();
    await bar(page).getByRole('button', { name: '单曲循环', exact: true }).waitFor();
    await seekNearEnd();
    // it ends and starts over: the time drops back near 0 on the same source
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 10_000 }).toBeLessThan(5);
    const again = await expectAdvancing(page);
    expect(again.src).toContain(`/${TWO_DISC_ALBUM}/1/2`);
    await expectBarTitle(page, TWO_DISC_TITLES[1]!);
    expectNoErrors();
    await close();
  });
});

describe('the queue page', () => {
  test('播放队列 in the bar opens /queue: every track listed, the current one marked; remove one; clear', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await playAll(page);
    await expectAdvancing(page);

    await bar(page).getByRole('link', { name: '播放队列' }).click();
    await page.waitForURL((url) => url.pathname === '/queue');
    await page.getByRole('heading', { name: '播放队列', exact: true }).waitFor();
    const list = page.getByRole('list', { name: '播放队列' });
    const rows = list.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(TWO_DISC_TITLES.length);
    for (const [i, title] of TWO_DISC_TITLES.entries()) {
      await rows.nth(i).getByText(title, { exact: true }).waitFor();
    }
    const current = list.locator('[aria-current="true"]');
    expect(await current.count()).toBe(1);
    await current.getByText(TWO_DISC_TITLES[0]!, { exact: true }).waitFor();
    // the current row's button pauses
    await current.getByRole('button', { name: '暂停', exact: true }).waitFor();

    // remove the third row
    await rows.nth(2).getByRole('button', { name: '从播放队列移除' }).click();
    await expect.poll(() => rows.count()).toBe(TWO_DISC_TITLES.length - 1);
    expect(await list.getByText(TWO_DISC_TITLES[2]!, { exact: true }).count()).toBe(0);
    await rows.nth(2).getByText(TWO_DISC_TITLES[3]!, { exact: true }).waitFor();
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('playlist') ?? 'null') as { tracks: { title: string }[] },
    );
    expect(saved.tracks.map((t) => t.title)).toEqual(TWO_DISC_TITLES.filter((_, i) => i !== 2));
    // the current track plays on
    await expectAdvancing(page, 0.2);

    await page.getByRole('button', { name: '清空播放队列' }).click();
    await page.getByText('播放队列是空的', { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: '播放队列' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '清空播放队列' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('playlist') ?? 'null'))).toEqual({
      tracks: [],
      index: 0,
    });
    expectNoErrors();
    await close();
  });
});

describe('the saved queue', () => {
  test('a reload restores the queue and the current track without playing', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await playAll(page);
    await expectAdvancing(page);
    await bar(page).getByRole('button', { name: '下一首' }).click();
    await expectBarTitle(page, TWO_DISC_TITLES[1]!);
    await expectAdvancing(page);

    await page.reload();
    await page.getByRole('heading', { name: '港灯夜曲', exact: true }).waitFor();
    await expectBarTitle(page, TWO_DISC_TITLES[1]!);
    await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('播放');
    // its cover comes from the library that holds the album, though nothing is loaded
    await bar(page).locator(`img[alt="${TWO_DISC_TITLES[1]!}"][src^="blob:"]`).waitFor();
    // the restore is done (its library answered for the cover): a wrongly started playback shows by now
    expect(await allAudios(page)).toMatchObject({ playing: 0 });
    expect((await audio(page)).found).toBe(false);
    expect(await mainButton(page).getAttribute('aria-label')).toBe('播放');
    expect(await page.title()).toBe(IDLE_TITLE);

    await bar(page).getByRole('link', { name: '播放队列' }).click();
    await page.waitForURL((url) => url.pathname === '/queue');
    const list = page.getByRole('list', { name: '播放队列' });
    const rows = list.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(TWO_DISC_TITLES.length);
    for (const [i, title] of TWO_DISC_TITLES.entries()) {
      await rows.nth(i).getByText(title, { exact: true }).waitFor();
    }
    await list.locator('[aria-current="true"]').getByText(TWO_DISC_TITLES[1]!, { exact: true }).waitFor();
    expect((await allAudios(page)).playing).toBe(0);

    // the main button then plays the restored current track
    await mainButton(page).click();
    const state = await expectAdvancing(page);
    expect(state.src).toContain(`/${TWO_DISC_ALBUM}/1/2`);
    expectNoErrors();
    await close();
  });
});

describe('主页', () => {
  test('继续播放 after a reload: the track and where it stopped, and one click plays it from there', async () => {
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM));
    await playAll(page);
    await expectAdvancing(page);
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 30_000 }).toBeGreaterThan(6);
    await mainButton(page).click();
    await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('播放');
    const heard = (await audio(page)).currentTime;
    // where it stopped, as the player kept it (whole seconds of its last time report)
    const stopped = await page.evaluate(() => JSON.parse(localStorage.getItem('player.position') ?? 'null')?.seconds);
    expect(stopped).toBeGreaterThanOrEqual(Math.floor(heard) - 1);
    expect(stopped).toBeLessThanOrEqual(heard);

    await page.goto(page.url().replace(/\/album\/.*$/, '/'));
    const card = page.locator('section', { has: page.getByRole('heading', { name: '继续播放' }) });
    await card.getByText(TWO_DISC_TITLES[0]!, { exact: true }).waitFor();
    const shown = `停在 00:${String(stopped).padStart(2, '0')}`;
    await card.getByText(shown, { exact: true }).waitFor();
    // the shelves beside it
    await page.getByRole('list', { name: '最近添加' }).getByText('港灯夜曲', { exact: true }).waitFor();

    await card.getByRole('button', { name: '继续播放' }).click();
    const resumed = await expectAdvancing(page, 0.2);
    expect(resumed.src).toContain(`/${TWO_DISC_ALBUM}/1/1`);
    // from where it stopped, not from its beginning
    expect(resumed.currentTime).toBeGreaterThanOrEqual(stopped);
    await card.getByRole('link', { name: '正在播放' }).waitFor();
    expectNoErrors();
    await close();
  });
});

describe('play statistics', () => {
  test('a track playing for 10 s is reported to /api/stat (at 3 s it is not yet), and shows in 最近播放, 我的统计 and on its album', async () => {
    // the 10 s are the page's: moved on, not waited out
    const { page, expectNoErrors, close } = await signedIn(albumPath(VOCAL_ALBUM), { movableClock: true });
    // reports are stored with the moment the track started counting: only this test's count
    const from = Math.floor(Date.now() / 1000) - 1;
    const identity = { album_id: VOCAL_ALBUM, disc_id: 1, track_id: 2 }; // 回声, 26 s
    const title = album(VOCAL_ALBUM).discs[0]!.tracks[1]!.title;
    const reported = async () =>
      (await statsSince(page, from)).some(
        (s) =>
          s.track.album_id === identity.album_id &&
          s.track.disc_id === identity.disc_id &&
          s.track.track_id === identity.track_id,
      );
    expect(await reported()).toBe(false);

    await playRow(page, title);
    // sounding (its time moves), not only asked to play: the count starts at the audio's `playing`,
    // which a loaded machine reaches seconds after play()
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0);
    const pageNow = () => page.evaluate(() => Date.now());
    const startedAt = await pageNow();
    await expectBarTitle(page, title);

    // the page's time also flows by itself: move it on to 3 s after the track started, whatever has passed
    await page.clock.fastForward(Math.max(0, 3000 - ((await pageNow()) - startedAt)));
    expect(await reported()).toBe(false);

    await page.clock.fastForward(Math.max(0, 11_000 - ((await pageNow()) - startedAt)));
    await expect.poll(reported, { timeout: 15_000, interval: 250 }).toBe(true);
    const rows = await statsSince(page, from);
    expect(rows).toEqual([{ track: identity, count: 1 }]);
    // still playing the same track: it was counted once
    expect((await audio(page)).src).toContain(`/${VOCAL_ALBUM}/1/2`);

    // and the listener sees it: first in 最近播放 under 今天, in 我的统计, and on its album page
    await page.getByRole('link', { name: '最近播放' }).click();
    const history = page.getByRole('list', { name: '最近播放' });
    await history.getByRole('heading', { name: '今天' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => history.getByRole('listitem').nth(1).textContent()).toContain(title);
    await page.getByRole('link', { name: '我的统计' }).click();
    const top = page.getByRole('region', { name: '最常播放的歌曲' });
    await top.getByText(title, { exact: true }).waitFor({ timeout: 15_000 });
    await page.goto(`${suite.server.baseUrl}${albumPath(VOCAL_ALBUM)}`);
    await rowOf(page, title).getByText('播放 1 次').waitFor({ timeout: 15_000 });
    expectNoErrors();
    await close();
  });
});

describe('plays made offline', () => {
  test('a play counted offline is kept on the device through a reload, then sent once the server answers, and only once', async () => {
    const { page, context, expectNoErrors, close } = await signedIn(albumPath(VOCAL_ALBUM), {
      movableClock: true,
      // the play's report, and whatever else the page asks while the network is gone
      ignoreConsole: [/net::ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /Failed to fetch/],
    });
    const from = Math.floor(Date.now() / 1000) - 1;
    const identity = { album_id: VOCAL_ALBUM, disc_id: 1, track_id: 3 };
    const title = album(VOCAL_ALBUM).discs[0]!.tracks[2]!.title;
    const counted = async () =>
      (await statsSince(page, from)).filter((s) => JSON.stringify(s.track) === JSON.stringify(identity));
    const waitingOnDevice = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('plays');
            open.onsuccess = () => {
              const count = open.result.transaction('waiting').objectStore('waiting').count();
              count.onsuccess = () => {
                open.result.close();
                resolve(count.result);
              };
              count.onerror = () => reject(count.error);
            };
            open.onerror = () => reject(open.error);
          }),
      );

    await playRow(page, title);
    // the whole track is in the element before the network goes: it plays on offline
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const element = (window as unknown as { __player: HTMLMediaElement | null }).__player;
            return element !== null && element.buffered.length > 0 && element.buffered.end(0) >= element.duration - 0.1;
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    const pageNow = () => page.evaluate(() => Date.now());
    const startedAt = await pageNow();
    await context.setOffline(true);
    await page.clock.fastForward(Math.max(0, 11_000 - ((await pageNow()) - startedAt)));
    // counted, and kept on the device: the report could not go
    await expect.poll(waitingOnDevice, { timeout: 15_000 }).toBe(1);
    await bar(page).getByRole('button', { name: '暂停', exact: true }).click();

    // the page goes and comes back with the network: the kept play is sent, with the moment it began
    await context.setOffline(false);
    await page.reload();
    await expect.poll(counted, { timeout: 20_000, interval: 250 }).toEqual([{ track: identity, count: 1 }]);
    await expect.poll(waitingOnDevice, { timeout: 15_000 }).toBe(0);
    const history = await page.evaluate(async () => {
      const response = await fetch('/api/stat/self/history?limit=1', { credentials: 'include' });
      return ((await response.json()) as { data: { at: number }[] }).data;
    });
    expect(Math.abs(history[0]!.at - Math.round(startedAt / 1000))).toBeLessThanOrEqual(2);
    // and only once, however often the page loads
    await page.reload();
    await page.getByRole('heading', { name: album(VOCAL_ALBUM).title, exact: true }).waitFor();
    expect(await counted()).toEqual([{ track: identity, count: 1 }]);
    expectNoErrors();
    await close();
  });
});

describe('tracks that cannot play', () => {
  const harpTitles = titlesOf(HARP_ALBUM);
  const harpFile = (disc: number, track: number) =>
    join(suite.server.dataDir, 'library', albumFolder(HARP_ALBUM), String(disc), `${track}.flac`);

  test('a corrupt audio file: 无法播放该歌曲, the player is not stuck, next plays the next item', async () => {
    // HARP disc 1 track 2 becomes garbage with a .flac name
    await writeFile(harpFile(1, 2), Buffer.from('this is not a flac file at all '.repeat(200)));
    const { page, expectNoErrors, close } = await signedIn(albumPath(HARP_ALBUM));
    await playRow(page, harpTitles[1]!);
    await toast(page, '无法播放该歌曲').waitFor({ timeout: 25_000 });
    await expectNotSpinning(page);
    await expectBarTitle(page, harpTitles[1]!);
    expect((await allAudios(page)).playing).toBe(0);

    await bar(page).getByRole('button', { name: '下一首' }).click();
    await expectBarTitle(page, harpTitles[2]!);
    const next = await expectAdvancing(page);
    expect(next.src).toContain(`/${HARP_ALBUM}/1/3`);
    await expect.poll(() => mainButton(page).getAttribute('aria-label')).toBe('暂停');
    expectNoErrors();
    await close();
  });

  test('a missing audio file: 无法播放该歌曲, the player is not stuck, next plays the next item', async () => {
    await rm(harpFile(1, 4));
    // the library answers 404 to the probe and to the element; Chromium logs both
    const { page, expectNoErrors, close } = await signedIn(albumPath(HARP_ALBUM), {
      ignoreConsole: [/Failed to load resource: the server responded with a status of 404/],
    });
    await playRow(page, harpTitles[3]!);
    await toast(page, '无法播放该歌曲').waitFor({ timeout: 25_000 });
    await expectNotSpinning(page);
    expect((await allAudios(page)).playing).toBe(0);

    await bar(page).getByRole('button', { name: '下一首' }).click();
    await expectBarTitle(page, harpTitles[4]!);
    const next = await expectAdvancing(page);
    expect(next.src).toContain(`/${HARP_ALBUM}/1/5`);
    expectNoErrors();
    await close();
  });

  test('a track whose audio never answers: a spinner while buffering, then 无法播放该歌曲 after the time-out; next plays', {
    timeout: 60_000,
  }, async () => {
    // the 20 s of the time-out are the page's: moved on, not waited out
    const { page, expectNoErrors, close } = await signedIn(albumPath(HARP_ALBUM), { movableClock: true });
    // the library never answers for disc 1 track 6 (the HEAD probe nor the element's request)
    const stalled = `${suite.server.libraryUrl}/${HARP_ALBUM}/1/6`;
    await page.route(
      (url) => url.href.startsWith(stalled),
      () => {},
    );
    await playRow(page, harpTitles[5]!);
    await expectBarTitle(page, harpTitles[5]!);
    // buffering: the main button spins
    await expect.poll(() => mainButton(page).locator('.mantine-Loader-root').count()).toBe(1);
    const spinning = async () => {
      expect(await mainButton(page).locator('.mantine-Loader-root').count()).toBe(1);
      expect(await toast(page, '无法播放该歌曲').count()).toBe(0);
    };
    await page.clock.fastForward(3000);
    await spinning();
    // still buffering 15 s in
    await page.clock.fastForward(12_000);
    await spinning();

    // BUFFERING_TIMEOUT_MS = 20 s
    await page.clock.fastForward(10_000);
    await toast(page, '无法播放该歌曲').waitFor({ timeout: 25_000 });
    await expectNotSpinning(page);
    expect((await allAudios(page)).playing).toBe(0);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await bar(page).getByRole('button', { name: '下一首' }).click();
    await expectBarTitle(page, harpTitles[0]!);
    const next = await expectAdvancing(page);
    expect(next.src).toContain(`/${HARP_ALBUM}/1/1`);
    expectNoErrors();
    await close();
  });

  test('the library goes down mid-playback: 无法播放该歌曲, not stuck, the queue kept; back up, the same item plays', async () => {
    // refused connections are logged by Chromium for each request the library does not answer
    const { page, expectNoErrors, close } = await signedIn(albumPath(TWO_DISC_ALBUM), {
      ignoreConsole: [/Failed to load resource: net::ERR_/],
    });
    await playAll(page);
    await expectAdvancing(page);

    // the library stops answering: every request to it is refused (routing also bypasses the HTTP cache)
    await page.route(
      (url) => url.href.startsWith(suite.server.libraryUrl),
      (route) => route.abort('connectionrefused'),
    );
    await bar(page).getByRole('button', { name: '下一首' }).click();
    await expectBarTitle(page, TWO_DISC_TITLES[1]!);
    await toast(page, '无法播放该歌曲').first().waitFor({ timeout: 25_000 });
    await expectNotSpinning(page);
    expect((await allAudios(page)).playing).toBe(0);

    // nothing was lost: the queue page lists every track, the failed one still current
    await bar(page).getByRole('link', { name: '播放队列' }).click();
    const list = page.getByRole('list', { name: '播放队列' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(TWO_DISC_TITLES.length);
    await list.locator('[aria-current="true"]').getByText(TWO_DISC_TITLES[1]!, { exact: true }).waitFor();

    // the library is back: the main button plays the selected item
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await mainButton(page).click();
    const resumed = await expectAdvancing(page);
    expect(resumed.src).toContain(`/${TWO_DISC_ALBUM}/1/2`);
    expectNoErrors();
    await close();
  });

  // once (2026-11-29, three files at a time) the next item did not play within 15 s: a failure saves its trace
  test('a queued track no library has: 资源不可用 请尝试同步音频仓库, not stuck, next plays the next item', () =>
    tracedOnFailure(suite, 'playback-ghost-track', async (traced) => {
      const { page, expectNoErrors, close } = await signedInWithSpy(traced, albumPath(TWO_DISC_ALBUM));
      await page.getByRole('heading', { name: '港灯夜曲', exact: true }).waitFor();
      const ghost = storedTrack(randomUUID(), 1, 1);
      const real = storedTrack(TWO_DISC_ALBUM, 1, 3);
      await page.evaluate((queue) => localStorage.setItem('playlist', JSON.stringify(queue)), {
        tracks: [ghost, real],
        index: 0,
      });
      await page.reload();
      await expectBarTitle(page, ghost.title);
      expect((await allAudios(page)).playing).toBe(0);

      await mainButton(page).click();
      await toast(page, '资源不可用 请尝试同步音频仓库').waitFor();
      await expectNotSpinning(page);
      await expectBarTitle(page, ghost.title);
      expect((await allAudios(page)).playing).toBe(0);

      await bar(page).getByRole('button', { name: '下一首' }).click();
      await expectBarTitle(page, real.title);
      const next = await expectAdvancing(page);
      expect(next.src).toContain(`/${TWO_DISC_ALBUM}/1/3`);
      expectNoErrors();
      await close();
    }));
});

describe('a corrupt saved queue', () => {
  const openWithPlaylist = async (raw: string) => {
    const tp = await newPage(suite.browser);
    await tp.page.addInitScript(AUDIO_SPY);
    await tp.page.goto(`${suite.server.baseUrl}/`);
    await tp.page.evaluate((value) => localStorage.setItem('playlist', value), raw);
    await tp.page.goto(`${suite.server.baseUrl}/queue`);
    await tp.page.getByRole('heading', { name: '播放队列', exact: true }).waitFor();
    return tp;
  };

  test.each([
    ['not JSON', '{not json'],
    ['items without ids, index out of range', '{"tracks":[{"x":1}],"index":9}'],
    ['a number', '42'],
    ['tracks that is not a list', '{"tracks":{"0":{}},"index":"a"}'],
  ])('%s: the app loads and the queue is empty', async (_, raw) => {
    const { page, expectNoErrors, close } = await openWithPlaylist(raw);
    await page.getByText('播放队列是空的', { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: '播放队列' }).count()).toBe(0);
    expect(await barTitle(page).textContent()).toBe('');
    await page.getByRole('link', { name: '登录' }).waitFor();
    expectNoErrors();
    await close();
  });

  test('valid items among broken ones: only the valid items are listed', async () => {
    const valid = [storedTrack(TWO_DISC_ALBUM, 1, 2), storedTrack(TWO_DISC_ALBUM, 2, 1)];
    const raw = JSON.stringify({
      tracks: [{ x: 1 }, valid[0], { albumId: TWO_DISC_ALBUM, discId: 0, trackId: 1, title: '坏的' }, 'text', valid[1]],
      index: 9,
    });
    const { page, expectNoErrors, close } = await openWithPlaylist(raw);
    const rows = page.getByRole('list', { name: '播放队列' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(0).getByText(valid[0]!.title, { exact: true }).waitFor();
    await rows.nth(1).getByText(valid[1]!.title, { exact: true }).waitFor();
    // the index is clamped to the last valid item
    await page
      .getByRole('list', { name: '播放队列' })
      .locator('[aria-current="true"]')
      .getByText(valid[1]!.title, { exact: true })
      .waitFor();
    await expectBarTitle(page, valid[1]!.title);
    expect((await allAudios(page)).playing).toBe(0);
    expectNoErrors();
    await close();
  });
});
