// How the server answers, as a path says: the app's requests to an endpoint are held (Playwright
// `page.route`) until a step of the path names the answer of the actor that made them, then let
// through to the real server (`done`), or answered with the error the sample event carries: the
// envelope `{status, message, data}` for an ApiError, the HTTP status for a NetworkError with one,
// no answer at all (aborted) for any other error.
import type { Page, Request, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { ApiError, NetworkError } from '@/services/api/errors';

/**
 * What the browser itself logs when a held request is answered with an HTTP error or aborted as a
 * path says: pages whose paths fail requests ignore these console lines (and only these).
 */
export const ANSWERED_FAILURES =
  /^Failed to load resource: (the server responded with a status of (401|503) |net::ERR_FAILED)/;

// long enough for a loaded 2-core machine; a request that never comes fails the step with a message
const WAIT_MS = 20_000;

export interface HeldRequests {
  /**
   * Waits for the next held request and answers it as `event` (an actor's done or error event) says;
   * a done event by `done` when given (the server's answer to another request, say), else by the
   * server's answer to this one.
   */
  answer(event: AnyEventObject, done?: (route: Route) => Promise<void>): Promise<Request>;
  /** Requests held and not answered yet. */
  readonly waiting: number;
  /** Requests held so far, answered or not. */
  readonly seen: number;
}

/** Holds every request to `path` (with one of `methods`, if given) on `page` until `answer` releases it. */
export async function holdRequests(page: Page, path: string, methods?: readonly string[]): Promise<HeldRequests> {
  const held: Route[] = [];
  const waiters: ((route: Route) => void)[] = [];
  let seen = 0;
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      if (methods && !methods.includes(route.request().method())) return route.fallback();
      seen++;
      const waiter = waiters.shift();
      if (waiter) waiter(route);
      else held.push(route);
    },
  );
  const next = () =>
    new Promise<Route>((resolve, reject) => {
      const route = held.shift();
      if (route) return resolve(route);
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(take), 1);
        reject(new Error(`no ${methods?.join('/') ?? ''} request to ${path} came within ${WAIT_MS / 1000} s`));
      }, WAIT_MS);
      const take = (route: Route) => {
        clearTimeout(timer);
        resolve(route);
      };
      waiters.push(take);
    });
  return {
    get waiting() {
      return held.length;
    },
    get seen() {
      return seen;
    },
    async answer(event, done) {
      const route = await next();
      if (done && /^xstate\.done\.actor\./.test(event.type)) await done(route);
      else await release(route, event);
      return route.request();
    },
  };
}

async function release(route: Route, event: AnyEventObject): Promise<void> {
  if (/^xstate\.done\.actor\./.test(event.type)) return route.continue();
  const error: unknown = event.error;
  if (error instanceof ApiError) {
    return route.fulfill({
      status: error.httpStatus,
      contentType: 'application/json',
      body: JSON.stringify({ status: error.status, message: error.message, data: null }),
    });
  }
  if (error instanceof NetworkError && error.httpStatus !== null)
    return route.fulfill({ status: error.httpStatus, body: error.statusText });
  return route.abort('failed');
}
