// Signing in and out in the real app, as a user does it: the app asks the server who is signed in
// (held until the path says how it answers), the login form with a good or an empty form, the
// server's answers to it (the demo user's own, or the errors the samples carry), the two-step code
// step, 注销, and a session that ends elsewhere (its cookie gone, the next call, a search, answered 902002).
// Every request that signs in or out is held until the path's done or error event releases it.
import type { BrowserContext, Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { newPage, type TestPage } from '../../../tools/browser';
import { logIn } from '../../../tools/signIn';
import { sha256Hex } from '../../../server/auth';
import { isUnauthorized } from '@/services/api/errors';
import { sessionMachine, type SessionContext } from '@/features/session/sessionMachine';
import { transitionsOf } from '../../../tools/transitions';
import type { TestServer } from '../support/server';
import type { InterfaceAdapter } from './adapter';
import { holdRequests, type HeldRequests } from './heldRequests';

interface Session {
  tp: TestPage;
  page: Page;
  context: BrowserContext;
  server: TestServer;
  userInfo: HeldRequests;
  login: HeldRequests;
  logout: HeldRequests;
}

// the browser logs the statuses and aborted requests a path answers with
const EXPECTED_CONSOLE = [/Failed to load resource/];
const AFTER_LOGOUT = 'xstate.after.logoutRedirectDelay.session.loggedIn.waitingToLeave';

const formError = (model: AnyMachineSnapshot, form: string) => {
  const error = (model.context as SessionContext).formError;
  return error?.form === form ? error.message : null;
};

async function showsFormError(page: Page, message: string | null): Promise<void> {
  if (message) await page.getByRole('main').getByRole('alert').filter({ hasText: message }).waitFor();
}

/** a 902002 the path makes up means the session really ended: the server forgets this browser too */
async function answer(ctx: Session, held: HeldRequests, event: AnyEventObject): Promise<void> {
  if (isUnauthorized(event.error)) await ctx.context.clearCookies();
  await held.answer(event);
}

const signedOutForms = new Set(['LOGIN']);
const codeForms = new Set(['SUBMIT_CODE', 'CANCEL_CODE']);

export const sessionAdapter: InterfaceAdapter<Session> = {
  machine: 'session',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: EXPECTED_CONSOLE });
    const { page, context } = tp;
    // signed in on the server before the app starts, so the app's first question can be answered either way
    const signedIn = await context.request.post(`${suite.server.baseUrl}/api/user/login`, {
      // as the app sends it: the password's SHA-256
      data: { email: suite.server.demo.email, password: sha256Hex(suite.server.demo.password) },
    });
    expect(signedIn.ok()).toBe(true);
    const ctx: Session = {
      tp,
      page,
      context,
      server: suite.server,
      userInfo: await holdRequests(page, '/api/user/info', ['GET']),
      login: await holdRequests(page, '/api/user/login', ['POST']),
      logout: await holdRequests(page, '/api/user/logout', ['POST']),
    };
    await page.goto(`${suite.server.baseUrl}/user/login`);
    return ctx;
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  accepts(event, model) {
    if (signedOutForms.has(event.type)) return model.matches({ loggedOut: 'idle' });
    if (codeForms.has(event.type)) return model.matches({ loggedOut: 'askingCode' });
    if (event.type === 'LOGOUT' || event.type === 'SESSION_EXPIRED') return model.matches({ loggedIn: 'idle' });
    return true;
  },
  events: {
    'xstate.done.actor.fetchUser': (ctx, event) => answer(ctx, ctx.userInfo, event),
    'xstate.error.actor.fetchUser': (ctx, event) => answer(ctx, ctx.userInfo, event),
    async LOGIN(ctx, event) {
      const form = ctx.page.getByRole('button', { name: '登录', exact: true });
      // signed out on another page: the header's 登录 leads to the form
      if (!(await form.isVisible())) await ctx.page.getByRole('link', { name: '登录', exact: true }).click();
      const { email } = event.form as { email: string };
      if (email) await logIn(ctx.page, ctx.server.demo.email, ctx.server.demo.password);
      else await logIn(ctx.page, '', '');
    },
    'xstate.done.actor.login': (ctx, event) => answer(ctx, ctx.login, event),
    'xstate.error.actor.login': (ctx, event) => answer(ctx, ctx.login, event),
    async SUBMIT_CODE(ctx, event) {
      await ctx.page.getByLabel('动态码', { exact: true }).fill(event.code as string);
      await ctx.page.getByRole('button', { name: '验证' }).click();
    },
    async CANCEL_CODE(ctx) {
      await ctx.page.getByRole('button', { name: '返回' }).click();
    },
    'xstate.done.actor.loginWithCode': (ctx, event) => answer(ctx, ctx.login, event),
    'xstate.error.actor.loginWithCode': (ctx, event) => answer(ctx, ctx.login, event),
    async LOGOUT(ctx) {
      await ctx.page.getByRole('button', { name: '注销', exact: true }).click();
    },
    'xstate.done.actor.logout': (ctx, event) => answer(ctx, ctx.logout, event),
    'xstate.error.actor.logout': (ctx, event) => answer(ctx, ctx.logout, event),
    // the page waits 2 s on its own
    async [AFTER_LOGOUT]() {},
    // the app clears this device and reloads; the reloaded app asks the server again, which has
    // forgotten this browser
    async 'xstate.done.actor.clearLocalData'(ctx) {
      await ctx.userInfo.answer({ type: 'xstate.done.actor.fetchUser' });
    },
    async SESSION_EXPIRED(ctx) {
      await ctx.context.clearCookies();
      // the next call of the page (a search) answers 902002
      await ctx.page.route((url) => url.pathname === '/api/search', (route) => route.fulfill({ json: { status: 902002, message: 'unauthorized', data: null } }), { times: 1 });
      await ctx.page.getByRole('link', { name: '搜索', exact: true }).first().click();
      await ctx.page.waitForURL((url) => url.pathname === '/search');
      const box = ctx.page.getByPlaceholder('搜点啥呢..', { exact: true });
      await box.fill('港灯');
      await box.press('Enter');
    },
  },
  states: {
    async unknown(ctx) {
      await expect.poll(() => ctx.userInfo.waiting, { timeout: 20_000 }).toBe(1);
    },
    async 'loggedOut.idle'(ctx, model) {
      await ctx.page.getByRole('button', { name: '登录', exact: true }).or(ctx.page.getByRole('link', { name: '登录', exact: true })).first().waitFor();
      await showsFormError(ctx.page, formError(model, 'login'));
    },
    async 'loggedOut.loggingIn'(ctx) {
      await expect.poll(() => ctx.page.getByRole('button', { name: '登录', exact: true }).isDisabled()).toBe(true);
    },
    async 'loggedOut.askingCode'(ctx, model) {
      await ctx.page.getByRole('heading', { name: '两步验证' }).waitFor();
      await expect.poll(() => ctx.page.getByRole('button', { name: '验证' }).isDisabled()).toBe(false);
      await showsFormError(ctx.page, formError(model, 'code'));
    },
    async 'loggedOut.checkingCode'(ctx) {
      await expect.poll(() => ctx.page.getByRole('button', { name: '验证' }).isDisabled()).toBe(true);
    },
    async 'loggedIn.idle'(ctx) {
      await expect.poll(() => ctx.page.getByRole('button', { name: '注销', exact: true }).isEnabled(), { timeout: 20_000 }).toBe(true);
    },
    async 'loggedIn.loggingOut'(ctx) {
      await ctx.page.getByText('正在登出！').waitFor();
    },
    async 'loggedIn.waitingToLeave'(ctx) {
      await ctx.page.getByText('登出成功', { exact: true }).waitFor();
    },
    // cleared, then reloaded: the reloaded app asks who is signed in
    async clearingLocalData(ctx) {
      await expect.poll(() => ctx.userInfo.waiting, { timeout: 20_000 }).toBe(1);
      expect(await ctx.page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    },
  },
  notThroughInterface: notThroughInterface(),
};

/** Transitions this adapter does not drive, with why, worked out from their events. */
function notThroughInterface(): { transition: string; reason: string }[] {
  const notYet =
    'not driven by this adapter yet (register, the user page: profile, password, two-step, deleting the account); tests/e2e/session.test.ts and two-factor.test.ts drive them by hand';
  const accountEvents = new Set(['REGISTER', 'UPDATE_PROFILE', 'CHANGE_PASSWORD', 'ENABLE_TWO_FACTOR', 'DISABLE_TWO_FACTOR', 'DELETE_ACCOUNT', 'TWO_FACTOR_REQUIRED', 'CLEAR_FORM_ERROR']);
  const accountActors = ['register', 'updateProfile', 'refreshUser', 'changePassword', 'enableTwoFactor', 'disableTwoFactor', 'deleteAccount'];
  const isAccount = (eventType: string, source: string) =>
    accountEvents.has(eventType) || accountActors.some((actor) => eventType.endsWith(`.actor.${actor}`)) || source === 'loggedOut.registered';
  const storedUserOnly = new Set(['unknown —error: fetchUser#1→ clearingLocalData', 'unknown —error: fetchUser#3→ loggedIn', 'unknown —error: fetchUser#5→ loggedIn']);
  return transitionsOf(sessionMachine).flatMap((t) => {
    if (storedUserOnly.has(t.id)) return [];
    if (isAccount(t.eventType, t.source)) return [{ transition: t.id, reason: notYet }];
    if (t.eventType === 'SESSION_EXPIRED' && t.source !== 'loggedIn')
      return [{ transition: t.id, reason: 'a 902002 while signing out: the page makes no call a user can start while the logout request is out or 登出成功 shows' }];
    if (t.eventType === 'LOGIN' && t.source === 'loggedOut.askingCode')
      return [{ transition: t.id, reason: 'the code step shows no login form: a user goes 返回 first (CANCEL_CODE)' }];
    if (t.eventType === 'xstate.error.actor.clearLocalData') return [{ transition: t.id, reason: "clearing the browser's own stores does not fail on any user action" }];
    return [];
  });
}
