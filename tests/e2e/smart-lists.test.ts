// 智能歌单 in real Chromium against the reference server (docs/behaviour.md#smart-playlists): the
// drawer leads to the demo listener's five ready-made lists; 最近添加 holds every track of the demo
// library (its albums were all first seen at the sign-in's sync), worked out in the browser's worker
// from the album facts it read from /api/meta/album; a list made in the editor (曲名 包含 港灯)
// shows its count before 保存, plays from its page, and saved as an ordinary playlist lands on that
// playlist with its tracks; the lists stay on the device through a reload, and through signing out
// and in again as the same listener (signing out forgets the album facts, not the lists).
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { text } from '@/shared/text';
import { DEMO_ALBUMS } from '../../server/demo/catalog';
import { logIn } from '../../harness/signIn';
import { bar, expectBarTitle, playAll, signedInWithSpy } from './support/playerBar';
import { toastOf } from './paths/toasts';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();
const t = text.smartLists;
const READY_MADE = ['最常播放', '最近添加', '很久没听', '从未播放', '我喜欢的随机'];
const NAME = '港灯合集';
const WORD = '港灯';
/** every track of the demo library */
const ALL_TRACKS = DEMO_ALBUMS.flatMap((album) => album.discs.flatMap((disc) => disc.tracks));
/** the tracks whose title holds the word, in the album's disc and track order (they share one album) */
const WORD_TRACKS = ALL_TRACKS.filter((track) => track.title.includes(WORD)).map((track) => track.title);

/** the album facts kept on this device (IndexedDB smart_lists, store facts): -1 when unreadable */
const countFacts = `(async () => {
  const made = (await indexedDB.databases()).map((db) => db.name);
  if (!made.includes('smart_lists')) return 0;
  return new Promise((resolve) => {
    const open = indexedDB.open('smart_lists');
    open.onerror = () => resolve(-1);
    open.onsuccess = () => {
      const db = open.result;
      const request = db.transaction('facts').objectStore('facts').count();
      request.onsuccess = () => { db.close(); resolve(request.result); };
      request.onerror = () => { db.close(); resolve(-1); };
    };
  });
})()`;

const main = (page: Page) => page.locator('main');
const card = (page: Page, name: string) => main(page).getByRole('article', { name, exact: true });
const cardNames = (page: Page) =>
  main(page)
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
/** how many track rows a list's page shows (its rows are labelled with its name) */
const trackRows = (page: Page, name: string) =>
  main(page)
    .getByRole('list', { name, exact: true })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.length);

test('the ready-made lists, a list made in the editor that plays and saves as a playlist, kept through a reload and a new sign-in', {
  timeout: 240_000,
}, async () => {
  expect(WORD_TRACKS).toEqual(['港灯', '港灯 (Live)']);
  const { page, expectNoErrors, close } = await signedInWithSpy(suite, '/library');
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  // the drawer leads to the five ready-made lists
  await page
    .getByRole('navigation', { name: text.drawer.label })
    .getByRole('link', { name: text.drawer.smartLists })
    .click();
  await page.waitForURL((url) => url.pathname === '/smart');
  await card(page, '我喜欢的随机').waitFor();
  expect(await cardNames(page)).toEqual(READY_MADE);

  // 最近添加: every track of the library, worked out from the facts the page read first
  await card(page, '最近添加').getByRole('link', { name: '最近添加' }).click();
  await page.waitForURL((url) => url.pathname === '/smart/recently-added');
  await main(page).getByText(t.matched(ALL_TRACKS.length, ALL_TRACKS.length), { exact: true }).waitFor({
    timeout: 60_000,
  });
  await expect.poll(() => trackRows(page, '最近添加')).toBeGreaterThan(0);
  expect(await page.evaluate(countFacts)).toBeGreaterThan(0);
  // worked out in the worker, not on the page (a worker that failed says so with a warning)
  expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(
    expect.stringMatching(/^\/assets\/smartLists\.worker-[\w-]+\.js$/),
  );
  expect(warnings.filter((warning) => warning.includes('smart-lists worker'))).toEqual([]);

  // a new list: 曲名 包含 港灯, counted in the editor before 保存
  await page.goBack();
  await page.getByRole('button', { name: t.create, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.editor.titleNew });
  await dialog.getByRole('textbox', { name: t.editor.name }).fill(NAME);
  await dialog.getByRole('button', { name: t.editor.addRule, exact: true }).click();
  const rule = dialog.getByRole('group', { name: `${t.editor.rules} 1`, exact: true });
  await rule.getByRole('combobox', { name: `${t.editor.rules} 1: ${t.editor.ruleKind}` }).selectOption(t.kinds.text);
  await rule.getByRole('combobox', { name: `${t.editor.rules} 1: ${t.kinds.text}` }).selectOption(t.fields.title);
  await rule.getByRole('textbox', { name: `${t.editor.rules} 1: ${t.fields.title}` }).fill(WORD);
  await dialog
    .getByRole('status')
    .getByText(t.editor.count(WORD_TRACKS.length), { exact: true })
    .waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: t.editor.save, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await card(page, NAME).waitFor();
  expect(await cardNames(page)).toEqual([...READY_MADE, NAME]);

  // its page: the two tracks, and 播放全部 plays the first
  await card(page, NAME).getByRole('link', { name: NAME }).click();
  await page.waitForURL((url) => /^\/smart\/[^/]+$/.test(url.pathname) && url.pathname !== '/smart/recently-added');
  const listPath = new URL(page.url()).pathname;
  await main(page).getByText(t.matched(WORD_TRACKS.length, WORD_TRACKS.length), { exact: true }).waitFor({
    timeout: 30_000,
  });
  for (const title of WORD_TRACKS) await main(page).getByText(title, { exact: true }).waitFor();
  await playAll(page);
  await expectBarTitle(page, WORD_TRACKS[0]!, 30_000);
  await bar(page).getByRole('button', { name: '暂停', exact: true }).click();

  // 保存为歌单: a new playlist with the tracks, opened
  await main(page).getByRole('button', { name: t.saveAsPlaylist, exact: true }).click();
  await page.waitForURL((url) => /^\/playlist\/[^/]+$/.test(url.pathname));
  await toastOf(page, t.savedAsPlaylist(NAME)).waitFor();
  await main(page).getByRole('heading', { name: NAME }).first().waitFor();
  for (const title of WORD_TRACKS) await main(page).getByText(title, { exact: true }).first().waitFor();

  // a reload: the lists are read again from the device
  await page.goto(`${suite.server.baseUrl}/smart`);
  await card(page, NAME).waitFor();
  await page.reload();
  await card(page, NAME).waitFor();
  expect(await cardNames(page)).toEqual([...READY_MADE, NAME]);

  // signing out forgets the album facts and keeps the lists: the same listener finds them again
  await page.getByRole('button', { name: text.header.logout, exact: true }).click();
  await page.getByRole('link', { name: text.header.login }).waitFor({ timeout: 30_000 });
  expect(await page.evaluate(countFacts)).toBe(0);
  await page.goto(`${suite.server.baseUrl}${listPath}`);
  await page.waitForURL(/\/user\/login\?return=/);
  await logIn(page, suite.server.demo.email, suite.server.demo.password);
  await page.waitForURL((url) => url.pathname === listPath);
  await main(page).getByText(t.matched(WORD_TRACKS.length, WORD_TRACKS.length), { exact: true }).waitFor({
    timeout: 60_000,
  });
  await page.goto(`${suite.server.baseUrl}/smart`);
  await card(page, NAME).waitFor();
  expect(await cardNames(page)).toEqual([...READY_MADE, NAME]);
  expectNoErrors();
  await close();
});
