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
  { type: 'ENABLE_TWO_FACTOR', setup: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '123456' } },
  { type: 'ENABLE_TWO_FACTOR', setup: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '12' } },
  { type: 'DISABLE_TWO_FACTOR', code: '654321' },
  { type: 'DELETE_ACCOUNT', form: { password: 'pw' } },
  { type: 'DELETE_ACCOUNT', form: { password: '' } },
  { type: 'xstate.done.actor.enableTwoFactor' },
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
  ...['fetchUser', 'login', 'loginWithCode', 'enableTwoFactor', 'disableTwoFactor', 'deleteAccount', 'logout', 'updateProfile', 'refreshUser', 'changePassword'].flatMap(
    (actor) => failures.map((error) => ({ type: `xstate.error.actor.${actor}`, error })),
  ),
];

export const pathInput = { storedUser: null };

const storedUserOnly = 'needs a user stored by an earlier visit, and this walk starts with none (pathInput); tests/machines/session.test.ts starts with one';
/** Transitions this walk cannot fire, and why (shown by `npm run paths -- session`). */
export const unreachable = [
  { transition: 'unknown —error: fetchUser#1→ clearingLocalData', reason: storedUserOnly },
  { transition: 'unknown —error: fetchUser#3→ loggedIn', reason: storedUserOnly },
  { transition: 'unknown —error: fetchUser#5→ loggedIn', reason: storedUserOnly },
];
