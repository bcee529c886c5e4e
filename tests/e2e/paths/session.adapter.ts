// Sign-in (the session machine) driven as a listener does, against the real server with an account
// of the path's own: the 登录 / 注册 pages and the two-step code, the user page opened and left (its
// account, which reports back: a profile saved, two-step sign-in turned on or off, the password
// changed, the account deleted, each done whole on the page as accountSteps.ts does it), the header's
// 注销, and 我的分享 as the page whose request hears that the session ended or that the site wants
// two-step sign-in. The app's requests are held until the path says how the server answers: done goes through to the real server (the password, the
// profile, two-step sign-in and the account really change), an error is the envelope the path
// names. Where an answer changes the account (it was signed out, two-step sign-in was turned on or
// off meanwhile), another tab of the same browser changes it first and the server answers for real.
// What the user sees is read from the page the listener is on (sessionPage.ts).
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { loginError, registerError, type LoginForm, type RegisterForm } from '@/features/session/forms';
import type { SessionContext } from '@/features/session/sessionMachine';
import type { UserInfo } from '@/shared/types';
import { ApiError } from '@/services/api/errors';
import {
  STATUS_TWO_FACTOR_ATTEMPTS_LIMITED,
  STATUS_TWO_FACTOR_NOT_ENABLED,
  STATUS_UNAUTHORIZED,
  STATUS_WRONG_TWO_FACTOR_CODE,
} from '@/shared/constants';
import { text } from '@/shared/text';
import type { InterfaceAdapter } from './adapter';
import {
  accountAnswers,
  accountSteps,
  openUserPageSignedIn,
  answer,
  letThrough,
  statusOf,
  toastUnless,
} from './accountSteps';
import { newAccount, type Account } from './sessionAccount';
import {
  contextOf,
  formWith,
  leaveUserPage,
  logoutButton,
  openLoginPage,
  openMyShares,
  openRegisterPage,
  pathOf,
  signedInShows,
  signedOutShows,
  submitIn,
  twoFactorOn,
  WAIT_MS,
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
  if (ctx.account.secret)
    throw new Error(`${ctx.account.email} still has two-step sign-in on: the model signs in without it`);
  return ctx.account;
}

/** signed in by the server's own answer: the header shows the account's nickname */
async function signedIn(ctx: SignIn, event: AnyEventObject): Promise<void> {
  // the login page then goes where the guard sent the listener from, or home
  const back = new URL(ctx.page.url()).searchParams.get('return');
  await ctx.held.login.answer(event);
  ctx.shownNickname = ctx.account!.nickname;
  ctx.leadsTo = back ? new URL(back, ctx.page.url()).pathname : '/';
}

/**
 * Signed out in another tab, once the app's own calls have their answers: a call still out (the
 * stores' loads right after a sign-in) would meet the ended session and end it in the app first.
 */
async function signOutElsewhere(ctx: SignIn): Promise<void> {
  await ctx.quiet();
  await ctx.desk.signOut();
}

/** the user page is open in the model: its account loaded (or loading) */
const accountOpen = (model: AnyMachineSnapshot) =>
  (model.context as SessionContext).account !== null || 'loadAccount' in model.children;

/** whether a listener (and the server) can give this error answer; see `accepts` */
function answerable(event: AnyEventObject): boolean {
  // the register sample has no payload: answered as a refusal (email already taken)
  if (event.type === 'xstate.error.actor.register') return true;
  // no answer at all takes the app offline (离线中, the app status's): the refusals cover the same transitions
  if (!(event.error instanceof ApiError)) return false;
  const call = event.type.slice('xstate.error.actor.'.length);
  if (call !== 'logout') return true;
  // the app hears the sign-out's 202000 as TWO_FACTOR_REQUIRED first; its 902002 is heard the same way by both
  return event.error.status !== STATUS_TWO_FACTOR_NOT_ENABLED;
}

// how the server refuses an email already in use (anniv-go's 102001)
const ALREADY_TAKEN = new ApiError(102001, 'email already taken');

export const sessionAdapter: InterfaceAdapter<SignIn> = {
  machine: 'session',
  // of the seeds that reach every transition a user can, one of the fewest steps and reloads
  seed: 24,
  stateKey: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      twoFactorOn(snapshot),
      contextOf(snapshot).twoFactorRequired,
      (snapshot.context as SessionContext).account !== null,
      'loadAccount' in snapshot.children,
    ]),
  async start({ suite }) {
    // this browser signed in before: its session cookie is there, the app does not know the user yet
    const { tp, page, held, desk, account, quiet } = await openUserPageSignedIn(suite);
    const none = { registering: null, newPassword: null, newNickname: null, typed: null, leadsTo: null, toast: null };
    return { tp, page, held, desk, account, quiet, shownNickname: account.nickname, leaveTo: '/', ...none };
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
    switch (event.type) {
      // while the code is asked for, the login page shows the code form, not 登录
      case 'LOGIN':
        return !model.matches({ loggedOut: 'askingCode' });
      // the user page opens (its account loads by itself, with the page), and is left
      case 'OPEN_ACCOUNT':
        return !accountOpen(model);
      case 'xstate.done.actor.loadAccount':
        return 'loadAccount' in model.children;
      case 'CLOSE_ACCOUNT':
        return accountOpen(model) && !twoFactorRequired;
      // what the account reports, done whole on its page: a profile saved, two-step sign-in turned on
      // or off, the password changed (with it off: the sample has no code), the account deleted
      // (the sample's user has it off, as the page then shows)
      case 'USER_CHANGED':
        return (model.context as SessionContext).account !== null && !on && !twoFactorRequired;
      case 'TWO_FACTOR_CHANGED':
        return (model.context as SessionContext).account !== null && (event.user as UserInfo).twoFactorEnabled !== on;
      case 'SESSION_ENDED':
        return (
          (model.context as SessionContext).account !== null && event.leaveTo !== null && !on && !twoFactorRequired
        );
      case 'ACCOUNT_DELETED':
        return (model.context as SessionContext).account !== null && !on && !twoFactorRequired;
      // 我的分享 opens from the signed-in pages, not while the site leads to two-step sign-in. The
      // session ends and the page reloads (its state starts afresh): the account must not keep two-step
      // sign-in on at the server, or the model's next sign-in (without it) would be asked the code.
      case 'SESSION_EXPIRED':
        return idle && !on && !twoFactorRequired;
      case 'TWO_FACTOR_REQUIRED':
        return idle && !twoFactorRequired;
      case 'LOGOUT':
        return !on && !twoFactorRequired;
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
    // the listener leaves a form for the other of 登录 / 注册
    async CLEAR_FORM_ERROR(ctx) {
      const { page } = ctx;
      if (pathOf(page) === '/user/register') return openLoginPage(page);
      await openLoginPage(page);
      await openRegisterPage(page);
    },
    async OPEN_ACCOUNT(ctx) {
      const { page } = ctx;
      if (pathOf(page) !== '/user/index')
        await page.getByRole('link', { name: ctx.shownNickname, exact: true }).first().click();
      await page.getByRole('tabpanel').waitFor({ timeout: WAIT_MS });
    },
    // the account's code came with the page: it is there once the page shows
    'xstate.done.actor.loadAccount': async (ctx) => {
      await ctx.page.getByRole('tabpanel').waitFor({ timeout: WAIT_MS });
    },
    CLOSE_ACCOUNT: leaveUserPage,
    async USER_CHANGED(ctx, event) {
      const { nickname, avatar } = event.user as UserInfo;
      await accountSteps.UPDATE_PROFILE(ctx, { type: 'UPDATE_PROFILE', form: { nickname, avatar } });
      await accountAnswers['xstate.done.actor.updateProfile'](ctx, { type: 'xstate.done.actor.updateProfile' });
      await accountAnswers['xstate.done.actor.refreshUser'](ctx, { type: 'xstate.done.actor.refreshUser' });
    },
    // on: the codes handed out are put away (我已保存) in the same step
    async TWO_FACTOR_CHANGED(ctx, event) {
      if ((event.user as UserInfo).twoFactorEnabled) {
        await accountSteps.ENABLE_TWO_FACTOR(ctx, {
          type: 'ENABLE_TWO_FACTOR',
          setup: { secret: '', code: '123456', password: 'pw' },
        });
        await accountAnswers['xstate.done.actor.enableTwoFactor'](ctx, { type: 'xstate.done.actor.enableTwoFactor' });
        await accountSteps.DISMISS_RECOVERY_CODES(ctx);
      } else {
        await accountSteps.DISABLE_TWO_FACTOR(ctx, { type: 'DISABLE_TWO_FACTOR', code: '123456' });
        await accountAnswers['xstate.done.actor.disableTwoFactor'](ctx, { type: 'xstate.done.actor.disableTwoFactor' });
      }
    },
    async SESSION_ENDED(ctx) {
      await accountSteps.CHANGE_PASSWORD(ctx, {
        type: 'CHANGE_PASSWORD',
        form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' },
      });
      await accountAnswers['xstate.done.actor.changePassword'](ctx, { type: 'xstate.done.actor.changePassword' });
    },
    async ACCOUNT_DELETED(ctx) {
      await accountSteps.DELETE_ACCOUNT(ctx, { type: 'DELETE_ACCOUNT', form: { password: 'pw' } });
      await accountAnswers['xstate.done.actor.deleteAccount'](ctx, { type: 'xstate.done.actor.deleteAccount' });
    },
    async LOGOUT(ctx) {
      await logoutButton(ctx.page).click();
      ctx.leadsTo = '/user/logout';
      ctx.leaveTo = '/';
    },
    // signed out in another tab: 我的分享's list is refused as signed out by the server itself
    async SESSION_EXPIRED(ctx) {
      // 我的分享 shown first, its list held: 主页's shelves read the server on their own (one read
      // leading to the next), and one of them, not the step's request, would meet the ended session
      await openMyShares(ctx);
      await ctx.page.getByRole('heading', { name: text.share.mine }).waitFor({ timeout: 20_000 });
      await signOutElsewhere(ctx);
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
    'xstate.error.actor.loginWithCode': answer(
      'login',
      toastUnless(STATUS_WRONG_TWO_FACTOR_CODE, STATUS_TWO_FACTOR_ATTEMPTS_LIMITED),
    ),
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
      await signOutElsewhere(ctx);
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
  },
  states: {
    unknown: async (ctx) => {
      await ctx.page.getByRole('status', { name: text.loading }).first().waitFor();
    },
    ...Object.fromEntries(
      ['idle', 'loggingIn', 'askingCode', 'checkingCode', 'registering', 'registered'].map((state) => [
        `loggedOut.${state}`,
        signedOutShows,
      ]),
    ),
    ...Object.fromEntries(
      ['idle', 'loggingOut', 'waitingToLeave'].map((state) => [`loggedIn.${state}`, signedInShows]),
    ),
    // this browser's data is cleared in a moment and the page reloads: the reloaded app asks who is
    // signed in (held until the next step answers)
    clearingLocalData: async (ctx) => {
      await expect.poll(() => ctx.held.info.waiting, { timeout: WAIT_MS }).toBe(1);
    },
  },
  siteNeeds:
    'registration open to anyone: each path registers accounts of its own, 10 an hour from one address (and turns two-step sign-in on and off, changes passwords, deletes some)',
  notThroughInterface: [
    {
      transition: 'loggedIn —error: loadAccount→ (stays)',
      reason: "the account's code comes with the user page itself (one chunk): once the page shows, it has loaded",
    },
    {
      transition: 'loggedOut.askingCode —LOGIN#1→ (stays)',
      reason:
        'while the code is asked for, the login page shows the code form (验证 / 返回), not 登录: 返回 comes first',
    },
    {
      transition: 'loggedOut.askingCode —LOGIN#2→ loggedOut.loggingIn',
      reason:
        'while the code is asked for, the login page shows the code form (验证 / 返回), not 登录: 返回 comes first',
    },
    {
      transition: 'loggedIn.loggingOut —SESSION_EXPIRED→ (stays)',
      reason:
        'while 正在登出！ shows, the page’s one call is the sign-out itself: its 902002 reaches the session as this (ignored) just before error: logout#1, which a path drives',
    },
    {
      transition: 'loggedIn.waitingToLeave —SESSION_EXPIRED→ (stays)',
      reason:
        'the 2 s between 登出成功 and the reload: a page request refused in them is a race with the timer, not a step a path can take on a loaded machine',
    },
    ...[
      'unknown —error: fetchUser#1→ clearingLocalData',
      'unknown —error: fetchUser#3→ loggedIn',
      'unknown —error: fetchUser#5→ loggedIn',
    ].map((transition) => ({
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
