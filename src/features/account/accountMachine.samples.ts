// Sample events for `npm run paths -- account` and tests/machines/account.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import { ApiError } from '@/services/api/errors';
import {
  STATUS_TWO_FACTOR_ALREADY_ENABLED,
  STATUS_TWO_FACTOR_ATTEMPTS_LIMITED,
  STATUS_TWO_FACTOR_NOT_ENABLED,
  STATUS_WRONG_TWO_FACTOR_CODE,
} from '@/shared/constants';
import { sampleUser } from '@/shared/model.samples';
import type { AccountInput } from './accountMachine';

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
  { type: 'UPDATE_PROFILE', form: { nickname: 'Mio', avatar: 'a.png' } },
  { type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } },
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
  { type: 'xstate.error.actor.updateProfile', error: unauthorized },
  // forms the client refuses before asking the server
  { type: 'UPDATE_PROFILE', form: { nickname: '', avatar: '' } },
  { type: 'CHANGE_PASSWORD', form: { oldPassword: '', newPassword: 'n', confirmPassword: 'm' } },
  { type: 'DISABLE_TWO_FACTOR', code: '12' },
  // every request that changes the account can fail each way the server answers
  ...[
    'enableTwoFactor',
    'disableTwoFactor',
    'renewRecoveryCodes',
    'deleteAccount',
    'updateProfile',
    'refreshUser',
    'changePassword',
  ].flatMap((actor) => failures.map((error) => ({ type: `xstate.error.actor.${actor}`, error }))),
];

// walked alone: no session to report to
export const pathInput: AccountInput = { user: sampleUser, session: null };

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  CLEAR_FORM_ERROR: 'the listener leaves the form (its error message goes)',
  UPDATE_PROFILE: 'the listener edits 昵称 / 头像 and presses 确认修改',
  CHANGE_PASSWORD: 'the listener fills in 旧密码, 新密码, 确认新密码 and presses 确认修改',
  ENABLE_TWO_FACTOR: 'the listener scans the key, types the 动态码 and the 账号密码 and presses 确认开启',
  RENEW_RECOVERY_CODES:
    'the listener presses 生成新的恢复码, types the 账号密码 and a 动态码 (or a 恢复码) and presses 确认生成',
  DISMISS_RECOVERY_CODES: 'the listener presses 我已保存 under the recovery codes shown, or leaves the 两步验证 tab',
  DISABLE_TWO_FACTOR: 'the listener types the 动态码 and presses 关闭两步验证',
  DELETE_ACCOUNT: 'the listener types the 密码 and presses 确认删除',
  'xstate.done.actor.enableTwoFactor':
    'the server turns two-step sign-in on (两步验证已开启), with recovery codes or (anniv-go) none',
  'xstate.done.actor.renewRecoveryCodes': 'the server hands out new recovery codes (已生成新的恢复码)',
  'xstate.error.actor.renewRecoveryCodes': 'the server refuses new recovery codes (its message shows)',
  'xstate.error.actor.enableTwoFactor': 'the server refuses to turn two-step sign-in on (its message shows)',
  'xstate.done.actor.disableTwoFactor': 'the server turns two-step sign-in off (两步验证已关闭)',
  'xstate.error.actor.disableTwoFactor': 'the server refuses to turn two-step sign-in off (its message shows)',
  'xstate.done.actor.deleteAccount': 'the server deletes the account (账号已删除)',
  'xstate.error.actor.deleteAccount': 'the server refuses to delete the account (its message shows)',
  'xstate.done.actor.updateProfile': 'the server saves the profile',
  'xstate.error.actor.updateProfile': 'the server refuses the profile (its message shows)',
  'xstate.done.actor.refreshUser': 'the server sends the user info again (修改成功)',
  'xstate.error.actor.refreshUser': 'the user info cannot be read again',
  'xstate.done.actor.changePassword': 'the server changes the password (signed out everywhere)',
  'xstate.error.actor.changePassword': 'the server refuses the new password (its message shows)',
};
