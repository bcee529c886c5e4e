import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the app opens with the site name as title and no errors', async () => {
  const info = (await (await fetch(`${server.baseUrl}/api/info`)).json()) as { data: { site_name: string } };
  const siteName = info.data.site_name;
  expect(siteName).toBeTruthy();
  const { page, expectNoErrors, close } = await newPage(browser);
  await page.goto(server.baseUrl);
  await expect.poll(() => page.title(), { timeout: 15_000 }).toContain(siteName);
  expectNoErrors();
  await close();
});
