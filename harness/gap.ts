/**
 * Measuring the gap between two tracks in the page (the gapless e2e and the player bench): an
 * init script notes every media element play() is called on and samples, every 2 ms, where each
 * playing one is on its own clock; `lastGap` then tells the silence between the last sample of the
 * element played before the newest one and the newest one's first sample.
 *
 *   await page.addInitScript(SAMPLE_AUDIO_CLOCKS);
 *   …a hand-over…
 *   const ms = await lastGap(page); // negative: they overlapped
 */
import type { Page } from 'playwright-core';

// Kept a string: a function would be serialised after the test transform, helpers and all.
export const SAMPLE_AUDIO_CLOCKS = `(() => {
  const samples = new Map();
  const loaded = new Set();
  window.__clockSamples = samples;
  window.__loadedMedia = loaded;
  window.__lastPlayed = null;
  const load = HTMLMediaElement.prototype.load;
  HTMLMediaElement.prototype.load = function () {
    loaded.add(this);
    return load.call(this);
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    window.__lastPlayed = this;
    if (!samples.has(this)) samples.set(this, []);
    return play.call(this);
  };
  // [page time, media time, duration] of each playing element
  setInterval(() => {
    const now = performance.now();
    for (const [element, list] of samples) if (!element.paused) list.push([now, element.currentTime, element.duration]);
  }, 2);
})();`;

/** waits until a paused element has all of a track whose URL contains `part` loaded (a prepared next track) */
export async function waitForPreparedTrack(page: Page, part: string, timeout = 15_000): Promise<void> {
  // a function, not a string: the app's CSP forbids evaluating strings in waitForFunction
  await page.waitForFunction(
    (wanted) =>
      [...(window as unknown as { __loadedMedia: Set<HTMLMediaElement> }).__loadedMedia].some(
        (e) => e.paused && e.readyState === 4 && e.src.includes(wanted),
      ),
    part,
    { timeout },
  );
}

/**
 * The gap (ms) at the last hand-over: where the old element's clock put its end and where the new
 * one's put its start, each the median over a second of steady playing (so one late sample does
 * not move it).
 */
export function lastGap(page: Page): Promise<number> {
  return page.evaluate(`(() => {
    const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
    const to = window.__lastPlayed;
    const from = [...window.__clockSamples.keys()].filter((e) => e !== to).at(-1);
    const ends = window.__clockSamples.get(from).filter(([, time, duration]) => time > duration - 1.2 && time < duration - 0.1);
    const starts = window.__clockSamples.get(to).filter(([, time]) => time > 0.2 && time < 1.2);
    const end = median(ends.map(([seen, time, duration]) => seen + (duration - time) * 1000));
    const start = median(starts.map(([seen, time]) => seen - time * 1000));
    return start - end;
  })()`);
}
