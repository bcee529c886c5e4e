// Listening offline in real Chromium against the real reference server: 保存到本机 on an album opens
// a dialog with the tracks' quality and estimated size against the space left, and 开始保存 keeps
// every playable track on this device (each row then shows 已保存到本机); with the network off the
// saved queue plays from the device through a track change, no library asked; after a reload
// offline the album opens from what was kept with it and plays. A download that would not fit the
// device's quota is refused before it starts; 取消保存 stops a download and a reload does not bring
// it back; offline, a playlist and the liked tracks open as last read, and what is not kept shows
// as unavailable. A download cut off by a reload, which continues where it stopped, and keeping in
// a transcoded quality are in deployment.test.ts, against both kinds of server. Signing out is
// covered by sign-out.test.ts (every way a session ends clears what was kept).
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ALBUMS } from '../../server/demo/catalog';
import { newPage } from '../../harness/browser';
import { openSignedIn } from '../../harness/signIn';
import { AUDIO_SPY, measuredLoudness } from './support/audioSpy';
import {
  keepButton,
  keepDialog,
  OFFLINE_CONSOLE,
  openKeepDialog,
  playsFromDevice,
  startKeeping,
} from './support/keeping';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const album = DEMO_ALBUMS.find((a) => a.album_id === TWO_DISC_ALBUM)!;
const trackCount = album.discs.reduce((n, disc) => n + disc.tracks.length, 0);
const [first, second, third] = album.discs[0]!.tracks;

const bar = (page: Page) => page.getByRole('contentinfo', { name: '正在播放' });

/**
 * A fresh page on the album, signed in as the demo user. `listening`: its audio is watched
 * (AUDIO_SPY) and the messages a browser logs by itself with no network are not errors.
 */
async function openAlbum({ listening = false } = {}) {
  // the installed app: its service worker answers the page when the network is off
  const tp = await newPage(suite.browser, {
    serviceWorkers: 'allow',
    ...(listening ? { ignoreConsole: OFFLINE_CONSOLE } : {}),
  });
  if (listening) await tp.page.addInitScript(AUDIO_SPY);
  await openSignedIn(tp.page, suite.server, `/album/${TWO_DISC_ALBUM}`);
  await tp.page.getByRole('heading', { name: album.title, exact: true }).waitFor();
  return tp;
}

const rowOf = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();

/** 保存到本机 from a track row's More menu, through the dialog; done once the row shows it kept */
async function keepRow(page: Page, title: string) {
  const row = rowOf(page, title);
  const menu = row.getByRole('button', { name: '更多' });
  await expect.poll(() => menu.isEnabled(), { timeout: 30_000 }).toBe(true);
  await menu.click();
  await page.getByRole('menuitem', { name: '保存到本机' }).click();
  await keepDialog(page).getByText('1 首歌曲', { exact: true }).waitFor();
  await startKeeping(page);
  await row.getByRole('img', { name: '已保存到本机' }).waitFor({ timeout: 30_000 });
  return row;
}

/** the audio downloads from the library (not its album list, covers or size questions), held until `release` */
async function holdLibraryAudio(page: Page, libraryUrl: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(`${libraryUrl}/**`, async (route) => {
    if (route.request().method() !== 'GET' || !new URL(route.request().url()).searchParams.has('quality'))
      return route.continue();
    held.push(route.request().url());
    await released;
    await route.continue().catch(() => undefined); // cancelled meanwhile: the page dropped it
  });
  return { held, release };
}

/** the loudness this device measured of every track in lossless */
async function losslessLoudness(page: Page): Promise<number[]> {
  return (await measuredLoudness(page)).filter((record) => record.quality === 'lossless').map((record) => record.lufs);
}

describe('listening offline', () => {
  test("保存到本机 keeps the album; offline, the queue plays from the device through a track change, and from 主页's 已保存到本机", {
    timeout: 120_000,
  }, async () => {
    const { page, context, expectNoErrors, close } = await openAlbum({ listening: true });
    await openKeepDialog(page);
    // the dialog: how many, in the listener's quality, about how large, and the space left
    await keepDialog(page).getByText(`${trackCount} 首歌曲`, { exact: true }).waitFor();
    expect(await keepDialog(page).getByLabel('音质').inputValue()).toBe('lossless');
    await keepDialog(page)
      .getByText(/^约需 \d+(\.\d)? [KM]B$/)
      .waitFor({ timeout: 20_000 });
    await keepDialog(page)
      .getByText(/^本机可用 \d+(\.\d)? [KMGT]B$/)
      .waitFor();
    await startKeeping(page);
    // the batch ends with its count; the header and every row say 已保存到本机
    await page
      .getByRole('alert')
      .filter({ hasText: `${trackCount} 首歌曲已保存到本机` })
      .waitFor({ timeout: 60_000 });
    await page.getByText('已保存到本机', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByRole('img', { name: '已保存到本机' }).count()).toBe(trackCount);
    expect(await page.getByRole('button', { name: '移除本机副本' }).isEnabled()).toBe(true);
    // 音量均衡: each kept track is measured from its kept bytes, one after the other, for its first play
    await expect
      .poll(() => losslessLoudness(page), { timeout: 60_000, message: 'every kept track measured' })
      .toHaveLength(trackCount);
    for (const lufs of await losslessLoudness(page)) expect(lufs).toBeGreaterThan(-40);
    // the album's tile says it is kept, all of it
    await page.goto(`${suite.server.baseUrl}/search?keyword=${encodeURIComponent(album.title)}`);
    await page.getByRole('tab', { name: '专辑' }).click();
    await page
      .getByRole('list', { name: '专辑' })
      .getByRole('link', { name: new RegExp(album.title) })
      .getByRole('img', { name: '已保存到本机' })
      .waitFor({ timeout: 20_000 });
    await page.goto(`${suite.server.baseUrl}/album/${TWO_DISC_ALBUM}`);
    await page.getByRole('heading', { name: album.title, exact: true }).waitFor();

    // a queue: 播放全部, paused at once
    await page.getByRole('button', { name: '播放全部' }).click();
    await bar(page).getByRole('button', { name: '暂停', exact: true }).click({ timeout: 15_000 });

    // offline: nothing reaches the library; the kept tracks play from the device
    const libraryRequests: string[] = [];
    context.on('request', (request) => {
      if (request.url().startsWith(suite.server.libraryUrl)) libraryRequests.push(request.url());
    });
    await context.setOffline(true);
    await bar(page).getByRole('button', { name: '播放', exact: true }).click();
    await playsFromDevice(page, first!.title);
    await bar(page).getByRole('button', { name: '下一首' }).click();
    await playsFromDevice(page, second!.title);
    // a kept track seeks, and its end hands over to the next kept one (the gapless path)
    const slider = bar(page).getByRole('slider', { name: '播放进度' });
    const box = (await slider.boundingBox())!;
    const marked = `(window.__player.dataset.track = 'second', 0)`;
    await page.evaluate(marked);
    await slider.click({ position: { x: box.width * 0.95, y: box.height / 2 } });
    await playsFromDevice(page, third!.title);
    // the third plays in the second element, prepared while the second track played
    expect(await page.evaluate(`window.__player.dataset.track ?? null`)).toBeNull();
    expect(libraryRequests).toEqual([]);

    // the album cache emptied (a sync does that), still offline: a reload opens the album from what
    // was kept with it, and its kept tracks play (no library is known offline: none but them could)
    await bar(page).getByRole('button', { name: '暂停', exact: true }).click();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.evaluate(`new Promise((resolve, reject) => {
      const open = indexedDB.open('album');
      open.onsuccess = () => {
        const clear = open.result.transaction('album_info', 'readwrite').objectStore('album_info').clear();
        clear.onsuccess = () => { open.result.close(); resolve(); };
        clear.onerror = () => reject(clear.error);
      };
    })`);
    await page.reload();
    await page.getByRole('heading', { name: album.title, exact: true }).waitFor({ timeout: 20_000 });
    const playAll = page.getByRole('button', { name: '播放全部' });
    await expect.poll(() => playAll.isEnabled(), { timeout: 30_000 }).toBe(true);
    await playAll.click();
    await playsFromDevice(page, first!.title);
    // the site info cannot be read offline: the name last read stands in, in the page title
    await expect.poll(() => page.title()).toBe(`${first!.title} | Anniv`);
    // and the system's media controls name it
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title ?? null)).toBe(first!.title);
    expect(libraryRequests).toEqual([]);
    // 主页, still offline: 已保存到本机 holds the album, and its cover's play button plays it from the device
    await bar(page).getByRole('button', { name: '暂停', exact: true }).click();
    await page.getByRole('navigation').getByRole('link', { name: '主页' }).click();
    const keptShelf = page.getByRole('list', { name: '已保存到本机' });
    await keptShelf.getByText(album.title, { exact: true }).waitFor({ timeout: 20_000 });
    await keptShelf.getByRole('button', { name: `播放 ${album.title}` }).click();
    await playsFromDevice(page, first!.title);
    expect(libraryRequests).toEqual([]);
    await context.setOffline(false);
    expectNoErrors();
    await close();
  });

  test("one track from its row's menu: 保存到本机, then 移除本机副本; 本机存储 lists what is kept and 全部移除 empties it", {
    timeout: 60_000,
  }, async () => {
    const { page, expectNoErrors, close } = await openAlbum();
    const row = rowOf(page, second!.title);
    const menu = row.getByRole('button', { name: '更多' });
    await expect.poll(() => menu.isEnabled(), { timeout: 30_000 }).toBe(true);
    await menu.click();
    await page.getByRole('menuitem', { name: '保存到本机' }).click();
    await keepDialog(page).getByText('1 首歌曲', { exact: true }).waitFor();
    await startKeeping(page);
    await page.getByRole('alert').filter({ hasText: '1 首歌曲已保存到本机' }).waitFor({ timeout: 30_000 });
    await row.getByRole('img', { name: '已保存到本机' }).waitFor();
    expect(await page.getByRole('img', { name: '已保存到本机' }).count()).toBe(1);
    await menu.click();
    await page.getByRole('menuitem', { name: '移除本机副本' }).click();
    await page.getByRole('alert').filter({ hasText: '已移除本机副本' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('img', { name: '已保存到本机' }).count()).toBe(0);

    // kept again, then 本机存储 lists it with its size, and 全部移除 empties it
    await keepRow(page, second!.title);
    // the album's tile says part of it is kept
    await page.goto(`${suite.server.baseUrl}/search?keyword=${encodeURIComponent(album.title)}`);
    await page.getByRole('tab', { name: '专辑' }).click();
    const tile = page.getByRole('list', { name: '专辑' }).getByRole('link', { name: new RegExp(album.title) });
    await tile.getByRole('img', { name: '部分已保存到本机' }).waitFor({ timeout: 20_000 });
    await page.goto(`${suite.server.baseUrl}/user/index?tab=storage`);
    const kept = page.getByRole('group', { name: album.title });
    await kept.getByText(/^1 首 · \d+(\.\d)? [KM]B$/).waitFor({ timeout: 15_000 });
    await page.getByText(/^已用 .+，可用 .+$/).waitFor();
    await page.getByRole('button', { name: '全部移除' }).click();
    await page.getByText('本机还没有保存的歌曲', { exact: false }).waitFor({ timeout: 15_000 });
    expect(await kept.count()).toBe(0);
    expectNoErrors();
    await close();
  });

  test('a download larger than the space left is refused before it starts; a device that fills up during one stops the queue and keeps what it had', {
    timeout: 90_000,
  }, async () => {
    const { page, context, expectNoErrors, close } = await openAlbum();
    // one track kept while there is room
    const row = await keepRow(page, second!.title);

    // then this site may store only 64 KB more than it does: far less than the album (about 5 MB)
    const cdp = await context.newCDPSession(page);
    const { origin, usage } = await page.evaluate(async () => ({
      origin: location.origin,
      usage: (await navigator.storage.estimate()).usage ?? 0,
    }));
    const quotaSize = usage + 64 * 1024;
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize });
    // Chromium enforces the override on writes, but in a test browser's context estimate() reports a
    // fixed 10 GiB whatever the quota (Chromium 156): the page is told the quota it really has
    const tellQuota = () =>
      page.evaluate((quota) => {
        const real = navigator.storage.estimate.bind(navigator.storage);
        navigator.storage.estimate = async () => ({ ...(await real()), quota });
      }, quotaSize);
    await tellQuota();
    const audio = await holdLibraryAudio(page, suite.server.libraryUrl);
    const keep = keepButton(page);
    await keep.click();
    await keepDialog(page)
      .getByRole('alert')
      .filter({ hasText: /^本机空间不足：这些歌曲约需 \d+(\.\d)? MB，本机只剩 \d+ KB。/ })
      .waitFor({ timeout: 20_000 });
    expect(
      await keepDialog(page)
        .getByText(`${trackCount - 1} 首歌曲`, { exact: true })
        .count(),
    ).toBe(1);
    expect(await keepDialog(page).getByRole('button', { name: '开始保存' }).isEnabled()).toBe(false);
    // the reference server sends the original at every quality: a lower one is as large
    await keepDialog(page).getByLabel('音质').selectOption('low');
    await keepDialog(page).getByRole('alert').filter({ hasText: '本机空间不足' }).waitFor({ timeout: 20_000 });
    await keepDialog(page).getByRole('button', { name: '取消' }).click();
    await keepDialog(page).waitFor({ state: 'hidden' });
    expect(audio.held).toEqual([]);
    audio.release();

    // a browser whose estimate is wrong lets the download start: the first write that does not fit
    // stops the queue at once, and the track kept before stays
    await page.reload();
    await page.getByRole('heading', { name: album.title, exact: true }).waitFor();
    await openKeepDialog(page);
    await startKeeping(page);
    await page
      .getByRole('alert')
      .filter({ hasText: '本机空间已满，已停止保存到本机；已保存的歌曲不受影响' })
      .waitFor({ timeout: 30_000 });
    await keep.waitFor();
    expect(await page.getByRole('img', { name: '已保存到本机' }).count()).toBe(1);
    await row.getByRole('img', { name: '已保存到本机' }).waitFor();
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    expectNoErrors();
    await close();
  });

  test('取消保存 stops the downloads; nothing of them is kept and a reload does not start them again', {
    timeout: 60_000,
  }, async () => {
    const { page, expectNoErrors, close } = await openAlbum();
    const audio = await holdLibraryAudio(page, suite.server.libraryUrl);
    const keep = keepButton(page);
    await openKeepDialog(page);
    await startKeeping(page);
    // the first track is asked for and held: the progress shows
    await page.getByText(`正在保存到本机 0/${trackCount}`, { exact: true }).waitFor({ timeout: 20_000 });
    // (seen once not to come within 20 s and not reproduced since: a failure says what the page showed)
    await expect
      .poll(
        async () =>
          audio.held.length === 1
            ? 1
            : `${audio.held.length} held; the page says: ${await page.getByRole('alert').allTextContents()}`,
        { timeout: 30_000 },
      )
      .toBe(1);
    // its row shows it downloading (no size yet), the next rows waiting
    await rowOf(page, first!.title).getByRole('img', { name: '正在保存到本机', exact: true }).waitFor();
    await rowOf(page, second!.title).getByRole('img', { name: '等待保存到本机' }).waitFor();
    await page.getByRole('button', { name: '取消保存' }).click();
    await page.getByRole('alert').filter({ hasText: '已取消保存到本机' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('img', { name: /^(正在|等待)保存到本机/ }).count()).toBe(0);
    audio.release();
    await keep.waitFor();
    expect(await page.getByRole('img', { name: '已保存到本机' }).count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: album.title, exact: true }).waitFor();
    await expect.poll(() => keep.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByText(/^正在保存到本机/).count()).toBe(0);
    expect(await page.getByRole('img', { name: '已保存到本机' }).count()).toBe(0);
    expect(audio.held).toHaveLength(1);
    expectNoErrors();
    await close();
  });

  test('offline, a playlist and the liked tracks open as last read: the kept track plays, the others show as unavailable; an open album page follows the network', {
    timeout: 120_000,
  }, async () => {
    const { page, context, expectNoErrors, close } = await openAlbum({ listening: true });
    // a list of the album's first two tracks, both liked
    const id = await page.evaluate(
      async ({ albumId }) => {
        const send = (method: string, path: string, body: unknown) =>
          fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
            (r) => r.json(),
          );
        for (const track_id of [1, 2])
          await send('PUT', '/api/favorite/music', { album_id: albumId, disc_id: 1, track_id });
        const items = [1, 2].map((track_id) => ({
          type: 'normal',
          description: '',
          info: { album_id: albumId, disc_id: 1, track_id },
        }));
        return (await send('PUT', '/api/playlist', { name: 'On the train', items })).data.id as string;
      },
      { albumId: TWO_DISC_ALBUM },
    );
    // the first track kept from its row's menu
    const addToQueue = (title: string) => rowOf(page, title).getByRole('button', { name: '添加到当前播放队列' });
    await keepRow(page, first!.title);

    // the album page open when the network goes: the track not kept turns unavailable, and back
    await context.setOffline(true);
    await expect.poll(() => addToQueue(second!.title).isEnabled(), { timeout: 30_000 }).toBe(false);
    expect(await addToQueue(first!.title).isEnabled()).toBe(true);
    // the header says how much of the album is kept, not that all of it is
    await page.getByText(`已保存到本机 1/${trackCount} 首`, { exact: true }).waitFor({ timeout: 15_000 });
    await context.setOffline(false);
    await expect.poll(() => addToQueue(second!.title).isEnabled(), { timeout: 30_000 }).toBe(true);

    // both pages read once online, then opened offline after a reload
    for (const path of [`/playlist/${id}`, '/fav']) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      await rowOf(page, second!.title).waitFor({ timeout: 20_000 });
      await expect.poll(() => addToQueue(second!.title).isEnabled(), { timeout: 30_000 }).toBe(true);
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await context.setOffline(true);
    for (const path of [`/playlist/${id}`, '/fav']) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      if (path !== '/fav') await page.getByRole('heading', { name: 'On the train' }).waitFor({ timeout: 20_000 });
      await rowOf(page, second!.title).waitFor({ timeout: 20_000 });
      await expect.poll(() => addToQueue(first!.title).isEnabled(), { timeout: 30_000 }).toBe(true);
      expect(await addToQueue(second!.title).isEnabled()).toBe(false);
    }
    // 播放全部 on the liked tracks plays what is kept, from the device
    await page.getByRole('button', { name: '播放全部' }).click();
    await playsFromDevice(page, first!.title);
    await context.setOffline(false);
    expectNoErrors();
    await close();
  });
});
