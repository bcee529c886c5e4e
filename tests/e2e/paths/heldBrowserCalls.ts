// The browser's clipboard and share sheet, held the way heldRequests.ts holds the server's
// answers: an init script keeps each navigator.clipboard.writeText and navigator.share call
// pending until a step of the path settles it (its done or error event).
import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { expect } from 'vitest';

/** Add with `page.addInitScript` before the app loads. */
export const HELD_BROWSER_CALLS = `
  window.__held = { copy: [], share: [] };
  const hold = (list) => () => new Promise((resolve, reject) => list.push({ resolve, reject }));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: hold(window.__held.copy) }, configurable: true });
  Object.defineProperty(navigator, 'share', { value: hold(window.__held.share), configurable: true });
`;

/** Settles the oldest held clipboard or share-sheet call as `event` says (done: it worked; error: refused). */
export async function settleBrowserCall(page: Page, kind: 'copy' | 'share', event: AnyEventObject): Promise<void> {
  const ok = /^xstate\.done\.actor\./.test(event.type);
  await expect
    .poll(() =>
      page.evaluate((k) => (window as never as { __held: Record<string, unknown[]> }).__held[k]!.length, kind),
    )
    .toBeGreaterThan(0);
  await page.evaluate(
    ([k, resolve]) => {
      const call = (
        window as never as { __held: Record<string, { resolve(): void; reject(e: Error): void }[]> }
      ).__held[k]!.shift()!;
      if (resolve) call.resolve();
      else call.reject(new Error('refused'));
    },
    [kind, ok] as const,
  );
}
