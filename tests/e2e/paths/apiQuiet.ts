// Whether the app has calls to the Anniv API out that nobody held: a step that changes the server
// behind the app's back (signing out in another tab) waits for them first, or a call the app made
// just before (the stores' loads after a sign-in) meets the change and the app learns of it there
// instead of by the step's own request.
import { expect } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { HeldRequests } from './heldRequests';

const QUIET_WAIT_MS = 20_000;

/** Starts counting the page's API calls; the result waits until every call not held has its answer. */
export function apiQuiet(page: Page, held: Record<string, HeldRequests>): () => Promise<void> {
  const out = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) out.add(request);
  });
  const answered = (request: Request) => void out.delete(request);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  const waiting = () => Object.values(held).reduce((n, calls) => n + calls.waiting, 0);
  return async () => {
    await expect
      .poll(() => out.size - waiting(), {
        timeout: QUIET_WAIT_MS,
        message: 'the app’s API calls not held by the path have their answers',
      })
      .toBe(0);
  };
}
