/**
 * A big library for the benchmarks of the real app: a token the app accepts for a library of
 * `harness/albumListLibrary.ts`, adding that library to the signed-in account, and waiting on
 * 音频仓库 until the app has synced it.
 */
import type { Page } from 'playwright-core';

const SYNC_TIMEOUT_MS = 300_000;

/** an unsigned JWT of the shape annil hands out: the client reads it, only annil verifies it */
function benchToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ type: 'user', user_id: 'bench', audios: {} })}.c2lnbmF0dXJl`;
}

/** adds the library at `url` to the account signed in on `page` (POST /api/credential from the page) */
export async function addLibrary(page: Page, name: string, url: string): Promise<void> {
  const added = await page.evaluate(
    async (body) =>
      (await (
        await fetch('/api/credential', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as { status: number },
    { name, url, token: benchToken(), priority: 0 },
  );
  if (added.status !== 0) throw new Error(`adding the library ${name}: status ${added.status}`);
}

/**
 * /library in a fresh document, until the library `name` shows its `albums` and neither of the
 * account's two libraries (the demo's and `name`) is syncing.
 */
export async function openLibraries(page: Page, baseUrl: string, name: string, albums: number): Promise<void> {
  await page.goto(`${baseUrl}/library`);
  const big = page.getByRole('article', { name });
  await big.getByText(`${albums} 张专辑`, { exact: false }).waitFor({ timeout: SYNC_TIMEOUT_MS });
  await page.waitForFunction(
    () => {
      const buttons = Array.from(document.querySelectorAll('main article button[aria-label="同步"]'));
      return (
        buttons.length === 2 &&
        buttons.every((b) => !(b as HTMLButtonElement).disabled) &&
        !document.body.textContent?.includes('同步中')
      );
    },
    undefined,
    { timeout: SYNC_TIMEOUT_MS },
  );
}
