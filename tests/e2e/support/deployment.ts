// The main journeys on both kinds of server, in real Chromium, a test file each
// (tests/e2e/deployment-reference.test.ts, deployment-strict.test.ts) so they run side by side:
// - the reference server as it runs by default: every route answered with the app, path addresses;
// - a strict server (ANNIV_STRICT=1) that behaves like anniv-go and annil: the built client served
//   as files only (any address but `/` is a plain 404), no XSRF cookie, by-tag and /albums in random
//   order, `bytes=0-` answered with 1024 bytes, share tokens forced to low quality (AAC by ffmpeg).
// A new listener registers, adds a library, plays, likes and keeps a playlist; a share link plays
// signed out; an address copied from the address bar opens the same page in a fresh browser (no
// service worker: it would answer every navigation itself), signed in and signed out; the original
// client's hash addresses open the same pages.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ALBUMS } from '../../../server/demo/catalog';
import { formatBytes } from '../../../src/rules/bytes';
import { AUDIO_SPY, audio } from './audioSpy';
import { newPage, type TestPage } from '../../../harness/browser';
import { logIn, registerOnPage } from '../../../harness/signIn';
import { REPO_ROOT, type TestServer } from '../../../harness/serverProcess';
import {
  keepDialog,
  keptDigest,
  keptTypes,
  OFFLINE_CONSOLE,
  openKeepDialog,
  playsFromDevice,
  startKeeping,
  storedPartialBytes,
} from './keeping';
import { slowLibrary } from './slowLibrary';
import { serverAndBrowser } from './suite';
import { tracedOnFailure } from './tracing';

const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const TAG = 'group:港灯乐团'; // the tag of 港灯夜曲
const album = DEMO_ALBUMS.find((a) => a.album_id === TWO_DISC_ALBUM)!;
const trackCount = album.discs.reduce((n, disc) => n + disc.tracks.length, 0);
const [first] = album.discs[0]!.tracks;

interface Deployment {
  name: string;
  env: Record<string, string>;
  /** where the app writes its routes on this server */
  form: 'path' | 'hash';
}

const DEPLOYMENTS = {
  reference: { name: 'the reference server (every route answered with the app)', env: {}, form: 'path' },
  strict: {
    name: 'a strict server (files only, like anniv-go; annil’s transcoding and quirks)',
    env: { ANNIV_STRICT: '1' },
    form: 'hash',
  },
} satisfies Record<string, Deployment>;

const toast = (page: Page, message: string | RegExp) => page.getByRole('alert').filter({ hasText: message }).first();
const row = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
const bar = (page: Page) => page.getByRole('contentinfo', { name: '正在播放' });

/** the address bar's route, whichever form it is in, and the form */
function shown(url: string): { route: string; form: 'path' | 'hash' } {
  const u = new URL(url);
  return u.hash.startsWith('#/')
    ? { route: u.hash.slice(1), form: 'hash' }
    : { route: `${u.pathname}${u.search}`, form: 'path' };
}

/** a token for the server's library, as `npm run token` prints it for a listener adding it by hand */
async function libraryToken(server: TestServer): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/token.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
  const token = stdout.split(/\s+/).find((word) => word.split('.').length === 3 && word.length > 40);
  if (!token) throw new Error(`no token in: ${stdout}`);
  return token;
}

interface SignedInOptions extends NonNullable<Parameters<typeof newPage>[1]> {
  /** a script each document of the page runs first */
  initScript?: string;
  /** the browser to open the page in (default the suite's; a traced one records the test) */
  browser?: Browser;
}

/** the files of an album in the server's library, by `{disc}/{track}` */
async function albumFiles(server: TestServer, albumId: string): Promise<Map<string, string>> {
  const library = join(server.dataDir, 'library');
  const files = new Map<string, string>();
  for (const entry of await readdir(library, { recursive: true })) {
    const match = entry.match(new RegExp(`${albumId}/(\\d+)/(\\d+)\\.flac$`));
    if (match) files.set(`${match[1]}/${match[2]}`, join(library, entry));
  }
  return files;
}

/** Registers the journeys on one kind of server, with a server and browser of their own. */
export function deploymentJourneys(kind: keyof typeof DEPLOYMENTS): void {
  const { name, env, form }: Deployment = DEPLOYMENTS[kind];
  describe(`on ${name}`, () => journeys(env, form));
}

function journeys(env: Record<string, string>, form: Deployment['form']): void {
  const strict = env.ANNIV_STRICT === '1';
  const suite = serverAndBrowser({ env });
  const base = () => suite.server.baseUrl;
  /** the address of a route on this server, as the app writes it */
  const at = (route: string) => `${base()}${form === 'hash' ? '/#' : ''}${route}`;
  const expectRoute = (page: Page, route: string) => expect.poll(() => shown(page.url())).toEqual({ route, form });
  let shareLink = '';

  async function signedIn(
    route: string,
    email = suite.server.demo.email,
    password = suite.server.demo.password,
    { initScript, browser = suite.browser, ...options }: SignedInOptions = {},
  ): Promise<TestPage> {
    const tp = await newPage(browser, options);
    if (initScript) await tp.page.addInitScript(initScript);
    await tp.page.goto(at(route));
    await tp.page.getByRole('heading', { name: '登录' }).waitFor();
    await logIn(tp.page, email, password);
    await expectRoute(tp.page, route);
    return tp;
  }

  // once timed out waiting for 音频仓库同步成功 on a loaded machine: a failure saves the pages and their traces
  test(
    'a new listener registers, signs in, adds a library, plays a track, likes it and keeps it in a playlist; the addresses are this server’s form',
    () =>
      tracedOnFailure(suite, `deployment-${form}-new-listener`, async ({ browser }) => {
        const tp = await newPage(browser);
        const { page } = tp;
        await page.addInitScript(AUDIO_SPY);
        await page.goto(`${base()}/`);
        await page.getByRole('link', { name: '注册' }).click();
        await expectRoute(page, '/user/register');
        await registerOnPage(page, 'new@example.com', 's3cret-pass', '新听众');
        await expectRoute(page, '/user/login');
        await logIn(page, 'new@example.com', 's3cret-pass');
        await page.getByRole('link', { name: '新听众' }).waitFor();

        await page.getByRole('link', { name: '音频仓库', exact: true }).click();
        await expectRoute(page, '/library');
        await page.getByRole('button', { name: '添加音频仓库' }).click();
        const dialog = page.getByRole('dialog', { name: '添加音频仓库' });
        await dialog.getByLabel('名称', { exact: true }).fill('我的仓库');
        await dialog.getByLabel('URL', { exact: true }).fill(suite.server.libraryUrl);
        await dialog.getByLabel('Token', { exact: true }).fill(await libraryToken(suite.server));
        // the toast may come and go while a loaded machine is still returning from the click:
        // every alert shown from here on is recorded, and the sync's must be among them
        await page.evaluate(`(() => {
          const seen = (window.__alertsSeen = []);
          const record = () => document.querySelectorAll('[role="alert"]').forEach((a) => seen.push(a.textContent));
          new MutationObserver(record).observe(document.body, { childList: true, subtree: true, characterData: true });
        })()`);
        await dialog.getByRole('button', { name: '确定' }).click();
        await page.waitForFunction(
          (message) =>
            ((window as unknown as { __alertsSeen: string[] }).__alertsSeen ?? []).some((t) => t.includes(message)),
          '音频仓库同步成功',
          { timeout: 45_000 },
        );

        await page
          .getByRole('article', { name: '我的仓库' })
          .getByRole('link', { name: '我的仓库', exact: true })
          .click();
        await page.getByRole('heading', { name: '专辑列表' }).waitFor();
        expect(shown(page.url()).form).toBe(form);
        await page
          .getByRole('link', { name: /港灯夜曲/ })
          .first()
          .click();
        await page.getByRole('heading', { name: '港灯夜曲' }).waitFor();
        await expectRoute(page, `/album/${TWO_DISC_ALBUM}`);

        const track = row(page, '夜航船');
        const heart = track.getByRole('button', { name: '添加喜欢' });
        await expect.poll(() => heart.isEnabled()).toBe(true);
        await heart.click();
        await toast(page, '添加喜欢成功').waitFor();

        await track.getByRole('button', { name: '播放', exact: true }).click();
        await bar(page).getByText('夜航船', { exact: true }).waitFor();
        await expect.poll(async () => (await audio(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);

        await page.getByRole('link', { name: '播放列表', exact: true }).click();
        await expectRoute(page, '/playlist');
        await page.getByRole('button', { name: '创建播放列表' }).click();
        const create = page.getByRole('dialog', { name: '创建播放列表' });
        await create.getByLabel('名称').fill('Night drive');
        await create.getByRole('button', { name: '确定' }).click();
        const card = page.getByRole('article', { name: 'Night drive' });
        await card.waitFor();
        expect((await card.getByRole('link', { name: 'Night drive' }).getAttribute('href')) ?? '').toMatch(
          form === 'hash' ? /^\/#\/playlist\/\d+$/ : /^\/playlist\/\d+$/,
        );

        await page.goBack();
        await page.getByRole('heading', { name: '港灯夜曲' }).waitFor();
        await row(page, '港灯').getByRole('button', { name: '更多' }).click();
        await page.getByRole('menuitem', { name: '添加到播放列表' }).click();
        await page.getByRole('dialog', { name: '添加到播放列表' }).getByRole('button', { name: 'Night drive' }).click();
        await toast(page, '添加成功').waitFor();

        await page.getByRole('link', { name: '播放列表', exact: true }).click();
        await page.getByRole('article', { name: 'Night drive' }).getByRole('link', { name: 'Night drive' }).click();
        await page.getByRole('heading', { name: 'Night drive' }).waitFor();
        await row(page, '港灯').waitFor();
        const copied = page.url();
        expect(shown(copied).form).toBe(form);

        // the address bar's address, loaded again and in a fresh browser (signed out: login, then back)
        await page.reload();
        await page.getByRole('heading', { name: 'Night drive' }).waitFor();
        const fresh = await newPage(browser);
        await fresh.page.goto(copied);
        await fresh.page.getByRole('heading', { name: '登录' }).waitFor();
        await logIn(fresh.page, 'new@example.com', 's3cret-pass');
        await fresh.page.getByRole('heading', { name: 'Night drive' }).waitFor();
        await row(fresh.page, '港灯').waitFor();
        expect(fresh.page.url()).toBe(copied);

        await page.getByRole('link', { name: '单曲', exact: true }).click();
        await page.getByRole('heading', { name: '我喜欢的音乐' }).waitFor();
        await row(page, '夜航船').waitFor();
        fresh.expectNoErrors();
        tp.expectNoErrors();
        await fresh.close();
        await tp.close();
      }),
    120_000,
  );

  // once timed out waiting for 分享成功 on a loaded machine: a failure saves the pages and their traces
  test(
    'a share link, opened signed out in a fresh browser, lists and plays the shared tracks',
    () =>
      tracedOnFailure(suite, `deployment-${form}-share-link`, async ({ browser }) => {
        const owner = await signedIn(`/album/${TWO_DISC_ALBUM}`, undefined, undefined, { browser });
        await toast(owner.page, '音频仓库同步成功').waitFor();
        await owner.page.getByRole('button', { name: '分享', exact: true }).click();
        const formDialog = owner.page.getByRole('dialog', { name: '分享' });
        await formDialog.getByLabel('分享描述').fill('for the road');
        await formDialog.getByRole('button', { name: '分享', exact: true }).click();
        const field = owner.page.getByRole('dialog', { name: '分享成功' }).getByLabel('分享链接');
        await field.waitFor();
        shareLink = await field.inputValue();
        expect(shareLink).toMatch(new RegExp(`^${base()}${form === 'hash' ? '/#' : ''}/s/[A-Za-z0-9]+$`));
        owner.expectNoErrors();
        await owner.close();

        const visitor = await newPage(browser);
        await visitor.page.addInitScript(AUDIO_SPY);
        // what the library sent for the shared tracks: low-quality AAC, as annil sends share links (both
        // modes transcode them with ffmpeg)
        const served = new Set<string>();
        visitor.page.on('response', (response) => {
          const quality = response.headers()['x-audio-quality'];
          if (
            quality &&
            response.url().startsWith(`${suite.server.libraryUrl}/${TWO_DISC_ALBUM}/1/`) &&
            response.request().method() === 'GET'
          ) {
            served.add(`${response.headers()['content-type']} ${quality}`);
          }
        });
        await visitor.page.goto(shareLink);
        await visitor.page.getByRole('heading', { name: '港灯夜曲' }).waitFor();
        await visitor.page.getByRole('link', { name: '登录' }).waitFor();
        await visitor.page.getByRole('button', { name: '播放全部' }).click();
        await bar(visitor.page).getByText('港灯', { exact: true }).waitFor();
        await expect
          .poll(async () => (await audio(visitor.page)).currentTime, { timeout: 30_000 })
          .toBeGreaterThan(0.5);
        expect([...served]).toEqual(['audio/aac low']);
        visitor.expectNoErrors();
        await visitor.close();
      }),
    120_000,
  );

  test("the original client's /#/s/{id} link opens the shared list signed out", async () => {
    expect(shareLink).not.toBe('');
    const id = shareLink.slice(shareLink.lastIndexOf('/') + 1);
    const visitor = await newPage(suite.browser);
    await visitor.page.goto(`${base()}/#/s/${id}`);
    await visitor.page.getByRole('heading', { name: '港灯夜曲' }).waitFor();
    await expectRoute(visitor.page, `/s/${id}`);
    visitor.expectNoErrors();
    await visitor.close();
  });

  test(
    'a smart playlist made from a rule counts, lists and plays its tracks in its order, from the album facts this server sends',
    () =>
      tracedOnFailure(suite, `deployment-${form}-smart-list`, async () => {
        const tp = await signedIn('/smart');
        const { page } = tp;
        await page.getByRole('article', { name: '最常播放' }).waitFor();
        await page.getByRole('button', { name: '新建智能歌单' }).click();
        const editor = page.getByRole('dialog', { name: '新建智能歌单' });
        await editor.getByLabel('名称').fill('港灯 songs');
        await editor.getByRole('button', { name: '添加规则' }).click();
        await editor.getByLabel('规则 1: 条件').selectOption('text');
        await editor.getByLabel('规则 1: 曲名').fill('港灯');
        await editor.getByLabel('排序').selectOption('title');
        // the facts of the whole library are read by the worker, then the rule counted
        const titles = DEMO_ALBUMS.flatMap((a) => a.discs.flatMap((d) => d.tracks.map((t) => t.title)));
        const matching = titles
          .filter((title) => title.includes('港灯'))
          .sort((x, y) => (x.toLowerCase() < y.toLowerCase() ? -1 : 1));
        await editor.getByText(`匹配 ${matching.length} 首`, { exact: true }).waitFor({ timeout: 60_000 });
        await editor.getByRole('button', { name: '保存' }).click();
        await page.getByRole('link', { name: '港灯 songs' }).click();
        await page.getByRole('heading', { name: '港灯 songs' }).waitFor();
        expect(shown(page.url()).form).toBe(form);
        await page.getByText(`匹配 ${matching.length} 首`, { exact: true }).waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: '播放全部' }).click();
        await bar(page).getByText(matching[0]!, { exact: true }).waitFor({ timeout: 20_000 });
        tp.expectNoErrors();
        await tp.close();
      }),
    120_000,
  );

  test(
    "another listener's public playlist: its maker's page lists it, a like keeps it under 我喜欢的歌单",
    () =>
      tracedOnFailure(suite, `deployment-${form}-liked-playlist`, async ({ browser }) => {
        const owner = await signedIn('/playlist', undefined, undefined, { browser });
        await owner.page.getByRole('button', { name: '创建播放列表' }).click();
        const create = owner.page.getByRole('dialog', { name: '创建播放列表' });
        await create.getByLabel('名称').fill('Harbour nights');
        await create.getByLabel('是否公开').check();
        await create.getByRole('button', { name: '确定' }).click();
        const href = await owner.page
          .getByRole('article', { name: 'Harbour nights' })
          .getByRole('link', { name: 'Harbour nights' })
          .getAttribute('href');
        const id = /\/playlist\/(\d+)$/.exec(href ?? '')?.[1];
        expect(id).toBeDefined();
        owner.expectNoErrors();
        await owner.close();

        const fan = await newPage(browser);
        await fan.page.goto(at('/user/register'));
        await registerOnPage(fan.page, 'fan@example.com', 'fan-pass-123', '路人');
        await expectRoute(fan.page, '/user/login');
        await logIn(fan.page, 'fan@example.com', 'fan-pass-123');
        await fan.page.getByRole('link', { name: '路人' }).waitFor();
        await fan.page.goto(at(`/playlist/${id}`));
        await fan.page.getByRole('heading', { name: 'Harbour nights' }).waitFor();
        await fan.page.getByRole('button', { name: '喜欢这个歌单' }).click();
        await fan.page.getByRole('button', { name: '取消喜欢这个歌单' }).waitFor();
        await fan.page.getByRole('link', { name: '演示用户' }).click();
        await expectRoute(fan.page, '/listener/1');
        await fan.page.getByRole('link', { name: 'Harbour nights' }).waitFor();
        await fan.page.goto(at('/fav/playlists'));
        await fan.page.getByRole('heading', { name: '我喜欢的歌单' }).waitFor();
        await fan.page.getByRole('link', { name: 'Harbour nights' }).waitFor();
        fan.expectNoErrors();
        await fan.close();
      }),
    120_000,
  );

  test(
    'a listener adds timed lyrics to a track without any; they show with who gave them and stay after a reload',
    () =>
      tracedOnFailure(suite, `deployment-${form}-lyrics`, async () => {
        const tp = await signedIn(`/album/${TWO_DISC_ALBUM}`);
        const { page } = tp;
        const play = row(page, '雨巷 (Instrumental)').getByRole('button', { name: '播放', exact: true });
        await expect.poll(() => play.isEnabled(), { timeout: 15_000 }).toBe(true);
        await play.click();
        await bar(page).getByText('雨巷 (Instrumental)', { exact: true }).waitFor();
        await bar(page).getByRole('button', { name: '暂停', exact: true }).click();
        await bar(page).getByRole('link', { name: '正在播放' }).click();
        const lyrics = page.getByRole('region', { name: '歌词' });
        await lyrics.getByText('暂无歌词', { exact: true }).waitFor();
        await lyrics.getByRole('button', { name: '添加歌词' }).click();
        const dialog = page.getByRole('dialog', { name: '添加歌词' });
        await dialog.getByText('LRC', { exact: true }).click();
        await dialog.getByLabel('语言').fill('zh-CN');
        await dialog.getByLabel('歌词').fill('[00:01.00]雨落在巷子里\n[00:05.00]脚步声远了');
        await dialog.getByRole('button', { name: '保存' }).click();
        await dialog.waitFor({ state: 'detached' });
        await lyrics.getByText('雨落在巷子里', { exact: true }).waitFor();
        await lyrics.getByText('歌词由 演示用户 提供', { exact: false }).waitFor();
        await page.reload();
        await page.getByRole('region', { name: '歌词' }).getByText('脚步声远了', { exact: true }).waitFor();
        tp.expectNoErrors();
        await tp.close();
      }),
    120_000,
  );

  test('every page opens from its address in a fresh browser, signed in, in this server’s form and the original client’s', async () => {
    const encodedTag = encodeURIComponent(TAG);
    const pages: [string, (page: Page) => Promise<void>][] = [
      // 主页's shelves, from this server's library
      ['/', (p) => p.getByRole('list', { name: '最近添加' }).waitFor()],
      ['/library', (p) => p.getByRole('heading', { name: '音频仓库' }).waitFor()],
      [
        `/album/list?url=${encodeURIComponent(suite.server.libraryUrl)}`,
        (p) =>
          p
            .getByRole('link', { name: /港灯夜曲/ })
            .first()
            .waitFor(),
      ],
      [`/album/${TWO_DISC_ALBUM}`, (p) => p.getByRole('heading', { name: '港灯夜曲' }).waitFor()],
      ['/tags', (p) => p.getByRole('heading', { name: '标签列表' }).waitFor()],
      [`/tag/${encodedTag}`, (p) => p.getByRole('heading', { name: '港灯乐团' }).waitFor()],
      ['/search?keyword=%E6%B8%AF%E7%81%AF', (p) => p.getByRole('tab', { name: '单曲' }).waitFor()],
      ['/fav', (p) => p.getByRole('heading', { name: '我喜欢的音乐' }).waitFor()],
      ['/fav/albums', (p) => p.getByRole('heading', { name: '我喜欢的专辑' }).waitFor()],
      ['/playlist', (p) => p.getByRole('heading', { name: '播放列表管理' }).waitFor()],
      ['/shares', (p) => p.getByRole('heading', { name: '我的分享' }).waitFor()],
      ['/smart', (p) => p.getByRole('heading', { name: '智能歌单' }).waitFor()],
      ['/smart/most-played', (p) => p.getByRole('heading', { name: '最常播放' }).waitFor()],
      ['/queue', (p) => p.getByRole('heading', { name: '播放队列' }).waitFor()],
      ['/now', (p) => p.getByText('播放队列是空的', { exact: false }).first().waitFor()],
      ['/user/index', (p) => p.getByRole('tab', { name: '个人信息' }).waitFor()],
    ];
    const tp = await signedIn('/library');
    for (const [route, ready] of pages) {
      // as this server's app writes it, then as the original client did
      for (const address of [at(route), `${base()}/#${route}`]) {
        // a new document each time: a change of the hash alone would stay within the page
        await tp.page.goto('about:blank');
        await tp.page.goto(address);
        await ready(tp.page);
        await expectRoute(tp.page, route);
      }
    }
    tp.expectNoErrors();
    await tp.close();
  });

  test('signed out, a guarded address leads to the login page and back; the login and register pages open by address', async () => {
    const route = `/album/${TWO_DISC_ALBUM}`;
    for (const address of [at(route), `${base()}/#${route}`]) {
      const tp = await newPage(suite.browser);
      await tp.page.goto(address);
      await tp.page.getByRole('heading', { name: '登录' }).waitFor();
      await expectRoute(tp.page, `/user/login?return=${encodeURIComponent(route)}`);
      await logIn(tp.page, suite.server.demo.email, suite.server.demo.password);
      await tp.page.getByRole('heading', { name: '港灯夜曲' }).waitFor();
      await expectRoute(tp.page, route);
      for (const [other, heading] of [
        ['/user/register', '注册'],
        ['/user/login', '登录'],
      ] as const) {
        const visitor = await newPage(suite.browser);
        await visitor.page.goto(at(other));
        await visitor.page.getByRole('heading', { name: heading }).waitFor();
        visitor.expectNoErrors();
        await visitor.close();
      }
      tp.expectNoErrors();
      await tp.close();
    }
  });

  test('保存到本机 in 中 keeps the album as this server sends that quality (annil: AAC with no length, sized by its duration; the reference server: the file), and offline it plays from the device through a track change', {
    timeout: 240_000,
  }, async () => {
    const { page, context, expectNoErrors, close } = await signedIn(`/album/${TWO_DISC_ALBUM}`, undefined, undefined, {
      ignoreConsole: OFFLINE_CONSOLE,
      initScript: AUDIO_SPY,
    });
    try {
      await page.getByRole('heading', { name: album.title, exact: true }).waitFor();
      await openKeepDialog(page);
      await keepDialog(page).getByLabel('音质').selectOption('medium');
      // annil sends AAC at 192 kbit/s, so its size is the duration's; the reference server sends the file
      const files = await albumFiles(suite.server, TWO_DISC_ALBUM);
      expect(files.size).toBe(trackCount);
      const expected = strict
        ? (album.discs.flatMap((disc) => disc.tracks).reduce((sum, track) => sum + track.seconds, 0) * 192_000) / 8
        : (await Promise.all([...files.values()].map(async (file) => (await stat(file)).size))).reduce(
            (a, b) => a + b,
            0,
          );
      await keepDialog(page)
        .getByText(`约需 ${formatBytes(expected)}`, { exact: true })
        .waitFor({ timeout: 20_000 });
      await startKeeping(page);
      // eleven transcodes by ffmpeg on the strict server: minutes when other files run beside it
      await toast(page, `${trackCount} 首歌曲已保存到本机`).waitFor({ timeout: 180_000 });
      // what is kept is what the library sent; a stream with no length leaves nothing to resume
      expect(await keptTypes(page)).toEqual(Array(trackCount).fill(strict ? 'audio/aac' : 'audio/flac'));
      expect(await storedPartialBytes(page)).toBe(0);

      await context.setOffline(true);
      await page.getByRole('button', { name: '播放全部' }).click();
      const [firstTrack, secondTrack] = album.discs[0]!.tracks;
      await playsFromDevice(page, firstTrack!.title);
      await bar(page).getByRole('button', { name: '下一首' }).click();
      await playsFromDevice(page, secondTrack!.title);
      await context.setOffline(false);
      expectNoErrors();
    } finally {
      await close();
    }
  });

  test('a download cut off by a reload continues where it stopped (a Range for the rest; annil shows scripts no Content-Range), and the track then plays offline', {
    timeout: 180_000,
  }, async () => {
    const firstTrack = `/${TWO_DISC_ALBUM}/1/1`;
    const slow = await slowLibrary(suite.server.libraryUrl, firstTrack);
    const { page, context, expectNoErrors, close } = await signedIn(`/album/${TWO_DISC_ALBUM}`, undefined, undefined, {
      ignoreConsole: OFFLINE_CONSOLE,
      initScript: AUDIO_SPY,
    });
    try {
      await page.route(
        (url) => slow.serves(url),
        (route) => route.continue({ url: slow.urlFor(route.request().url()) }),
      );
      await page.getByRole('heading', { name: album.title, exact: true }).waitFor();
      await openKeepDialog(page);
      await startKeeping(page);
      // the bar's filled part is a few pixels wide at most, so the count above it is what is waited for
      const count = page.getByText(`正在保存到本机 0/${trackCount}`, { exact: true });
      const saving = page.getByRole('progressbar', { name: `正在保存到本机 0/${trackCount}` });
      await count.waitFor({ timeout: 20_000 });
      // half of the first track arrived and the line went quiet: what arrived is stored
      await expect.poll(() => slow.file !== null, { timeout: 30_000 }).toBe(true);
      const stored = Math.floor(slow.file!.length / 2);
      await expect.poll(() => storedPartialBytes(page), { timeout: 30_000 }).toBe(stored);

      // the reload: the saved queue resumes, and the first track asks only for the rest
      await page.reload();
      await expect
        .poll(() => slow.requests.filter((request) => request.range !== null).length, { timeout: 30_000 })
        .toBe(1);
      expect(slow.requests.filter((request) => request.method === 'GET')).toEqual([
        { method: 'GET', range: null },
        { method: 'GET', range: `bytes=${stored}-` },
      ]);
      // while the rest has not come, the progress already counts the bytes kept before the reload
      await count.waitFor({ timeout: 20_000 });
      await expect
        .poll(async () => Number(await saving.getAttribute('aria-valuenow')), { timeout: 20_000 })
        .toBeGreaterThan(0);
      // and the track's own bytes, of its size; the album's so far are those bytes
      await page.getByText(/^本首 \d+(\.\d)? [KM]B \/ \d+(\.\d)? [KM]B$/).waitFor({ timeout: 20_000 });
      await page.getByText(`已下载 ${formatBytes(stored)}`, { exact: true }).waitFor();
      slow.releaseRest();

      await page
        .getByRole('alert')
        .filter({ hasText: `${trackCount} 首歌曲已保存到本机` })
        .waitFor({ timeout: 90_000 });
      await expect
        .poll(() => page.getByRole('img', { name: '已保存到本机' }).count(), { timeout: 20_000 })
        .toBe(trackCount);
      // the kept body is the bytes from before the reload and the rest: the library's file, byte for byte
      expect(await keptDigest(page, firstTrack)).toBe(createHash('sha256').update(slow.file!).digest('hex'));
      expect(await storedPartialBytes(page)).toBe(0);

      // offline, it plays from the device
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.setOffline(true);
      await page.getByRole('button', { name: '播放全部' }).click();
      await playsFromDevice(page, first!.title);
      await context.setOffline(false);
      expectNoErrors();
    } finally {
      await close();
      await slow.close();
    }
  });
}
