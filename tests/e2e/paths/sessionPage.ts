// The sign-in and account paths' pages (session.adapter.ts, account.adapter.ts): what the listener
// finds on 登录 / 注册, the user page's tabs and the header, where they go to do a step, and what each
// state of the session or the account shows there, read from the page the listener is on as the
// model's tags and context say it should be.
import type { Locator, Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import type { AccountContext, AccountForm } from '@/features/account/accountMachine';
import type { SessionContext, SessionForm } from '@/features/session/sessionMachine';
import { text } from '@/shared/text';
import type { TestPage } from '../../../harness/browser';
import type { HeldRequests } from './heldRequests';
import type { Account, AccountDesk, FreshCode } from './sessionAccount';

/** the app's calls a path answers, each held until its step */
export const CALLS = {
  info: ['/api/user/info', 'GET'], // who is signed in: at start, after a reload, after 确认修改 on 个人信息
  login: ['/api/user/login', 'POST'], // 登录, and 验证 with the code
  register: ['/api/user/register', 'POST'],
  logout: ['/api/user/logout', 'POST'],
  profile: ['/api/user/intro', 'PATCH'],
  password: ['/api/user/password', 'PATCH'],
  enable: ['/api/features/2fa', 'POST'],
  disable: ['/api/features/2fa', 'DELETE'],
  renew: ['/api/features/2fa/recovery', 'POST'], // 生成新的恢复码
  revoke: ['/api/user/revoke', 'POST'],
  shares: ['/api/share/', 'GET'], // 我的分享's list
} as const;
export type Call = keyof typeof CALLS;

// how long what a step brings about may take to show on a loaded machine
export const WAIT_MS = 15_000;

export interface SignIn {
  tp: TestPage;
  page: Page;
  held: Record<Call, HeldRequests>;
  desk: AccountDesk;
  /** waits until the app's API calls not held by the path have their answers */
  quiet: () => Promise<void>;
  /** the account the listener signs in with; null once deleted, until the next sign-in needs one */
  account: Account | null;
  /** the account 注册 is creating */
  registering: Account | null;
  /** the nickname the header shows */
  shownNickname: string;
  /** what 确认修改 on 密码 / 个人信息 sent, taken by the account once the server agrees */
  newPassword: string | null;
  newNickname: string | null;
  /** the secret 两步验证 shows and the code typed for it, taken once the server agrees */
  typed: { secret: string; code: FreshCode } | null;
  /** where the page reloads once this browser's data is cleared */
  leaveTo: string;
  /** the address the last step leads to (checked, then forgotten) */
  leadsTo: string | null;
  /** the toast the last step should show (checked, then forgotten) */
  toast: string | null;
}

/** the model's context: the session's (sign-in, the site's demand of two-step sign-in) or the account's (the user page's forms, codes shown) */
type PageModel = Pick<SessionContext, 'user'> &
  Partial<Pick<SessionContext, 'twoFactorRequired'> & Pick<AccountContext, 'recoveryCodes'>> & {
    formError: { form: SessionForm | AccountForm; message: string } | null;
  };
export const contextOf = (model: AnyMachineSnapshot) => model.context as PageModel;
export const twoFactorOn = (model: AnyMachineSnapshot) => contextOf(model).user?.twoFactorEnabled === true;
const messageOf = (model: AnyMachineSnapshot, form: SessionForm | AccountForm) => {
  const { formError } = contextOf(model);
  return formError?.form === form ? formError.message : null;
};
export const pathOf = (page: Page) => new URL(page.url()).pathname;

// ── what the listener finds on the page ──────────────────────────────────────────────────────────

export const submitIn = (form: Locator, name: string) => form.getByRole('button', { name, exact: true });
export const formWith = (page: Page, button: string) =>
  page.locator('form').filter({ has: page.getByRole('button', { name: button, exact: true }) });
const userForm = (page: Page) => page.getByRole('tabpanel').locator('form');
export const deleteDialog = (page: Page) => page.getByRole('dialog', { name: text.user.deleteAccount });
export const logoutButton = (page: Page) => page.getByRole('button', { name: text.header.logout, exact: true });
const headerLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).first();

/** the form's submit is busy or not, and it shows the message or none (`errors`: where it shows) */
async function formShows(
  form: Locator,
  submit: string,
  busy: boolean,
  message: string | null,
  errors = form.getByRole('alert'),
): Promise<void> {
  await expect.poll(() => submitIn(form, submit).isDisabled(), { timeout: WAIT_MS }).toBe(busy);
  if (message) await errors.filter({ hasText: message }).waitFor();
  else await expect.poll(() => errors.count(), { timeout: WAIT_MS }).toBe(0);
}

/** the address and the toast the last step leads to */
async function arrived(ctx: SignIn): Promise<void> {
  const { leadsTo } = ctx;
  if (leadsTo) await ctx.page.waitForURL((url) => url.pathname === leadsTo, { timeout: WAIT_MS });
  if (ctx.toast) await ctx.page.getByRole('alert').filter({ hasText: ctx.toast }).first().waitFor();
  ctx.leadsTo = null;
  ctx.toast = null;
}

export async function signedOutShows(ctx: SignIn, model: AnyMachineSnapshot): Promise<void> {
  const { page } = ctx;
  await arrived(ctx);
  await headerLink(page, text.header.login).waitFor();
  const path = pathOf(page);
  if (path === '/user/login' && model.hasTag('askingCode')) {
    await page.getByRole('heading', { name: text.auth.twoFactorTitle }).waitFor();
    await formShows(
      formWith(page, text.auth.twoFactorVerify),
      text.auth.twoFactorVerify,
      model.hasTag('busy'),
      messageOf(model, 'code'),
    );
  } else if (path === '/user/login') {
    await formShows(
      formWith(page, text.auth.login),
      text.auth.login,
      model.hasTag('loggingIn'),
      messageOf(model, 'login'),
    );
  } else if (path === '/user/register') {
    await formShows(
      formWith(page, text.auth.register),
      text.auth.register,
      model.hasTag('registering'),
      messageOf(model, 'register'),
    );
  }
}

/** the recovery codes just handed out, shown once */
export const shownRecoveryCodes = (page: Page) => page.getByRole('region', { name: text.user.recoveryCodesShownTitle });

async function twoFactorShows(page: Page, model: AnyMachineSnapshot, required: boolean): Promise<void> {
  const on = twoFactorOn(model);
  await page.getByText(on ? text.user.twoFactorOn : text.user.twoFactorOff).waitFor();
  const enforced = page.getByText(text.user.twoFactorEnforced);
  if (required) await enforced.waitFor();
  else await expect.poll(() => enforced.count(), { timeout: WAIT_MS }).toBe(0);
  const submit = on ? text.user.twoFactorDisable : text.user.twoFactorConfirm;
  // before the setup is open there is only 开启两步验证, which never waits on the server
  const form = formWith(page, submit);
  if (on || (await form.count()))
    await formShows(form, submit, model.hasTag('savingTwoFactor'), messageOf(model, 'twoFactor'));
  // 生成新的恢复码's form, once open
  const renew = formWith(page, text.user.recoveryCodesRenewConfirm);
  if (on && (await renew.count()))
    await formShows(
      renew,
      text.user.recoveryCodesRenewConfirm,
      model.hasTag('renewingRecoveryCodes'),
      messageOf(model, 'recoveryCodes'),
    );
  if (contextOf(model).recoveryCodes?.length) await shownRecoveryCodes(page).waitFor();
  else await expect.poll(() => shownRecoveryCodes(page).count(), { timeout: WAIT_MS }).toBe(0);
}

async function userPageShows(page: Page, model: AnyMachineSnapshot): Promise<void> {
  const tab = new URL(page.url()).searchParams.get('tab');
  // the site wants two-step sign-in first: only its tab shows
  const required = contextOf(model).twoFactorRequired === true && !twoFactorOn(model);
  if (required || tab === 'twoFactor') await twoFactorShows(page, model, required);
  else if (tab === 'password')
    await formShows(
      userForm(page),
      text.user.confirmChanges,
      model.hasTag('changingPassword'),
      messageOf(model, 'password'),
    );
  else if (await deleteDialog(page).isVisible())
    await formShows(
      deleteDialog(page),
      text.user.deleteAccountConfirm,
      model.hasTag('busy'),
      messageOf(model, 'deleteAccount'),
    );
  else
    await formShows(
      userForm(page),
      text.user.confirmChanges,
      model.hasTag('savingProfile'),
      messageOf(model, 'profile'),
    );
}

export async function signedInShows(ctx: SignIn, model: AnyMachineSnapshot): Promise<void> {
  const { page } = ctx;
  await arrived(ctx);
  await headerLink(page, ctx.shownNickname).waitFor();
  // 注销 waits while anything is under way (the session's sign-out, the account's requests)
  await expect.poll(() => logoutButton(page).isDisabled(), { timeout: WAIT_MS }).toBe(model.hasTag('busy'));
  const path = pathOf(page);
  if (path === '/user/index') await userPageShows(page, model);
  if (path === '/user/logout')
    await page.getByText(model.hasTag('loggingOut') ? text.logout.banner : text.logout.confirmTitle).waitFor();
}

// ── where the listener goes ─────────────────────────────────────────────────────────────────────

// A route renders in a transition: the page left may show a moment longer, so the listener waits
// for the page they went to.
export async function openLoginPage(page: Page): Promise<void> {
  if (pathOf(page) !== '/user/login') await headerLink(page, text.header.login).click();
  await formWith(page, text.auth.login).or(formWith(page, text.auth.twoFactorVerify)).waitFor();
}

export async function openRegisterPage(page: Page): Promise<Locator> {
  if (pathOf(page) !== '/user/register') await headerLink(page, text.header.register).click();
  const form = formWith(page, text.auth.register);
  await form.waitFor();
  return form;
}

export async function closeDeleteDialog(page: Page): Promise<void> {
  const dialog = deleteDialog(page);
  if (!(await dialog.isVisible())) return;
  await dialog.getByRole('button', { name: text.user.cancel, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function openUserTab(ctx: SignIn, tab: string): Promise<Locator> {
  const { page } = ctx;
  await closeDeleteDialog(page);
  if (pathOf(page) !== '/user/index') await headerLink(page, ctx.shownNickname).click();
  const chosen = page.getByRole('tab', { name: tab, exact: true });
  if ((await chosen.getAttribute('aria-selected')) !== 'true') await chosen.click();
  await expect.poll(() => chosen.getAttribute('aria-selected'), { timeout: WAIT_MS }).toBe('true');
  return userForm(page);
}

/** the listener leaves the user page for the first page (the site's name in the header) */
export async function leaveUserPage(ctx: SignIn): Promise<void> {
  await closeDeleteDialog(ctx.page);
  await ctx.page.getByRole('banner').getByRole('link').first().click();
  await ctx.page.waitForURL((url) => url.pathname === '/', { timeout: WAIT_MS });
}

/** the listener opens 我的分享: its list is the page's request that a path answers */
export async function openMyShares(ctx: SignIn): Promise<void> {
  await closeDeleteDialog(ctx.page);
  await headerLink(ctx.page, text.share.mine).click();
}
