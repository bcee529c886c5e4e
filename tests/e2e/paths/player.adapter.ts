// The player (status and loop mode), driven as a listener does: a playlist of the two long demo
// tracks (播放全部, each row's 添加到当前播放队列), 稍后播放 on a searched track, the player bar
// (播放 / 暂停, 上一首, 下一首, the progress bar, the loop mode button, 静音, 音量), its keys,
// the 播放队列 page and a lyric line on /now. The audio is real; what it does by itself is held
// where a path decides it (playerPage.ts): a track's stream request and its start until the step
// lets them go, refuses the start (autoplay blocked) or fails the request; a track's end comes
// from a click near the end of the progress bar. Time the page waits out (10 s of playing before a
// play report, 20 s of buffering) passes on the page's clock. What the listener sees: the bar's
// title, its main button (播放, 暂停, a spinner while loading), the loop mode button and the toasts;
// the queue the app saved beside it.
import type { Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { openSignedIn } from '../../../harness/signIn';
import type { PlayerContext } from '@/features/player/playerMachine';
import { BUFFERING_TIMEOUT_MS, STAT_REPORT_DELAY_MS } from '@/shared/constants';
import { trackInfoOf, trackKey, type TrackInfo } from '@/shared/track';
import type { InterfaceAdapter } from './adapter';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import {
  AUDIO_HOLD,
  audioState,
  holdTrackLoads,
  othersSounding,
  preparedTrack,
  settleStart,
  type AudioState,
  type TrackLoad,
  type TrackLoads,
} from './playerAudio';
import {
  bar,
  barTitle,
  clickProgress,
  createPlaylist,
  findPlaylist,
  knownLength,
  loopButton,
  mainButton,
  mainButtonShows,
  onPlaylist,
  onQueue,
  onSearch,
  playAll,
  pressOnPage,
  queueRows,
  rowOf,
  savedQueue,
  timeShown,
  toastOf,
  WAIT_MS,
} from './playerPage';
import { acceptsPlayerEvent, DEMO_TRACKS, demoTrack, playerNotThroughInterface } from './playerWalk';

const PLAYLIST = '夜里的长曲';
/** the list 播放全部 plays: the samples' a and b */
const LISTED = [DEMO_TRACKS['album-a-1-1']!, DEMO_TRACKS['album-b-1-1']!];
/** where 稍后播放 is found: the search for the samples' c */
const LATER = DEMO_TRACKS['album-c-1-1']!;
const LOOP_LABELS = { listLoop: '队列循环', trackLoop: '单曲循环', shuffle: '队列随机' } as const;

interface PlayerPage {
  tp: TestPage;
  page: Page;
  playlistPath: string;
  loads: TrackLoads;
  reports: HeldRequests;
  /** the stream request of the track loading, and of the one prepared to follow it */
  current: TrackLoad | null;
  next: TrackLoad | null;
  /** after a failed load, the app's question to the library (a GET of the track), held until the path answers it */
  asking: TrackLoad | null;
  /** the toast the last step should show */
  toast: string | null;
  /** play reports the path ran the 10 s of playing out for */
  reportsDue: number;
  /** stream requests before the step running, and before the one before it (which started its loads) */
  loadsBeforeStep: number;
  loadsBeforeLastStep: number;
}

/** the demo user's list of the two long tracks, made once per server */
const playlists = new Map<string, string>();

const context = (model: AnyMachineSnapshot) => model.context as PlayerContext;
const keyOf = (sample: TrackInfo) => trackKey(demoTrack(sample));
const titleOf = (sample: TrackInfo | null) => (sample ? demoTrack(sample).title : '');

/** what the bar shows in every state: the shown track's title; and the queue as the model holds it */
async function barShows(ctx: PlayerPage, model: AnyMachineSnapshot): Promise<void> {
  const { queue, index, nowPlaying } = context(model);
  await expect
    .poll(() => barTitle(ctx.page).textContent(), { timeout: WAIT_MS, message: "the bar's title" })
    .toBe(titleOf(nowPlaying));
  await expect
    .poll(() => savedQueue(ctx.page), { timeout: WAIT_MS, message: 'the queue saved' })
    .toEqual({ titles: queue.map(titleOf), index });
  if (ctx.toast) {
    await toastOf(ctx.page, ctx.toast).waitFor({ timeout: WAIT_MS });
    ctx.toast = null;
  }
}

/** a track's end, met as a listener meets it: a click at the end of the progress bar, until `came` */
async function playToTheEnd(ctx: PlayerPage, came: (now: AudioState, before: AudioState) => boolean): Promise<void> {
  const before = await audioState(ctx.page);
  await clickProgress(ctx.page, 1);
  await expect.poll(async () => came(await audioState(ctx.page), before), { timeout: WAIT_MS }).toBe(true);
}

/** the stream request of the track the model now loads: the app asked for it after the last step began */
async function trackLoads(ctx: PlayerPage, model: AnyMachineSnapshot): Promise<void> {
  ctx.current = await ctx.loads.next(keyOf(context(model).nowPlaying!), ctx.loadsBeforeLastStep, ctx.next);
}

/** the held stream request let through: the element reads the track and its length shows */
async function trackRead(ctx: PlayerPage): Promise<void> {
  await ctx.loads.release(ctx.current);
  await expect.poll(() => knownLength(ctx.page), { timeout: WAIT_MS }).toBeGreaterThan(0);
}

/** a toast for a step that tells the listener the queue has run out */
const finishedIf = (ctx: PlayerPage, model: AnyMachineSnapshot) => {
  if (context(model).queue.length === 0) ctx.toast = '播放队列播完啦';
};

type Events = InterfaceAdapter<PlayerPage>['events'];

/** each step notes how many stream requests came before it: a load is looked for among the newer ones */
function countingLoads(events: Events): Events {
  return Object.fromEntries(
    Object.entries(events).map(([type, run]) => [
      type,
      (ctx: PlayerPage, event: AnyEventObject, model: AnyMachineSnapshot) => {
        ctx.loadsBeforeLastStep = ctx.loadsBeforeStep;
        ctx.loadsBeforeStep = ctx.loads.count;
        return run(ctx, event, model);
      },
    ]),
  );
}

export const playerAdapter: InterfaceAdapter<PlayerPage> = {
  machine: 'player',
  // two long walks reach every transition a listener can (118 steps): each new page costs a sign-in
  seed: 1,
  maxLength: 80,
  async start({ suite }) {
    const { server } = suite;
    // requests a path fails (a track's stream, a play report) show in the console as failed loads
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page } = tp;
    // time the app waits out (a play report's 10 s, a load's 20 s) is moved on by the steps that say so
    await page.clock.install();
    await page.addInitScript(AUDIO_HOLD);
    const loads = await holdTrackLoads(page, server.libraryUrl);
    const reports = await holdRequests(page, '/api/stat', ['POST']);
    let id = playlists.get(server.baseUrl);
    if (id === undefined) {
      await openSignedIn(page, server, '/playlist');
      await toastOf(page, '音频仓库同步成功').waitFor({ timeout: WAIT_MS });
      // a deployed site (exported paths) keeps the list an earlier run made
      id = (await findPlaylist(page, PLAYLIST)) ?? (await createPlaylist(page, PLAYLIST, LISTED));
      playlists.set(server.baseUrl, id);
      await page.goto(`${server.baseUrl}/playlist/${id}`);
    } else {
      await openSignedIn(page, server, `/playlist/${id}`);
      await toastOf(page, '音频仓库同步成功').waitFor({ timeout: WAIT_MS });
    }
    const ctx: PlayerPage = {
      tp,
      page,
      playlistPath: `/playlist/${id}`,
      loads,
      reports,
      current: null,
      next: null,
      asking: null,
      toast: null,
      reportsDue: 0,
      loadsBeforeStep: 0,
      loadsBeforeLastStep: 0,
    };
    await onPlaylist(ctx.page, PLAYLIST, ctx.playlistPath);
    return ctx;
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  accepts: acceptsPlayerEvent,
  // what the rules of `accepts` read beside the state: the queue, the shown track, a known length
  stateKey: (model) => {
    const { queue, index, nowPlaying, duration, plays } = context(model);
    return JSON.stringify([
      model.value,
      queue.map(trackKey),
      index,
      nowPlaying && trackKey(nowPlaying),
      duration === null,
      plays === 0,
    ]);
  },
  events: countingLoads({
    // the listener comes back: the page opens with the queue this browser saved
    async RESTORE(ctx, event, model) {
      const { page } = ctx;
      const tracks = (event.queue as TrackInfo[]).map((t) => trackInfoOf(demoTrack(t)));
      await page.evaluate((saved) => localStorage.setItem('playlist', JSON.stringify(saved)), {
        tracks,
        index: event.index as number,
      });
      await page.reload();
      await expect
        .poll(() => barTitle(page).textContent(), { timeout: WAIT_MS })
        .toBe(titleOf(context(model).nowPlaying));
    },
    // the library that holds the shown album gives its cover
    async 'xstate.done.actor.findCover'(ctx, _event, model) {
      const title = titleOf(context(model).nowPlaying);
      await bar(ctx.page).locator(`img[alt="${title}"][src^="blob:"]`).waitFor({ timeout: WAIT_MS });
    },
    async REPLACE_AND_PLAY(ctx) {
      await onPlaylist(ctx.page, PLAYLIST, ctx.playlistPath);
      await playAll(ctx.page).click();
    },
    // 添加到当前播放队列 on each row not queued yet; when both are, on the first (already queued)
    async ADD_TO_QUEUE(ctx, event) {
      await onPlaylist(ctx.page, PLAYLIST, ctx.playlistPath);
      const { titles } = await savedQueue(ctx.page);
      const missing = (event.tracks as TrackInfo[]).map(titleOf).filter((title) => !titles.includes(title));
      if (missing.length === 0) ctx.toast = '播放队列中已存在该歌曲';
      for (const title of missing.length ? missing : [titleOf((event.tracks as TrackInfo[])[0]!)]) {
        await rowOf(ctx.page, title).getByRole('button', { name: '添加到当前播放队列' }).click();
      }
    },
    async PLAY_LATER(ctx) {
      const { page } = ctx;
      await onSearch(page, LATER.title);
      await rowOf(page, LATER.title).getByRole('button', { name: '更多' }).click();
      await page.getByRole('menuitem', { name: '稍后播放' }).click();
    },
    async PLAY_INDEX(ctx, event) {
      await onQueue(ctx.page);
      await queueRows(ctx.page)
        .nth(event.index as number)
        .getByRole('button', { name: '播放', exact: true })
        .click();
    },
    async REMOVE_FROM_QUEUE(ctx, event) {
      await onQueue(ctx.page);
      await queueRows(ctx.page)
        .nth(event.index as number)
        .getByRole('button', { name: '从播放队列移除' })
        .click();
    },
    async CLEAR_QUEUE(ctx) {
      await onQueue(ctx.page);
      await ctx.page.getByRole('button', { name: '清空播放队列' }).click();
    },
    async TOGGLE_PLAY(ctx) {
      await mainButton(ctx.page).click();
    },
    async NEXT(ctx, _event, model) {
      finishedIf(ctx, model);
      await bar(ctx.page).getByRole('button', { name: '下一首' }).click();
    },
    async PREVIOUS(ctx, _event, model) {
      finishedIf(ctx, model);
      await bar(ctx.page).getByRole('button', { name: '上一首' }).click();
    },
    async CYCLE_LOOP_MODE(ctx) {
      await loopButton(ctx.page).click();
    },
    // a click on the progress bar at the sample's fraction: the time shows there
    async SEEK(ctx, event) {
      const fraction = event.fraction as number;
      await clickProgress(ctx.page, fraction);
      const near = async () => Math.abs((await timeShown(ctx.page)) - fraction * (await knownLength(ctx.page)));
      await expect.poll(near, { timeout: WAIT_MS }).toBeLessThan(3);
    },
    // ← steps 5 s back (never into the end); from the end of the track a few times, so it plays a while
    async SEEK_BY(ctx, _event, model) {
      // it plays after the step, and shows 播放 before it: the track had ended
      const fromTheEnd =
        model.matches({ playback: 'playing' }) && (await mainButton(ctx.page).getAttribute('aria-label')) === '播放';
      const before = await timeShown(ctx.page);
      for (let i = 0; i < (fromTheEnd ? 4 : 1); i++) await pressOnPage(ctx.page, 'ArrowLeft');
      await expect
        .poll(
          async () => {
            const now = await timeShown(ctx.page);
            return now < before || now === 0;
          },
          { timeout: WAIT_MS },
        )
        .toBe(true);
    },
    // the first line of the lyrics on /now
    async SEEK_TO(ctx) {
      const { page } = ctx;
      if (new URL(page.url()).pathname !== '/now') await bar(page).getByRole('link', { name: '正在播放' }).click();
      const lyrics = page.getByRole('region', { name: '歌词' });
      await lyrics.getByRole('listitem').first().getByRole('button').click();
      // the first line starts within the track's first seconds
      await expect.poll(() => timeShown(page), { timeout: WAIT_MS }).toBeLessThan(5);
    },
    async SET_VOLUME(ctx, event) {
      const volume = bar(ctx.page).getByRole('slider', { name: '音量' });
      await volume.fill(String(event.percent));
      await expect.poll(() => volume.inputValue()).toBe(String(event.percent));
    },
    // ↓ steps the volume down 5 (the sample's step is none; the model's volume shows nowhere it is checked)
    async CHANGE_VOLUME(ctx) {
      const volume = bar(ctx.page).getByRole('slider', { name: '音量' });
      const before = Number(await volume.inputValue());
      await pressOnPage(ctx.page, 'ArrowDown');
      if (before > 0) await expect.poll(async () => Number(await volume.inputValue())).not.toBe(before);
    },
    async TOGGLE_MUTE(ctx) {
      const button = bar(ctx.page).getByRole('button', { name: /^(静音|解除静音)$/ });
      const before = await button.getAttribute('aria-label');
      await button.click();
      await expect.poll(() => button.getAttribute('aria-label')).not.toBe(before);
    },
    // the app chose the track's library and stream by itself: its stream request is out, held
    'xstate.done.actor.resolveSource': (ctx, _event, model) => trackLoads(ctx, model),
    'audio.loaded': (ctx) => trackRead(ctx),
    async 'audio.timeupdate'(ctx, _event, model) {
      if (!model.matches({ playback: 'playing' })) return trackRead(ctx);
      // playing: the time on the progress bar moves on
      const before = await timeShown(ctx.page);
      await expect.poll(() => timeShown(ctx.page), { timeout: WAIT_MS }).not.toBe(before);
    },
    async 'audio.playing'(ctx) {
      await ctx.loads.release(ctx.current);
      await settleStart(ctx.page, true);
    },
    // the browser refuses the start: the track loads all the same, and waits for 播放
    async 'audio.playRejected'(ctx) {
      await ctx.loads.release(ctx.current);
      await settleStart(ctx.page, false);
    },
    // the stream request fails; the element cannot say why, so the app asks the library (its own
    // GET of the track), held too
    async 'audio.error'(ctx, _event, model) {
      const before = ctx.loads.count;
      await ctx.loads.fail(ctx.current!);
      ctx.asking = await ctx.loads.next(keyOf(context(model).nowPlaying!), before, ctx.current);
    },
    // the library answers as one that is not busy: the track fails
    async 'xstate.done.actor.libraryBusy'(ctx) {
      await ctx.loads.release(ctx.asking);
      ctx.asking = null;
      ctx.toast = '无法播放该歌曲';
    },
    // the library cannot be reached: the question fails, asked with the token in the header and
    // then again with it in the address (libraryFetch's way round a CORS answer without it)
    async 'xstate.error.actor.libraryBusy'(ctx, _event, model) {
      const before = ctx.loads.count;
      await ctx.loads.fail(ctx.asking!);
      await ctx.loads.fail(await ctx.loads.next(keyOf(context(model).nowPlaying!), before));
      ctx.asking = null;
      ctx.toast = '无法播放该歌曲';
    },
    async 'xstate.after.bufferingTimeout.player.playback.buffering'(ctx) {
      await ctx.page.clock.fastForward(BUFFERING_TIMEOUT_MS);
      ctx.toast = '无法播放该歌曲';
    },
    async 'audio.ended'(ctx, _event, model) {
      if (model.matches({ playback: 'ended' })) ctx.toast = '播放队列播完啦';
      await playToTheEnd(ctx, (now, before) => now.ended > before.ended);
    },
    // the prepared track takes over the moment this one ends: another element plays
    async 'audio.handedOver'(ctx) {
      await playToTheEnd(ctx, (now, before) => now.switches > before.switches);
      ctx.current = ctx.next;
      ctx.next = null;
    },
    // the track that follows is chosen by itself: a second element's stream request is out, held
    async 'xstate.done.actor.preload'(ctx, _event, model) {
      ctx.next = await ctx.loads.next(keyOf(context(model).preloadTarget!.track), ctx.loadsBeforeLastStep, ctx.current);
    },
    async 'audio.nextReady'(ctx, _event, model) {
      await ctx.loads.release(ctx.next);
      const { albumId, discId, trackId } = demoTrack(context(model).preloadTarget!.track);
      await expect
        .poll(() => preparedTrack(ctx.page, `/${albumId}/${discId}/${trackId}`), { timeout: WAIT_MS })
        .toBe(true);
    },
    async 'audio.nextFailed'(ctx) {
      const before = await audioState(ctx.page);
      await ctx.loads.fail(ctx.next!);
      await expect
        .poll(async () => (await audioState(ctx.page)).errors, { timeout: WAIT_MS })
        .toBeGreaterThan(before.errors);
      ctx.next = null;
    },
    // 10 s of playing pass on the page's clock: the play report goes out, held
    async 'xstate.after.statReportDelay.player.stat.pending.counting'(ctx) {
      ctx.reportsDue++;
      await ctx.page.clock.fastForward(STAT_REPORT_DELAY_MS);
      await expect.poll(() => ctx.reports.waiting, { timeout: WAIT_MS }).toBeGreaterThan(0);
    },
    'xstate.done.actor.reportPlay': async (ctx, event) => void (await ctx.reports.answer(event)),
    'xstate.error.actor.reportPlay': async (ctx, event) => void (await ctx.reports.answer(event)),
  }),
  states: {
    'playback.empty.shown': async (ctx, model) => {
      await mainButtonShows(ctx.page, '播放', false);
      await barShows(ctx, model);
    },
    // the cover is looked up in this browser's store: within milliseconds, nothing else shows
    'playback.empty.findingCover': (ctx, model) => barShows(ctx, model),
    'playback.buffering.resolving': async (ctx, model) => {
      await mainButtonShows(ctx.page, '播放', true);
      await barShows(ctx, model);
    },
    'playback.buffering.loading': async (ctx, model) => {
      await mainButtonShows(ctx.page, '播放', true);
      await barShows(ctx, model);
    },
    // the spinner stays while the library is asked why the track failed
    'playback.buffering.askingLibrary': async (ctx, model) => {
      await mainButtonShows(ctx.page, '播放', true);
      await barShows(ctx, model);
      expect(ctx.asking?.settled, "the app's question to the library is out").toBe(false);
    },
    'playback.playing': async (ctx, model) => {
      await mainButtonShows(ctx.page, '暂停', false);
      await barShows(ctx, model);
    },
    'playback.paused': async (ctx, model) => {
      await mainButtonShows(ctx.page, '播放', false);
      await barShows(ctx, model);
    },
    'playback.ended': async (ctx, model) => {
      await mainButtonShows(ctx.page, '播放', false);
      await barShows(ctx, model);
    },
    ...Object.fromEntries(
      Object.entries(LOOP_LABELS).map(([mode, label]) => [
        `loopMode.${mode}`,
        async (ctx: PlayerPage) => {
          await expect.poll(() => loopButton(ctx.page).getAttribute('aria-label'), { timeout: WAIT_MS }).toBe(label);
        },
      ]),
    ),
    // the play report counts 10 s of playing out of sight; what it waits for is what the listener
    // hears: the count runs while the track sounds, waits while it does not. Idle: nothing played
    // yet, and the page reported no play; or the answer to a report came, and every report the
    // path ran the 10 s out for went out (more may have: the page's clock also runs by itself)
    'stat.idle': async (ctx) => {
      if (ctx.reportsDue === 0) expect(ctx.reports.seen, 'play reports sent before anything played').toBe(0);
      else expect(ctx.reports.seen, 'play reports sent').toBeGreaterThanOrEqual(ctx.reportsDue);
    },
    'stat.pending.held': async (ctx) => {
      await expect
        .poll(async () => (await audioState(ctx.page)).sounding, { timeout: WAIT_MS, message: 'the audio plays' })
        .toBe(false);
    },
    'stat.pending.counting': async (ctx) => {
      await expect
        .poll(async () => (await audioState(ctx.page)).sounding, { timeout: WAIT_MS, message: 'the audio plays' })
        .toBe(true);
    },
    'stat.reporting': async (ctx) => {
      await expect.poll(() => ctx.reports.waiting, { timeout: WAIT_MS }).toBeGreaterThan(0);
    },
    // one track is heard: none fades out under it (a gapless hand-over's old element ends within ms)
    'overlap.none': async (ctx) => {
      await expect.poll(() => othersSounding(ctx.page), { timeout: WAIT_MS, message: 'no other track sounds' }).toBe(0);
    },
    // the track that follows is prepared out of sight, in a second element
    // no following track loads: a dropped one's stream request was given up
    'preloader.idle': async (ctx) => {
      await expect.poll(() => ctx.next === null || ctx.next.settled, { timeout: WAIT_MS }).toBe(true);
    },
    // the following track's source is chosen (within milliseconds): the app then asks the library
    // for its stream, held until the path lets it through
    'preloader.preloading': async (ctx, model) => {
      await ctx.loads.next(keyOf(context(model).preloadTarget!.track), ctx.loadsBeforeStep, ctx.current);
    },
    // its stream request is out, held until the path lets it through
    'preloader.loadingNext': async (ctx) => {
      expect(ctx.next?.settled, 'the following track loads').toBe(false);
    },
    'preloader.ready': async (ctx, model) => {
      const { albumId, discId, trackId } = demoTrack(context(model).preloadTarget!.track);
      await expect
        .poll(() => preparedTrack(ctx.page, `/${albumId}/${discId}/${trackId}`), { timeout: WAIT_MS })
        .toBe(true);
    },
  },
  siteNeeds: `LIBRARY_URL, the library the demo user's tracks stream from (their stream requests are held); a list ${PLAYLIST} of the demo user's is made on the site (and used again by later runs)`,
  notThroughInterface: playerNotThroughInterface,
};
