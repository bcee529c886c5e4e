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

export interface PlayedAudio {
  found: boolean;
  currentTime: number;
  src: string;
  paused: boolean;
}

/** what the element last played is doing (install AUDIO_SPY with page.addInitScript first) */
export function playedAudio(page: Page): Promise<PlayedAudio> {
  return page.evaluate(() => {
    const element = (window as unknown as { __player: HTMLAudioElement | null }).__player;
    return element
      ? {
          found: true,
          currentTime: element.currentTime,
          src: element.currentSrc || element.src,
          paused: element.paused,
        }
      : { found: false, currentTime: 0, src: '', paused: true };
  });
}
