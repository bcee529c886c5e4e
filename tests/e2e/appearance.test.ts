// Light and dark, in real Chromium: the scheme follows the system by default, the
// settings' 外观 switch overrides it and is kept across reloads (applied before the scripts run),
// and every page and the dialogs pass an automated accessibility scan (axe-core, WCAG 2 A/AA,
// contrast included) with no serious or critical violation in either scheme.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from '../../harness/browser';
import { openSignedIn } from '../../harness/signIn';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core over the whole page: WCAG 2 A and AA rules, the serious and critical findings */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE);
  const all =
    (await page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .then((result) => result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n').slice(1).join(' ')),
    })))`)) as Violation[];
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Waits for a dialog's opening transition to end: scanned while it fades in, its text is measured
 * against a backdrop still showing through (a contrast finding that is not there once it shows).
 */
async function opened(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expect
    .poll(() =>
      dialog.evaluate(
        (element) =>
          (element.closest('.mantine-Modal-root') ?? element)
            .getAnimations({ subtree: true })
            .filter((animation) => animation.playState === 'running').length,
      ),
    )
    .toBe(0);
}

const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/** each page with what shows once it has loaded */
const PAGES: [string, (page: Page) => Promise<unknown>][] = [
  // 主页: 继续播放 (the saved queue), the shelves, 最近播放 and 本月最常播放 with the plays reported first
  [
    '/',
    async (page) => {
      await page.getByRole('heading', { name: '继续播放' }).waitFor();
      for (const shelf of ['最近播放', '最近添加', '本月最常播放', '随便听听'])
        await page.getByRole('list', { name: shelf }).waitFor();
    },
  ],
  ['/library', (page) => page.getByRole('heading', { name: '音频仓库' }).first().waitFor()],
  ['/album/list?url=LIBRARY', (page) => page.locator('main a[href^="/album/"]').first().waitFor()],
  [`/album/${TWO_DISC_ALBUM}`, (page) => page.getByRole('heading', { name: 'Disc 2 - 现场：港口音乐厅' }).waitFor()],
  ['/tags', (page) => page.getByRole('heading', { name: '标签列表' }).waitFor()],
  [
    `/tag/${encodeURIComponent('group:港灯乐团')}`,
    (page) => page.getByRole('region', { name: '港灯乐团' }).getByText('港灯夜曲').waitFor(),
  ],
  ['/search?keyword=%E6%B8%AF', (page) => page.getByRole('tab', { name: '单曲' }).waitFor()],
  ['/queue', (page) => page.getByRole('heading', { name: '播放队列' }).first().waitFor()],
  // the saved queue's 港灯 (init script below): its cover, title and lyrics on the dark stage
  ['/now', (page) => page.getByRole('region', { name: '歌词' }).getByText('港口的灯 一盏一盏亮起').waitFor()],
  ['/fav', (page) => page.getByRole('heading', { name: '我喜欢的音乐' }).waitFor()],
  ['/fav/albums', (page) => page.getByRole('heading', { name: '我喜欢的专辑' }).waitFor()],
  ['/fav/playlists', (page) => page.getByRole('heading', { name: '我喜欢的歌单' }).waitFor()],
  ['/playlist', (page) => page.getByRole('heading', { name: '播放列表' }).first().waitFor()],
  ['/shares', (page) => page.getByRole('heading', { name: '我的分享' }).waitFor()],
  // with the plays the test reports first
  ['/history', (page) => page.getByRole('heading', { name: '今天' }).waitFor()],
  ['/stats', (page) => page.getByRole('region', { name: '最常播放的歌曲' }).waitFor()],
  // 智能歌单: the ready-made lists, and 最常播放 with the two tracks played
  ['/smart', (page) => page.getByRole('article', { name: '我喜欢的随机' }).waitFor()],
  ['/smart/most-played', (page) => page.locator('main').getByText('匹配 2 首', { exact: true }).waitFor()],
  ['/user/index', (page) => page.getByRole('tab', { name: '设置' }).waitFor()],
  // the 设置 tab with its ListenBrainz part (the token form)
  ['/user/index?tab=settings', (page) => page.getByLabel('ListenBrainz 用户令牌', { exact: true }).waitFor()],
  // the demo listener's own page (the server's first account)
  ['/listener/1', (page) => page.getByRole('heading', { name: '公开的播放列表' }).waitFor()],
];

describe('colour schemes', () => {
  test.each(['light', 'dark'] as const)(
    'following a %s system: every page and the dialogs (help, lyrics editor, smart-list editor and 删除, 删除账号) pass the accessibility scan',
    async (system) => {
      const { page, expectNoErrors, close } = await newPage(suite.browser, { colorScheme: system });
      // a saved queue, so the player bar and /now show a track (with lyrics)
      await page.addInitScript(
        (queue) => localStorage.setItem('playlist', queue),
        JSON.stringify({
          tracks: [
            {
              albumId: TWO_DISC_ALBUM,
              discId: 1,
              trackId: 1,
              title: '港灯',
              artist: '港灯乐团',
              type: 'normal',
              albumTitle: '港灯夜曲',
            },
          ],
          index: 0,
        }),
      );
      await openSignedIn(page, suite.server, '/library');
      // plays, so 最近播放 has rows and 我的统计 bars and lists to scan
      await page.evaluate(async (album) => {
        const at = Math.floor(Date.now() / 1000) - 600;
        const body = [1, 2].map((track) => ({
          track: { album_id: album, disc_id: 1, track_id: track },
          at: [at - track],
        }));
        const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
        const response = await fetch('/api/stat', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
          body: JSON.stringify(body),
        });
        if ((await response.json()).status !== 0) throw new Error('the plays were not stored');
      }, TWO_DISC_ALBUM);
      const found: string[] = [];
      for (const [path, shown] of PAGES) {
        await page.goto(
          `${suite.server.baseUrl}${path.replace('LIBRARY', encodeURIComponent(suite.server.libraryUrl))}`,
        );
        await shown(page);
        expect(await scheme(page)).toBe(system);
        for (const v of await seriousViolations(page))
          found.push(`${path}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.join('\n    ')}`);
      }
      // the shortcuts load after the first page: there once their button shows
      await page.getByRole('button', { name: '键盘快捷键' }).waitFor();
      await page.keyboard.press('?');
      await opened(page, '键盘快捷键');
      for (const v of await seriousViolations(page))
        found.push(`help dialog: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.join('\n    ')}`);
      // the lyrics editor of /now's 港灯, filled with its lines
      await page.keyboard.press('Escape');
      await page.goto(`${suite.server.baseUrl}/now`);
      await page.getByRole('region', { name: '歌词' }).getByRole('button', { name: '编辑歌词' }).click();
      await page.getByRole('dialog', { name: '编辑歌词' }).getByRole('button', { name: '保存' }).waitFor();
      await opened(page, '编辑歌词');
      for (const v of await seriousViolations(page))
        found.push(`lyrics editor: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.join('\n    ')}`);
      // the smart-list editor of 很久没听 (its two rules) with a third added, once it has counted
      await page.keyboard.press('Escape');
      await page.goto(`${suite.server.baseUrl}/smart/long-unheard`);
      await page.locator('main').getByRole('button', { name: '编辑', exact: true }).click();
      const editor = page.getByRole('dialog', { name: '编辑智能歌单' });
      await editor.getByRole('button', { name: '添加规则' }).click();
      await editor.getByRole('group', { name: '规则 3' }).waitFor();
      await editor
        .getByRole('status')
        .getByText(/^匹配 \d+ 首$/)
        .waitFor();
      await opened(page, '编辑智能歌单');
      for (const v of await seriousViolations(page))
        found.push(`smart-list editor: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.join('\n    ')}`);
      // and the list's 删除 confirmation
      await editor.getByRole('button', { name: '取消', exact: true }).click();
      await editor.waitFor({ state: 'detached' });
      await page.locator('main').getByRole('button', { name: '删除', exact: true }).click();
      await opened(page, '删除智能歌单「很久没听」？');
      for (const v of await seriousViolations(page))
        found.push(`smart-list delete: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.join('\n    ')}`);
      // 删除账号: its red warning and red 确认删除 (the theme's red in the light scheme)
      await page.goto(`${suite.server.baseUrl}/user/index`);
      await page.getByRole('button', { name: '删除账号' }).click();
      await page.getByRole('dialog', { name: '删除账号' }).getByRole('button', { name: '确认删除' }).waitFor();
      await opened(page, '删除账号');
      for (const v of await seriousViolations(page))
        found.push(`delete account: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.join('\n    ')}`);
      expect(found).toEqual([]);
      expectNoErrors();
      await close();
    },
  );

  test('a library not synced yet: its 有更新 and 从未同步 badges pass the scan in the light scheme', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser, { colorScheme: 'light' });
    // the library's list is held: the library stays never synced while the page is scanned
    await page.route(
      (url) => url.href.startsWith(`${suite.server.libraryUrl}/albums`),
      () => {},
    );
    await openSignedIn(page, suite.server, '/library');
    await page.getByText('有更新', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText('从未同步', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expectNoErrors();
    await close();
  });

  test('signed out, the login page passes the scan in both schemes', async () => {
    for (const system of ['light', 'dark'] as const) {
      const { page, expectNoErrors, close } = await newPage(suite.browser, { colorScheme: system });
      await page.goto(`${suite.server.baseUrl}/user/login`);
      await page.getByRole('button', { name: '登录' }).waitFor();
      expect(await scheme(page)).toBe(system);
      expect((await seriousViolations(page)).map((v) => `${v.id}: ${v.nodes.join(' | ')}`)).toEqual([]);
      expectNoErrors();
      await close();
    }
  });

  test('the 外观 setting overrides the system, applies at once, and holds across a reload before the scripts run', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser, { colorScheme: 'light' });
    await openSignedIn(page, suite.server, '/user/index');
    await page.getByRole('tab', { name: '设置' }).click();
    const setting = page.getByRole('combobox', { name: '外观' });
    expect(await setting.inputValue()).toBe('auto');
    await setting.selectOption('dark');
    await expect.poll(() => scheme(page)).toBe('dark');
    // the body's colour changed with it
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await background();

    // after a reload the first frame is already dark: the attribute is set before any script of the app runs
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { __firstScheme: string | null }).__firstScheme =
            document.documentElement.getAttribute('data-mantine-color-scheme');
      });
    });
    await page.reload();
    await page.getByRole('tab', { name: '设置' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __firstScheme: string | null }).__firstScheme)).toBe(
      'dark',
    );
    expect(await background()).toBe(dark);

    await page.getByRole('tab', { name: '设置' }).click();
    await page.getByRole('combobox', { name: '外观' }).selectOption('auto');
    await expect.poll(() => scheme(page)).toBe('light');
    expect(await background()).not.toBe(dark);
    expectNoErrors();
    await close();
  });
});
