// The steps of the user page's account, as a listener does them and as the server answers them
// (account.adapter.ts drives each; session.adapter.ts drives the whole of one when the session hears
// the account's report): the forms of 个人信息, 密码, 两步验证 and 删除账号, and the answers held
// until the path says how the server answers.
import type { AnyEventObject } from 'xstate';
import { enableTwoFactorError, passwordError, recoveryCodesError, type PasswordForm } from '@/features/account/forms';
import { codeError } from '@/features/session/forms';
import type { RecoveryCodesRequest, TwoFactorSetup } from '@/shared/types';
import { ApiError, errorMessage } from '@/services/api/errors';
import {
  STATUS_TWO_FACTOR_ALREADY_ENABLED,
  STATUS_TWO_FACTOR_NOT_ENABLED,
  STATUS_WRONG_TWO_FACTOR_CODE,
} from '@/shared/constants';
import { text } from '@/shared/text';
import { newPage } from '../../../harness/browser';
import type { Suite } from '../support/suite';
import { apiQuiet } from './apiQuiet';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { AccountDesk, freshCode, newAccount } from './sessionAccount';
import {
  CALLS,
  deleteDialog,
  formWith,
  openUserTab,
  shownRecoveryCodes,
  submitIn,
  WAIT_MS,
  type Call,
  type SignIn,
} from './sessionPage';

/**
 * What the session's and the account's walks start from: a fresh page whose calls (CALLS) are held
 * until a step lets them through, and a new listener registered and signed in by cookie, the user
 * page being opened (the app does not know the user yet).
 */
export async function openUserPageSignedIn(suite: Suite) {
  const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
  const { page, context } = tp;
  const held = {} as Record<Call, HeldRequests>;
  for (const [call, [path, method]] of Object.entries(CALLS))
    held[call as Call] = await holdRequests(page, path, [method]);
  const desk = new AccountDesk(context.request, suite.server.baseUrl);
  const account = newAccount();
  await desk.register(account);
  await desk.signIn(account);
  const quiet = apiQuiet(page, held);
  await page.goto(`${suite.server.baseUrl}/user/index`);
  return { tp, page, held, desk, account, quiet };
}

export const statusOf = (event: AnyEventObject) => (event.error instanceof ApiError ? event.error.status : null);

/** the real server answers the held request */
export const letThrough = (held: HeldRequests) => held.answer({ type: 'xstate.done.actor.server' });

/** the server's answer as the step says; `toast`: what the app then shows, if anything */
export const answer =
  (call: Call, toast: (event: AnyEventObject) => string | null = () => null) =>
  async (ctx: SignIn, event: AnyEventObject) => {
    await ctx.held[call].answer(event);
    ctx.toast = toast(event);
  };

/** a refusal the app says in a toast, unless the form says it (the statuses given) */
export const toastUnless =
  (...inForm: number[]) =>
  (event: AnyEventObject) =>
    inForm.includes(statusOf(event) ?? 0) ? null : errorMessage(event.error);

/** the recovery codes the page shows, as the account's (the server just handed them out) */
async function keepShownCodes(ctx: SignIn): Promise<void> {
  const list = shownRecoveryCodes(ctx.page).getByRole('list', { name: text.user.recoveryCodesList });
  await list.waitFor({ timeout: WAIT_MS });
  ctx.account!.recoveryCodes = await list.getByRole('listitem').allTextContents();
}

/** a picture the reference server has (the app's icon), for the samples' avatars */
const AVATAR = '/icon-192.png';

/** what the listener does on the user page, a step each */
export const accountSteps = {
  async UPDATE_PROFILE(ctx, event) {
    const form = await openUserTab(ctx, text.user.tabs.profile);
    const sample = event.form as { nickname: string; avatar: string };
    await form.getByLabel(text.user.nickname, { exact: true }).fill(sample.nickname);
    // a sample's avatar stands for a picture at an address that answers: the form shows it at once,
    // and one that leads nowhere (`a.png`) would be a 404 in the console
    await form.getByLabel(text.user.avatar, { exact: true }).fill(sample.avatar.trim() === '' ? sample.avatar : AVATAR);
    ctx.newNickname = sample.nickname;
    await submitIn(form, text.user.confirmChanges).click();
  },
  async CHANGE_PASSWORD(ctx, event) {
    const form = await openUserTab(ctx, text.user.tabs.password);
    const sample = event.form as PasswordForm;
    // the sample's passwords stand for the account's own and a new one of its own
    const valid = passwordError(sample) === null;
    ctx.newPassword = valid ? `${ctx.account!.password}-new` : null;
    await form
      .getByLabel(text.user.oldPassword, { exact: true })
      .fill(valid ? ctx.account!.password : sample.oldPassword);
    await form.getByLabel(text.user.newPassword, { exact: true }).fill(ctx.newPassword ?? sample.newPassword);
    await form
      .getByLabel(text.user.confirmNewPassword, { exact: true })
      .fill(ctx.newPassword ?? sample.confirmPassword);
    // with two-step sign-in on, the code is asked too: the sample has none
    await submitIn(form, text.user.confirmChanges).click();
  },
  async DELETE_ACCOUNT(ctx, event) {
    const { page } = ctx;
    await openUserTab(ctx, text.user.tabs.profile);
    const dialog = deleteDialog(page);
    if (!(await dialog.isVisible()))
      await page.getByRole('button', { name: text.user.deleteAccount, exact: true }).click();
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
    ctx.typed =
      enableTwoFactorError(setup) === null
        ? { secret, code: freshCode({ ...ctx.account!, lastStep: 0 }, secret) }
        : null;
    await form.getByLabel(text.user.twoFactorCode, { exact: true }).fill(ctx.typed?.code.code ?? setup.code);
    await form
      .getByLabel(text.user.twoFactorPassword, { exact: true })
      .fill(setup.password === '' ? '' : ctx.account!.password);
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
    await form
      .getByLabel(text.user.twoFactorPassword, { exact: true })
      .fill(sample.password === '' ? '' : ctx.account!.password);
    const useRecovery = form.getByRole('button', { name: text.user.useRecoveryCode, exact: true });
    if (recoveryCode) {
      if (await useRecovery.count()) await useRecovery.click();
      await form.getByLabel(text.user.recoveryCode, { exact: true }).fill(recoveryCode);
    } else {
      if (!(await useRecovery.count()))
        await form.getByRole('button', { name: text.user.useTwoFactorCode, exact: true }).click();
      await form.getByLabel(text.user.twoFactorCode, { exact: true }).fill(fresh?.code ?? sample.code);
    }
    await submitIn(form, text.user.recoveryCodesRenewConfirm).click();
  },
  async DISMISS_RECOVERY_CODES(ctx) {
    await shownRecoveryCodes(ctx.page).getByRole('button', { name: text.user.recoveryCodesDone, exact: true }).click();
  },
} satisfies Record<string, (ctx: SignIn, event: AnyEventObject) => Promise<void>>;

/** how the server answers the account's requests, a step each */
export const accountAnswers = {
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
} satisfies Record<string, (ctx: SignIn, event: AnyEventObject) => Promise<void>>;
