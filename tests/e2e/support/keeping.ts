// Keeping tracks on the device, as the journeys in real Chromium drive and check it: the 保存到本机
// dialog, and what the page has stored (IndexedDB `kept`, Cache Storage `kept-audio`).
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { audio } from './audioSpy';

/** what a browser logs by itself for requests that cannot reach the network */
export const OFFLINE_CONSOLE = [/net::ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /Failed to fetch/];

export const keepDialog = (page: Page) => page.getByRole('dialog', { name: '保存到本机' });

export const keepButton = (page: Page) => page.getByRole('button', { name: '保存到本机' });

/** 保存到本机 on a list's page once its tracks can play: the dialog opens */
export async function openKeepDialog(page: Page) {
  const keep = keepButton(page);
  await expect.poll(() => keep.isVisible(), { timeout: 30_000 }).toBe(true);
  await keep.click();
}

/** 保存到本机 in its dialog once the size is known: 开始保存 */
export async function startKeeping(page: Page) {
  const start = keepDialog(page).getByRole('button', { name: '开始保存' });
  await expect.poll(() => start.isEnabled(), { timeout: 30_000 }).toBe(true);
  await start.click();
}

/** the bytes of downloads cut off that the page has stored so far (IndexedDB `kept`, store `partial_pieces`) */
export function storedPartialBytes(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('kept');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('partial_pieces')) {
            db.close();
            resolve(0);
            return;
          }
          const all = db.transaction('partial_pieces').objectStore('partial_pieces').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { bytes: Blob }[]).reduce((sum, piece) => sum + piece.bytes.size, 0));
          };
        };
      }),
  );
}

/** the SHA-256 (hex) of the body kept on the page for the track at `trackPath` (`/{album}/{disc}/{track}`) */
export function keptDigest(page: Page, trackPath: string): Promise<string | null> {
  return page.evaluate(async (path) => {
    const cache = await caches.open('kept-audio');
    const request = (await cache.keys()).find((kept) =>
      new URL(kept.url).pathname.startsWith(`/kept-audio/track${path}/`),
    );
    const body = request && (await cache.match(request));
    if (!body) return null;
    const digest = await crypto.subtle.digest('SHA-256', await body.arrayBuffer());
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }, trackPath);
}

/** the type of every body kept on the page (Cache Storage `kept-audio`), in the store's order */
export function keptTypes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('kept-audio');
    const types: string[] = [];
    for (const request of await cache.keys()) {
      if (!new URL(request.url).pathname.startsWith('/kept-audio/track/')) continue;
      types.push((await cache.match(request))?.headers.get('content-type') ?? '');
    }
    return types;
  });
}

/** the player bar shows `title`, and its audio plays from the device (the kept body's `blob:` URL) */
export async function playsFromDevice(page: Page, title: string): Promise<void> {
  await page
    .getByRole('contentinfo', { name: '正在播放' })
    .getByText(title, { exact: true })
    .waitFor({ timeout: 15_000 });
  await expect
    .poll(
      async () => {
        const played = await audio(page);
        return { from: played.src.slice(0, 'blob:'.length), playing: played.currentTime > 0.3 };
      },
      { timeout: 20_000 },
    )
    .toEqual({ from: 'blob:', playing: true });
}
