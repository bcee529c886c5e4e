// 定时关闭 in real Chromium against the reference server, with real audio: a length chosen in the
// player bar runs on the page's clock (moved, not waited out), its last 10 s fade the element and
// then playback pauses where it is; 播放完当前歌曲 fades the track's last seconds and, at its end,
// selects the next item without playing it; 播放 then goes on at full volume.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { text } from '@/shared/text';
import {
  album,
  albumPath,
  bar,
  barTitle,
  expectAdvancing,
  expectBarTitle,
  mainButton,
  playAll,
  signedInWithSpy,
} from './support/playerBar';
import { toastOf } from './paths/toasts';
import { audio } from './support/audioSpy';
import { serverAndBrowser } from './support/suite';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲: 港灯 32 s, 夜航船 28 s
const [FIRST, SECOND] = album(TWO_DISC_ALBUM).discs[0]!.tracks.map((t) => t.title) as [string, string];

const suite = serverAndBrowser();

const timerLeft = (page: Page) => bar(page).getByRole('timer', { name: text.sleepTimer.title });

async function chooseInBar(page: Page, item: string): Promise<void> {
  await bar(page).getByRole('button', { name: text.sleepTimer.title }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('定时关闭', () => {
  test('15 分钟 on the page clock: the last 10 s fade the sound, then playback pauses where it is', async () => {
    const { page, expectNoErrors, close } = await signedInWithSpy(suite, albumPath(TWO_DISC_ALBUM), {
      movableClock: true,
    });
    await playAll(page);
    await expectAdvancing(page);
    await chooseInBar(page, text.sleepTimer.minutes(15));
    await expect.poll(() => timerLeft(page).textContent()).toMatch(/^(15:00|14:5\d) 后暂停$/);
    await toastOf(page, text.sleepTimer.started(15)).waitFor();

    // 14:52 in: two seconds into the fade, the element is quieter and still plays
    await page.clock.fastForward(14 * 60_000 + 52_000);
    await expect.poll(async () => (await audio(page)).volume).toBeLessThan(0.99);
    const fading = await audio(page);
    expect(fading.volume).toBeGreaterThan(0);
    expect(fading.paused).toBe(false);
    const title = await barTitle(page).textContent();

    // the fifteen minutes are up: paused on the same item, its sound back at its level for 播放
    await page.clock.fastForward(9_000);
    await toastOf(page, text.sleepTimer.slept).waitFor();
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
    await mainButton(page)
      .and(page.getByRole('button', { name: '播放', exact: true }))
      .waitFor();
    expect(await barTitle(page).textContent()).toBe(title);
    // the level comes back on the audio clock, in a few hundredths of a second
    await expect.poll(async () => (await audio(page)).volume).toBeGreaterThan(0.99);
    await timerLeft(page).waitFor({ state: 'detached' });
    expectNoErrors();
    await close();
  });

  test('播放完当前歌曲: the track fades out to its end, the next item is selected but not played; 播放 goes on', async () => {
    const { page, expectNoErrors, close } = await signedInWithSpy(suite, albumPath(TWO_DISC_ALBUM));
    await playAll(page);
    await expectAdvancing(page);
    await expectBarTitle(page, FIRST);
    await chooseInBar(page, text.sleepTimer.afterTrack);
    await expect.poll(() => timerLeft(page).textContent()).toBe(text.sleepTimer.armedTrack);

    // 港灯 (32 s) from 90 %: its last 3 s are in the fade
    const slider = bar(page).getByRole('slider', { name: '播放进度' });
    const box = (await slider.boundingBox())!;
    await slider.click({ position: { x: box.width * 0.9, y: box.height / 2 } });
    await expect.poll(async () => (await audio(page)).volume, { timeout: 10_000 }).toBeLessThan(0.99);

    await toastOf(page, text.sleepTimer.slept).waitFor({ timeout: 20_000 });
    await expectBarTitle(page, SECOND);
    await mainButton(page)
      .and(page.getByRole('button', { name: '播放', exact: true }))
      .waitFor();
    const playing = await page.evaluate(
      () => (window as unknown as { __audios: HTMLAudioElement[] }).__audios.filter((a) => !a.paused).length,
    );
    expect(playing).toBe(0);
    await timerLeft(page).waitFor({ state: 'detached' });

    await mainButton(page).click();
    const next = await expectAdvancing(page);
    expect(next.src).toContain(`/${TWO_DISC_ALBUM}/1/2`);
    await expect.poll(async () => (await audio(page)).volume).toBeGreaterThan(0.99);
    expectNoErrors();
    await close();
  });
});
