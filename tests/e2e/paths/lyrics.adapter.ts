// The 歌词 panel of the /now page, driven as a listener does: 播放全部 on 港灯夜曲 (its first track,
// 港灯, has synced lyrics), paused so the track stays, then the bar's cover to /now; the same track
// shown again is /now left (the bar's album link) and opened again. The server's answer to the
// lyrics request is held until the path says how: let through (港灯's lyrics), the server's answer
// for a track without lyrics (雨巷 (Instrumental)), or no answer at all. What the listener sees is
// the panel: a spinner, the lines, 暂无歌词, or 歌词加载失败 with 重试.
import type { Locator, Page, Route } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../harness/browser';
import { openSignedIn } from '../../../harness/signIn';
import type { LyricsContext } from '@/features/lyrics/lyricsMachine';
import { text } from '@/shared/text';
import type { InterfaceAdapter } from './adapter';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { bar, barTitle, mainButton, playAll, toastOf, WAIT_MS } from './playerPage';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const TRACK = '港灯';
/** 雨巷 (Instrumental), disc 1 track 3 of the same album: the server has no lyrics for it */
const TRACK_WITHOUT_LYRICS = 3;

interface NowPage {
  tp: TestPage;
  page: Page;
  lyrics: HeldRequests;
  /** whether 港灯 is the player's track yet */
  playing: boolean;
}

const panel = (page: Page): Locator => page.getByRole('region', { name: text.lyrics.title });
const context = (model: AnyMachineSnapshot) => model.context as LyricsContext;

/** the server's own answer for the track without lyrics, given to the request for 港灯's */
async function answerWithNone(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  url.searchParams.set('track_id', String(TRACK_WITHOUT_LYRICS));
  await route.fulfill({ response: await route.fetch({ url: url.href }) });
}

/** /now, reached as a listener does: the player bar's cover */
async function openNow(page: Page): Promise<void> {
  await bar(page).getByRole('link', { name: text.player.nowPlaying }).click();
  await page.waitForURL((url) => url.pathname === '/now');
  await panel(page).waitFor();
}

export const lyricsAdapter: InterfaceAdapter<NowPage> = {
  machine: 'lyrics',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const lyrics = await holdRequests(tp.page, '/api/lyric', ['GET']);
    await openSignedIn(tp.page, suite.server, `/album/${TWO_DISC_ALBUM}`);
    await toastOf(tp.page, '音频仓库同步成功').waitFor();
    return { tp, page: tp.page, lyrics, playing: false };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  // the panel always names the player's track: nothing sends "no track"
  accepts: (event) => !(event.type === 'TRACK' && event.track === null),
  events: {
    async TRACK(ctx) {
      const { page } = ctx;
      if (!ctx.playing) {
        await playAll(page).click();
        await expect.poll(() => barTitle(page).textContent(), { timeout: WAIT_MS }).toBe(TRACK);
        // paused, so the track stays 港灯 however long the path takes
        await expect.poll(() => mainButton(page).getAttribute('aria-label'), { timeout: WAIT_MS }).toBe('暂停');
        await mainButton(page).click();
        await expect.poll(() => mainButton(page).getAttribute('aria-label'), { timeout: WAIT_MS }).toBe('播放');
        ctx.playing = true;
      } else {
        // the same track again: /now left for the album and opened again
        await bar(page).getByRole('link', { name: '港灯夜曲' }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/album/'));
        await expect.poll(() => panel(page).count()).toBe(0);
      }
      await openNow(page);
    },
    'xstate.done.actor.fetchLyrics': async (ctx, event) =>
      void (await ctx.lyrics.answer(event, event.output === null ? answerWithNone : undefined)),
    'xstate.error.actor.fetchLyrics': async (ctx, event) => void (await ctx.lyrics.answer(event)),
    async RETRY(ctx) {
      await panel(ctx.page).getByRole('button', { name: text.lyrics.retry }).click();
    },
  },
  states: {
    // nothing plays: no panel anywhere, and no lyrics asked for
    async idle(ctx) {
      expect(await panel(ctx.page).count()).toBe(0);
      expect(ctx.lyrics.waiting).toBe(0);
    },
    async loading(ctx) {
      await expect.poll(() => panel(ctx.page).getAttribute('aria-busy')).toBe('true');
      await panel(ctx.page).getByLabel(text.loading).waitFor();
      await expect.poll(() => ctx.lyrics.waiting, { timeout: WAIT_MS }).toBe(1);
    },
    async shown(ctx, model) {
      const lyrics = context(model).lyrics!;
      const lines = panel(ctx.page).getByRole('listitem');
      await lines.filter({ hasText: lyrics.lines[0]!.text }).first().waitFor();
      expect(await panel(ctx.page).getAttribute('aria-busy')).toBeNull();
      // synced lines are buttons that play from there; unsynced ones say so
      expect(await panel(ctx.page).getByText(text.lyrics.unsynced).count()).toBe(lyrics.synced ? 0 : 1);
      if (lyrics.synced) expect(await lines.first().getByRole('button').count()).toBe(1);
    },
    async none(ctx) {
      await panel(ctx.page).getByText(text.lyrics.none, { exact: true }).waitFor();
      expect(await panel(ctx.page).getByRole('listitem').count()).toBe(0);
      expect(await panel(ctx.page).getAttribute('aria-busy')).toBeNull();
    },
    async failed(ctx, model) {
      const alert = panel(ctx.page).getByRole('alert');
      await alert.filter({ hasText: `${text.lyrics.failed}: ${context(model).error}` }).waitFor();
      await alert.getByRole('button', { name: text.lyrics.retry }).waitFor();
      expect(await panel(ctx.page).getAttribute('aria-busy')).toBeNull();
    },
  },
  notThroughInterface: [
    {
      transition: '(machine) —TRACK#2→ idle',
      reason: 'the 歌词 panel shows only on /now with a track, and always sends that track: nothing sends "no track"',
    },
  ],
};
