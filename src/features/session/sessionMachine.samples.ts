// Sample events for `npm run paths -- session` and tests/machines/session.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import { ApiError } from '@/services/api/errors';
import {
  STATUS_TWO_FACTOR_ALREADY_ENABLED,
  STATUS_TWO_FACTOR_ATTEMPTS_LIMITED,
  STATUS_TWO_FACTOR_NOT_ENABLED,
  STATUS_WRONG_TWO_FACTOR_CODE,
} from '@/shared/constants';
import type { UserInfo } from '@/shared/types';

const sampleUser: UserInfo = { userId: '1', email: 'mio@example.com', nickname: 'Mio', avatar: '', twoFactorEnabled: false };
const unauthorized = new ApiError(902002, 'unauthorized');
const failures = [
  unauthorized,
  new ApiError(STATUS_WRONG_TWO_FACTOR_CODE, 'wrong 2fa code'),
  new ApiError(STATUS_TWO_FACTOR_ATTEMPTS_LIMITED, 'attempt too frequent'),
  new ApiError(STATUS_TWO_FACTOR_NOT_ENABLED, '2fa is enforced'),
  new ApiError(STATUS_TWO_FACTOR_ALREADY_ENABLED, '2fa already enabled'),
  new Error('未知网络错误'),
];
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-23456`);

export const pathEvents: AnyEventObject[] = [
  { type: 'LOGIN', form: { email: 'mio@example.com', password: 'pw' } },
  { type: 'LOGIN', form: { email: '', password: '' } },
  {
    type: 'REGISTER',
    form: { email: 'a@b.c', password: 'p', repeatPassword: 'p', nickname: 'A', inviteCode: '' },
    inviteRequired: false,
  },
  { type: 'UPDATE_PROFILE', form: { nickname: 'Mio', avatar: 'a.png' } },
  { type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } },
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
  { type: 'xstate.done.actor.refreshUser', output: sampleUser },
  { type: 'ENABLE_TWO_FACTOR', setup: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '123456', password: 'pw' } },
  { type: 'ENABLE_TWO_FACTOR', setup: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '12', password: 'pw' } },
  { type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: '123456' } },
  { type: 'RENEW_RECOVERY_CODES', form: { password: '', code: '123456' } },
  { type: 'DISMISS_RECOVERY_CODES' },
  { type: 'DISABLE_TWO_FACTOR', code: '654321' },
  { type: 'DELETE_ACCOUNT', form: { password: 'pw' } },
  { type: 'DELETE_ACCOUNT', form: { password: '' } },
  { type: 'xstate.done.actor.enableTwoFactor', output: recoveryCodes },
  // a server without recovery codes (anniv-go) answers null
  { type: 'xstate.done.actor.enableTwoFactor', output: null },
  { type: 'xstate.done.actor.renewRecoveryCodes', output: recoveryCodes },
  { type: 'xstate.error.actor.enableTwoFactor', error: new ApiError(202001, 'wrong 2fa code') },
  { type: 'xstate.done.actor.disableTwoFactor' },
  { type: 'xstate.done.actor.deleteAccount' },
  { type: 'xstate.error.actor.deleteAccount', error: new ApiError(102010, 'email and password does not match') },
  { type: 'xstate.error.actor.fetchUser', error: new ApiError(202000, '2fa is enforced') },
  { type: 'TWO_FACTOR_REQUIRED' },
  { type: 'xstate.error.actor.updateProfile', error: unauthorized },
  // forms the client refuses before asking the server
  { type: 'REGISTER', form: { email: '', password: 'p', repeatPassword: 'q', nickname: '', inviteCode: '' }, inviteRequired: false },
  { type: 'UPDATE_PROFILE', form: { nickname: '', avatar: '' } },
  { type: 'CHANGE_PASSWORD', form: { oldPassword: '', newPassword: 'n', confirmPassword: 'm' } },
  { type: 'DISABLE_TWO_FACTOR', code: '12' },
  // every request that signs in or changes the account can fail each way the server answers
  ...['fetchUser', 'login', 'loginWithCode', 'enableTwoFactor', 'disableTwoFactor', 'renewRecoveryCodes', 'deleteAccount', 'logout', 'updateProfile', 'refreshUser', 'changePassword'].flatMap(
    (actor) => failures.map((error) => ({ type: `xstate.error.actor.${actor}`, error })),
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
  'xstate.error.actor.fetchUser': 'the server does not say who is signed in (signed out elsewhere, two-step sign-in required, or no answer)',
  CLEAR_FORM_ERROR: 'the listener leaves the form (its error message goes)',
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
  UPDATE_PROFILE: 'the listener edits 昵称 / 头像 and presses 确认修改',
  CHANGE_PASSWORD: 'the listener fills in 旧密码, 新密码, 确认新密码 and presses 确认修改',
  ENABLE_TWO_FACTOR: 'the listener scans the key, types the 动态码 and the 账号密码 and presses 确认开启',
  RENEW_RECOVERY_CODES: 'the listener presses 生成新的恢复码, types the 账号密码 and a 动态码 (or a 恢复码) and presses 确认生成',
  DISMISS_RECOVERY_CODES: 'the listener presses 我已保存 under the recovery codes shown, or leaves the 两步验证 tab',
  DISABLE_TWO_FACTOR: 'the listener types the 动态码 and presses 关闭两步验证',
  DELETE_ACCOUNT: 'the listener types the 密码 and presses 确认删除',
  'xstate.done.actor.enableTwoFactor': 'the server turns two-step sign-in on (两步验证已开启), with recovery codes or (anniv-go) none',
  'xstate.done.actor.renewRecoveryCodes': 'the server hands out new recovery codes (已生成新的恢复码)',
  'xstate.error.actor.renewRecoveryCodes': 'the server refuses new recovery codes (its message shows)',
  'xstate.error.actor.enableTwoFactor': 'the server refuses to turn two-step sign-in on (its message shows)',
  'xstate.done.actor.disableTwoFactor': 'the server turns two-step sign-in off (两步验证已关闭)',
  'xstate.error.actor.disableTwoFactor': 'the server refuses to turn two-step sign-in off (its message shows)',
  'xstate.done.actor.deleteAccount': 'the server deletes the account (账号已删除)',
  'xstate.error.actor.deleteAccount': 'the server refuses to delete the account (its message shows)',
  'xstate.done.actor.logout': 'the server ends the session (登出成功)',
  'xstate.error.actor.logout': 'the server answers the sign-out with an error',
  'xstate.after.logoutRedirectDelay.session.loggedIn.waitingToLeave': 'the 登出成功 toast has shown for 2 s',
  'xstate.done.actor.updateProfile': 'the server saves the profile',
  'xstate.error.actor.updateProfile': 'the server refuses the profile (its message shows)',
  'xstate.done.actor.refreshUser': 'the server sends the user info again (修改成功)',
  'xstate.error.actor.refreshUser': 'the user info cannot be read again',
  'xstate.done.actor.changePassword': 'the server changes the password (signed out everywhere)',
  'xstate.error.actor.changePassword': 'the server refuses the new password (its message shows)',
  'xstate.done.actor.clearLocalData': "this browser's queue, libraries and albums are cleared",
  'xstate.error.actor.clearLocalData': "clearing this browser's local data fails",
};
