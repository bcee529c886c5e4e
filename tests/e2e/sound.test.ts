// 音效 in real Chromium: the player's sound goes through one Web Audio graph, and what the graph
// sends to the speakers is read by an analyser (tests/e2e/support/audioSpy.ts). Every track of the
// library answers with a 1 kHz tone, so the 均衡器's +12 dB at 1 kHz is measured on the output.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { text } from '@/shared/text';
import { albumPath, bar, expectAdvancing, playAll, signedInWithSpy } from './support/playerBar';
import { audio, outputLevelAt } from './support/audioSpy';
import { serveToneForEveryTrack, toneWav } from './support/tone';
import { serverAndBrowser } from './support/suite';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
// −20 dBFS: +12 dB stays well under full scale
const TONE = toneWav({ hz: 1000, seconds: 30, amplitude: 0.1 });

const suite = serverAndBrowser();

const soundDialog = (page: Page) => page.getByRole('dialog', { name: text.sound.title });

/** the output's level at 1 kHz once two readings a quarter second apart agree within 0.2 dB */
async function steadyLevel(page: Page): Promise<number> {
  let last = Number.NEGATIVE_INFINITY;
  await expect
    .poll(
      async () => {
        const now = await outputLevelAt(page, 1000);
        const steady = Number.isFinite(now) && Math.abs(now - last) < 0.2;
        last = now;
        return steady;
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
  return last;
}

describe('音效', () => {
  test('均衡器: +12 dB at 1 kHz is heard on a 1 kHz tone while it plays; off gives the tone back; kept after a reload', async () => {
    const { page, expectNoErrors, close } = await signedInWithSpy(suite, albumPath(TWO_DISC_ALBUM));
    await serveToneForEveryTrack(page, suite.server.libraryUrl, TONE);
    await playAll(page);
    const playing = await expectAdvancing(page);
    expect(playing.routed).toBe(true);
    const flat = await steadyLevel(page);

    await bar(page).getByRole('button', { name: text.sound.title }).click();
    const dialog = soundDialog(page);
    await dialog.getByRole('switch', { name: text.sound.equaliser }).check();
    // the 1 kHz band to its top, +12 dB
    const band = dialog.getByRole('slider', { name: text.sound.band(1000) });
    await band.focus();
    await page.keyboard.press('End');
    await expect.poll(() => band.getAttribute('aria-valuetext')).toBe(text.sound.decibels(12));
    expect(await dialog.getByLabel(text.sound.preset).inputValue()).toBe('custom');
    const boosted = await steadyLevel(page);
    expect(boosted - flat).toBeGreaterThan(11);
    expect(boosted - flat).toBeLessThan(13);

    // the bypass: the tone as it was, the same element playing on throughout
    await dialog.getByRole('switch', { name: text.sound.equaliser }).uncheck();
    await expect.poll(async () => Math.abs((await steadyLevel(page)) - flat)).toBeLessThan(0.5);
    const after = await audio(page);
    expect(after.src).toBe(playing.src);
    expect(after.paused).toBe(false);
    expect(after.currentTime).toBeGreaterThan(playing.currentTime);

    // this device keeps the curve: after a reload 自定义 is chosen, its 1 kHz band at +12 dB, the 均衡器 off
    await page.keyboard.press('Escape');
    await page.reload();
    await bar(page).getByRole('button', { name: text.sound.title }).click();
    await expect.poll(() => soundDialog(page).getByLabel(text.sound.preset).inputValue()).toBe('custom');
    expect(await soundDialog(page).getByRole('switch', { name: text.sound.equaliser }).isChecked()).toBe(false);
    expect(
      await soundDialog(page)
        .getByRole('slider', { name: text.sound.band(1000) })
        .getAttribute('aria-valuetext'),
    ).toBe(text.sound.decibels(12));
    expectNoErrors();
    await close();
  });
});
