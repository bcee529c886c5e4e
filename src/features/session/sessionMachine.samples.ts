// Sample events for `npm run paths -- session` and tests/machines/session.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import { createMachine, type AnyEventObject } from 'xstate';
import { ApiError } from '@/services/api/errors';
import {
  STATUS_TWO_FACTOR_ATTEMPTS_LIMITED,
  STATUS_TWO_FACTOR_NOT_ENABLED,
  STATUS_WRONG_TWO_FACTOR_CODE,
} from '@/shared/constants';
import { sampleUser } from '@/shared/model.samples';

const unauthorized = new ApiError(902002, 'unauthorized');
const failures = [
  unauthorized,
  new ApiError(STATUS_WRONG_TWO_FACTOR_CODE, 'wrong 2fa code'),
  new ApiError(STATUS_TWO_FACTOR_ATTEMPTS_LIMITED, 'attempt too frequent'),
  new ApiError(STATUS_TWO_FACTOR_NOT_ENABLED, '2fa is enforced'),
  new Error('未知网络错误'),
];

/** the account's machine as the app's loader gives it (features/account): a stand-in here, the account is walked on its own */
// (printed in the paths' titles by name, not as the whole machine)
const accountStandIn = Object.assign(createMachine({ id: 'account' }), { toJSON: () => ({ machine: 'account' }) });

export const pathEvents: AnyEventObject[] = [
  { type: 'LOGIN', form: { email: 'mio@example.com', password: 'pw' } },
  { type: 'LOGIN', form: { email: '', password: '' } },
  {
    type: 'REGISTER',
    form: { email: 'a@b.c', password: 'p', repeatPassword: 'p', nickname: 'A', inviteCode: '' },
    inviteRequired: false,
  },
  { type: 'xstate.done.actor.fetchUser', output: sampleUser },
  { type: 'xstate.error.actor.fetchUser', error: unauthorized },
  { type: 'xstate.error.actor.fetchUser', error: new Error('未知网络错误') },
  { type: 'xstate.done.actor.login', output: sampleUser },
  { type: 'xstate.error.actor.login', error: new ApiError(102010, 'email and password does not match') },
  { type: 'xstate.error.actor.login', error: new ApiError(202001, 'wrong 2fa code') },
  { type: 'SUBMIT_CODE', code: '123 456' },
  { type: 'SUBMIT_CODE', code: '12345' },
  { type: 'CANCEL_CODE' },
  { type: 'xstate.done.actor.loginWithCode', output: sampleUser },
  { type: 'xstate.error.actor.loginWithCode', error: new ApiError(202001, 'wrong 2fa code') },
  { type: 'xstate.error.actor.loginWithCode', error: new ApiError(202003, 'attempt too frequent') },
  { type: 'xstate.error.actor.fetchUser', error: new ApiError(202000, '2fa is enforced') },
  { type: 'TWO_FACTOR_REQUIRED' },
  // the user page opens and closes its account, which reports back
  { type: 'OPEN_ACCOUNT' },
  { type: 'CLOSE_ACCOUNT' },
  { type: 'xstate.done.actor.loadAccount', output: accountStandIn },
  { type: 'xstate.error.actor.loadAccount', error: new Error('未知网络错误') },
  { type: 'USER_CHANGED', user: { ...sampleUser, nickname: 'Mio2', avatar: 'a.png' } },
  { type: 'TWO_FACTOR_CHANGED', user: { ...sampleUser, twoFactorEnabled: true } },
  { type: 'TWO_FACTOR_CHANGED', user: sampleUser },
  { type: 'SESSION_ENDED', leaveTo: '/user/login' },
  { type: 'SESSION_ENDED', leaveTo: null },
  { type: 'ACCOUNT_DELETED' },
  // forms the client refuses before asking the server
  {
    type: 'REGISTER',
    form: { email: '', password: 'p', repeatPassword: 'q', nickname: '', inviteCode: '' },
    inviteRequired: false,
  },
  // every request that signs in or out can fail each way the server answers
  ...['fetchUser', 'login', 'loginWithCode', 'logout'].flatMap((actor) =>
    failures.map((error) => ({ type: `xstate.error.actor.${actor}`, error })),
  ),
];

export const pathInput = { storedUser: null };

/**
 * The walk starts again with a user stored by an earlier visit, for what only such a start reaches:
 * the kept session that expired (its local data cleared), the site that enforces two-step sign-in
 * on a user without it, and the server that does not answer (the stored user kept).
 */
export const pathMoreInputs = [{ storedUser: sampleUser }];

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  'xstate.done.actor.fetchUser': 'the server says who is signed in',
  'xstate.error.actor.fetchUser':
    'the server does not say who is signed in (signed out elsewhere, two-step sign-in required, or no answer)',
  CLEAR_FORM_ERROR: 'the listener leaves the 登录 / 注册 form (its error message goes)',
  LOGIN: 'the listener fills in Email and 密码 and presses 登录',
  REGISTER: 'the listener fills in the 注册 form and presses 注册',
  'xstate.done.actor.login': 'the server accepts the email and password',
  'xstate.error.actor.login': 'the server refuses the sign-in (wrong password, or it asks for the two-step code)',
  SUBMIT_CODE: 'the listener types the 动态码 and presses 验证',
  CANCEL_CODE: 'the listener presses 返回 on the 两步验证 form',
  'xstate.done.actor.loginWithCode': 'the server accepts the 动态码',
  'xstate.error.actor.loginWithCode': 'the server refuses the 动态码 (wrong, or too many tries)',
  'xstate.done.actor.register': 'the server creates the account (注册成功)',
  'xstate.error.actor.register': 'the server refuses the registration (its message shows)',
  SESSION_EXPIRED: "a page's request is refused as signed out (the session ended elsewhere)",
  TWO_FACTOR_REQUIRED: 'a request says the site requires two-step sign-in first',
  LOGOUT: 'the listener chooses 注销',
  OPEN_ACCOUNT: 'the listener opens the user page (its tabs 个人信息, 密码, 两步验证)',
  CLOSE_ACCOUNT: 'the listener leaves the user page',
  'xstate.done.actor.loadAccount': "the user page's account code has loaded",
  'xstate.error.actor.loadAccount': "the user page's account code cannot load",
  USER_CHANGED: 'the account saved the profile or handed out recovery codes (the header shows the user as it now is)',
  TWO_FACTOR_CHANGED: 'the account turned two-step sign-in on or off',
  SESSION_ENDED: 'the account says the session ended (password changed, or refused as signed out)',
  ACCOUNT_DELETED: 'the account was deleted (账号已删除)',
  'xstate.done.actor.logout': 'the server ends the session (登出成功)',
  'xstate.error.actor.logout': 'the server answers the sign-out with an error',
  'xstate.after.logoutRedirectDelay.session.loggedIn.waitingToLeave': 'the 登出成功 toast has shown for 2 s',
  'xstate.done.actor.clearLocalData': "this browser's queue, libraries and albums are cleared",
  'xstate.error.actor.clearLocalData': "clearing this browser's local data fails",
};
