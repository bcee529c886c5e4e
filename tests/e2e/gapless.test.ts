// Gapless playback in real Chromium against the real reference server: two tracks cut from one
// chord, handed over in every loop mode, the gap measured on the audio clock (harness/gap.ts).
// This file runs alone, after the others (vitest.e2e.config.ts): other files' browsers beside it
// move the audio clock by more than the line it holds.
import { describe, expect, test } from 'vitest';
import { lastGap, SAMPLE_AUDIO_CLOCKS, waitForPreparedTrack } from '../../harness/gap';
import {
  album,
  albumPath,
  bar,
  expectAdvancing,
  expectBarTitle,
  mainButton,
  signedInWithSpy,
  storedTrack,
} from './support/playerBar';
import { audio } from './support/audioSpy';
import { serverAndBrowser } from './support/suite';

const DAY_NIGHT_ALBUM = 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04'; // 昼/夜 Day/Night

const suite = serverAndBrowser();

describe('gapless playback', () => {
  const dayNight = album(DAY_NIGHT_ALBUM).discs[0]!.tracks;
  const dusk = dayNight.findIndex((t) => t.title === '黄昏') + 1;
  const night = dusk + 1;

  test('黄昏 → 夜 (one chord cut in two) in every loop mode: the next track sounds within 20 ms of the last sample', {
    timeout: 120_000,
  }, async () => {
    const { page, expectNoErrors, close } = await signedInWithSpy(suite, albumPath(DAY_NIGHT_ALBUM));
    await page.addInitScript(SAMPLE_AUDIO_CLOCKS);
    await page.evaluate((queue) => localStorage.setItem('playlist', JSON.stringify(queue)), {
      tracks: [storedTrack(DAY_NIGHT_ALBUM, 1, dusk), storedTrack(DAY_NIGHT_ALBUM, 1, night)],
      index: 0,
    });
    await page.reload();
    await expectBarTitle(page, '黄昏', 15_000);
    // the libraries are known once the restored item's cover shows: the main button can play it
    await bar(page).locator('img[alt="黄昏"][src^="blob:"]').waitFor({ timeout: 15_000 });
    await mainButton(page).click();
    await expectAdvancing(page, 0.2);
    const slider = bar(page).getByRole('slider', { name: '播放进度' });
    const box = (await slider.boundingBox())!;
    /** the element that will take over has loaded the whole track, then the time jumps to 2 s before the end */
    const nearTheEnd = async (nextTrack: number) => {
      await waitForPreparedTrack(page, `/${DAY_NIGHT_ALBUM}/1/${nextTrack}`);
      const { duration } = await audio(page);
      await slider.click({ position: { x: box.width * ((duration - 2) / duration), y: box.height / 2 } });
    };
    const handOver = async (title: string, track: number) => {
      await expect
        .poll(async () => (await audio(page)).src, { timeout: 15_000 })
        .toContain(`/${DAY_NIGHT_ALBUM}/1/${track}`);
      await expectBarTitle(page, title, 10_000);
      const state = await expectAdvancing(page, 0.2);
      expect(state.currentTime).toBeLessThan(5);
      return lastGap(page);
    };

    // 队列循环: dusk runs into night
    await nearTheEnd(night);
    const listGap = await handOver('夜', night);
    // 单曲循环: night into itself
    await bar(page).getByRole('button', { name: '队列循环', exact: true }).click();
    await bar(page).getByRole('button', { name: '单曲循环', exact: true }).waitFor();
    await nearTheEnd(night);
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 10_000 }).toBeLessThan(5);
    const trackGap = await handOver('夜', night);
    // 队列随机: the other item of the two, dusk
    await bar(page).getByRole('button', { name: '单曲循环', exact: true }).click();
    await bar(page).getByRole('button', { name: '队列随机', exact: true }).waitFor();
    await nearTheEnd(dusk);
    const shuffleGap = await handOver('黄昏', dusk);

    console.info(
      `gapless: 队列循环 ${listGap.toFixed(1)} ms, 单曲循环 ${trackGap.toFixed(1)} ms, 队列随机 ${shuffleGap.toFixed(1)} ms`,
    );
    // A start lands on one of the audio output's callbacks (every 23 ms here), so a single
    // hand-over can be one callback off; an ended → play() hand-over leaves 100–300 ms.
    const gaps = [listGap, trackGap, shuffleGap].map(Math.abs).sort((a, b) => a - b);
    expect(gaps[1]!).toBeLessThan(20);
    expect(gaps[2]!).toBeLessThan(50);
    expectNoErrors();
    await close();
  });
});
