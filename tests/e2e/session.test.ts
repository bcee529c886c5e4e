// Sign-in flows in real Chromium against the real reference server.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newPage } from '../../harness/browser';
import { logIn, registerOnPage } from '../../harness/signIn';
import { startServer, type TestServer } from './support/server';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

describe('session in the browser', () => {
  test('register, then log in through a guarded page and come back to it; reload keeps the session; logout', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.baseUrl}/user/register`);
    await registerOnPage(page, 'listener@example.com', 's3cret-pass', '听众');
    await page.waitForURL(`${suite.server.baseUrl}/user/login`);
    await expect.poll(() => page.getByText('注册成功').count()).toBeGreaterThan(0);

    await page.goto(`${suite.server.baseUrl}/user/index`);
    await page.waitForURL(`${suite.server.baseUrl}/user/login?return=%2Fuser%2Findex`);
    await logIn(page, 'listener@example.com', 's3cret-pass');
    await page.waitForURL(`${suite.server.baseUrl}/user/index`);
    await page.getByRole('tab', { name: '个人信息' }).waitFor();
    await page.getByRole('link', { name: '听众' }).waitFor();

    await page.reload();
    await page.getByRole('tab', { name: '设置' }).waitFor();
    await page.getByRole('link', { name: '听众' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/index');

    await page.getByRole('button', { name: '注销', exact: true }).click();
    await page.getByText('正在登出！').waitFor();
    await page.getByText('登出成功', { exact: true }).waitFor();
    // after 2 s the app clears local data and reloads the home page, signed out
    await page.getByRole('link', { name: '登录' }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await page.goto(`${suite.server.baseUrl}/user/index`);
    await page.waitForURL(/\/user\/login\?return=/);
    expectNoErrors();
    await close();
  });

  test('the demo account signs in; a wrong password shows the server message', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.baseUrl}/user/login`);
    await logIn(page, suite.server.demo.email, 'not-the-password');
    await page.getByText('email and password does not match').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await logIn(page, suite.server.demo.email, suite.server.demo.password);
    await page.waitForURL(`${suite.server.baseUrl}/`);
    await page.getByRole('button', { name: '注销', exact: true }).waitFor();
    expectNoErrors();
    await close();
  });

  test('unknown paths show 404 - Not Found', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();
    expectNoErrors();
    await close();
  });

  test('register checks its fields in order before calling the server', async () => {
    const { page, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.baseUrl}/user/register`);
    await page.getByRole('button', { name: '注册' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('密码不能为空');
    await page.getByLabel('密码', { exact: true }).fill('a');
    await page.getByLabel('重复密码', { exact: true }).fill('b');
    await page.getByRole('button', { name: '注册' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('昵称不能为空');
    await close();
  });
});

describe('invite-only site', () => {
  let inviteServer: TestServer;
  beforeAll(async () => {
    inviteServer = await startServer({ env: { FEATURES: 'invite', INVITE_CODE: 'welcome' } });
  });
  afterAll(async () => {
    await inviteServer?.stop();
  });

  test('asks for the invite code and refuses a wrong one', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${inviteServer.baseUrl}/user/register`);
    await registerOnPage(page, 'guest@example.com', 'pw', 'guest');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('邀请码不能为空');
    await page.getByLabel('邀请码', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: '注册' }).click();
    await page.getByText('invalid invite code').waitFor();
    await page.getByLabel('邀请码', { exact: true }).fill('welcome');
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL(`${inviteServer.baseUrl}/user/login`);
    expectNoErrors();
    await close();
  });
});

describe('closed site', () => {
  let closedServer: TestServer;
  beforeAll(async () => {
    closedServer = await startServer({ env: { FEATURES: 'close' } });
  });
  afterAll(async () => {
    await closedServer?.stop();
  });

  test('shows no register link', async () => {
    const { page, close } = await newPage(suite.browser);
    await page.goto(`${closedServer.baseUrl}/user/login`);
    await page.getByRole('button', { name: '登录' }).waitFor();
    await page.getByRole('link', { name: '登录' }).waitFor();
    expect(await page.getByRole('link', { name: '注册' }).count()).toBe(0);
    await close();
  });
});
