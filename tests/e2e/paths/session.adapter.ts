// Sign-in (the session machine) driven as a listener does, against the real server with an account
// of the path's own: the 登录 / 注册 pages and the two-step code, the user page's tabs (个人信息 with
// 删除账号, 密码, 两步验证 with its recovery codes), the header's 注销, and 我的分享 as the page whose request hears that the
// session ended or that the site wants two-step sign-in. The app's account requests are held until
// the path says how the server answers: done goes through to the real server (the password, the
// profile, two-step sign-in and the account really change), an error is the envelope the path
// names. Where an answer changes the account (it was signed out, two-step sign-in was turned on or
// off meanwhile), another tab of the same browser changes it first and the server answers for real.
// What the user sees is read from the page the listener is on (sessionPage.ts).
import type { AnyEventObject } from 'xstate';
import { expect } from 'vitest';
import {
  codeError,
  enableTwoFactorError,
  loginError,
  passwordError,
  recoveryCodesError,
  registerError,
  type LoginForm,
  type PasswordForm,
  type RegisterForm,
} from '@/features/session/forms';
import type { RecoveryCodesRequest, TwoFactorSetup } from '@/shared/types';
import { ApiError, errorMessage } from '@/services/api/errors';
import {
  STATUS_TWO_FACTOR_ALREADY_ENABLED,
  STATUS_TWO_FACTOR_ATTEMPTS_LIMITED,
  STATUS_TWO_FACTOR_NOT_ENABLED,
  STATUS_UNAUTHORIZED,
  STATUS_WRONG_TWO_FACTOR_CODE,
} from '@/shared/constants';
import { text } from '@/shared/text';
import { newPage } from '../../../harness/browser';
import type { InterfaceAdapter } from './adapter';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { AccountDesk, freshCode, newAccount, type Account } from './sessionAccount';
import {
  CALLS,
  closeDeleteDialog,
  contextOf,
  deleteDialog,
  formWith,
  logoutButton,
  openLoginPage,
  openMyShares,
  openRegisterPage,
  openUserTab,
  pathOf,
  shownRecoveryCodes,
  signedInShows,
  signedOutShows,
  submitIn,
  twoFactorOn,
  WAIT_MS,
  type Call,
  type SignIn,
} from './sessionPage';

// ── what the listener does ───────────────────────────────────────────────────────────────────────

/** the account to sign in with: another one of the listener's once theirs was deleted */
async function accountToSignIn(ctx: SignIn): Promise<Account> {
  if (!ctx.account) {
    ctx.account = newAccount();
    await ctx.desk.register(ctx.account);
  }
  // the paths leave every signed-in state with two-step sign-in off (see accepts)
  if (ctx.account.secret) throw new Error(`${ctx.account.email} still has two-step sign-in on: the model signs in without it`);
  return ctx.account;
}

const statusOf = (event: AnyEventObject) => (event.error instanceof ApiError ? event.error.status : null);

/** the real server answers the held request */
const letThrough = (held: HeldRequests) => held.answer({ type: 'xstate.done.actor.server' });

/** the server's answer as the step says; `toast`: what the app then shows, if anything */
const answer =
  (call: Call, toast: (event: AnyEventObject) => string | null = () => null) =>
  async (ctx: SignIn, event: AnyEventObject) => {
    await ctx.held[call].answer(event);
    ctx.toast = toast(event);
  };

/** a refusal the app says in a toast, unless the form says it (the statuses given) */
const toastUnless =
  (...inForm: number[]) =>
  (event: AnyEventObject) =>
    inForm.includes(statusOf(event) ?? 0) ? null : errorMessage(event.error);

/** signed in by the server's own answer: the header shows the account's nickname */
async function signedIn(ctx: SignIn, event: AnyEventObject): Promise<void> {
  // the login page then goes where the guard sent the listener from, or home
  const back = new URL(ctx.page.url()).searchParams.get('return');
  await ctx.held.login.answer(event);
  ctx.shownNickname = ctx.account!.nickname;
  ctx.leadsTo = back ? new URL(back, ctx.page.url()).pathname : '/';
}

// the app's own calls while signed in; a 902002 or 202000 of theirs reaches the session twice
const SIGNED_IN_CALLS = new Set(['updateProfile', 'refreshUser', 'changePassword', 'deleteAccount', 'logout', 'enableTwoFactor', 'disableTwoFactor', 'renewRecoveryCodes']);
// the two-step endpoints' 202000 means "it is not on", not "the site wants it"
const TWO_FACTOR_CALLS = new Set(['enableTwoFactor', 'disableTwoFactor', 'renewRecoveryCodes']);

/** the recovery codes the page shows, as the account's (the server just handed them out) */
async function keepShownCodes(ctx: SignIn): Promise<void> {
  const list = shownRecoveryCodes(ctx.page).getByRole('list', { name: text.user.recoveryCodesList });
  await list.waitFor({ timeout: WAIT_MS });
  ctx.account!.recoveryCodes = await list.getByRole('listitem').allTextContents();
}

// while recovery codes show, the listener puts them away (我已保存), leaves the tab or turns it off:
// any other step leaves the page without the model hearing that the tab closed
const WHILE_CODES_SHOW = new Set(['DISMISS_RECOVERY_CODES', 'CLEAR_FORM_ERROR', 'DISABLE_TWO_FACTOR'])

/** whether a listener (and the server) can give this error answer; see `accepts` */
function answerable(event: AnyEventObject): boolean {
  // the register sample has no payload: answered as a refusal (email already taken)
  if (event.type === 'xstate.error.actor.register') return true;
  // no answer at all takes the app offline (离线中, the app status's): the refusals cover the same transitions
  if (!(event.error instanceof ApiError)) return false;
  const call = event.type.slice('xstate.error.actor.'.length);
  if (!SIGNED_IN_CALLS.has(call)) return true;
  // the app hears a signed-in call's 902002 as SESSION_EXPIRED before the call's own error, and its
  // 202000 as TWO_FACTOR_REQUIRED: only the sign-out's 902002 is heard the same way by both
  if (event.error.status === STATUS_UNAUTHORIZED) return call === 'logout';
  return event.error.status !== STATUS_TWO_FACTOR_NOT_ENABLED || TWO_FACTOR_CALLS.has(call);
}

// how the server refuses an email already in use (anniv-go's 102001)
const ALREADY_TAKEN = new ApiError(102001, 'email already taken');

export const sessionAdapter: InterfaceAdapter<SignIn> = {
  machine: 'session',
  // of the seeds that reach every transition a user can, one of the fewest steps and reloads
  seed: 24,
  stateKey: (snapshot) => JSON.stringify([snapshot.value, twoFactorOn(snapshot), contextOf(snapshot).twoFactorRequired, contextOf(snapshot).recoveryCodes !== null]),
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page, context } = tp;
    const held = {} as Record<Call, HeldRequests>;
    for (const [call, [path, method]] of Object.entries(CALLS)) held[call as Call] = await holdRequests(page, path, [method]);
    const desk = new AccountDesk(context.request, suite.server.baseUrl);
    // this browser signed in before: its session cookie is there, the app does not know the user yet
    const account = newAccount();
    await desk.register(account);
    await desk.signIn(account);
    await page.goto(`${suite.server.baseUrl}/user/index`);
    const none = { registering: null, newPassword: null, newNickname: null, typed: null, leadsTo: null, toast: null };
    return { tp, page, held, desk, account, shownNickname: account.nickname, leaveTo: '/', ...none };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  accepts(event, model) {
    const { twoFactorRequired } = contextOf(model);
    const on = twoFactorOn(model);
    const idle = model.matches({ loggedIn: 'idle' }) || model.matches({ loggedOut: 'idle' });
    if (event.type.startsWith('xstate.error.actor.')) return answerable(event);
    const codesShow = contextOf(model).recoveryCodes !== null;
    if (codesShow && !event.type.startsWith('xstate.') && !WHILE_CODES_SHOW.has(event.type)) return false;
    switch (event.type) {
      // the reference server always hands out recovery codes: anniv-go's null is the view tests' (tests/views/twoFactor.test.tsx)
      case 'xstate.done.actor.enableTwoFactor':
        return event.output !== null;
      // 生成新的恢复码 shows while it is on and no codes show; 我已保存 under codes shown
      case 'RENEW_RECOVERY_CODES':
        return idle && on && !twoFactorRequired;
      case 'DISMISS_RECOVERY_CODES':
        return codesShow && model.matches({ loggedIn: 'idle' });
      // the server's answer says two-step sign-in is on; the sample's user has it off
      case 'xstate.done.actor.refreshUser':
        return !on;
      // while the code is asked for, the login page shows the code form, not 登录
      case 'LOGIN':
        return !model.matches({ loggedOut: 'askingCode' });
      // leaving a form (for another page or tab) while nothing is under way
      case 'CLEAR_FORM_ERROR':
        return idle && !twoFactorRequired;
      // 我的分享 opens from the signed-in pages, not while the site leads to two-step sign-in. The
      // session ends and the page reloads (its state starts afresh): the account must not keep two-step
      // sign-in on at the server, or the model's next sign-in (without it) would be asked the code.
      case 'SESSION_EXPIRED':
        return idle && !on && !twoFactorRequired;
      case 'TWO_FACTOR_REQUIRED':
        return idle && !twoFactorRequired;
      case 'LOGOUT':
        return !on && !twoFactorRequired;
      // the other tabs show once two-step sign-in is on, when the site wants it
      case 'UPDATE_PROFILE':
      case 'CHANGE_PASSWORD':
      case 'DELETE_ACCOUNT':
        return !twoFactorRequired;
      // 两步验证 offers to turn it on when it is off, and off when it is on
      case 'ENABLE_TWO_FACTOR':
        return !on;
      case 'DISABLE_TWO_FACTOR':
        return on;
      default:
        return true;
    }
  },
  events: {
    async LOGIN(ctx, event) {
      await openLoginPage(ctx.page);
      const form = formWith(ctx.page, text.auth.login);
      const sample = event.form as LoginForm;
      // the sample's email and password stand for the listener's account
      const account = loginError(sample) === null ? await accountToSignIn(ctx) : null;
      await form.getByLabel(text.auth.email, { exact: true }).fill(account?.email ?? sample.email);
      await form.getByLabel(text.auth.password, { exact: true }).fill(account?.password ?? sample.password);
      await submitIn(form, text.auth.login).click();
    },
    async REGISTER(ctx, event) {
      const form = await openRegisterPage(ctx.page);
      const sample = event.form as RegisterForm;
      // the sample's details stand for a new account of the listener's
      ctx.registering = registerError(sample, false) === null ? newAccount() : null;
      const fields = ctx.registering ? { ...ctx.registering, repeatPassword: ctx.registering.password } : sample;
      await form.getByLabel(text.auth.email, { exact: true }).fill(fields.email);
      await form.getByLabel(text.auth.password, { exact: true }).fill(fields.password);
      await form.getByLabel(text.auth.repeatPassword, { exact: true }).fill(fields.repeatPassword);
      await form.getByLabel(text.auth.nickname, { exact: true }).fill(fields.nickname);
      await submitIn(form, text.auth.register).click();
    },
    async SUBMIT_CODE(ctx, event) {
      await openLoginPage(ctx.page);
      const form = formWith(ctx.page, text.auth.twoFactorVerify);
      await form.getByLabel(text.auth.twoFactorCode, { exact: true }).fill(event.code as string);
      await submitIn(form, text.auth.twoFactorVerify).click();
    },
    async CANCEL_CODE(ctx) {
      await openLoginPage(ctx.page);
      await ctx.page.getByRole('button', { name: text.auth.twoFactorBack, exact: true }).click();
    },
    // the listener leaves a form: for the other of 登录 / 注册, or for another tab of the user page
    async CLEAR_FORM_ERROR(ctx) {
      const { page } = ctx;
      if (!(await logoutButton(page).count())) {
        if (pathOf(page) === '/user/register') return openLoginPage(page);
        await openLoginPage(page);
        await openRegisterPage(page);
        return;
      }
      if (await deleteDialog(page).isVisible()) return closeDeleteDialog(page);
      const onProfile = pathOf(page) === '/user/index' && !new URL(page.url()).searchParams.get('tab');
      if (!onProfile) await openUserTab(ctx, text.user.tabs.profile);
      await openUserTab(ctx, text.user.tabs.password);
    },
    async LOGOUT(ctx) {
      await closeDeleteDialog(ctx.page);
      await logoutButton(ctx.page).click();
      ctx.leadsTo = '/user/logout';
      ctx.leaveTo = '/';
    },
    async UPDATE_PROFILE(ctx, event) {
      const form = await openUserTab(ctx, text.user.tabs.profile);
      const sample = event.form as { nickname: string; avatar: string };
      await form.getByLabel(text.user.nickname, { exact: true }).fill(sample.nickname);
      await form.getByLabel(text.user.avatar, { exact: true }).fill(sample.avatar);
      ctx.newNickname = sample.nickname;
      await submitIn(form, text.user.confirmChanges).click();
    },
    async CHANGE_PASSWORD(ctx, event) {
      const form = await openUserTab(ctx, text.user.tabs.password);
      const sample = event.form as PasswordForm;
      // the sample's passwords stand for the account's own and a new one of its own
      const valid = passwordError(sample) === null;
      ctx.newPassword = valid ? `${ctx.account!.password}-new` : null;
      await form.getByLabel(text.user.oldPassword, { exact: true }).fill(valid ? ctx.account!.password : sample.oldPassword);
      await form.getByLabel(text.user.newPassword, { exact: true }).fill(ctx.newPassword ?? sample.newPassword);
      await form.getByLabel(text.user.confirmNewPassword, { exact: true }).fill(ctx.newPassword ?? sample.confirmPassword);
      // with two-step sign-in on, the code is asked too: the sample has none
      await submitIn(form, text.user.confirmChanges).click();
    },
    async DELETE_ACCOUNT(ctx, event) {
      const { page } = ctx;
      await openUserTab(ctx, text.user.tabs.profile);
      const dialog = deleteDialog(page);
      if (!(await dialog.isVisible())) await page.getByRole('button', { name: text.user.deleteAccount, exact: true }).click();
      const { password } = event.form as { password: string };
      await dialog.getByLabel(text.auth.password, { exact: true }).fill(password === '' ? '' : ctx.account!.password);
      await submitIn(dialog, text.user.deleteAccountConfirm).click();
    },
    async ENABLE_TWO_FACTOR(ctx, event) {
      const { page } = ctx;
      await openUserTab(ctx, text.user.tabs.twoFactor);
      const start = page.getByRole('tabpanel').getByRole('button', { name: text.user.twoFactorStart, exact: true });
      const secretShown = page.getByLabel(text.user.twoFactorSecret, { exact: true });
      await start.or(secretShown).first().waitFor();
      if (await start.isVisible()) await start.click();
      const form = formWith(page, text.user.twoFactorConfirm);
      const secret = ((await secretShown.textContent()) ?? '').replace(/\s+/g, '');
      // a code of the right form is what the authenticator shows for the secret on screen; the
      // sample's password stands for the account's
      const setup = event.setup as TwoFactorSetup;
      ctx.typed = enableTwoFactorError(setup) === null ? { secret, code: freshCode({ ...ctx.account!, lastStep: 0 }, secret) } : null;
      await form.getByLabel(text.user.twoFactorCode, { exact: true }).fill(ctx.typed?.code.code ?? setup.code);
      await form.getByLabel(text.user.twoFactorPassword, { exact: true }).fill(setup.password === '' ? '' : ctx.account!.password);
      await submitIn(form, text.user.twoFactorConfirm).click();
    },
    async DISABLE_TWO_FACTOR(ctx, event) {
      await openUserTab(ctx, text.user.tabs.twoFactor);
      const form = formWith(ctx.page, text.user.twoFactorDisable);
      const code = event.code as string;
      const fresh = codeError(code) === null ? freshCode(ctx.account!) : null;
      ctx.typed = fresh && { secret: ctx.account!.secret!, code: fresh };
      await form.getByLabel(text.user.twoFactorCode, { exact: true }).fill(fresh?.code ?? code);
      await submitIn(form, text.user.twoFactorDisable).click();
    },
    // 生成新的恢复码: the account's password (for the sample's) and one of its recovery codes, or a fresh code
    async RENEW_RECOVERY_CODES(ctx, event) {
      const { page } = ctx;
      await openUserTab(ctx, text.user.tabs.twoFactor);
      const open = page.getByRole('button', { name: text.user.recoveryCodesRenew, exact: true });
      if (await open.count()) await open.click();
      const form = formWith(page, text.user.recoveryCodesRenewConfirm);
      await form.waitFor();
      const sample = event.form as RecoveryCodesRequest;
      const valid = recoveryCodesError(sample) === null;
      const recoveryCode = valid ? ctx.account!.recoveryCodes[0] : undefined;
      const fresh = valid && !recoveryCode ? freshCode(ctx.account!) : null;
      ctx.typed = fresh && { secret: ctx.account!.secret!, code: fresh };
      await form.getByLabel(text.user.twoFactorPassword, { exact: true }).fill(sample.password === '' ? '' : ctx.account!.password);
      const useRecovery = form.getByRole('button', { name: text.user.useRecoveryCode, exact: true });
      if (recoveryCode) {
        if (await useRecovery.count()) await useRecovery.click();
        await form.getByLabel(text.user.recoveryCode, { exact: true }).fill(recoveryCode);
      } else {
        if (!(await useRecovery.count())) await form.getByRole('button', { name: text.user.useTwoFactorCode, exact: true }).click();
        await form.getByLabel(text.user.twoFactorCode, { exact: true }).fill(fresh?.code ?? sample.code);
      }
      await submitIn(form, text.user.recoveryCodesRenewConfirm).click();
    },
    async DISMISS_RECOVERY_CODES(ctx) {
      await shownRecoveryCodes(ctx.page).getByRole('button', { name: text.user.recoveryCodesDone, exact: true }).click();
    },
    // signed out in another tab: 我的分享's list is refused as signed out by the server itself
    async SESSION_EXPIRED(ctx) {
      await ctx.desk.signOut();
      await openMyShares(ctx);
      await letThrough(ctx.held.shares);
      ctx.leaveTo = '/user/login';
    },
    // 我的分享's list is refused as the site wanting two-step sign-in first: the app leads to 两步验证
    async TWO_FACTOR_REQUIRED(ctx) {
      await openMyShares(ctx);
      const enforced = new ApiError(STATUS_TWO_FACTOR_NOT_ENABLED, '2fa is enforced');
      await ctx.held.shares.answer({ type: 'xstate.error.actor.myShares', error: enforced });
      ctx.leadsTo = '/user/index';
    },
    'xstate.done.actor.fetchUser': async (ctx, event) => {
      await ctx.held.info.answer(event);
      ctx.shownNickname = ctx.account!.nickname;
    },
    async 'xstate.error.actor.fetchUser'(ctx, event) {
      await answer('info', toastUnless(STATUS_UNAUTHORIZED, STATUS_TWO_FACTOR_NOT_ENABLED))(ctx, event);
      // signed out, the user page asks to sign in first
      ctx.leadsTo = '/user/login';
    },
    'xstate.done.actor.login': signedIn,
    'xstate.error.actor.login': answer('login', toastUnless(STATUS_WRONG_TWO_FACTOR_CODE)),
    'xstate.done.actor.loginWithCode': signedIn,
    'xstate.error.actor.loginWithCode': answer('login', toastUnless(STATUS_WRONG_TWO_FACTOR_CODE, STATUS_TWO_FACTOR_ATTEMPTS_LIMITED)),
    async 'xstate.done.actor.register'(ctx, event) {
      await ctx.held.register.answer(event);
      ctx.account = ctx.registering;
      ctx.toast = text.auth.registerSucceeded;
      // the server does not sign in on 注册: the page goes to 登录
      ctx.leadsTo = '/user/login';
    },
    async 'xstate.error.actor.register'(ctx) {
      await ctx.held.register.answer({ type: 'xstate.error.actor.register', error: ALREADY_TAKEN });
      ctx.toast = ALREADY_TAKEN.message;
    },
    'xstate.done.actor.logout': answer('logout', () => text.logout.succeeded),
    async 'xstate.error.actor.logout'(ctx, event) {
      if (statusOf(event) !== STATUS_UNAUTHORIZED) return answer('logout', toastUnless())(ctx, event);
      // the session had ended already (signed out in another tab): the server says so itself
      await ctx.desk.signOut();
      await letThrough(ctx.held.logout);
      ctx.toast = text.logout.succeeded;
    },
    // 登出成功 shows for 2 s: the app's own timer (the check of what follows waits for the reload)
    'xstate.after.logoutRedirectDelay.session.loggedIn.waitingToLeave': async () => {},
    // the reloaded page asks who is signed in: nobody, the server says
    async 'xstate.done.actor.clearLocalData'(ctx) {
      await letThrough(ctx.held.info);
      ctx.leadsTo = ctx.leaveTo;
    },
    async 'xstate.done.actor.updateProfile'(ctx, event) {
      await ctx.held.profile.answer(event);
      ctx.account!.nickname = ctx.newNickname!;
    },
    'xstate.error.actor.updateProfile': answer('profile', toastUnless()),
    async 'xstate.done.actor.refreshUser'(ctx, event) {
      await ctx.held.info.answer(event);
      ctx.shownNickname = ctx.account!.nickname;
      ctx.toast = text.user.profileSaved;
    },
    'xstate.error.actor.refreshUser': answer('info', toastUnless()),
    // every session of the account ends; this browser is cleared and shows 登录
    async 'xstate.done.actor.changePassword'(ctx, event) {
      await ctx.held.password.answer(event);
      ctx.account!.password = ctx.newPassword!;
      ctx.leaveTo = '/user/login';
    },
    'xstate.error.actor.changePassword': answer('password', toastUnless(STATUS_WRONG_TWO_FACTOR_CODE)),
    async 'xstate.done.actor.enableTwoFactor'(ctx, event) {
      await ctx.held.enable.answer(event);
      Object.assign(ctx.account!, { secret: ctx.typed!.secret, lastStep: ctx.typed!.code.step });
      ctx.toast = text.user.twoFactorEnabled;
      await keepShownCodes(ctx);
    },
    async 'xstate.done.actor.renewRecoveryCodes'(ctx, event) {
      await ctx.held.renew.answer(event);
      if (ctx.typed) ctx.account!.lastStep = ctx.typed.code.step;
      ctx.toast = text.user.recoveryCodesRenewed;
      await keepShownCodes(ctx);
    },
    'xstate.error.actor.renewRecoveryCodes': answer('renew'),
    async 'xstate.error.actor.enableTwoFactor'(ctx, event) {
      if (statusOf(event) !== STATUS_TWO_FACTOR_ALREADY_ENABLED) return answer('enable')(ctx, event);
      // turned on in another tab meanwhile: the server says so itself
      await ctx.desk.turnOnTwoFactor(ctx.account!);
      await letThrough(ctx.held.enable);
      ctx.toast = text.user.twoFactorEnabled;
    },
    async 'xstate.done.actor.disableTwoFactor'(ctx, event) {
      await ctx.held.disable.answer(event);
      Object.assign(ctx.account!, { secret: null, lastStep: 0 });
      ctx.toast = text.user.twoFactorDisabled;
    },
    async 'xstate.error.actor.disableTwoFactor'(ctx, event) {
      if (statusOf(event) !== STATUS_TWO_FACTOR_NOT_ENABLED) return answer('disable')(ctx, event);
      // turned off in another tab meanwhile: the server says so itself
      await ctx.desk.turnOffTwoFactor(ctx.account!);
      await letThrough(ctx.held.disable);
    },
    async 'xstate.done.actor.deleteAccount'(ctx, event) {
      await ctx.held.revoke.answer(event);
      ctx.account = null;
      ctx.toast = text.user.accountDeleted;
      ctx.leaveTo = '/';
    },
    'xstate.error.actor.deleteAccount': answer('revoke'),
  },
  states: {
    unknown: async (ctx) => {
      await ctx.page.getByRole('status', { name: text.loading }).first().waitFor();
    },
    ...Object.fromEntries(['idle', 'loggingIn', 'askingCode', 'checkingCode', 'registering', 'registered'].map((state) => [`loggedOut.${state}`, signedOutShows])),
    ...Object.fromEntries(
      ['idle', 'enablingTwoFactor', 'disablingTwoFactor', 'renewingRecoveryCodes', 'deletingAccount', 'loggingOut', 'waitingToLeave', 'updatingProfile', 'refreshingUser', 'changingPassword'].map((state) => [
        `loggedIn.${state}`,
        signedInShows,
      ]),
    ),
    // this browser's data is cleared in a moment and the page reloads: the reloaded app asks who is
    // signed in (held until the next step answers)
    clearingLocalData: async (ctx) => {
      await expect.poll(() => ctx.held.info.waiting, { timeout: WAIT_MS }).toBe(1);
    },
  },
  siteNeeds: 'registration open to anyone: each path registers accounts of its own, 10 an hour from one address (and turns two-step sign-in on and off, changes passwords, deletes some)',
  notThroughInterface: [
    ...[
      'loggedIn.enablingTwoFactor —error: enableTwoFactor#2→ clearingLocalData',
      'loggedIn.disablingTwoFactor —error: disableTwoFactor#2→ clearingLocalData',
      'loggedIn.renewingRecoveryCodes —error: renewRecoveryCodes#1→ clearingLocalData',
      'loggedIn.deletingAccount —error: deleteAccount#1→ clearingLocalData',
      'loggedIn.updatingProfile —error: updateProfile#1→ clearingLocalData',
      'loggedIn.refreshingUser —error: fetchUser#1→ clearingLocalData',
      'loggedIn.changingPassword —error: changePassword#1→ clearingLocalData',
    ].map((transition) => ({
      transition,
      reason:
        'the app hears a 902002 of any call as SESSION_EXPIRED (src/app/system.ts) before the call fails: the session is already clearing its data when the call’s own error comes (loggedIn —SESSION_EXPIRED→ clearingLocalData is driven instead)',
    })),
    {
      transition: 'loggedOut.askingCode —LOGIN#1→ (stays)',
      reason: 'while the code is asked for, the login page shows the code form (验证 / 返回), not 登录: 返回 comes first',
    },
    {
      transition: 'loggedOut.askingCode —LOGIN#2→ loggedOut.loggingIn',
      reason: 'while the code is asked for, the login page shows the code form (验证 / 返回), not 登录: 返回 comes first',
    },
    {
      transition: 'loggedIn.loggingOut —SESSION_EXPIRED→ (stays)',
      reason: 'while 正在登出！ shows, the page’s one call is the sign-out itself: its 902002 reaches the session as this (ignored) just before error: logout#1, which a path drives',
    },
    {
      transition: 'loggedIn.waitingToLeave —SESSION_EXPIRED→ (stays)',
      reason: 'the 2 s between 登出成功 and the reload: a page request refused in them is a race with the timer, not a step a path can take on a loaded machine',
    },
    ...['unknown —error: fetchUser#1→ clearingLocalData', 'unknown —error: fetchUser#3→ loggedIn', 'unknown —error: fetchUser#5→ loggedIn'].map((transition) => ({
      transition,
      reason:
        'needs a user stored by an earlier visit, and an interface path starts in a fresh browser with none; the model walk starts with one too (pathMoreInputs in sessionMachine.samples.ts) and tests/machines/session.paths.test.ts replays it',
    })),
    {
      transition: 'clearingLocalData —error: clearLocalData→ loggedOut',
      reason: "the browser's own store failing to clear: nothing a user does makes IndexedDB fail",
    },
  ],
};
