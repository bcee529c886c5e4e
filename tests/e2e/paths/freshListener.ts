// A listener of their own for a path whose machine reads what the server holds for the user (their
// shares, playlists, likes): registered on the shared server, so no other machine's paths (which
// use the demo user) see what the path does or change what it reads. Their second device (a
// browser context of its own, with its own cookies) changes what the server holds, as the
// listener would on another computer; the page signs in through the login page.
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { logIn, pathAndQuery } from '../../../harness/signIn';
import type { TestPage } from '../../../harness/browser';
import type { Suite } from '../support/suite';
import { AccountDesk, call, newAccount, type Account } from './sessionAccount';

export interface FreshListener {
  account: Account;
  /** the listener's other device, signed in */
  device: BrowserContext;
  /** one API call from the other device: its data, or it throws unless the server says OK */
  call(method: string, path: string, body?: object): Promise<unknown>;
  close(): Promise<void>;
}

/** Registers a new listener (a demo site gives each the demo library) and signs in on a second device. */
export async function freshListener(suite: Suite): Promise<FreshListener> {
  const account = newAccount();
  const device = await suite.browser.newContext();
  const api: APIRequestContext = device.request;
  const desk = new AccountDesk(api, suite.server.baseUrl);
  await desk.register(account);
  await desk.signIn(account);
  return {
    account,
    device,
    call: (method, path, body) => call(api, method, `${suite.server.baseUrl}${path}`, body),
    close: () => device.close(),
  };
}

/** Opens a guarded `path` on the page, signs in as the listener on the login page it leads to, and waits to be back. */
export async function openSignedInAs(page: Page, suite: Suite, listener: FreshListener, path: string): Promise<void> {
  await page.goto(`${suite.server.baseUrl}${path}`);
  await page.waitForURL(/\/user\/login\?return=/);
  await logIn(page, listener.account.email, listener.account.password);
  await page.waitForURL((url) => pathAndQuery(url.href) === path);
}

/** The stop of a path with a listener of its own: their other device closes, and the page, which must have shown no errors. */
export async function stopListenerPage(ctx: { listener: FreshListener; tp: TestPage }): Promise<void> {
  await ctx.listener.close();
  try {
    ctx.tp.expectNoErrors();
  } finally {
    await ctx.tp.close();
  }
}
