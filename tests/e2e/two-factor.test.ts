// Two-step sign-in and the account's own controls in real Chromium against the real server:
// turning it on from the user page with the secret the page shows and the account's password,
// signing in with a code computed from it or with a recovery code it handed out, a site that
// enforces it, deleting an account.
import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from '../../harness/browser';
import { logIn, openSignedIn, registerOnPage } from '../../harness/signIn';
import { serverAndBrowser } from './support/suite';

const PERIOD = 30_000;
/** what an authenticator app would show for the secret at `at` */
const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({ timestamp: at });
const toast = (page: Page, message: string) => page.getByRole('alert').filter({ hasText: message }).first();

/** on the 两步验证 tab: starts the setup, reads the secret the page shows and confirms a code of it with the password */
async function turnOn(page: Page, password: string): Promise<string> {
  await page.getByRole('button', { name: '开启两步验证' }).click();
  await page.getByRole('img', { name: '两步验证密钥二维码' }).waitFor();
  const secret = (await page.getByLabel('密钥', { exact: true }).textContent()) ?? '';
  expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('动态码', { exact: true }).fill(codeFor(secret));
  await page.getByLabel('账号密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '确认开启' }).click();
  await toast(page, '两步验证已开启').waitFor();
  return secret;
}

describe('on a site that offers it', () => {
  const suite = serverAndBrowser();

  test('turned on from the user page, then signing in asks for the code: a wrong one says so, the right one signs in', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await openSignedIn(page, suite.server, '/user/index');
    await page.getByRole('tab', { name: '两步验证' }).click();
    const secret = await turnOn(page, suite.server.demo.password);
    await page.getByText('两步验证已开启：登录时需要输入身份验证器中的动态码').waitFor();

    const fresh = await newPage(suite.browser);
    await fresh.page.goto(`${suite.server.baseUrl}/user/login`);
    await logIn(fresh.page, suite.server.demo.email, suite.server.demo.password);
    await fresh.page.getByRole('heading', { name: '两步验证' }).waitFor();
    const code = fresh.page.getByLabel('动态码', { exact: true });
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await code.fill(codeFor(secret, Date.now() - 5 * PERIOD));
    await fresh.page.getByRole('button', { name: '验证' }).click();
    await fresh.page.getByText('动态码错误，请重新输入').waitFor();
    // the window after the one the setup used: a code is good only once
    await code.fill(codeFor(secret, Date.now() + PERIOD));
    await fresh.page.getByRole('button', { name: '验证' }).click();
    await fresh.page.getByRole('button', { name: '注销', exact: true }).waitFor();
    expect(new URL(fresh.page.url()).pathname).toBe('/');
    fresh.expectNoErrors();
    await fresh.close();
    expectNoErrors();
    await close();
  });

  test('turned on with the password, it hands out ten recovery codes (shown once, downloadable as .txt); signed out, one signs in in place of a code, once', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser, { acceptDownloads: true });
    await page.goto(`${suite.server.baseUrl}/user/register`);
    await registerOnPage(page, 'recovering@example.com', 'r3cover-pass', '恢复');
    await page.waitForURL(`${suite.server.baseUrl}/user/login`);
    await logIn(page, 'recovering@example.com', 'r3cover-pass');
    await page.getByRole('link', { name: '恢复' }).click();
    await page.getByRole('tab', { name: '两步验证' }).click();
    // a wrong password turns nothing on
    await page.getByRole('button', { name: '开启两步验证' }).click();
    const secret = (await page.getByLabel('密钥', { exact: true }).textContent()) ?? '';
    await page.getByLabel('动态码', { exact: true }).fill(codeFor(secret));
    await page.getByLabel('账号密码', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: '确认开启' }).click();
    await page.getByText('email and password does not match').waitFor();
    await page.getByLabel('账号密码', { exact: true }).fill('r3cover-pass');
    await page.getByRole('button', { name: '确认开启' }).click();
    await toast(page, '两步验证已开启').waitFor();

    const shown = page.getByRole('region', { name: '新的恢复码' });
    await shown.waitFor();
    const codes = await shown.getByRole('list', { name: '恢复码列表' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      shown.getByRole('link', { name: '下载 .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('anniv-recovery-codes.txt');
    const file = await readFile((await download.path())!, 'utf8');
    for (const code of codes) expect(file).toContain(code);
    await shown.getByRole('button', { name: '我已保存' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.getByText('还剩 10 个未使用的恢复码').waitFor();

    await page.getByRole('button', { name: '注销', exact: true }).click();
    await page.getByRole('link', { name: '登录' }).waitFor({ timeout: 15_000 });
    const signInWith = async (code: string) => {
      await page.goto(`${suite.server.baseUrl}/user/login`);
      await logIn(page, 'recovering@example.com', 'r3cover-pass');
      await page.getByRole('heading', { name: '两步验证' }).waitFor();
      await page.getByRole('button', { name: '改用恢复码' }).click();
      await page.getByLabel('恢复码', { exact: true }).fill(code);
      await page.getByRole('button', { name: '验证' }).click();
    };
    await signInWith(codes[4]!);
    await page.getByRole('button', { name: '注销', exact: true }).waitFor();
    await page.getByRole('link', { name: '恢复' }).click();
    await page.getByRole('tab', { name: '两步验证' }).click();
    await page.getByText('还剩 9 个未使用的恢复码').waitFor();

    // the same code a second time is refused
    await page.getByRole('button', { name: '注销', exact: true }).click();
    await page.getByRole('link', { name: '登录' }).waitFor({ timeout: 15_000 });
    await signInWith(codes[4]!);
    await page.getByText('动态码错误，请重新输入').waitFor();
    expectNoErrors();
    await close();
  });

  test('删除账号: the password is asked, then the account is gone, this device is cleared and signing in again fails', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.baseUrl}/user/register`);
    await registerOnPage(page, 'leaving@example.com', 's3cret-pass', '离开');
    await page.waitForURL(`${suite.server.baseUrl}/user/login`);
    await logIn(page, 'leaving@example.com', 's3cret-pass');
    await page.getByRole('link', { name: '离开' }).click();
    await page.getByRole('button', { name: '删除账号' }).click();
    const dialog = page.getByRole('dialog', { name: '删除账号' });
    await dialog.getByText('无法恢复', { exact: false }).waitFor();
    await dialog.getByLabel('密码', { exact: true }).fill('s3cret-pass');
    await dialog.getByRole('button', { name: '确认删除' }).click();
    await toast(page, '账号已删除').waitFor();
    await page.getByRole('link', { name: '登录' }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await page.goto(`${suite.server.baseUrl}/user/login`);
    await logIn(page, 'leaving@example.com', 's3cret-pass');
    await page.getByText('user not exist').first().waitFor();
    expectNoErrors();
    await close();
  });
});

describe('on a site that enforces it', () => {
  const suite = serverAndBrowser({ env: { FEATURES: '2fa_enforced' } });

  test('a user without it is led to turn it on, with the reason; nothing else opens until it is on, then everything does', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.baseUrl}/library`);
    await logIn(page, suite.server.demo.email, suite.server.demo.password);
    await page.getByText('本站要求开启两步验证：开启之前，其他功能暂不可用').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/index');
    await page.goto(`${suite.server.baseUrl}/playlist`);
    await page.getByText('本站要求开启两步验证', { exact: false }).waitFor();
    expect(await page.getByRole('heading', { name: '播放列表管理' }).count()).toBe(0);
    await turnOn(page, suite.server.demo.password);
    await page.getByRole('tab', { name: '个人信息' }).waitFor();
    await page.getByRole('link', { name: '音频仓库', exact: true }).click();
    await toast(page, '音频仓库同步成功').waitFor();
    expectNoErrors();
    await close();
  });
});
