// The user page's account (the account machine, which the session spawns while the page is open)
// driven as a listener does, against the real server with an account of the path's own, signed in
// and on the page: 个人信息 with 删除账号, 密码, 两步验证 with its recovery codes (accountSteps.ts).
// The account's requests are held until the path says how the server answers: done goes through to
// the real server (the password, the profile, two-step sign-in and the account really change), an
// error is the envelope the path names. What the user sees is read from the page (sessionPage.ts).
import type { AnyEventObject } from 'xstate';
import { expect } from 'vitest';
import type { AccountContext } from '@/features/account/accountMachine';
import { ApiError } from '@/services/api/errors';
import { STATUS_TWO_FACTOR_NOT_ENABLED, STATUS_UNAUTHORIZED } from '@/shared/constants';
import { text } from '@/shared/text';
import type { InterfaceAdapter } from './adapter';
import { accountAnswers, accountSteps, openUserPageSignedIn, letThrough } from './accountSteps';
import {
  closeDeleteDialog,
  deleteDialog,
  openUserTab,
  pathOf,
  signedInShows,
  twoFactorOn,
  WAIT_MS,
  type SignIn,
} from './sessionPage';

// the two-step endpoints' 202000 means "it is not on", not "the site wants it"
const TWO_FACTOR_CALLS = new Set(['enableTwoFactor', 'disableTwoFactor', 'renewRecoveryCodes']);

/** whether the server can give this error answer to the account's request; see `accepts` */
function answerable(event: AnyEventObject): boolean {
  // no answer at all takes the app offline (离线中, the shell's): the refusals cover the same transitions
  if (!(event.error instanceof ApiError)) return false;
  const call = event.type.slice('xstate.error.actor.'.length);
  // the app hears a 902002 as SESSION_EXPIRED (the session's) before the call's own error, and a
  // 202000 of any other call as TWO_FACTOR_REQUIRED
  if (event.error.status === STATUS_UNAUTHORIZED) return false;
  return event.error.status !== STATUS_TWO_FACTOR_NOT_ENABLED || TWO_FACTOR_CALLS.has(call);
}

const codesShown = (context: AccountContext) => context.recoveryCodes !== null;

// while recovery codes show, the page keeps the 两步验证 tab: the listener puts them away (我已保存)
// or turns it off; any other step would leave the tab, which the page does not let happen
const WHILE_CODES_SHOW = new Set(['DISMISS_RECOVERY_CODES', 'DISABLE_TWO_FACTOR']);

export const accountAdapter: InterfaceAdapter<SignIn> = {
  machine: 'account',
  seed: 7,
  stateKey: (snapshot) =>
    JSON.stringify([snapshot.value, twoFactorOn(snapshot), codesShown(snapshot.context as AccountContext)]),
  async start({ suite }) {
    const { tp, page, held, desk, account, quiet } = await openUserPageSignedIn(suite);
    // signed in: the page asks who it is, and the user page opens with its account
    await letThrough(held.info);
    await page.getByRole('tabpanel').waitFor({ timeout: WAIT_MS });
    const none = { registering: null, newPassword: null, newNickname: null, typed: null, leadsTo: null, toast: null };
    return { tp, page, held, desk, account, quiet, shownNickname: account.nickname, leaveTo: '/', ...none };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  accepts(event, model) {
    const on = twoFactorOn(model);
    const idle = model.matches('idle');
    if (event.type.startsWith('xstate.error.actor.')) return answerable(event);
    if (
      codesShown(model.context as AccountContext) &&
      !event.type.startsWith('xstate.') &&
      !WHILE_CODES_SHOW.has(event.type)
    )
      return false;
    switch (event.type) {
      // the reference server always hands out recovery codes: anniv-go's null is the view tests' (tests/views/twoFactor.test.tsx)
      case 'xstate.done.actor.enableTwoFactor':
        return event.output !== null;
      // 生成新的恢复码 shows while it is on and no codes show; 我已保存 under codes shown
      case 'RENEW_RECOVERY_CODES':
        return idle && on;
      case 'DISMISS_RECOVERY_CODES':
        return idle && codesShown(model.context as AccountContext);
      // the server's answer says two-step sign-in is on or off as it is; the sample's user has it off
      case 'xstate.done.actor.refreshUser':
        return !on;
      // leaving a form (for another tab) while nothing is under way
      case 'CLEAR_FORM_ERROR':
        return idle;
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
    ...accountSteps,
    ...accountAnswers,
    // the listener leaves a form for another tab of the user page
    async CLEAR_FORM_ERROR(ctx) {
      const { page } = ctx;
      if (await deleteDialog(page).isVisible()) return closeDeleteDialog(page);
      const onProfile = pathOf(page) === '/user/index' && !new URL(page.url()).searchParams.get('tab');
      if (!onProfile) await openUserTab(ctx, text.user.tabs.profile);
      await openUserTab(ctx, text.user.tabs.password);
    },
  },
  states: {
    ...Object.fromEntries(
      [
        'idle',
        'updatingProfile',
        'refreshingUser',
        'changingPassword',
        'enablingTwoFactor',
        'disablingTwoFactor',
        'renewingRecoveryCodes',
        'deletingAccount',
      ].map((state) => [state, signedInShows]),
    ),
    // the session takes it from here: the toast, then this browser's data is cleared and the page
    // reloads, asking who is signed in (held: nobody is asked after the path's end)
    ended: async (ctx) => {
      if (ctx.toast) await ctx.page.getByRole('alert').filter({ hasText: ctx.toast }).first().waitFor();
      ctx.toast = null;
      await expect.poll(() => ctx.held.info.waiting, { timeout: WAIT_MS }).toBe(1);
    },
  },
  siteNeeds:
    'registration open to anyone: each path registers an account of its own (and turns two-step sign-in on and off, changes its password, deletes it)',
  notThroughInterface: [
    'updatingProfile —error: updateProfile#1→ ended',
    'refreshingUser —error: fetchUser#1→ ended',
    'changingPassword —error: changePassword#1→ ended',
    'enablingTwoFactor —error: enableTwoFactor#2→ ended',
    'disablingTwoFactor —error: disableTwoFactor#2→ ended',
    'renewingRecoveryCodes —error: renewRecoveryCodes#1→ ended',
    'deletingAccount —error: deleteAccount#1→ ended',
  ].map((transition) => ({
    transition,
    reason:
      'the app hears a 902002 of any call as SESSION_EXPIRED (src/app/system.ts) before the call fails: the session is already clearing its data, and has stopped the account, when the call’s own error comes (the session’s loggedIn —SESSION_EXPIRED→ clearingLocalData is driven instead)',
  })),
};
