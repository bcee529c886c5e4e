// What a user sees of a call's answer: the toast with its message, or, for a request that got no
// answer at all, the 离线中 banner (the app then toasts no "no answer" errors one by one: the banner
// says it once).
import type { Locator, Page } from 'playwright-core';
import { ApiError, NetworkError } from '@/services/api/errors';
import { text } from '@/shared/text';

export const toastOf = (page: Page, message: string): Locator =>
  page.getByRole('alert').filter({ hasText: message }).first();

/** whether heldRequests.ts answers a request failing with `error` with nothing at all (aborted) */
const noAnswer = (error: unknown) =>
  !(error instanceof ApiError) && !(error instanceof NetworkError && error.httpStatus !== null);

/**
 * For an error a path just answered a request with: waits for the 离线中 banner when the request
 * got no answer (it shows at once, and goes as soon as another request is answered, so it is looked
 * for now) and gives null; otherwise gives the message the state's check finds in a toast.
 */
export async function failureShown(page: Page, error: unknown): Promise<string | null> {
  if (!noAnswer(error)) return (error as Error).message;
  await page.getByText(text.appStatus.offline, { exact: true }).waitFor();
  return null;
}
