// Signing in through the real login page, shared by the browser tests.
import type { Page } from 'playwright-core';
import type { TestServer } from './serverProcess';

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

/** Fills the register page (already open) and sends it: email, password twice, nickname. */
export async function registerOnPage(page: Page, email: string, password: string, nickname: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('重复密码', { exact: true }).fill(password);
  await page.getByLabel('昵称', { exact: true }).fill(nickname);
  await page.getByRole('button', { name: '注册' }).click();
}

/** Signs in as the demo user on the login page and waits for the home page it leads to. */
export async function signInAsDemo(page: Page, server: TestServer): Promise<void> {
  await page.goto(`${server.baseUrl}/user/login`);
  await logIn(page, server.demo.email, server.demo.password);
  await page.waitForURL(`${server.baseUrl}/`);
}

export function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Opens a guarded `path`, signs in as the demo user on the login page it leads to, and waits to be back. */
export async function openSignedIn(page: Page, server: TestServer, path: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.waitForURL(/\/user\/login\?return=/);
  await logIn(page, server.demo.email, server.demo.password);
  await page.waitForURL((url) => pathAndQuery(url.href) === path);
}
