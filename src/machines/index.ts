// The machines registry: what `npm run machines` draws into docs/machines/ and what
// `npm run paths -- <name>` walks for QA. pathEvents are the sample events a walk explores
// (payloads included), beside the events derived from the machine itself.
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { ApiError } from '@/services/api/errors';
import type { UserInfo } from '@/services/api/types';
import { sessionMachine } from './session';
import { loaderMachine } from './loader';
import { messagesMachine } from './messages';
import { settingsMachine } from './settings';

export const machines: Record<string, AnyStateMachine> = {
  session: sessionMachine,
  loader: loaderMachine,
  messages: messagesMachine,
  settings: settingsMachine,
};

const sampleUser: UserInfo = { userId: '1', email: 'mio@example.com', nickname: 'Mio', avatar: '', twoFactorEnabled: false };
const unauthorized = new ApiError(902002, 'unauthorized');

export const pathEvents: Record<string, AnyEventObject[]> = {
  session: [
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
    { type: 'xstate.done.actor.refreshUser', output: sampleUser },
    { type: 'xstate.error.actor.updateProfile', error: unauthorized },
  ],
  loader: [{ type: 'xstate.done.actor.load', output: { siteName: 'Anniv' } }],
  messages: [{ type: 'ADD', severity: 'info', message: '播放队列播完啦' }, { type: 'HIDE', id: 1 }],
  settings: [{ type: 'SET_QUALITY', quality: 'medium' }],
};

/** Inputs for machines whose context comes from input. */
export const pathInputs: Record<string, unknown> = {
  session: { storedUser: null },
  settings: { quality: 'lossless', pageOnCloseAction: 'none' },
};
