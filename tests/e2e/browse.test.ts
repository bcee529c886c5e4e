// Browsing in real Chromium against the real reference server: the library page and its
// sync, the album wall with paging, the album page with discs and highlight, tag pages, search,
// and what bad input and a library that is down show.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ALBUMS } from '../../server/demo/catalog';
import { text } from '@/shared/text';
import { newPage, type NewPageOptions, type TestPage } from '../../harness/browser';
import { freePort } from './support/server';
import { openSignedIn, pathAndQuery } from '../../harness/signIn';
import { serverAndBrowser } from './support/suite';

const DEMO_LIBRARY = '演示音乐库';
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const LOFI_ALBUM = 'f1b8d3e6-9a2c-4f5b-9c7d-8e9f0a1b2c08'; // Lo-Fi 学习 Beats, tagged category:Lo-Fi/Chill
const HARP_ALBUM = '0a7e9b3c-5d2f-4a8b-b1c6-7e8f9a0b1c03'; // 竖琴与海, tagged category:100% Acoustic

const suite = serverAndBrowser();

/** A fresh page that opens `path` (a guarded page), signs in as the demo user and lands back on it. */
async function signedIn(path: string, options: NewPageOptions = {}): Promise<TestPage> {
  const tp = await newPage(suite.browser, options);
  await openSignedIn(tp.page, suite.server, path);
  return tp;
}

const toast = (page: Page, message: string | RegExp) => page.getByText(message, { exact: typeof message === 'string' });
const historyLength = (page: Page) => page.evaluate(() => history.length);
const albumListPath = () => `/album/list?url=${encodeURIComponent(suite.server.libraryUrl)}`;

describe('library and album list', () => {
  test('the demo account logs in and its library syncs: toast, album count, no 从未同步 badge', async () => {
    const { page, expectNoErrors, close } = await signedIn('/library');
    await page.getByRole('heading', { name: '音频仓库', exact: true }).waitFor();
    // a fresh browser: every album of the library is new to it, and the toast counts them
    await toast(page, text.library.syncSucceeded(DEMO_ALBUMS.length)).waitFor();
    const item = page.getByRole('article', { name: DEMO_LIBRARY });
    await item.getByRole('link', { name: DEMO_LIBRARY, exact: true }).waitFor();
    await item.getByText(`${DEMO_ALBUMS.length} 张专辑`).waitFor();
    await item.getByText(suite.server.libraryUrl, { exact: true }).waitFor();
    expect(await item.getByText('从未同步', { exact: true }).count()).toBe(0);
    expectNoErrors();
    await close();
  });

  test('the library link opens the album wall with covers; the page size goes into the URL in place', async () => {
    const { page, expectNoErrors, close } = await signedIn('/library');
    await page.getByRole('link', { name: DEMO_LIBRARY, exact: true }).click();
    await page.waitForURL((url) => pathAndQuery(url.href) === albumListPath());
    await page.getByRole('heading', { name: '专辑列表', exact: true }).waitFor();

    const wall = page.getByRole('region', { name: '专辑列表' });
    for (const album of DEMO_ALBUMS) {
      await wall.getByText(album.title, { exact: true }).waitFor();
    }
    // every card links to its album page
    expect(await wall.locator('a[href^="/album/"]').count()).toBe(DEMO_ALBUMS.length);
    await wall.getByRole('link', { name: /港灯夜曲/ }).waitFor();
    expect(await wall.getByRole('link', { name: /港灯夜曲/ }).getAttribute('href')).toBe(`/album/${TWO_DISC_ALBUM}`);
    // covers come from the library through the cover store as blob: object URLs
    await wall.locator('img[src^="blob:"]').first().waitFor();

    // default size 30: floor(9/30)+1 = 1 page
    await wall.getByText('共 1 页', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '第 1 页' }).waitFor();
    const pageSize = page.getByLabel('每页数量', { exact: true });
    expect(await pageSize.inputValue()).toBe('30');

    const before = await historyLength(page);
    await pageSize.selectOption('10');
    await expect.poll(() => new URL(page.url()).searchParams.get('count')).toBe('10');
    const params = new URL(page.url()).searchParams;
    expect(params.get('url')).toBe(suite.server.libraryUrl);
    expect(await historyLength(page)).toBe(before);
    expect(await pageSize.inputValue()).toBe('10');
    // floor(9/10)+1 = 1 page, still all nine albums
    await wall.getByText('共 1 页', { exact: true }).waitFor();
    for (const album of DEMO_ALBUMS) {
      await wall.getByText(album.title, { exact: true }).waitFor();
    }

    // the size survives a reload
    await page.reload();
    await expect.poll(() => page.getByLabel('每页数量', { exact: true }).inputValue()).toBe('10');
    await page.getByRole('region', { name: '专辑列表' }).getByText('港灯夜曲', { exact: true }).waitFor();
    expectNoErrors();
    await close();
  });
});

describe('album page', () => {
  test('two discs with headings, numbered tracks, type labels and tag chips; double-click highlights in the URL; reload keeps it', async () => {
    const path = `/album/${TWO_DISC_ALBUM}`;
    const { page, expectNoErrors, close } = await signedIn(path);
    await page.getByRole('heading', { name: '港灯夜曲', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Disc 1', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Disc 2 - 现场：港口音乐厅', exact: true }).waitFor();

    const disc1 = page.getByRole('region', { name: 'Disc 1', exact: true });
    const disc2 = page.getByRole('region', { name: 'Disc 2 - 现场：港口音乐厅', exact: true });
    const rows1 = disc1.getByRole('listitem');
    const rows2 = disc2.getByRole('listitem');
    await expect.poll(() => rows1.count()).toBe(6);
    await expect.poll(() => rows2.count()).toBe(5);

    // numbers are zero-padded and start again on each disc
    await rows1.nth(0).getByText('01', { exact: true }).waitFor();
    await rows1.nth(0).getByText('港灯', { exact: true }).waitFor();
    await rows1.nth(5).getByText('06', { exact: true }).waitFor();
    await rows2.nth(0).getByText('01', { exact: true }).waitFor();
    await rows2.nth(4).getByText('05', { exact: true }).waitFor();

    // type labels: 伴奏 on the instrumental, 单元剧 on the drama tracks, none on a normal track
    await rows1.filter({ hasText: '雨巷 (Instrumental)' }).getByText('伴奏', { exact: true }).waitFor();
    await rows2.filter({ hasText: '开场白' }).getByText('单元剧', { exact: true }).waitFor();
    expect(
      await rows1
        .filter({ hasText: '夜航船' })
        .getByText(/^(伴奏|单元剧|纯音乐|广播节目|纯人声)$/)
        .count(),
    ).toBe(0);

    // the album's tags as chips linking to the URI-encoded tag
    const chip = page.getByRole('list', { name: '标签' }).getByRole('link', { name: '港灯乐团', exact: true });
    expect(await chip.getAttribute('href')).toBe(`/tag/${encodeURIComponent('group:港灯乐团')}`);

    // double-click: highlight=<disc index>-<track index>, in place
    const before = await historyLength(page);
    await rows1.filter({ hasText: '夜航船' }).dblclick();
    await expect.poll(() => new URL(page.url()).searchParams.get('highlight')).toBe('0-1');
    await expect.poll(() => rows1.nth(1).getAttribute('aria-current')).toBe('true');
    await rows2.nth(1).dblclick(); // 港灯 (Live)
    await expect.poll(() => new URL(page.url()).searchParams.get('highlight')).toBe('1-1');
    await expect.poll(() => rows2.nth(1).getAttribute('aria-current')).toBe('true');
    expect(await rows1.nth(1).getAttribute('aria-current')).toBeNull();
    expect(await historyLength(page)).toBe(before);

    // reloading with the highlight marks that row, and only that row
    await page.goto(`${suite.server.baseUrl}${path}?highlight=1-3`);
    await page.getByRole('heading', { name: 'Disc 2 - 现场：港口音乐厅', exact: true }).waitFor();
    await expect.poll(() => rows2.nth(3).getAttribute('aria-current')).toBe('true');
    await rows2.nth(3).getByText('安可：潮汐', { exact: true }).waitFor();
    expect(await page.locator('[aria-current="true"]').count()).toBe(1);

    await page.reload();
    await expect.poll(() => rows2.nth(3).getAttribute('aria-current')).toBe('true');
    expect(new URL(page.url()).searchParams.get('highlight')).toBe('1-3');

    // a chip leads to its tag page
    await page.getByRole('list', { name: '标签' }).getByRole('link', { name: '港灯乐团', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/tag/${encodeURIComponent('group:港灯乐团')}`);
    await page.getByRole('heading', { name: '港灯乐团', exact: true }).waitFor();
    await page.getByRole('region', { name: '港灯乐团' }).getByText('港灯夜曲', { exact: true }).waitFor();
    expectNoErrors();
    await close();
  });
});

describe('tags', () => {
  test('the tag list shows root tags only; a tag page shows its children and the sub-tag switch adds their albums', async () => {
    const { page, expectNoErrors, close } = await signedIn('/tags');
    await page.getByRole('heading', { name: '标签列表', exact: true }).waitFor();
    const list = page.getByRole('list', { name: '标签列表' });
    await list.getByRole('link', { name: '港湾唱片', exact: true }).waitFor();
    await list.getByRole('link', { name: 'Lo-Fi/Chill', exact: true }).waitFor();
    // children of 港湾唱片 (directly or further down) are not roots
    expect(await list.getByRole('link', { name: '港灯乐团', exact: true }).count()).toBe(0);
    expect(await list.getByRole('link', { name: 'Minato Strings', exact: true }).count()).toBe(0);
    expect(await list.getByRole('link', { name: '小林', exact: true }).count()).toBe(0);

    await list.getByRole('link', { name: '港湾唱片', exact: true }).click();
    const tagPath = `/tag/${encodeURIComponent('organization:港湾唱片')}`;
    await page.waitForURL((url) => url.pathname === tagPath);
    await page.getByRole('heading', { name: '港湾唱片', exact: true }).waitFor();
    const children = page.getByRole('list', { name: '包含 Tag' });
    await children.getByRole('link', { name: '港灯乐团', exact: true }).waitFor();
    await children.getByRole('link', { name: 'Minato Strings', exact: true }).waitFor();
    await page.getByText('包含 Tag', { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: '上级 Tag' }).count()).toBe(0);

    const albums = page.getByRole('region', { name: '港湾唱片' });
    const cards = albums.locator('a[href^="/album/"]');
    await albums.getByText('港の灯', { exact: true }).waitFor();
    const direct = await cards.count();
    expect(await albums.getByText('港灯夜曲', { exact: true }).count()).toBe(0);

    const recursive = page.getByRole('switch', { name: '显示子 Tag 专辑' });
    expect(await recursive.isChecked()).toBe(false);
    await recursive.check();
    // the group 港灯乐团's album and Minato Strings' Aya's album come in
    await albums.getByText('港灯夜曲', { exact: true }).waitFor();
    await albums.getByText('竖琴与海', { exact: true }).waitFor();
    await albums.getByText('港の灯', { exact: true }).waitFor();
    expect(await cards.count()).toBeGreaterThan(direct);

    // a child tag page names its parent
    await children.getByRole('link', { name: '港灯乐团', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/tag/${encodeURIComponent('group:港灯乐团')}`);
    await page.getByRole('heading', { name: '港灯乐团', exact: true }).waitFor();
    await page.getByRole('list', { name: '上级 Tag' }).getByRole('link', { name: '港湾唱片', exact: true }).waitFor();
    expectNoErrors();
    await close();
  });

  test('a tag with a slash opens from an album chip and by its encoded URL', async () => {
    const { page, expectNoErrors, close } = await signedIn(`/album/${LOFI_ALBUM}`);
    const chip = page.getByRole('list', { name: '标签' }).getByRole('link', { name: 'Lo-Fi/Chill', exact: true });
    const tagPath = `/tag/${encodeURIComponent('category:Lo-Fi/Chill')}`;
    expect(await chip.getAttribute('href')).toBe(tagPath);
    await chip.click();
    await page.waitForURL((url) => url.pathname === tagPath);
    await page.getByRole('heading', { name: 'Lo-Fi/Chill', exact: true }).waitFor();
    const albums = page.getByRole('region', { name: 'Lo-Fi/Chill' });
    await albums.getByText('Lo-Fi 学习 Beats', { exact: true }).waitFor();
    await albums.getByText('昼/夜 Day/Night', { exact: true }).waitFor();

    await page.goto(`${suite.server.baseUrl}${tagPath}`);
    await page.getByRole('heading', { name: 'Lo-Fi/Chill', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Lo-Fi/Chill' }).getByText('昼/夜 Day/Night', { exact: true }).waitFor();
    expect(await page.getByText('404 - Not Found').count()).toBe(0);
    expectNoErrors();
    await close();
  });

  test('a tag with a percent sign opens from an album chip and by its encoded URL', async () => {
    const { page, expectNoErrors, close } = await signedIn(`/album/${HARP_ALBUM}`);
    const chip = page.getByRole('list', { name: '标签' }).getByRole('link', { name: '100% Acoustic', exact: true });
    const tagPath = `/tag/${encodeURIComponent('category:100% Acoustic')}`;
    expect(await chip.getAttribute('href')).toBe(tagPath);
    await chip.click();
    await page.waitForURL((url) => url.pathname === tagPath);
    await page.getByRole('heading', { name: '100% Acoustic', exact: true }).waitFor();
    await page.getByRole('region', { name: '100% Acoustic' }).getByText('竖琴与海', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: '100% Acoustic', exact: true }).waitFor();
    await page.getByRole('region', { name: '100% Acoustic' }).getByText('竖琴与海', { exact: true }).waitFor();
    expectNoErrors();
    await close();
  });
});

describe('search', () => {
  test('a keyword goes into the URL in place; tracks and albums tabs; no match shows 无搜索结果', async () => {
    const { page, expectNoErrors, close } = await signedIn('/search');
    const box = page.getByPlaceholder('搜点啥呢..', { exact: true });
    const before = await historyLength(page);
    await box.fill('港灯');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe('港灯');
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(await historyLength(page)).toBe(before);

    const tracksTab = page.getByRole('tab', { name: '单曲', exact: true });
    await expect.poll(() => tracksTab.getAttribute('aria-selected')).toBe('true');
    const tracks = page.getByRole('list', { name: '单曲' });
    await tracks.getByText('港灯', { exact: true }).waitFor();
    await tracks.getByText('港灯 (Live)', { exact: true }).waitFor();
    // each result links to its album
    expect(
      await tracks
        .getByRole('listitem')
        .filter({ hasText: '港灯 (Live)' })
        .getByRole('link', { name: '专辑信息' })
        .getAttribute('href'),
    ).toBe(`/album/${TWO_DISC_ALBUM}`);

    await page.getByRole('tab', { name: '专辑', exact: true }).click();
    const albums = page.getByRole('list', { name: '专辑' });
    await albums.getByText('港灯夜曲', { exact: true }).waitFor();

    // the keyword in the URL is searched on load
    await page.reload();
    expect(await box.inputValue()).toBe('港灯');
    await page.getByRole('list', { name: '单曲' }).getByText('港灯 (Live)', { exact: true }).waitFor();

    await box.fill('没有这样的歌 zzz');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe('没有这样的歌 zzz');
    await page.getByText('无搜索结果', { exact: true }).waitFor();
    await page.getByRole('tab', { name: '专辑', exact: true }).click();
    await page.getByText('无搜索结果', { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: '专辑' }).count()).toBe(0);
    expectNoErrors();
    await close();
  });
});

describe('bad input', () => {
  test('/album/list without url asks for one', async () => {
    const { page, expectNoErrors, close } = await signedIn('/album/list');
    await page.getByText('请指定音频仓库 URL', { exact: true }).waitFor();
    expectNoErrors();
    await close();
  });

  test('/album/list with an unknown library says so and goes to the libraries', async () => {
    const { page, expectNoErrors, close } = await signedIn('/library');
    await page.goto(`${suite.server.baseUrl}/album/list?url=${encodeURIComponent('https://unknown.example')}`);
    await toast(page, '未找到指定的音频仓库').waitFor();
    await page.waitForURL((url) => url.pathname === '/library');
    await page.getByRole('article', { name: DEMO_LIBRARY }).waitFor();
    expectNoErrors();
    await close();
  });

  test('an unknown album id says 未找到该专辑; no id says 请指定专辑 ID', async () => {
    const { page, expectNoErrors, close } = await signedIn(`/album/${randomUUID()}`);
    await page.getByText('未找到该专辑', { exact: true }).waitFor();
    await page.goto(`${suite.server.baseUrl}/album`);
    await page.getByText('请指定专辑 ID', { exact: true }).waitFor();
    expectNoErrors();
    await close();
  });

  test('a library that is down fails alone: its sync error shows and the demo library still browses', async () => {
    // the browser logs the refused connection itself; nothing else may go to the console
    const { page, expectNoErrors, close } = await signedIn('/library', { ignoreConsole: [/ERR_CONNECTION_REFUSED/] });
    await toast(page, text.library.syncSucceeded(DEMO_ALBUMS.length)).waitFor();
    const demoItem = page.getByRole('article', { name: DEMO_LIBRARY });
    await demoItem.getByText(`${DEMO_ALBUMS.length} 张专辑`).waitFor();

    const token = await page.evaluate(async () => {
      const response = await fetch('/api/credential', { credentials: 'include' });
      const body = (await response.json()) as { data: { name: string; token: string }[] };
      return body.data.find((c) => c.name === '演示音乐库')?.token ?? '';
    });
    expect(token.split('.')).toHaveLength(3);
    const downUrl = `http://127.0.0.1:${await freePort()}`;

    await page.getByRole('button', { name: '添加音频仓库' }).click();
    const dialog = page.getByRole('dialog', { name: '添加音频仓库' });
    await dialog.getByLabel('名称', { exact: true }).fill('停机仓库');
    await dialog.getByLabel('URL', { exact: true }).fill(downUrl);
    await dialog.getByLabel('Token', { exact: true }).fill(token);
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await toast(page, /^同步音频仓库失败: .+/)
      .first()
      .waitFor();
    const downItem = page.getByRole('article', { name: '停机仓库' });
    await downItem.getByText(downUrl, { exact: true }).waitFor();
    await downItem.getByText(/^同步音频仓库失败: .+/).waitFor();
    await downItem.getByText('从未同步', { exact: true }).waitFor();
    // the demo library is untouched
    await demoItem.getByText(`${DEMO_ALBUMS.length} 张专辑`).waitFor();
    expect(await demoItem.getByText('从未同步', { exact: true }).count()).toBe(0);

    await demoItem.getByRole('link', { name: DEMO_LIBRARY, exact: true }).click();
    await page.waitForURL((url) => pathAndQuery(url.href) === albumListPath());
    const wall = page.getByRole('region', { name: '专辑列表' });
    for (const album of DEMO_ALBUMS) {
      await wall.getByText(album.title, { exact: true }).waitFor();
    }
    await wall.locator('img[src^="blob:"]').first().waitFor();

    // a full reload syncs both again: the demo one still succeeds, the down one fails again
    await page.reload();
    await page.getByRole('region', { name: '专辑列表' }).getByText('港灯夜曲', { exact: true }).waitFor();
    await toast(page, /^同步音频仓库失败: .+/)
      .first()
      .waitFor();
    expectNoErrors();
    await close();
  });
});
