// Two-step sign-in and the account's own controls in real Chromium against the real server:
// turning it on from the user page with the secret the page shows, signing in with a
// code computed from it, a site that enforces it, deleting an account.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from '../../tools/browser';
import { logIn, openSignedIn, registerOnPage } from '../../tools/signIn';
import { serverAndBrowser } from './support/suite';

const PERIOD = 30_000;
/** what an authenticator app would show for the secret at `at` */
const codeFor = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({ timestamp: at });
const toast = (page: Page, message: string) => page.getByRole('alert').filter({ hasText: message }).first();

/** on the 两步验证 tab: starts the setup, reads the secret the page shows and confirms a code of it */
async function turnOn(page: Page): Promise<string> {
  await page.getByRole('button', { name: '开启两步验证' }).click();
  await page.getByRole('img', { name: '两步验证密钥二维码' }).waitFor();
  const secret = (await page.getByLabel('密钥', { exact: true }).textContent()) ?? '';
  expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('动态码', { exact: true }).fill(codeFor(secret));
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
    const secret = await turnOn(page);
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
    await turnOn(page);
    await page.getByRole('tab', { name: '个人信息' }).waitFor();
    await page.getByRole('link', { name: '音频仓库', exact: true }).click();
    await toast(page, '音频仓库同步成功').waitFor();
    expectNoErrors();
    await close();
  });
});
