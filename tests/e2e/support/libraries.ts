// Adding a library through the libraries page's dialog, with the demo user's token (a library on
// loopback does not check it; the client only reads it).
import type { Page } from 'playwright-core';

/** on /library: adds `url` as `name` and waits for the dialog to close */
export async function addLibraryOnPage(page: Page, name: string, url: string): Promise<void> {
  const token = await page.evaluate(async () => {
    const body = (await (await fetch('/api/credential', { credentials: 'include' })).json()) as {
      data: { token: string }[];
    };
    return body.data[0]?.token ?? '';
  });
  await page.getByRole('button', { name: '添加音频仓库' }).click();
  const dialog = page.getByRole('dialog', { name: '添加音频仓库' });
  await dialog.getByLabel('名称', { exact: true }).fill(name);
  await dialog.getByLabel('URL', { exact: true }).fill(url);
  await dialog.getByLabel('Token', { exact: true }).fill(token);
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
