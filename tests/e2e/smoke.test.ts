import { expect, test } from 'vitest';
import { newPage } from './support/browser';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

test('the app opens with the site name as title and no errors', async () => {
  const info = (await (await fetch(`${suite.server.baseUrl}/api/info`)).json()) as { data: { site_name: string } };
  const siteName = info.data.site_name;
  expect(siteName).toBeTruthy();
  const { page, expectNoErrors, close } = await newPage(suite.browser);
  await page.goto(suite.server.baseUrl);
  await expect.poll(() => page.title(), { timeout: 15_000 }).toContain(siteName);
  expectNoErrors();
  await close();
});
