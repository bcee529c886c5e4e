// Favourites and playlists in real Chromium against the real reference server: like a
// track and see it on /fav and in the player bar, like an album, build a playlist from two pages,
// reorder, play, edit, remove, delete; a second user cannot edit, delete or open a private list.
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, type TestPage } from '../../harness/browser';
import { logIn, openSignedIn, registerOnPage } from '../../harness/signIn';
import { serverAndBrowser } from './support/suite';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const HARBOR_ALBUM = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02'; // Harbor Lights

const suite = serverAndBrowser();

async function signedIn(path: string): Promise<TestPage> {
  const tp = await newPage(suite.browser);
  await openSignedIn(tp.page, suite.server, path);
  return tp;
}

const toast = (page: Page, message: string) => page.getByRole('alert').filter({ hasText: message }).first();
/** a track row of a list on the page, by its exact title */
const row = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
const heart = (scope: Locator) => scope.getByRole('button', { name: /^(添加喜欢|取消喜欢)$/ });

async function pressed(button: Locator): Promise<string | null> {
  return button.getAttribute('aria-pressed');
}

describe('favourites', () => {
  test('like a track on the album page: 添加喜欢成功, filled in the player bar while it plays, listed on /fav', async () => {
    const { page, expectNoErrors, close } = await signedIn(`/album/${TWO_DISC_ALBUM}`);
    await toast(page, '音频仓库同步成功').waitFor();
    const track = row(page, '夜航船');
    await expect.poll(() => heart(track).isEnabled()).toBe(true);
    await heart(track).click();
    await toast(page, '添加喜欢成功').waitFor();
    await expect.poll(() => pressed(heart(row(page, '夜航船')))).toBe('true');

    await row(page, '夜航船').getByRole('button', { name: '播放', exact: true }).click();
    const bar = page.getByRole('contentinfo', { name: '正在播放' });
    await bar.getByText('夜航船', { exact: true }).waitFor();
    await expect.poll(() => pressed(heart(bar))).toBe('true');

    await page.getByRole('link', { name: '单曲', exact: true }).click();
    await page.getByRole('heading', { name: '我喜欢的音乐' }).waitFor();
    await row(page, '夜航船').waitFor();
    expect(await pressed(heart(row(page, '夜航船')))).toBe('true');
    expectNoErrors();
    await close();
  });

  test('like an album: it shows on /fav/albums; unliking takes it away', async () => {
    const { page, expectNoErrors, close } = await signedIn(`/album/${HARBOR_ALBUM}`);
    await toast(page, '音频仓库同步成功').waitFor();
    const like = page.getByRole('main').getByRole('button', { name: '添加喜欢' }).first();
    await expect.poll(() => like.isEnabled()).toBe(true);
    // the header's like button comes before the rows' hearts
    await like.click();
    await toast(page, '添加喜欢成功').waitFor();
    await page.getByRole('link', { name: '专辑', exact: true }).click();
    await page.getByRole('heading', { name: '我喜欢的专辑' }).waitFor();
    await page.getByRole('main').getByText('Harbor Lights', { exact: true }).waitFor();

    await page.goto(`${suite.server.baseUrl}/album/${HARBOR_ALBUM}`);
    const unlike = page.getByRole('main').getByRole('button', { name: '取消喜欢' }).first();
    await expect.poll(() => unlike.isEnabled()).toBe(true);
    await unlike.click();
    await toast(page, '取消喜欢成功').waitFor();
    await page.goto(`${suite.server.baseUrl}/fav/albums`);
    await page.getByText('还没有喜欢的专辑', { exact: false }).waitFor();
    expectNoErrors();
    await close();
  });
});

describe('playlists', () => {
  let playlistPath = '';

  test('create a list, add tracks from two pages, reorder, play it, edit its info, remove an item', async () => {
    const { page, expectNoErrors, close } = await signedIn('/playlist');
    await page.getByRole('heading', { name: '播放列表管理' }).waitFor();
    await page.getByRole('button', { name: '创建播放列表' }).click();
    const create = page.getByRole('dialog', { name: '创建播放列表' });
    await create.getByRole('button', { name: '确定' }).click();
    await create.getByText('请输入播放列表名称').waitFor();
    await create.getByLabel('名称').fill('Night drive');
    await create.getByLabel('说明').fill('<i>for the road</i>');
    await create.getByRole('button', { name: '确定' }).click();
    const card = page.getByRole('article', { name: 'Night drive' });
    await card.waitFor();
    playlistPath = (await card.getByRole('link', { name: 'Night drive' }).getAttribute('href')) ?? '';
    expect(playlistPath).toMatch(/^\/playlist\/\d+$/);

    // from the album page: a row's More menu
    await page.goto(`${suite.server.baseUrl}/album/${TWO_DISC_ALBUM}`);
    await row(page, '港灯').getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '添加到播放列表' }).click();
    await page.getByRole('dialog', { name: '添加到播放列表' }).getByRole('button', { name: 'Night drive' }).click();
    await toast(page, '添加成功').waitFor();

    // from search results
    await page.goto(`${suite.server.baseUrl}/search?keyword=${encodeURIComponent('Paper Boats')}`);
    await row(page, 'Paper Boats').getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '添加到播放列表' }).click();
    await page.getByRole('dialog', { name: '添加到播放列表' }).getByRole('button', { name: 'Night drive' }).click();
    await toast(page, '添加成功').waitFor();

    await page.goto(`${suite.server.baseUrl}${playlistPath}`);
    await page.getByRole('heading', { name: 'Night drive' }).waitFor();
    // the description is text, never markup
    await page.getByText('<i>for the road</i>', { exact: true }).waitFor();
    const items = page.getByRole('list', { name: 'Night drive' });
    const titles = () => items.getByRole('listitem').allTextContents();
    await expect
      .poll(async () =>
        (await titles()).map((t) => (t.includes('Paper Boats') ? 'Paper Boats' : t.includes('港灯') ? '港灯' : t)),
      )
      .toEqual(['港灯', 'Paper Boats']);

    await row(page, 'Paper Boats').getByRole('button', { name: '上移' }).click();
    await expect.poll(async () => (await titles())[0]?.includes('Paper Boats')).toBe(true);
    // the new order is the server's too
    await page.reload();
    await expect.poll(async () => (await titles())[0]?.includes('Paper Boats')).toBe(true);

    await page.getByRole('button', { name: '播放全部' }).click();
    const bar = page.getByRole('contentinfo', { name: '正在播放' });
    await bar.getByText('Paper Boats', { exact: true }).waitFor();
    await bar.getByRole('button', { name: '暂停' }).waitFor();
    await bar.getByRole('button', { name: '暂停' }).click();

    await page.getByRole('button', { name: '修改播放列表信息' }).click();
    const edit = page.getByRole('dialog', { name: '修改播放列表信息' });
    await edit.getByLabel('名称').fill('Night ride');
    await edit.getByRole('button', { name: '确定' }).click();
    await toast(page, '修改播放列表信息成功').waitFor();
    await page.getByRole('heading', { name: 'Night ride' }).waitFor();

    await row(page, '港灯').getByRole('button', { name: '从播放列表移除' }).click();
    await toast(page, '删除成功').waitFor();
    const renamed = page.getByRole('list', { name: 'Night ride' });
    await expect.poll(async () => (await renamed.getByRole('listitem').allTextContents()).length).toBe(1);
    expectNoErrors();
    await close();
  });

  test('two tabs, one playlist: the stale tab’s move and rename are refused with a message, and it shows the list afresh', async () => {
    const first = await signedIn('/playlist');
    const second = await first.context.newPage();
    const tracks = [1, 2, 3].map((track_id) => ({
      type: 'normal',
      description: '',
      info: { album_id: HARBOR_ALBUM, disc_id: 1, track_id },
    }));
    const id = await first.page.evaluate(
      async (json) => {
        const response = await fetch('/api/playlist', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: json,
        });
        return (await response.json()).data.id as string;
      },
      JSON.stringify({ name: 'Two tabs', items: tracks }),
    );
    for (const page of [first.page, second]) {
      await page.goto(`${suite.server.baseUrl}/playlist/${id}`);
      await page.getByRole('heading', { name: 'Two tabs' }).waitFor();
    }
    const order = async (page: Page) =>
      (
        await page
          .getByRole('list', { name: /^Two tabs/ })
          .getByRole('listitem')
          .allTextContents()
      ).map((t) => t.replace(/^\d+/, '').slice(0, 10)); // the title, without the row number
    const before = await order(second);
    expect(before).toHaveLength(3);

    // tab 1 moves the last track up; tab 2, still showing the old order, moves the first one down
    const moveUp = first.page
      .getByRole('list', { name: 'Two tabs' })
      .getByRole('listitem')
      .nth(2)
      .getByRole('button', { name: '上移' });
    await moveUp.click();
    await expect.poll(() => order(first.page)).toEqual([before[0], before[2], before[1]]);
    // the move shows at once; its buttons come back once the server has it (sent before tab 2's)
    const firstDown = first.page
      .getByRole('list', { name: 'Two tabs' })
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: '下移' });
    await expect.poll(() => firstDown.isEnabled(), { timeout: 30_000 }).toBe(true);
    await second
      .getByRole('list', { name: 'Two tabs' })
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: '下移' })
      .click();
    await toast(second, '这个播放列表刚在别处修改过，已重新载入，请在最新内容上再改一次').waitFor();
    await expect.poll(() => order(second)).toEqual([before[0], before[2], before[1]]);
    await first.page.reload();
    await expect.poll(() => order(first.page)).toEqual([before[0], before[2], before[1]]);

    // a rename made in tab 1; tab 2's stale rename is refused the same way and the first one stays
    // both dialogs open on the list as read; tab 2 sends only once tab 1's rename is saved
    const [firstEdit, secondEdit] = [first.page, second].map((page) =>
      page.getByRole('dialog', { name: '修改播放列表信息' }),
    );
    for (const [page, edit, name] of [
      [first.page, firstEdit!, 'Renamed in tab one'],
      [second, secondEdit!, 'Renamed in tab two'],
    ] as const) {
      await page.getByRole('button', { name: '修改播放列表信息' }).click();
      await edit.getByLabel('名称').fill(name);
    }
    await firstEdit!.getByRole('button', { name: '确定' }).click();
    await toast(first.page, '修改播放列表信息成功').waitFor();
    await secondEdit!.getByRole('button', { name: '确定' }).click();
    await toast(second, '这个播放列表刚在别处修改过，已重新载入，请在最新内容上再改一次').waitFor();
    await second.getByRole('heading', { name: 'Renamed in tab one' }).waitFor();
    first.expectNoErrors();
    await first.close();
  });

  test('a second user cannot open the private list, nor edit or delete it once it is public; liking it, made private again', async () => {
    expect(playlistPath).not.toBe('');
    const other = await newPage(suite.browser);
    await other.page.goto(`${suite.server.baseUrl}/user/register`);
    await registerOnPage(other.page, 'ren@example.com', 'ren-pass', 'Ren');
    await other.page.waitForURL(`${suite.server.baseUrl}/user/login`);
    await logIn(other.page, 'ren@example.com', 'ren-pass');
    await other.page.waitForURL(`${suite.server.baseUrl}/`);

    await other.page.goto(`${suite.server.baseUrl}${playlistPath}`);
    await other.page.getByRole('main').getByText('permission denied').waitFor();
    const id = playlistPath.split('/').pop();
    const patch = (body: unknown) =>
      other.page.evaluate(async (json) => {
        const response = await fetch('/api/playlist', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: json,
        });
        return (await response.json()).status as number;
      }, JSON.stringify(body));
    expect(await patch({ id, command: 'info', payload: { name: 'mine now' } })).toBe(902001);

    // the owner makes it public
    const owner = await signedIn(playlistPath);
    await owner.page.getByRole('button', { name: '修改播放列表信息' }).click();
    const edit = owner.page.getByRole('dialog', { name: '修改播放列表信息' });
    await edit.getByLabel('是否公开').check();
    await edit.getByRole('button', { name: '确定' }).click();
    await toast(owner.page, '修改播放列表信息成功').waitFor();

    await other.page.reload();
    await other.page.getByRole('heading', { name: 'Night ride' }).waitFor();
    expect(await other.page.getByRole('button', { name: '修改播放列表信息' }).count()).toBe(0);
    expect(await other.page.getByRole('button', { name: '从播放列表移除' }).count()).toBe(0);
    const remove = await other.page.evaluate(async (json) => {
      const response = await fetch('/api/playlist', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: json,
      });
      return (await response.json()).status as number;
    }, JSON.stringify({ id }));
    expect(remove).toBe(902001);

    // the list names its maker: their page shows it among their public lists
    const maker = other.page.getByRole('main').locator('a[href^="/listener/"]');
    await maker.click();
    await other.page.getByRole('heading', { name: '公开的播放列表' }).waitFor();
    await other.page.getByRole('article', { name: 'Night ride' }).getByRole('link', { name: 'Night ride' }).click();
    await other.page.getByRole('heading', { name: 'Night ride' }).waitFor();
    // liked: it shows under 我喜欢的歌单
    await other.page.getByRole('button', { name: '喜欢这个歌单' }).click();
    await toast(other.page, '添加喜欢成功').waitFor();
    await other.page.getByRole('link', { name: '歌单', exact: true }).click();
    await other.page.getByRole('article', { name: 'Night ride' }).waitFor();
    // made private again by its owner: the like stays, without its name
    await owner.page.getByRole('button', { name: '修改播放列表信息' }).click();
    const again = owner.page.getByRole('dialog', { name: '修改播放列表信息' });
    await again.getByLabel('是否公开').uncheck();
    await again.getByRole('button', { name: '确定' }).click();
    await toast(owner.page, '修改播放列表信息成功').waitFor();
    await other.page.reload();
    await other.page.getByRole('article', { name: '这个歌单已不再公开' }).waitFor();
    other.expectNoErrors();
    await other.close();

    // the owner deletes it
    await owner.page.goto(`${suite.server.baseUrl}/playlist`);
    const card = owner.page.getByRole('article', { name: 'Night ride' });
    await card.getByRole('button', { name: '删除播放列表' }).click();
    await owner.page.getByRole('dialog', { name: '删除播放列表确认' }).getByRole('button', { name: '确定' }).click();
    await card.waitFor({ state: 'detached' });
    owner.expectNoErrors();
    await owner.close();
  });
});
