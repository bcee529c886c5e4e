// 淡入淡出 in real Chromium, read off the graph's output: the first track answers with a 440 Hz tone,
// the second with a 660 Hz one, the rest with 880 Hz, so each track's share of what is heard shows
// at its own frequency.
// With a 4 s overlap the first fades out on a cosine and the second in on a sine, their sum never
// dips; a skip in the middle of the next overlap ends it at once.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { text } from '@/shared/text';
import { albumPath, bar, expectAdvancing, expectBarTitle, playAll, signedInWithSpy, album } from './support/playerBar';
import { audio, outputLevelAt, outputNow, outputRmsDb } from './support/audioSpy';
import { serveTones, toneWav } from './support/tone';
import { serverAndBrowser } from './support/suite';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const [, SECOND, THIRD, FOURTH] = album(TWO_DISC_ALBUM).discs[0]!.tracks.map((t) => t.title) as [
  string,
  string,
  string,
  string,
];
const FADE_S = 4;
const LOW = toneWav({ hz: 440, seconds: 12, amplitude: 0.2 });
const HIGH = toneWav({ hz: 660, seconds: 12, amplitude: 0.2 });
const HIGHER = toneWav({ hz: 880, seconds: 12, amplitude: 0.2 });
/** half the analyser's window (16 384 samples at 48 kHz): its readings lag the element's clock by this much */
const WINDOW_LAG_S = 0.17;

const suite = serverAndBrowser();

/** 淡入淡出 at `seconds` and the next track of an album faded too, in the player bar's 音效 dialog */
async function crossfadeEverything(page: Page, seconds: number): Promise<void> {
  await bar(page).getByRole('button', { name: text.sound.title }).click();
  const dialog = page.getByRole('dialog', { name: text.sound.title });
  const slider = dialog.getByRole('slider', { name: text.sound.crossfade });
  await slider.focus();
  for (let i = 0; i < seconds; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe(text.sound.crossfadeValue(seconds));
  await dialog.getByRole('switch', { name: text.sound.albumsGapless }).uncheck();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('player.sound') ?? '{}').crossfade))
    .toEqual({ seconds, albumsGapless: false });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('淡入淡出', () => {
  test('4 s: the first track fades out on a cosine as the second fades in on a sine, with no dip; a skip in an overlap ends it', {
    timeout: 90_000,
  }, async () => {
    const { page, expectNoErrors, close } = await signedInWithSpy(suite, albumPath(TWO_DISC_ALBUM));
    await serveTones(page, suite.server.libraryUrl, (path) =>
      path.endsWith('/1/1') ? LOW : path.endsWith('/1/2') ? HIGH : HIGHER,
    );
    await crossfadeEverything(page, FADE_S);
    await playAll(page);
    await expectAdvancing(page);

    // alone, before the overlap
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(4);
    const low = await outputLevelAt(page, 440);
    const rms = await outputRmsDb(page);
    expect(await outputLevelAt(page, 660)).toBeLessThan(low - 40);

    // the overlap: 4 s before the first track's end the second starts (the bar names it at once)
    await expectBarTitle(page, SECOND, 15_000);
    const readings: { progress: number; low: number; high: number; rms: number }[] = [];
    for (;;) {
      // the element's time and the output's levels read together, so a busy machine cannot part them
      const { currentTime, levels } = await outputNow(page, [440, 660]);
      const progress = (currentTime - WINDOW_LAG_S) / FADE_S;
      if (progress > 0.85) break;
      if (progress > 0.15) readings.push({ progress, low: levels[0]!, high: levels[1]!, rms: levels[2]! });
      await page.waitForTimeout(150);
    }
    // after it, the second alone: its own level is what its curve is read against (the analyser
    // reads one tone a little higher than another)
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 10_000 }).toBeGreaterThan(FADE_S + 0.5);
    await expect.poll(() => outputLevelAt(page, 440)).toBeLessThan(low - 40);
    const high = await outputLevelAt(page, 660);
    console.info(
      `淡入淡出: ${readings.map((r) => `${r.progress.toFixed(2)}: ${(r.low - low).toFixed(1)}/${(r.high - high).toFixed(1)}/${(r.rms - rms).toFixed(1)} dB`).join(', ')}`,
    );
    expect(readings.length).toBeGreaterThanOrEqual(3);
    for (const { progress, low: l, high: h, rms: r } of readings) {
      // each on its equal-power curve, within 1.5 dB
      expect(Math.abs(l - low - 20 * Math.log10(Math.cos((progress * Math.PI) / 2)))).toBeLessThan(1.5);
      expect(Math.abs(h - high - 20 * Math.log10(Math.sin((progress * Math.PI) / 2)))).toBeLessThan(1.5);
      // and together as loud as one alone: no dip over 1.5 dB
      expect(r - rms).toBeGreaterThan(-1.5);
    }

    // the next overlap (the second into the third) cut short by 下一首: the second goes quiet at once
    await expectBarTitle(page, THIRD, 20_000);
    await bar(page).getByRole('button', { name: '下一首' }).click();
    await expectBarTitle(page, FOURTH);
    await expect.poll(() => outputLevelAt(page, 660), { timeout: 3_000 }).toBeLessThan(low - 40);
    await expectAdvancing(page);
    await expect.poll(() => outputLevelAt(page, 880), { timeout: 5_000 }).toBeGreaterThan(low - 3);
    expectNoErrors();
    await close();
  });
});
