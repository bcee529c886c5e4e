// Sharing in real Chromium against the real reference server: share three tracks of the
// two-disc album, open the link signed out in a fresh browser context, see the list, play it (the
// audio element's time advances), reload and play again; the share's token fetches only its tracks.
import { request, type ClientRequest } from 'node:http';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { loadOrCreateKeys, signShareToken } from '../../server/library/keys';
import { LIMITS } from '../../server/api/limits';
import { AUDIO_SPY, audio } from './support/audioSpy';
import { newPage } from '../../harness/browser';
import { openSignedIn } from '../../harness/signIn';
import { serverAndBrowser } from './support/suite';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const SHARED = ['港灯', '夜航船', '港灯 (Live)'];

/** the demo's ten-minute track (漫长的潮汐 (Extended)): a transcode of it lasts while its reader waits */
const LONG_TRACK = { album: 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04', track: 5 };

/** a transcode whose reader takes the answer's headers and reads nothing more; null when the library is full (503) */
function holdTranscode(url: string): Promise<ClientRequest | null> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false });
    req.once('response', (res) => {
      if (res.statusCode === 503) {
        req.destroy();
        return resolve(null);
      }
      if (res.statusCode !== 200) reject(new Error(`holding a transcode: ${res.statusCode}`));
      res.pause();
      resolve(req);
    });
    req.once('error', reject);
    req.end();
  });
}

const suite = serverAndBrowser();

const toast = (page: Page, message: string) => page.getByRole('alert').filter({ hasText: message }).first();

describe('a share link', () => {
  let link = '';

  test('the album page shares three chosen tracks: the form checks itself, 分享成功 shows the link, it is listed in 我的分享', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await openSignedIn(page, suite.server, `/album/${TWO_DISC_ALBUM}`);
    await toast(page, '音频仓库同步成功').waitFor();
    await page.getByRole('button', { name: '分享', exact: true }).click();
    const form = page.getByRole('dialog', { name: '分享' });
    await form.getByRole('button', { name: '分享', exact: true }).click();
    await form.getByText('请填写完整信息').waitFor();
    await form.getByLabel('分享描述').fill('three for the road');
    await form.getByRole('button', { name: '清除所有' }).click();
    await form.getByRole('button', { name: '分享', exact: true }).click();
    await form.getByText('请选择要分享的歌曲').waitFor();
    for (const title of SHARED) await form.getByRole('checkbox', { name: title, exact: true }).check();
    await form.getByRole('button', { name: '分享', exact: true }).click();

    const done = page.getByRole('dialog', { name: '分享成功' });
    const field = done.getByLabel('分享链接');
    await field.waitFor();
    link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${suite.server.baseUrl}/s/[A-Za-z0-9_-]+$`));
    expect(await field.isDisabled()).toBe(true);
    await done.getByRole('button', { name: '确定' }).click();
    await done.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: '我的分享' }).click();
    await page.getByRole('heading', { name: '我的分享' }).waitFor();
    await page.getByRole('link', { name: '港灯夜曲' }).waitFor();
    expectNoErrors();
    await close();
  });

  test('opened signed out in a fresh browser: the list, play (time advances), reload keeps the queue and plays again', async () => {
    expect(link).not.toBe('');
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await page.addInitScript(AUDIO_SPY);
    // what the library sent for the first track, fetched with the share's token: low-quality AAC,
    // as annil sends share links (ffmpeg is on this machine), which the page streams by parts, its
    // own request: the token in the Authorization header, not the URL
    const served = new Set<string>();
    page.on('response', async (response) => {
      if (
        response.url().startsWith(`${suite.server.libraryUrl}/${TWO_DISC_ALBUM}/1/1?`) &&
        response.request().method() === 'GET'
      ) {
        const token = new URL(response.url()).searchParams.has('auth')
          ? 'auth='
          : (await response.request().headerValue('authorization'))
            ? 'Authorization'
            : 'none';
        served.add(`${response.headers()['content-type']} ${response.headers()['x-audio-quality']} ${token}`);
      }
    });
    // a visitor who never syncs a library starts no library worker (nor fetches its script)
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(link);
    await page.getByRole('heading', { name: '港灯夜曲' }).waitFor();
    await page.getByRole('link', { name: '登录' }).waitFor();
    const list = page.getByRole('list', { name: '港灯夜曲' });
    await expect.poll(async () => (await list.getByRole('listitem').allTextContents()).length).toBe(3);
    const rows = await list.getByRole('listitem').allTextContents();
    expect(rows.map((r) => r.slice(0, 2))).toEqual(['01', '02', '03']);

    await page.getByRole('button', { name: '播放全部' }).click();
    const bar = page.getByRole('contentinfo', { name: '正在播放' });
    await bar.getByText('港灯', { exact: true }).waitFor();
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect([...served]).toEqual(['audio/aac low Authorization']);

    await page.reload();
    await bar.getByText('港灯', { exact: true }).waitFor();
    await bar.getByRole('button', { name: '播放', exact: true }).click();
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
    // no token was written to storage
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('auth=');
    expect(workers.filter((url) => url.includes('library.worker'))).toEqual([]);
    expectNoErrors();
    await close();
  });

  test('a library busy with transcodes (503 with Retry-After): the shared page waits as told and plays', async () => {
    expect(link).not.toBe('');
    const { page, expectNoErrors, close } = await newPage(suite.browser, { ignoreConsole: [/status of 503/] });
    await page.addInitScript(AUDIO_SPY);
    const statuses: number[] = [];
    page.on('response', (response) => {
      // the page's own fetch of the track (its token in the Authorization header, not the URL)
      if (
        new URL(response.url()).pathname === `/${TWO_DISC_ALBUM}/1/1` &&
        response.url().startsWith(suite.server.libraryUrl) &&
        response.request().method() === 'GET'
      )
        statuses.push(response.status());
    });
    await page.goto(link);
    const playAll = page.getByRole('button', { name: '播放全部' });
    await playAll.waitFor();
    // Then, a click away from the page's first fetch of its track (the library kills a transcode
    // whose output lies unread for 20 s, and a loaded machine can take that long to load a page),
    // every transcode the library may run for this address (or at all: the cores) is taken, by
    // share tokens of the demo's ten-minute track whose readers read nothing: that fetch is refused.
    const keys = loadOrCreateKeys(suite.server.dataDir);
    const held: ClientRequest[] = [];
    let token = '';
    for (let i = 0; i < LIMITS.transcodesPerAddress; i++) {
      if (i % LIMITS.transcodesPerToken === 0)
        token = await signShareToken(keys, { [LONG_TRACK.album]: { '1': [LONG_TRACK.track] } });
      const hold = await holdTranscode(
        `${suite.server.libraryUrl}/${LONG_TRACK.album}/1/${LONG_TRACK.track}?auth=${encodeURIComponent(token)}`,
      );
      if (!hold) break;
      held.push(hold);
    }
    expect(held.length).toBeGreaterThan(0);
    expect(statuses).toEqual([]);
    await playAll.click();
    // the page's first fetch, however long a loaded machine takes to send it, is the refused one
    await expect.poll(() => statuses.length, { timeout: 45_000 }).toBeGreaterThan(0);
    expect(statuses[0]).toBe(503);
    // the other listeners are done: the page's next try finds a free place
    for (const req of held) req.destroy();
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 30_000 }).toBeGreaterThan(0.5);
    expect(statuses.at(-1)).toBe(200);
    expect(await toast(page, '无法播放该歌曲').count()).toBe(0);
    expectNoErrors();
    await close();
  });

  test("the share's token fetches its tracks only", async () => {
    const id = link.split('/s/')[1]!;
    const answer = await fetch(`${suite.server.baseUrl}/api/share?id=${id}`);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const { data } = (await answer.json()) as { data: { tokens: { server: string; token: string }[] } };
    const { server, token } = data.tokens[0]!;
    const get = (disc: number, track: number) =>
      fetch(`${server}/${TWO_DISC_ALBUM}/${disc}/${track}?auth=${encodeURIComponent(token)}`, { method: 'HEAD' });
    expect((await get(1, 1)).status).toBe(200);
    expect((await get(2, 2)).status).toBe(200);
    // 雨巷 (disc 1, track 3) is not in the share
    expect([401, 403]).toContain((await get(1, 3)).status);
  });

  test('an unknown share and a malformed id say so', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.baseUrl}/s/nope0000`);
    await page.getByRole('main').getByText('这个分享不存在或已被收回').waitFor();
    await page.goto(`${suite.server.baseUrl}/s/${encodeURIComponent('<b>x</b>')}`);
    await page.getByRole('main').getByText('分享 ID 不正确').waitFor();
    await page.goto(`${suite.server.baseUrl}/s`);
    await page.getByRole('main').getByText('请指定分享 ID').waitFor();
    expectNoErrors();
    await close();
  });
});
