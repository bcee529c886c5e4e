// The 歌词 panel of the /now page, driven as a listener does: 播放全部 on 港灯夜曲 (its first track,
// 港灯, has synced lyrics), paused so the track stays, then the bar's cover to /now; the same track
// shown again is /now left (the bar's album link) and opened again. The server's answer to the
// lyrics request is held until the path says how: let through (港灯's lyrics), the server's answer
// for a track without lyrics (雨巷 (Instrumental)), or no answer at all. What the listener sees is
// the panel: a spinner, the lines with who gave them (显示翻译 beside 港灯's English), 暂无歌词, or
// 歌词加载失败 with 重试; 编辑歌词 (添加歌词) and 添加翻译 open the editor, which 取消 closes. Saving is not
// walked here: a save changes the shared server's lyrics for every later path of the run, whose states
// read the repository's lines (saving: tests/e2e/lyrics-edit.test.ts, tests/views/lyricsEditor.test.tsx).
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
const editorDialog = (page: Page): Locator => page.getByRole('dialog');
const context = (model: AnyMachineSnapshot) => model.context as LyricsContext;
/** the reference server's lyric files are credited to the metadata repository */
const REPOSITORY = 'Anniv';

/** the editor's dialog shows while the model has one open, and not otherwise */
async function editorShown(page: Page, model: AnyMachineSnapshot): Promise<void> {
  await expect.poll(() => editorDialog(page).count()).toBe(context(model).editor ? 1 : 0);
}

/** a save would change the lyrics every later path of the run reads from the one server */
const NO_PATCH =
  'a save changes the shared server’s lyrics for every later path of the run: tests/e2e/lyrics-edit.test.ts saves against its own server, tests/views/lyricsEditor.test.tsx over the fake';

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
  // the panel always names the player's track: nothing sends "no track"; the open editor's dialog
  // covers the page until 取消 (saving is not walked); 显示翻译 shows only beside a translation
  accepts: (event, model) => {
    const c = context(model);
    if (c.editor) return event.type === 'xstate.done.actor.lyricsEditor' && event.output === null;
    if (event.type === 'xstate.done.actor.lyricsEditor') return false;
    if (event.type === 'SHOW_TRANSLATION')
      return model.hasTag('shown') && c.lyrics?.translation != null && event.on !== c.showTranslation;
    return !(event.type === 'TRACK' && event.track === null);
  },
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
    async SHOW_TRANSLATION(ctx) {
      await panel(ctx.page).getByRole('switch', { name: text.lyrics.showTranslation }).click();
    },
    async OPEN_EDITOR(ctx, event, model) {
      const name =
        event.part === 'translation'
          ? text.lyrics.addTranslation
          : model.hasTag('none')
            ? text.lyrics.add
            : text.lyrics.edit;
      await panel(ctx.page).getByRole('button', { name }).click();
      await ctx.page.getByRole('dialog', { name }).waitFor();
    },
    // 取消 (a save is not walked: accepts)
    async 'xstate.done.actor.lyricsEditor'(ctx) {
      await editorDialog(ctx.page).getByRole('button', { name: text.lyrics.cancel }).click();
      await expect.poll(() => editorDialog(ctx.page).count()).toBe(0);
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
    async 'shown.current'(ctx, model) {
      const { lyrics, showTranslation } = context(model);
      const lines = panel(ctx.page).getByRole('listitem');
      await lines.filter({ hasText: lyrics!.lines[0]!.text }).first().waitFor();
      expect(await panel(ctx.page).getAttribute('aria-busy')).toBeNull();
      // synced lines are buttons that play from there; unsynced ones say so
      expect(await panel(ctx.page).getByText(text.lyrics.unsynced).count()).toBe(lyrics!.synced ? 0 : 1);
      if (lyrics!.synced) expect(await lines.first().getByRole('button').count()).toBe(1);
      // 显示翻译 beside a translation, its lines shown as it says, and who gave what shows
      const toggle = panel(ctx.page).getByRole('switch', { name: text.lyrics.showTranslation });
      const translated = lyrics!.lines.find((line) => line.translation)?.translation;
      expect(await toggle.count()).toBe(translated ? 1 : 0);
      const credits = [text.lyrics.contributor(REPOSITORY)];
      if (translated) {
        expect(await toggle.isChecked()).toBe(showTranslation);
        await expect
          .poll(() => panel(ctx.page).getByText(translated, { exact: true }).count())
          .toBe(showTranslation ? 1 : 0);
        if (showTranslation) credits.push(text.lyrics.translator(REPOSITORY));
      }
      await panel(ctx.page).getByText(credits.join(' · '), { exact: true }).waitFor();
      await panel(ctx.page).getByRole('button', { name: text.lyrics.edit }).waitFor();
      await panel(ctx.page).getByRole('button', { name: text.lyrics.addTranslation }).waitFor();
      await editorShown(ctx.page, model);
    },
    async none(ctx, model) {
      await panel(ctx.page).getByText(text.lyrics.none, { exact: true }).waitFor();
      expect(await panel(ctx.page).getByRole('listitem').count()).toBe(0);
      expect(await panel(ctx.page).getAttribute('aria-busy')).toBeNull();
      // 添加歌词, and no 添加翻译 without a source
      await panel(ctx.page).getByRole('button', { name: text.lyrics.add }).waitFor();
      expect(await panel(ctx.page).getByRole('button', { name: text.lyrics.addTranslation }).count()).toBe(0);
      await editorShown(ctx.page, model);
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
    ...[
      'shown —done: lyricsEditor#1→ shown.reloading',
      'none —done: lyricsEditor#1→ shown.reloading',
      'shown.reloading —done: fetchLyrics#1→ shown.current',
      'shown.reloading —done: fetchLyrics#2→ none',
      'shown.reloading —error: fetchLyrics→ shown.current',
    ].map((transition) => ({ transition, reason: NO_PATCH })),
  ],
};
