// Every way a session ends clears the device as the header's 注销 does, in real Chromium
// against the real reference server: the saved queue, where it stopped, what 主页 read and userInfo in localStorage, the album
// and library records in IndexedDB, audio kept for listening offline (Cache Storage) and the
// answers kept for offline pages. And no page of another site can sign a user out.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { sha256Hex } from '../../server/auth';
import { DEMO_ALBUMS } from '../../server/demo/catalog';
import { newPage, type NewPageOptions, type TestPage } from '../../harness/browser';
import { logIn } from '../../harness/signIn';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();
const ALBUM = DEMO_ALBUMS[0]!;

// Strings, not functions: a function would be serialised after the test transform, helpers and all.
const countRecords = `(async () => {
  // a database the app has not made yet counts 0 (opening it here would make an empty one)
  const made = (await indexedDB.databases()).map((db) => db.name);
  const count = (name, store) => !made.includes(name) ? 0 : new Promise((resolve) => {
    const open = indexedDB.open(name);
    open.onerror = () => resolve(-1);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(store)) { db.close(); resolve(0); return; }
      const request = db.transaction(store).objectStore(store).count();
      request.onsuccess = () => { db.close(); resolve(request.result); };
      request.onerror = () => { db.close(); resolve(-1); };
    };
  });
  return {
    album_info: await count('album', 'album_info'),
    album_library_map: await count('album', 'album_library_map'),
    library_info: await count('library', 'library_info'),
    kept_tracks: await count('kept', 'kept_tracks'),
    kept_audio: (await caches.has('kept-audio')) ? (await (await caches.open('kept-audio')).keys()).length : 0,
    answer_copies: await count('answer_copies', 'answers'),
    playlist: localStorage.getItem('playlist') !== null,
    position: localStorage.getItem('player.position') !== null,
    homeLastRead: localStorage.getItem('home.lastRead') !== null,
    userInfo: localStorage.getItem('userInfo') !== null,
  };
})()`;

interface DeviceData {
  album_info: number;
  album_library_map: number;
  library_info: number;
  kept_tracks: number;
  kept_audio: number;
  answer_copies: number;
  playlist: boolean;
  /** where the current track stopped (继续播放) */
  position: boolean;
  /** what 主页's shelves last read from the server */
  homeLastRead: boolean;
  userInfo: boolean;
}

const CLEAN: DeviceData = {
  album_info: 0,
  album_library_map: 0,
  library_info: 0,
  kept_tracks: 0,
  kept_audio: 0,
  answer_copies: 0,
  playlist: false,
  position: false,
  homeLastRead: false,
  userInfo: false,
};

const deviceData = (page: Page) => page.evaluate(countRecords) as Promise<DeviceData>;

/** The device once the page has settled: the clean-up ends in a reload, which may still be under way. */
const cleared = (page: Page) =>
  expect.poll(() => deviceData(page).catch(() => null), { timeout: 15_000 }).toEqual(CLEAN);

/** What the page's own fetch gets from the server (status of the envelope). */
const call = (page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  page.evaluate(
    `(async () => {
      const answer = await fetch(${JSON.stringify(path)}, { method: ${JSON.stringify(init.method ?? 'GET')}, headers: { 'content-type': 'application/json' }, body: ${init.body === undefined ? 'undefined' : JSON.stringify(JSON.stringify(init.body))} });
      return (await answer.json()).status;
    })()`,
  ) as Promise<number>;

let accounts = 0;

/**
 * A fresh account signed in on a fresh page that has played an album: the device holds a queue and
 * where it stopped, the user, an album record, the library's records and what 主页 read.
 */
async function signedInWithData(options: NewPageOptions = {}): Promise<TestPage & { email: string; password: string }> {
  const email = `listener-${++accounts}-${Date.now()}@anniv.local`;
  const password = `pass-${accounts}-word`;
  const opened = await newPage(suite.browser, options);
  const { page } = opened;
  await page.goto(`${suite.server.baseUrl}/user/login`);
  expect(
    await call(page, '/api/user/register', {
      method: 'POST',
      body: { email, password: sha256Hex(password), nickname: `l${accounts}` },
    }),
  ).toBe(0);
  await logIn(page, email, password);
  await page.waitForURL(`${suite.server.baseUrl}/`);
  await page.getByRole('button', { name: '注销', exact: true }).waitFor();
  await page.goto(`${suite.server.baseUrl}/album/${ALBUM.album_id}`);
  await page.getByRole('heading', { name: ALBUM.title, exact: true }).waitFor();
  await page.getByRole('button', { name: '播放全部' }).click();
  await expect
    .poll(() => deviceData(page), { timeout: 20_000 })
    .toMatchObject({ playlist: true, position: true, userInfo: true, album_info: expect.any(Number), library_info: 1 });
  // 主页 once more: its shelves keep what they read from the server
  await page.getByRole('navigation').getByRole('link', { name: '主页' }).click();
  await expect.poll(() => deviceData(page), { timeout: 20_000 }).toMatchObject({ homeLastRead: true });
  // a track kept for listening offline (its body, as the app stores it)
  await page.evaluate(
    `caches.open('kept-audio').then((cache) => cache.put('/kept-audio/track/${ALBUM.album_id}/1/1/lossless', new Response('flac')))`,
  );
  // the liked tracks and albums and the playlists, as read at sign-in, kept for offline pages
  await expect.poll(async () => (await deviceData(page)).answer_copies, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  // the album's records are written as its page loads; the poll above also passes while they are 0
  await expect.poll(async () => (await deviceData(page)).album_info, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await deviceData(page)).album_library_map, { timeout: 20_000 }).toBeGreaterThan(0);
  const data = await deviceData(page);
  expect(data.kept_audio).toBe(1);
  expect(data.album_info).toBeGreaterThan(0);
  expect(data.album_library_map).toBeGreaterThan(0);
  return { ...opened, email, password };
}

/** Ends every session of the account from another device: its password is changed there. */
async function changePasswordElsewhere(email: string, password: string): Promise<void> {
  const other = await newPage(suite.browser);
  await other.page.goto(`${suite.server.baseUrl}/user/login`);
  await logIn(other.page, email, password);
  await other.page.waitForURL(`${suite.server.baseUrl}/`);
  const changed = await call(other.page, '/api/user/password', {
    method: 'PATCH',
    body: { old_password: sha256Hex(password), new_password: sha256Hex(`${password}-new`) },
  });
  expect(changed).toBe(0);
  await other.close();
}

describe('every way a session ends clears the device', () => {
  test('the header’s 注销', async () => {
    const { page, expectNoErrors, close } = await signedInWithData();
    await page.getByRole('button', { name: '注销', exact: true }).click();
    await page.getByText('正在登出！').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/logout');
    await page.getByRole('link', { name: '登录' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await cleared(page);
    expectNoErrors();
    await close();
  });

  test('/user/logout opened by its address asks first; 确认注销 clears the device', async () => {
    const { page, expectNoErrors, close } = await signedInWithData();
    await page.goto(`${suite.server.baseUrl}/user/logout`);
    await page.getByText('要注销吗？').waitFor();
    expect(await page.getByText('正在登出！').count()).toBe(0);
    expect(await call(page, '/api/user/info')).toBe(0); // still signed in
    await page.getByRole('button', { name: '确认注销' }).click();
    await page.getByText('正在登出！').waitFor();
    await page.getByRole('link', { name: '登录' }).waitFor({ timeout: 15_000 });
    await cleared(page);
    expect(await call(page, '/api/user/info')).toBe(902002);
    expectNoErrors();
    await close();
  });

  test('another site sending the browser to /user/logout cannot sign the user out', async () => {
    // the library answers its bare /info with 401 and has no favicon: the console says so
    const { page, expectNoErrors, close } = await signedInWithData({ ignoreConsole: [/status of 40[14]/] });
    // a page of another origin (the library server's) sends the browser to the logout address
    await page.goto(`${suite.server.libraryUrl}/info`);
    await page.evaluate(`location.href = ${JSON.stringify(`${suite.server.baseUrl}/user/logout`)}`);
    await page.waitForURL(`${suite.server.baseUrl}/user/logout`);
    await page.getByText('要注销吗？').waitFor();
    expect(await call(page, '/api/user/info')).toBe(0);
    await page.getByRole('button', { name: '取消' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/`);
    // the question closes with a transition: under load it is still on screen for a moment
    await page.getByText('要注销吗？').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '注销', exact: true }).waitFor();
    expect(await call(page, '/api/user/info')).toBe(0);
    expect(await deviceData(page)).toMatchObject({ playlist: true, userInfo: true, library_info: 1 });
    expectNoErrors();
    await close();
  });

  test('a password changed on another device, seen at the next call: cleared, and the guarded page asks to sign in again', async () => {
    const { page, expectNoErrors, close, email, password } = await signedInWithData();
    await changePasswordElsewhere(email, password);
    // the next call of this page (a search) answers 902002
    await page.getByRole('link', { name: '搜索' }).first().click();
    const box = page.getByPlaceholder('搜点啥呢..', { exact: true });
    await box.fill('港灯');
    await box.press('Enter');
    await page.waitForURL(/\/user\/login\?return=%2Fsearch/, { timeout: 15_000 });
    await cleared(page);
    expectNoErrors();
    await close();
  });

  test('a session that ended while the app was closed, seen at start: cleared before anything shows', async () => {
    const { page, context, expectNoErrors, close, email, password } = await signedInWithData();
    await page.close();
    await changePasswordElsewhere(email, password);
    const reopened = await context.newPage();
    await reopened.goto(`${suite.server.baseUrl}/`);
    await reopened.getByRole('link', { name: '登录' }).waitFor({ timeout: 15_000 });
    await cleared(reopened);
    expectNoErrors();
    await close();
  });

  test('a password changed on this device: cleared, then the login page', async () => {
    const { page, expectNoErrors, close, password } = await signedInWithData();
    await page.goto(`${suite.server.baseUrl}/user/index`);
    await page.getByRole('tab', { name: '密码' }).click();
    await page.getByLabel('旧密码', { exact: true }).fill(password);
    await page.getByLabel('新密码', { exact: true }).fill(`${password}-2`);
    await page.getByLabel('确认新密码', { exact: true }).fill(`${password}-2`);
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/user/login`, { timeout: 15_000 });
    await page.getByRole('button', { name: '登录' }).waitFor();
    await cleared(page);
    expectNoErrors();
    await close();
  });
});
