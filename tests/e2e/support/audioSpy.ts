// The element the player plays: the player makes its <audio> elements with `new Audio()` and never
// attaches them to the document, so an init script wraps `HTMLMediaElement.prototype.play` and keeps
// the element play() was last called on in `window.__player`.
import type { Page } from 'playwright-core';

// Kept a string: a function would be serialised after the test transform, helpers and all.
export const AUDIO_SPY = `(() => {
  window.__player = null;
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
