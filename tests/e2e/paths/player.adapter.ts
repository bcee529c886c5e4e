// The player's status and loop mode, driven as a listener does on the album page of 港灯夜曲 (short
// synthesised tracks, 20–35 s): 播放全部, the bar's buttons, the progress bar, the keyboard, the
// queue page's 清空. The audio element answers as the path says: its stream request is held until
// the step that lets it through (it plays) or fails it (无法播放该歌曲); an end is the element
// moved to its last moments. What the listener sees is the bar: the main button (暂停 / 播放, a
// spinner while buffering), the loop button's name, and the element itself (playing, paused, ended,
// unloaded). The play report and the preloader have no sign on screen: their states check nothing.
import type { Page, Route } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../tools/browser';
import { leafPaths } from '../../../tools/modelPaths';
import { openSignedIn } from '../../../tools/signIn';
import type { InterfaceAdapter } from './adapter';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲, 6 + 5 tracks of 20–35 s
/** a track's stream on the library: /<album>/<disc>/<track> */
const STREAM_PATH = /^\/[0-9a-f-]{36}\/\d+\/\d+$/;
/** how close to its end an "ended" step moves the element */
const LAST_MOMENTS_S = 0.3;
/** how long what a step brings about may take to show on a loaded machine */
const WAIT_MS = 10_000;

// Kept a string: a function would be serialised after the test transform, helpers and all.
// The first Audio the page makes is the player's (made when the player starts, before any track
// resolves); any later one that would load a track is the preloader's second element, kept from
// loading, so each end of a track is the plain end the model's `audio.ended` stands for (no gapless
// hand-over: tests/e2e/playback.test.ts measures that one).
const PLAYER_ELEMENT = `(() => {
  const NativeAudio = window.Audio;
  window.__playerElement = null;
  const PathAudio = function (src) {
    const element = src === undefined ? new NativeAudio() : new NativeAudio(src);
    if (window.__playerElement === null) window.__playerElement = element;
    else {
      Object.defineProperty(element, 'src', { get() { return ''; }, set() {} });
      element.load = () => {};
    }
    return element;
  };
  PathAudio.prototype = NativeAudio.prototype;
  window.Audio = PathAudio;
})();`;

/** The track streams the element asks for, held until a step lets one through or fails it. */
class HeldStreams {
  private held: Route[] = [];
  /** the stream let through: the element's further range requests for it pass */
  private open: string | null = null;

  constructor(private readonly page: Page) {}

  async install(libraryUrl: string): Promise<void> {
    const library = new URL(libraryUrl).host;
    await this.page.route(
      (url) => url.host === library && STREAM_PATH.test(url.pathname),
      (route) => {
        const request = route.request();
        if (request.method() !== 'GET' || request.url() === this.open) return route.continue();
        // an older held stream belongs to a load the element gave up (it unloaded before this one)
        for (const old of this.held.splice(0)) void old.abort().catch(() => {});
        this.held.push(route);
      },
    );
  }

  /** before a step that may start another track: its stream is held again */
  expectLoad(): void {
    this.open = null;
  }

  /** puts back a stream taken to look at */
  hold(route: Route): void {
    this.held.push(route);
  }

  /** the element has asked for the track it is loading now, and that request is held */
  async requested(): Promise<Route> {
    const source = () => this.page.evaluate(() => (window as unknown as { __playerElement: HTMLAudioElement | null }).__playerElement?.src ?? '');
    await expect.poll(async () => this.held.at(-1)?.request().url() === (await source()) && (await source()) !== '', { timeout: WAIT_MS }).toBe(true);
    return this.held.pop()!;
  }

  /** lets the held stream through: the track loads and plays */
  async letThrough(): Promise<void> {
    const route = await this.requested();
    this.open = route.request().url();
    await route.continue();
  }

  /** the library answers 404: the element cannot load the track */
  async fail(): Promise<void> {
    await (await this.requested()).fulfill({ status: 404, body: 'Not Found' });
  }
}

type Playback = 'empty' | 'buffering' | 'playing' | 'paused' | 'ended';

interface PlayerPage {
  tp: TestPage;
  streams: HeldStreams;
  /** the playback state the last check saw (what the next step starts from) */
  playback: Playback;
  loopMode: string;
}

const bar = (page: Page) => page.getByRole('contentinfo', { name: '正在播放' });
const mainButton = (page: Page) => bar(page).getByRole('button', { name: /^(播放|暂停)$/ });
const loopButton = (page: Page) => bar(page).getByRole('button', { name: /^(队列循环|单曲循环|队列随机)$/ });
const spinning = async (page: Page) => (await mainButton(page).locator('.mantine-Loader-root').count()) > 0;

interface ElementState {
  loaded: boolean;
  paused: boolean;
  ended: boolean;
}

function element(page: Page): Promise<ElementState> {
  return page.evaluate(() => {
    const audio = (window as unknown as { __playerElement: HTMLAudioElement | null }).__playerElement;
    if (!audio) return { loaded: false, paused: true, ended: false };
    return { loaded: audio.getAttribute('src') !== null && audio.src !== '', paused: audio.paused, ended: audio.ended };
  });
}

/** what the bar shows in a playback state, waited for; the state is remembered for the next step */
function showsPlayback(playback: Playback, label: '播放' | '暂停', audio: Partial<ElementState>) {
  return async (ctx: PlayerPage) => {
    const { page } = ctx.tp;
    await expect.poll(async () => ({ label: await mainButton(page).getAttribute('aria-label'), spinning: await spinning(page) }), { timeout: WAIT_MS }).toEqual({ label, spinning: playback === 'buffering' });
    const keys = Object.keys(audio) as (keyof ElementState)[];
    await expect.poll(async () => {
      const seen = await element(page);
      return Object.fromEntries(keys.map((key) => [key, seen[key]]));
    }, { timeout: WAIT_MS }).toEqual(audio);
    ctx.playback = playback;
  };
}

/** the loop button names the mode */
function showsLoopMode(name: string) {
  return async (ctx: PlayerPage) => {
    await expect.poll(() => loopButton(ctx.tp.page).getAttribute('aria-label'), { timeout: WAIT_MS }).toBe(name);
    ctx.loopMode = name;
  };
}

/** the play report and the preloader work out of sight: nothing on screen to check */
const unseen = async () => {};

/** a step that may start another track: its stream will be held until a later step */
async function jumping(ctx: PlayerPage, act: () => Promise<void>): Promise<void> {
  ctx.streams.expectLoad();
  await act();
}

/** the keyboard shortcuts act when no control has the focus (a slider would take the arrows) */
async function pressKey(page: Page, key: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

const reasons = (reason: string, transitions: string[]) => transitions.map((transition) => ({ transition, reason }));

const playbackOf = (snapshot: AnyMachineSnapshot) => leafPaths(snapshot.value).find((leaf) => leaf.startsWith('playback.'))!.slice('playback.'.length);

/** The element's reports the page can bring about, by where the player is. */
const elementCan: Record<string, (playback: string) => boolean> = {
  'audio.playing': (at) => at === 'buffering.loading' || at === 'paused',
  'audio.error': (at) => at === 'buffering.loading',
  'audio.paused': (at) => at === 'playing',
  'audio.ended': (at) => at === 'playing',
  'audio.timeupdate': (at) => at === 'playing',
  'audio.loaded': (at) => at === 'playing' || at === 'paused' || at === 'ended',
};

export const playerAdapter: InterfaceAdapter<PlayerPage> = {
  machine: 'player',
  // of the seeds tried, the fewest steps in all (181 in 5 walks): each step is real playing
  seed: 4,
  maxLength: 80,
  async start({ suite }) {
    // a stream failed (404) or given up by the element (aborted) shows in the console as a failed load
    const tp = await newPage(suite.browser, { ignoreConsole: [/^Failed to load resource: (the server responded with a status of 404|net::ERR_FAILED)/] });
    await tp.page.addInitScript(PLAYER_ELEMENT);
    const streams = new HeldStreams(tp.page);
    await streams.install(suite.server.libraryUrl);
    await openSignedIn(tp.page, suite.server, `/album/${TWO_DISC_ALBUM}`);
    await expect.poll(() => tp.page.getByRole('button', { name: '播放全部' }).isEnabled(), { timeout: 20_000 }).toBe(true);
    return { tp, streams, playback: 'empty', loopMode: '队列循环' };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  accepts(event, snapshot) {
    if (event.type === 'CLEAR_QUEUE') return (snapshot.context as { queue: unknown[] }).queue.length > 0; // 清空 is disabled on an empty queue
    return elementCan[event.type]?.(playbackOf(snapshot)) ?? true;
  },
  events: {
    async REPLACE_AND_PLAY(ctx) {
      const { page } = ctx.tp;
      if (!page.url().includes(`/album/${TWO_DISC_ALBUM}`)) await page.goBack();
      await jumping(ctx, () => page.getByRole('button', { name: '播放全部' }).click());
    },
    async TOGGLE_PLAY(ctx) {
      const click = () => mainButton(ctx.tp.page).click();
      if (ctx.playback === 'empty') await jumping(ctx, click);
      else await click();
    },
    NEXT: (ctx) => jumping(ctx, () => bar(ctx.tp.page).getByRole('button', { name: '下一首' }).click()),
    PREVIOUS: (ctx) => jumping(ctx, () => bar(ctx.tp.page).getByRole('button', { name: '上一首' }).click()),
    CYCLE_LOOP_MODE: (ctx) => loopButton(ctx.tp.page).click(),
    async SEEK(ctx, event) {
      const slider = bar(ctx.tp.page).getByRole('slider', { name: '播放进度' });
      const box = (await slider.boundingBox())!;
      await slider.click({ position: { x: box.width * (event.fraction as number), y: box.height / 2 } });
    },
    SEEK_BY: (ctx) => pressKey(ctx.tp.page, 'ArrowRight'),
    CHANGE_VOLUME: (ctx) => pressKey(ctx.tp.page, 'ArrowUp'),
    SET_VOLUME: (ctx, event) => bar(ctx.tp.page).getByRole('slider', { name: '音量' }).fill(String(event.percent)),
    TOGGLE_MUTE: (ctx) => bar(ctx.tp.page).getByRole('button', { name: /^(静音|解除静音)$/ }).click(),
    async CLEAR_QUEUE(ctx) {
      const { page } = ctx.tp;
      await bar(page).getByRole('link', { name: '播放队列' }).click();
      await page.getByRole('button', { name: '清空播放队列' }).click();
      await page.getByText('播放队列是空的').waitFor();
    },
    // the app resolves the track by itself (library, stream choice); then it asks for the stream
    'xstate.done.actor.resolveSource': async (ctx) => {
      ctx.streams.hold(await ctx.streams.requested());
    },
    async 'audio.playing'(ctx) {
      if (ctx.playback === 'paused') await ctx.tp.page.evaluate(() => (window as unknown as { __playerElement: HTMLAudioElement }).__playerElement.play());
      else await ctx.streams.letThrough();
    },
    async 'audio.error'(ctx) {
      await ctx.streams.fail();
      await ctx.tp.page.getByRole('alert').filter({ hasText: '无法播放该歌曲' }).first().waitFor();
    },
    // another control pauses the element (the system's media keys, a headset unplugged)
    'audio.paused': (ctx) => ctx.tp.page.evaluate(() => (window as unknown as { __playerElement: HTMLAudioElement }).__playerElement.pause()),
    async 'audio.ended'(ctx) {
      const play = async () =>
        ctx.tp.page.evaluate((last) => {
          const audio = (window as unknown as { __playerElement: HTMLAudioElement }).__playerElement;
          return new Promise<void>((resolve) => {
            audio.addEventListener('ended', () => resolve(), { once: true });
            audio.currentTime = Math.max(audio.duration - last, 0);
          });
        }, LAST_MOMENTS_S);
      // 单曲循环 starts the same element again; any other mode goes to another track
      if (ctx.loopMode === '单曲循环') await play();
      else await jumping(ctx, play);
    },
    // the element reports its duration as it loads: the bar shows it
    'audio.loaded': (ctx) => bar(ctx.tp.page).getByText(/\d+:\d\d \/ \d+:\d\d/).waitFor(),
    async 'audio.timeupdate'(ctx) {
      const time = () => ctx.tp.page.evaluate(() => (window as unknown as { __playerElement: HTMLAudioElement }).__playerElement.currentTime);
      const before = await time();
      await expect.poll(time, { timeout: WAIT_MS }).toBeGreaterThan(before);
    },
  },
  states: {
    'playback.empty.shown': showsPlayback('empty', '播放', { loaded: false }),
    'playback.empty.findingCover': showsPlayback('empty', '播放', { loaded: false }),
    // the element was told to play as it loads: the spinner is what says it waits
    'playback.buffering.resolving': showsPlayback('buffering', '播放', {}),
    'playback.buffering.loading': showsPlayback('buffering', '播放', {}),
    'playback.playing': showsPlayback('playing', '暂停', { loaded: true, paused: false }),
    'playback.paused': showsPlayback('paused', '播放', { loaded: true, paused: true, ended: false }),
    'playback.ended': showsPlayback('ended', '播放', { loaded: true, ended: true }),
    'loopMode.listLoop': showsLoopMode('队列循环'),
    'loopMode.trackLoop': showsLoopMode('单曲循环'),
    'loopMode.shuffle': showsLoopMode('队列随机'),
    'stat.idle': unseen,
    'stat.pending.held': unseen,
    'stat.pending.counting': unseen,
    'stat.reporting': unseen,
    'preloader.idle': unseen,
    'preloader.preloading': unseen,
    'preloader.loadingNext': unseen,
    'preloader.ready': unseen,
  },
  notThroughInterface: [
    ...reasons('comes from a library sync that changed a library, not from the player; it changes nothing shown', ['(machine) —LIBRARIES_CHANGED→ (stays)']),
    ...reasons(
      "not driven yet: where these lead depends on the queue's size, and the model's sample queue (two tracks) has no album of that size to be built from; tests/e2e/playback.test.ts drives the queue page and the track menu",
      [
        'playback —PLAY_INDEX→ playback.buffering',
        'playback —ADD_TO_QUEUE#1→ (stays)',
        'playback —ADD_TO_QUEUE#2→ (stays)',
        'playback —ADD_TO_QUEUE#3→ playback.buffering',
        'playback —ADD_TO_QUEUE#4→ (stays)',
        'playback —PLAY_LATER→ (stays)',
        'playback.empty —PLAY_LATER→ (stays)',
        'playback —REMOVE_FROM_QUEUE#1→ playback.empty',
        'playback —REMOVE_FROM_QUEUE#2→ (stays)',
        'playback.empty —REMOVE_FROM_QUEUE→ (stays)',
        'playback.buffering —REMOVE_FROM_QUEUE#1→ playback.buffering',
        'playback.buffering —REMOVE_FROM_QUEUE#2→ (stays)',
        'playback.playing —REMOVE_FROM_QUEUE#1→ playback.buffering',
        'playback.playing —REMOVE_FROM_QUEUE#2→ (stays)',
      ],
    ),
    ...reasons('the audio element cannot be missing: Chromium always makes one', ['playback —error: audio→ playback.empty']),
    ...reasons('sent once as the app starts, from the saved queue; a path runs in one page and never reloads it', ['playback.empty —RESTORE→ (stays)']),
    ...reasons("the cover lookup answers by itself from the browser's own library records; no step decides how", [
      'playback.empty.findingCover —done: findCover→ playback.empty.shown',
      'playback.empty.findingCover —error: findCover→ playback.empty.shown',
    ]),
    ...reasons('20 s of a held stream: a path cannot spend that within the e2e time budget (tests/machines/player.paths.test.ts fires it on the model)', [
      'playback.buffering —after bufferingTimeout→ playback.empty',
    ]),
    ...reasons('a late report of the element the jump unloaded: nothing a listener does times it', [
      'playback.buffering.resolving —audio.timeupdate→ (stays)',
      'playback.buffering.resolving —audio.loaded→ (stays)',
    ]),
    ...reasons("fails only when no library serves the track (removed meanwhile): the album page's buttons play only tracks a library serves, and a failed probe falls back to the plain stream", [
      'playback.buffering.resolving —error: resolveSource→ playback.empty',
    ]),
    ...reasons('the e2e Chromium allows autoplay (--autoplay-policy=no-user-gesture-required): play() is never refused', [
      'playback.buffering.loading —audio.playRejected→ playback.paused',
      'playback.playing —audio.playRejected→ playback.paused',
    ]),
    ...reasons('a loaded track fails only when the network breaks after the element has its data; the short demo tracks arrive whole', [
      'playback.playing —audio.error→ playback.empty',
      'playback.paused —audio.error→ playback.empty',
    ]),
    ...reasons('a paused element does not reach its end: only a pause that crosses the end by a few milliseconds gets there', [
      'playback.paused —audio.ended#1→ playback.playing',
      'playback.paused —audio.ended#2→ playback.buffering',
      'playback.paused —audio.ended#3→ playback.buffering',
      'playback.paused —audio.ended#4→ playback.ended',
    ]),
    ...reasons('sent by a click on a synced lyrics line on /now, which these paths do not open (tests/e2e/playback.test.ts clicks one)', [
      'playback.playing —SEEK_TO→ (stays)',
      'playback.paused —SEEK_TO→ playback.playing',
      'playback.ended —SEEK_TO→ playback.playing',
    ]),
    ...reasons('10 s of uninterrupted playing, then a report with no sign on screen: outside the e2e time budget (tests/e2e/playback.test.ts checks the report on the server)', [
      'stat.pending.counting —after statReportDelay→ stat.reporting',
      'stat.reporting —done: reportPlay→ stat.idle',
      'stat.reporting —error: reportPlay→ stat.idle',
      'stat.reporting —always→ stat.pending',
    ]),
    ...reasons(
      'the gapless hand-over: these paths keep the second element from loading, so that every end is a plain end (tests/e2e/playback.test.ts measures the hand-over); the preloader has no sign on screen',
      [
        'playback.playing —audio.handedOver→ playback.playing',
        'playback.paused —audio.handedOver→ playback.playing',
        'preloader —audio.handedOver→ preloader.idle',
        'preloader.preloading —done: preload#1→ preloader.loadingNext',
        'preloader.preloading —done: preload#2→ preloader.idle',
        'preloader.preloading —error: preload→ preloader.idle',
        'preloader.loadingNext —CYCLE_LOOP_MODE→ preloader.idle',
        'preloader.loadingNext —audio.nextReady→ preloader.ready',
        'preloader.loadingNext —audio.nextFailed→ preloader.idle',
        'preloader.loadingNext —always#1→ preloader.idle',
        'preloader.loadingNext —always#2→ (stays)',
        'preloader.ready —CYCLE_LOOP_MODE→ preloader.idle',
        'preloader.ready —audio.nextFailed→ preloader.idle',
        'preloader.ready —always#1→ preloader.idle',
        'preloader.ready —always#2→ (stays)',
      ],
    ),
  ],
};
