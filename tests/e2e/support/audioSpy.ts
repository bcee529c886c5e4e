// The element the player plays: the player makes its <audio> elements with `new Audio()` and never
// attaches them to the document, so an init script wraps `window.Audio` (every element lands in
// `window.__audios`) and `HTMLMediaElement.prototype.play` (the element play() was last called on
// is `window.__player`; preload elements are never played).
import type { Page } from 'playwright-core';

// Kept a string: a function would be serialised after the test transform, helpers and all.
export const AUDIO_SPY = `(() => {
  const NativeAudio = window.Audio;
  const audios = [];
  window.__audios = audios;
  window.__player = null;
  const SpyAudio = function (src) {
    const element = src === undefined ? new NativeAudio() : new NativeAudio(src);
    audios.push(element);
    return element;
  };
  SpyAudio.prototype = NativeAudio.prototype;
  window.Audio = SpyAudio;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    window.__player = this;
    return play.call(this);
  };
})();`;

export interface AudioState {
  found: boolean;
  paused: boolean;
  currentTime: number;
  duration: number;
  muted: boolean;
  volume: number;
  src: string;
}

/** what the element play() was last called on is doing (install AUDIO_SPY with page.addInitScript first) */
export function audio(page: Page): Promise<AudioState> {
  return page.evaluate(() => {
    const element = (window as unknown as { __player: HTMLAudioElement | null }).__player;
    if (!element)
      return { found: false, paused: true, currentTime: 0, duration: NaN, muted: false, volume: 0, src: '' };
    return {
      found: true,
      paused: element.paused,
      currentTime: element.currentTime,
      duration: element.duration,
      muted: element.muted,
      volume: element.volume,
      src: element.currentSrc || element.src,
    };
  });
}
