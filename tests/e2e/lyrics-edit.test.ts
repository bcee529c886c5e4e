// Lyrics a listener corrects, in real Chromium against the reference server (its PATCH /api/lyric):
// 雨巷 (Instrumental) has none; the demo listener adds timed lyrics (a bad stamp is said first, and
// nothing is sent), they show at once with who gave them, survive a reload (the server keeps them),
// and a translation added beside them shows line by line behind the 显示翻译 switch.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { text } from '@/shared/text';
import { albumPath, bar, expectBarTitle, signedInWithSpy } from './support/playerBar';
import { toastOf } from './paths/toasts';
import { serverAndBrowser } from './support/suite';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const TRACK = '雨巷 (Instrumental)';
const suite = serverAndBrowser();

const panel = (page: Page) => page.getByRole('region', { name: text.lyrics.title });

async function fill(page: Page, dialogName: string, fields: { type?: 'LRC'; language?: string; data: string }) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  if (fields.type) await dialog.getByText(fields.type, { exact: true }).click();
  if (fields.language !== undefined) await dialog.getByLabel(text.lyrics.language).fill(fields.language);
  await dialog.getByLabel(text.lyrics.lyricText).fill(fields.data);
  await dialog.getByRole('button', { name: text.lyrics.save }).click();
  return dialog;
}

test('a listener adds lyrics to a track without, then a translation beside them', { timeout: 120_000 }, async () => {
  const { page, expectNoErrors, close } = await signedInWithSpy(suite, albumPath(TWO_DISC_ALBUM));
  const row = page
    .locator('main')
    .getByRole('listitem')
    .filter({ has: page.getByText(TRACK, { exact: true }) });
  const play = row.getByRole('button', { name: '播放', exact: true });
  await expect.poll(() => play.isEnabled(), { timeout: 15_000 }).toBe(true);
  await play.click();
  await expectBarTitle(page, TRACK, 15_000);
  await bar(page).getByRole('button', { name: '暂停', exact: true }).click();
  await bar(page).getByRole('link', { name: text.player.nowPlaying }).click();
  await panel(page).getByText(text.lyrics.none, { exact: true }).waitFor();

  // a stamp with 75 seconds: said under the text, nothing sent
  await panel(page).getByRole('button', { name: text.lyrics.add }).click();
  let dialog = await fill(page, text.lyrics.add, {
    type: 'LRC',
    language: 'zh-CN',
    data: '[00:01.00]雨落在巷子里\n[00:75.00]脚步声远了',
  });
  await dialog.getByText(text.lyrics.lrcBadSeconds(2, '[00:75.00]'), { exact: true }).waitFor();
  dialog = await fill(page, text.lyrics.add, { data: '[00:01.00]雨落在巷子里\n[00:05.00]脚步声远了' });
  await toastOf(page, text.lyrics.saved).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await panel(page).getByText('雨落在巷子里', { exact: true }).waitFor();
  await panel(page).getByText(text.lyrics.contributor('演示用户'), { exact: false }).waitFor();

  // the server keeps them: a reload shows them again
  await page.reload();
  await panel(page).getByText('脚步声远了', { exact: true }).waitFor();

  // a translation beside the lines, behind the switch
  await panel(page).getByRole('button', { name: text.lyrics.addTranslation }).click();
  dialog = await fill(page, text.lyrics.addTranslation, {
    type: 'LRC',
    language: 'en',
    data: '[00:01.00]Rain falls in the lane\n[00:05.00]The footsteps fade',
  });
  await toastOf(page, text.lyrics.translationSaved).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await panel(page).getByText('Rain falls in the lane', { exact: true }).waitFor();
  await panel(page).getByText(text.lyrics.translator('演示用户'), { exact: false }).waitFor();
  await panel(page).getByRole('switch', { name: text.lyrics.showTranslation }).click();
  await panel(page).getByText('Rain falls in the lane', { exact: true }).waitFor({ state: 'detached' });
  await panel(page).getByText('雨落在巷子里', { exact: true }).waitFor();
  expectNoErrors();
  await close();
});
