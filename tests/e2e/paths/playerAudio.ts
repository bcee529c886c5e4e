// The player's audio in its interface paths, held where a path decides what happens to it. The
// player makes its <audio> elements with `new Audio()` and never attaches them to the document; an
// init script keeps them in view, counts their ends and failures, and holds the start of each track
// (the play() the app calls right after loading one) until the path lets it sound or has the
// browser refuse it (autoplay blocked). Each track's stream request (its first, `bytes=0-`) is held
// the same way, at the library: let through, the element reads the track; failed, the track cannot
// load. Later range requests, should the browser make any, go through.
import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';

// Kept a string: a function would be serialised after the test transform, helpers and all.
export const AUDIO_HOLD = `(() => {
  const audio = { elements: [], current: null, switches: 0, ended: 0, errors: 0, held: [] };
  window.__pathAudio = audio;
  const NativeAudio = window.Audio;
  const PathAudio = function (src) {
    const element = src === undefined ? new NativeAudio() : new NativeAudio(src);
    audio.elements.push(element);
    element.addEventListener('ended', () => { audio.ended++; });
    element.addEventListener('error', () => { audio.errors++; });
    return element;
  };
  PathAudio.prototype = NativeAudio.prototype;
  window.Audio = PathAudio;
  let justLoaded = null;
  const load = HTMLMediaElement.prototype.load;
  HTMLMediaElement.prototype.load = function () {
    // a new load interrupts a start still held, as it interrupts a pending play()
    for (const start of audio.held.filter((s) => s.element === this)) start.reject(new DOMException('interrupted by a new load', 'AbortError'));
    audio.held = audio.held.filter((s) => s.element !== this);
    justLoaded = this;
    queueMicrotask(() => { if (justLoaded === this) justLoaded = null; });
    return load.call(this);
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (audio.current !== this) { audio.current = this; audio.switches++; }
    if (justLoaded !== this) return play.call(this);
    justLoaded = null;
    return new Promise((resolve, reject) => audio.held.push({ element: this, resolve: () => play.call(this).then(resolve, reject), reject }));
  };
})();`;

export interface AudioState {
  /** the element played last is playing (not paused, not ended) */
  sounding: boolean;
  /** tracks that reached their end */
  ended: number;
  /** elements that failed to load */
  errors: number;
  /** times another element became the one played (a prepared track took over) */
  switches: number;
  /** starts held */
  held: number;
}

type PathAudio = {
  elements: HTMLMediaElement[];
  current: HTMLMediaElement | null;
  switches: number;
  ended: number;
  errors: number;
  held: { resolve(): void; reject(e: Error): void }[];
};

export function audioState(page: Page): Promise<AudioState> {
  return page.evaluate(() => {
    const audio = (window as never as { __pathAudio: PathAudio }).__pathAudio;
    const sounding = audio.current !== null && !audio.current.paused;
    return { sounding, ended: audio.ended, errors: audio.errors, switches: audio.switches, held: audio.held.length };
  });
}

/** Lets the held start of the track sound, or has the browser refuse it as autoplay. */
export async function settleStart(page: Page, allow: boolean): Promise<void> {
  await expect.poll(async () => (await audioState(page)).held, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.evaluate((sound) => {
    const start = (window as never as { __pathAudio: PathAudio }).__pathAudio.held.pop()!;
    if (sound) start.resolve();
    else start.reject(new DOMException('play() is not allowed without a user gesture', 'NotAllowedError'));
  }, allow);
}

/** whether an element other than the one playing has read the track at `path` through (prepared) */
export function preparedTrack(page: Page, path: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const audio = (window as never as { __pathAudio: PathAudio }).__pathAudio;
    return audio.elements.some((e) => e !== audio.current && e.readyState === 4 && e.src.includes(wanted));
  }, path);
}

export interface TrackLoad {
  /** `{albumId}-{discId}-{trackId}` */
  key: string;
  /** how many stream requests came before it */
  order: number;
  route: Route;
  settled: boolean;
}

export interface TrackLoads {
  /** how many stream requests came so far */
  readonly count: number;
  /** The newest held stream request for the track `key` (waited for) among those after the first `since`, other than `except`. */
  next(key: string, since: number, except?: TrackLoad | null): Promise<TrackLoad>;
  release(load: TrackLoad | null): Promise<void>;
  fail(load: TrackLoad): Promise<void>;
}

const AUDIO_PATH = /^\/([0-9a-f-]{36})\/(\d+)\/(\d+)$/;

/** Holds the first stream request of every track the page loads from the library at `libraryUrl`. */
export async function holdTrackLoads(page: Page, libraryUrl: string): Promise<TrackLoads> {
  const library = new URL(libraryUrl).origin;
  const loads: TrackLoad[] = [];
  await page.route(
    (url) => url.origin === library && AUDIO_PATH.test(url.pathname),
    async (route) => {
      const request = route.request();
      const range = await request.headerValue('range');
      if (request.method() !== 'GET' || (range !== null && range !== 'bytes=0-')) return route.fallback();
      const [, album, disc, track] = AUDIO_PATH.exec(new URL(request.url()).pathname)!;
      loads.push({ key: `${album}-${disc}-${track}`, order: loads.length, route, settled: false });
    },
  );
  // a request the page gave up (the element loaded another track meanwhile) is no load any more
  page.on('requestfailed', (request) => {
    for (const load of loads) if (load.route.request() === request) load.settled = true;
  });
  const settle = async (load: TrackLoad, how: (route: Route) => Promise<void>) => {
    if (load.settled) return;
    load.settled = true;
    // a request the page gave up has nobody to answer
    await how(load.route).catch(() => {});
  };
  return {
    get count() {
      return loads.length;
    },
    async next(key, since, except) {
      const find = () =>
        loads.findLast((load) => load.order >= since && load.key === key && !load.settled && load !== except);
      await expect
        .poll(() => find() !== undefined, { timeout: 15_000, message: `a stream request for ${key}` })
        .toBe(true);
      return find()!;
    },
    release: async (load) => void (load && (await settle(load, (route) => route.continue()))),
    fail: (load) => settle(load, (route) => route.abort('failed')),
  };
}

/** how many elements besides the one playing still sound (a track fading out under it: 淡入淡出) */
export function othersSounding(page: Page): Promise<number> {
  return page.evaluate(() => {
    const audio = (window as never as { __pathAudio: PathAudio }).__pathAudio;
    return audio.elements.filter((e) => e !== audio.current && !e.paused).length;
  });
}
