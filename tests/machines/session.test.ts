import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine, type SessionEmitted } from '@/features/session/sessionMachine';
import type { UserInfo } from '@/shared/types';
import { ApiError } from '@/services/api/errors';
import { text } from '@/shared/text';
import { fakeService, flush } from './fakes';

const mio: UserInfo = { userId: '1', email: 'mio@example.com', nickname: 'Mio', avatar: '', twoFactorEnabled: false };
const loginForm = { email: 'mio@example.com', password: 'secret' };
const registerForm = { email: 'a@b.c', password: 'pw', repeatPassword: 'pw', nickname: 'A', inviteCode: '' };

function start(storedUser: UserInfo | null = null) {
  const fakes = {
    fetchUser: fakeService<UserInfo>(),
    login: fakeService<UserInfo, typeof loginForm>(),
    register: fakeService<void, typeof registerForm>(),
    logout: fakeService<void>(),
    updateProfile: fakeService<void, { nickname: string; avatar: string }>(),
    changePassword: fakeService<void, { oldPassword: string; newPassword: string; twoFactorCode?: string }>(),
    clearLocalData: fakeService<void>(),
    enableTwoFactor: fakeService<string[] | null, { secret: string; code: string; password: string }>(),
    renewRecoveryCodes: fakeService<string[], { password: string; code: string }>(),
    disableTwoFactor: fakeService<void, string>(),
    deleteAccount: fakeService<void, { password: string; twoFactorCode?: string }>(),
  };
  const machine = sessionMachine.provide({
    actors: Object.fromEntries(Object.entries(fakes).map(([k, v]) => [k, v.logic])) as never,
  });
  const actor = createActor(machine, { input: { storedUser } });
  const emitted: SessionEmitted[] = [];
  for (const type of ['notify', 'navigate', 'reload', 'userChanged'] as const) {
    actor.on(type, (e) => emitted.push(e as SessionEmitted));
  }
  actor.start();
  return { actor, fakes, emitted };
}

async function loggedIn() {
  const s = start();
  s.fakes.fetchUser.last.resolve(mio);
  await flush();
  expect(s.actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
  s.emitted.length = 0;
  return s;
}

async function loggedOut() {
  const s = start();
  s.fakes.fetchUser.last.reject(new ApiError(902002, 'unauthorized'));
  await flush();
  expect(s.actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
  s.emitted.length = 0;
  return s;
}

describe('session: start', () => {
  it('starts unknown and asks for the user info', () => {
    const { actor, fakes } = start();
    expect(actor.getSnapshot().value).toBe('unknown');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fakes.fetchUser.calls).toHaveLength(1);
  });

  it('user info succeeds → loggedIn with that user, stored', async () => {
    const { actor, fakes, emitted } = start();
    fakes.fetchUser.last.resolve(mio);
    await flush();
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(mio);
    expect(emitted).toEqual([{ type: 'userChanged', user: mio }]);
  });

  it('902002 with nobody stored → loggedOut silently; nothing to clear (a visitor keeps the queue of a share)', async () => {
    const { actor, fakes, emitted } = start();
    fakes.fetchUser.last.reject(new ApiError(902002, 'unauthorized'));
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(fakes.clearLocalData.calls).toHaveLength(0);
    expect(emitted).toEqual([{ type: 'userChanged', user: null }]);
  });

  it('902002 with a stored user: the session ended while away → the device is cleared as at logout, then the page reloads where it is', async () => {
    const { actor, fakes, emitted } = start(mio);
    fakes.fetchUser.last.reject(new ApiError(902002, 'unauthorized'));
    await flush();
    expect(actor.getSnapshot().hasTag('loggingOut')).toBe(true);
    expect(actor.getSnapshot().hasTag('loggedIn')).toBe(false);
    expect(fakes.clearLocalData.calls).toHaveLength(1);
    fakes.clearLocalData.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(emitted).toEqual([
      { type: 'userChanged', user: null },
      { type: 'reload', to: null },
    ]);
  });

  it('another error → toast with its message and loggedOut when nothing is stored', async () => {
    const { actor, fakes, emitted } = start();
    fakes.fetchUser.last.reject(new Error('未知网络错误'));
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message: '未知网络错误' }]);
  });

  it('another error with a stored user → toast, stays signed in locally (nothing lost)', async () => {
    const { actor, fakes, emitted } = start(mio);
    fakes.fetchUser.last.reject(new Error('网络错误: 502 Bad Gateway'));
    await flush();
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(mio);
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message: '网络错误: 502 Bad Gateway' }]);
  });
});

describe('session: login', () => {
  it.each([
    [{ email: '', password: 'x' }],
    [{ email: 'a@b.c', password: '' }],
    [{ email: '  ', password: '' }],
  ])('an incomplete form %j shows Email/密码不能为空 and calls nothing', async (form) => {
    const { actor, fakes } = await loggedOut();
    actor.send({ type: 'LOGIN', form });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'login', message: text.auth.emailPasswordRequired });
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(fakes.login.calls).toHaveLength(0);
  });

  it('success sets the returned user', async () => {
    const { actor, fakes, emitted } = await loggedOut();
    actor.send({ type: 'LOGIN', form: loginForm });
    expect(actor.getSnapshot().matches({ loggedOut: 'loggingIn' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fakes.login.last.input).toEqual(loginForm);
    fakes.login.last.resolve(mio);
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(mio);
    expect(emitted).toEqual([{ type: 'userChanged', user: mio }]);
  });

  it('failure shows the server message and allows another try', async () => {
    const { actor, fakes, emitted } = await loggedOut();
    actor.send({ type: 'LOGIN', form: loginForm });
    fakes.login.last.reject(new ApiError(102010, 'email and password does not match'));
    await flush();
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message: 'email and password does not match' }]);
    actor.send({ type: 'LOGIN', form: loginForm });
    expect(fakes.login.calls).toHaveLength(2);
  });

  it('a second LOGIN while logging in is ignored', async () => {
    const { actor, fakes } = await loggedOut();
    actor.send({ type: 'LOGIN', form: loginForm });
    actor.send({ type: 'LOGIN', form: loginForm });
    expect(fakes.login.calls).toHaveLength(1);
  });
});

describe('session: two-step sign-in', () => {
  async function askedForCode() {
    const s = await loggedOut();
    s.actor.send({ type: 'LOGIN', form: loginForm });
    s.fakes.login.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    return s;
  }
  const snapshot = (s: Awaited<ReturnType<typeof askedForCode>>) => s.actor.getSnapshot();

  it('the server asks for a code (202001 without one): the code step, email and password kept, no toast', async () => {
    const s = await askedForCode();
    expect(snapshot(s).hasTag('askingCode')).toBe(true);
    expect(snapshot(s).hasTag('loggedOut')).toBe(true);
    expect(snapshot(s).hasTag('busy')).toBe(false);
    expect(snapshot(s).context.pendingLogin).toEqual(loginForm);
    expect(s.emitted).toEqual([]);
  });

  it('a code that is not 6 digits is refused before anything is sent; spaces in a pasted code do not count', async () => {
    const s = await askedForCode();
    s.actor.send({ type: 'SUBMIT_CODE', code: '12345' });
    expect(snapshot(s).context.formError).toEqual({ form: 'code', message: text.auth.twoFactorCodeInvalid });
    s.actor.send({ type: 'SUBMIT_CODE', code: '12a456' });
    expect(s.fakes.login.calls).toHaveLength(1);
    s.actor.send({ type: 'SUBMIT_CODE', code: ' 123 456 ' });
    expect(snapshot(s).context.formError).toBeNull();
    expect(snapshot(s).hasTag('busy')).toBe(true);
    expect(snapshot(s).hasTag('loggingIn')).toBe(true);
    expect(s.fakes.login.last.input).toEqual({ ...loginForm, twoFactorCode: '123456' });
  });

  it('a wrong code says so and keeps the step; too many say the server’s wait; the right one signs in and forgets the password', async () => {
    const s = await askedForCode();
    s.actor.send({ type: 'SUBMIT_CODE', code: '111111' });
    s.fakes.login.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    expect(snapshot(s).hasTag('askingCode')).toBe(true);
    expect(snapshot(s).context.formError).toEqual({ form: 'code', message: text.auth.twoFactorCodeWrong });
    s.actor.send({ type: 'SUBMIT_CODE', code: '222222' });
    s.fakes.login.last.reject(new ApiError(202003, 'attempt too frequent, try again in 41 minutes'));
    await flush();
    expect(snapshot(s).context.formError).toEqual({ form: 'code', message: 'attempt too frequent, try again in 41 minutes' });
    expect(s.emitted).toEqual([]);
    s.actor.send({ type: 'SUBMIT_CODE', code: '333333' });
    s.fakes.login.last.resolve(mio);
    await flush();
    expect(snapshot(s).matches({ loggedIn: 'idle' })).toBe(true);
    expect(snapshot(s).context.pendingLogin).toBeNull();
    expect(s.emitted).toEqual([{ type: 'userChanged', user: mio }]);
  });

  it('another failure of the code step is a toast, and the step stays', async () => {
    const s = await askedForCode();
    s.actor.send({ type: 'SUBMIT_CODE', code: '111111' });
    s.fakes.login.last.reject(new Error('未知网络错误'));
    await flush();
    expect(snapshot(s).hasTag('askingCode')).toBe(true);
    expect(s.emitted).toEqual([{ type: 'notify', severity: 'error', message: '未知网络错误' }]);
  });

  it('返回 leaves the step and forgets the password; a new login starts over', async () => {
    const s = await askedForCode();
    s.actor.send({ type: 'CANCEL_CODE' });
    expect(snapshot(s).matches({ loggedOut: 'idle' })).toBe(true);
    expect(snapshot(s).context.pendingLogin).toBeNull();
    const again = await askedForCode();
    again.actor.send({ type: 'LOGIN', form: { email: 'other@example.com', password: 'x' } });
    expect(again.fakes.login.last.input).toEqual({ email: 'other@example.com', password: 'x' });
  });

  it('a user without two-step sign-in never sees the step: a wrong password stays a toast', async () => {
    const s = await loggedOut();
    s.actor.send({ type: 'LOGIN', form: loginForm });
    s.fakes.login.last.reject(new ApiError(102010, 'email and password does not match'));
    await flush();
    expect(snapshot(s).hasTag('askingCode')).toBe(false);
    expect(snapshot(s).context.pendingLogin).toBeNull();
  });
});

describe('session: register', () => {
  it.each([
    ['both passwords empty', { password: '', repeatPassword: '' }, false, text.auth.passwordRequired],
    ['repeat empty, nickname empty too', { repeatPassword: '', nickname: '' }, false, text.auth.passwordRequired],
    ['nickname empty before email empty', { nickname: '', email: '' }, false, text.auth.nicknameRequired],
    ['email empty before mismatch', { email: '', repeatPassword: 'other' }, false, text.auth.emailRequired],
    ['mismatch before invite code', { repeatPassword: 'other' }, true, text.auth.passwordsDiffer],
    ['invite code when required', {}, true, text.auth.inviteCodeRequired],
  ])('%s', async (_, change, inviteRequired, message) => {
    const { actor, fakes } = await loggedOut();
    actor.send({ type: 'REGISTER', form: { ...registerForm, ...change }, inviteRequired });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'register', message });
    expect(fakes.register.calls).toHaveLength(0);
  });

  it('success → registered with a toast; the server does not log in', async () => {
    const { actor, fakes, emitted } = await loggedOut();
    actor.send({ type: 'REGISTER', form: { ...registerForm, inviteCode: 'X' }, inviteRequired: true });
    expect(actor.getSnapshot().matches({ loggedOut: 'registering' })).toBe(true);
    expect(fakes.register.last.input.inviteCode).toBe('X');
    fakes.register.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches({ loggedOut: 'registered' })).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(emitted).toEqual([{ type: 'notify', severity: 'success', message: text.auth.registerSucceeded }]);
    actor.send({ type: 'LOGIN', form: loginForm });
    expect(actor.getSnapshot().matches({ loggedOut: 'loggingIn' })).toBe(true);
  });

  it('failure shows the server message', async () => {
    const { actor, fakes, emitted } = await loggedOut();
    actor.send({ type: 'REGISTER', form: registerForm, inviteRequired: false });
    fakes.register.last.reject(new ApiError(201001, 'invalid invite code'));
    await flush();
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message: 'invalid invite code' }]);
  });

  it('CLEAR_FORM_ERROR clears a shown validation message', async () => {
    const { actor } = await loggedOut();
    actor.send({ type: 'REGISTER', form: { ...registerForm, nickname: '' }, inviteRequired: false });
    actor.send({ type: 'CLEAR_FORM_ERROR' });
    expect(actor.getSnapshot().context.formError).toBeNull();
  });
});

describe('session: logout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes to the logout page, calls logout, shows 登出成功, waits 2 s, clears local data, clears the user and reloads home', async () => {
    const { actor, fakes, emitted } = await loggedIn();
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().matches({ loggedIn: 'loggingOut' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loggingOut')).toBe(true);
    fakes.logout.last.resolve();
    await flush();
    expect(emitted).toEqual([
      { type: 'navigate', to: '/user/logout' },
      { type: 'notify', severity: 'success', message: text.logout.succeeded },
    ]);
    expect(actor.getSnapshot().matches({ loggedIn: 'waitingToLeave' })).toBe(true);

    await vi.advanceTimersByTimeAsync(1999);
    expect(fakes.clearLocalData.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.user).toEqual(mio);
    await vi.advanceTimersByTimeAsync(1);
    expect(fakes.clearLocalData.calls).toHaveLength(1);
    expect(actor.getSnapshot().matches('clearingLocalData')).toBe(true);

    fakes.clearLocalData.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(emitted.slice(2)).toEqual([
      { type: 'userChanged', user: null },
      { type: 'reload', to: '/' },
    ]);
  });

  it('a failing logout call shows the message and keeps the user', async () => {
    const { actor, fakes, emitted } = await loggedIn();
    actor.send({ type: 'LOGOUT' });
    fakes.logout.last.reject(new Error('未知网络错误'));
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(mio);
    expect(emitted.slice(1)).toEqual([{ type: 'notify', severity: 'error', message: '未知网络错误' }]);
    expect(fakes.clearLocalData.calls).toHaveLength(0);
  });

  it('a logout call answered 902002 (the session had already ended) signs out all the same', async () => {
    const { actor, fakes, emitted } = await loggedIn();
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'SESSION_EXPIRED' }); // what the app's API wrapper says of that same answer
    expect(actor.getSnapshot().matches({ loggedIn: 'loggingOut' })).toBe(true);
    fakes.logout.last.reject(new ApiError(902002, 'unauthorized'));
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'notify', severity: 'success', message: text.logout.succeeded });
    await vi.advanceTimersByTimeAsync(2000);
    expect(fakes.clearLocalData.calls).toHaveLength(1);
    fakes.clearLocalData.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(emitted.at(-1)).toEqual({ type: 'reload', to: '/' });
  });

  it('a broken local store still ends the local session', async () => {
    const { actor, fakes, emitted } = await loggedIn();
    actor.send({ type: 'LOGOUT' });
    fakes.logout.last.resolve();
    await flush();
    await vi.advanceTimersByTimeAsync(2000);
    fakes.clearLocalData.last.reject(new Error('IndexedDB is unavailable'));
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(emitted).toContainEqual({ type: 'notify', severity: 'error', message: 'IndexedDB is unavailable' });
    expect(emitted.at(-1)).toEqual({ type: 'reload', to: '/' });
  });
});

describe('session: profile and password', () => {
  it.each([
    [{ nickname: '', avatar: 'a.png' }, text.user.nicknameRequired],
    [{ nickname: 'Mio', avatar: ' ' }, text.user.avatarRequired],
  ])('profile %j is refused with %s', async (form, message) => {
    const { actor, fakes } = await loggedIn();
    actor.send({ type: 'UPDATE_PROFILE', form });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'profile', message });
    expect(fakes.updateProfile.calls).toHaveLength(0);
  });

  it('profile update, then user info refresh, then a success toast', async () => {
    const { actor, fakes, emitted } = await loggedIn();
    actor.send({ type: 'UPDATE_PROFILE', form: { nickname: 'Mio2', avatar: 'a.png' } });
    expect(fakes.updateProfile.last.input).toEqual({ nickname: 'Mio2', avatar: 'a.png' });
    fakes.updateProfile.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: 'refreshingUser' })).toBe(true);
    const updated = { ...mio, nickname: 'Mio2', avatar: 'a.png' };
    fakes.fetchUser.last.resolve(updated);
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(updated);
    expect(emitted).toEqual([
      { type: 'userChanged', user: updated },
      { type: 'notify', severity: 'success', message: text.user.profileSaved },
    ]);
  });

  it('profile update failure shows the server message', async () => {
    const { actor, fakes, emitted } = await loggedIn();
    actor.send({ type: 'UPDATE_PROFILE', form: { nickname: 'Mio', avatar: 'a' } });
    fakes.updateProfile.last.reject(new ApiError(102000, 'nickname too long'));
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message: 'nickname too long' }]);
  });

  it('a nickname over 20 bytes is refused before anything is sent', async () => {
    const { actor, fakes } = await loggedIn();
    actor.send({ type: 'UPDATE_PROFILE', form: { nickname: 'x'.repeat(30), avatar: 'a' } });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'profile', message: text.auth.nicknameTooLong(20) });
    expect(fakes.updateProfile.calls).toHaveLength(0);
  });

  it.each([
    [{ oldPassword: '', newPassword: 'a', confirmPassword: 'a' }, text.user.oldPasswordRequired],
    [{ oldPassword: 'o', newPassword: '', confirmPassword: 'a' }, text.user.newPasswordRequired],
    [{ oldPassword: 'o', newPassword: 'a', confirmPassword: 'b' }, text.user.passwordsDiffer],
  ])('password form %j is refused with %s', async (form, message) => {
    const { actor, fakes } = await loggedIn();
    actor.send({ type: 'CHANGE_PASSWORD', form });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'password', message });
    expect(fakes.changePassword.calls).toHaveLength(0);
  });

  it('password change success ends the session: the device is cleared as at logout, then the login page', async () => {
    const { actor, fakes, emitted } = await loggedIn();
    actor.send({ type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } });
    expect(fakes.changePassword.last.input).toEqual({ oldPassword: 'o', newPassword: 'n' });
    fakes.changePassword.last.resolve();
    await flush();
    expect(fakes.clearLocalData.calls).toHaveLength(1);
    fakes.clearLocalData.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(emitted).toEqual([
      { type: 'userChanged', user: null },
      { type: 'reload', to: '/user/login' },
    ]);
  });

  it('wrong old password shows the server message and keeps the user', async () => {
    const { actor, fakes, emitted } = await loggedIn();
    actor.send({ type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } });
    fakes.changePassword.last.reject(new ApiError(102010, 'email and password does not match'));
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message: 'email and password does not match' }]);
  });

  it.each(['updateProfile', 'changePassword'] as const)('902002 during %s ends the local session', async (which) => {
    const { actor, fakes } = await loggedIn();
    if (which === 'updateProfile') actor.send({ type: 'UPDATE_PROFILE', form: { nickname: 'n', avatar: 'a' } });
    else actor.send({ type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } });
    fakes[which].last.reject(new ApiError(902002, 'unauthorized'));
    await flush();
    expect(fakes.clearLocalData.calls).toHaveLength(1);
    fakes.clearLocalData.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
  });

  it('SESSION_EXPIRED while logged in (password changed on another device) → the device is cleared as at logout, reloaded where it is', async () => {
    const { actor, fakes, emitted } = await loggedIn();
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().hasTag('loggedIn')).toBe(false);
    expect(actor.getSnapshot().hasTag('loggingOut')).toBe(true);
    actor.send({ type: 'SESSION_EXPIRED' }); // a second call failing the same way starts nothing new
    expect(fakes.clearLocalData.calls).toHaveLength(1);
    fakes.clearLocalData.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(emitted).toEqual([
      { type: 'userChanged', user: null },
      { type: 'reload', to: null },
    ]);
  });
});

describe('session: the account’s two-step sign-in and deletion', () => {
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const withCode = { ...mio, twoFactorEnabled: true };

  async function loggedInAs(user: UserInfo) {
    const s = start();
    s.fakes.fetchUser.last.resolve(user);
    await flush();
    s.emitted.length = 0;
    return s;
  }

  it('turning it on: the password and the code are checked, then sent with the secret; against a server without recovery codes (null) the user is now on, stored, 两步验证已开启, no codes shown', async () => {
    const { actor, fakes, emitted } = await loggedInAs(mio);
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '123456', password: '' } });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'twoFactor', message: text.auth.passwordRequired });
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '12', password: 'pw' } });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'twoFactor', message: text.auth.twoFactorCodeInvalid });
    // a recovery code cannot confirm a new secret
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: 'abcde-23456', password: 'pw' } });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'twoFactor', message: text.auth.twoFactorCodeInvalid });
    expect(fakes.enableTwoFactor.calls).toHaveLength(0);
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '123 456', password: 'pw' } });
    expect(actor.getSnapshot().hasTag('savingTwoFactor')).toBe(true);
    expect(fakes.enableTwoFactor.last.input).toEqual({ secret: SECRET, code: '123456', password: 'pw' });
    fakes.enableTwoFactor.last.resolve(null);
    await flush();
    expect(actor.getSnapshot().context.user?.twoFactorEnabled).toBe(true);
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    expect(emitted).toEqual([
      { type: 'userChanged', user: withCode },
      { type: 'notify', severity: 'success', message: text.user.twoFactorEnabled },
    ]);
  });

  const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-23456`);

  it('turned on where the server has recovery codes: they are shown (not stored) and counted, until 我已保存', async () => {
    const { actor, fakes, emitted } = await loggedInAs(mio);
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '123456', password: 'pw' } });
    fakes.enableTwoFactor.last.resolve(CODES);
    await flush();
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(CODES);
    expect(actor.getSnapshot().context.user).toEqual({ ...withCode, recoveryCodesLeft: 10 });
    // what is stored on the device is the user, never the codes
    expect(emitted[0]).toEqual({ type: 'userChanged', user: { ...withCode, recoveryCodesLeft: 10 } });
    expect(JSON.stringify(emitted)).not.toContain(CODES[0]);
    actor.send({ type: 'DISMISS_RECOVERY_CODES' });
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    expect(actor.getSnapshot().context.user?.recoveryCodesLeft).toBe(10);
  });

  it('a wrong password is the form’s message (the server’s), and nothing turns on', async () => {
    const { actor, fakes } = await loggedInAs(mio);
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '123456', password: 'nope' } });
    fakes.enableTwoFactor.last.reject(new ApiError(102010, 'email and password does not match'));
    await flush();
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'twoFactor', message: 'email and password does not match' });
    expect(actor.getSnapshot().context.user?.twoFactorEnabled).toBe(false);
  });

  it('new recovery codes: the password and a code (or a recovery code) are checked first; the new ones are shown and counted; a refusal is the form’s', async () => {
    const { actor, fakes } = await loggedInAs({ ...withCode, recoveryCodesLeft: 2 });
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: '', code: '123456' } });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'recoveryCodes', message: text.auth.passwordRequired });
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: 'abc' } });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'recoveryCodes', message: text.auth.recoveryCodeInvalid });
    expect(fakes.renewRecoveryCodes.calls).toHaveLength(0);
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: '111111' } });
    expect(actor.getSnapshot().hasTag('renewingRecoveryCodes')).toBe(true);
    fakes.renewRecoveryCodes.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'recoveryCodes', message: text.auth.twoFactorCodeWrong });
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: 'ABCDE 23456' } });
    expect(fakes.renewRecoveryCodes.last.input).toEqual({ password: 'pw', code: 'ABCDE23456' });
    fakes.renewRecoveryCodes.last.resolve(CODES);
    await flush();
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(CODES);
    expect(actor.getSnapshot().context.user?.recoveryCodesLeft).toBe(10);
    expect(actor.getSnapshot().context.formError).toBeNull();
  });

  it('a recovery code is taken wherever a code is: signing in, turning it off, password change, deletion', async () => {
    const out = start();
    out.fakes.fetchUser.last.reject(new ApiError(902002, 'unauthorized'));
    await flush();
    out.actor.send({ type: 'LOGIN', form: loginForm });
    out.fakes.login.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    out.actor.send({ type: 'SUBMIT_CODE', code: 'abcde-2345' });
    expect(out.actor.getSnapshot().context.formError).toEqual({ form: 'code', message: text.auth.recoveryCodeInvalid });
    out.actor.send({ type: 'SUBMIT_CODE', code: 'abcde-23456' });
    expect(out.fakes.login.last.input).toEqual({ ...loginForm, twoFactorCode: 'abcde-23456' });

    const { actor, fakes } = await loggedInAs(withCode);
    actor.send({ type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n', twoFactorCode: 'abcde-23456' } });
    expect(fakes.changePassword.last.input).toEqual({ oldPassword: 'o', newPassword: 'n', twoFactorCode: 'abcde-23456' });
    fakes.changePassword.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    actor.send({ type: 'DISABLE_TWO_FACTOR', code: 'abcde-23456' });
    expect(fakes.disableTwoFactor.last.input).toBe('abcde-23456');
    fakes.disableTwoFactor.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    actor.send({ type: 'DELETE_ACCOUNT', form: { password: 'pw', twoFactorCode: 'abcde-23456' } });
    expect(fakes.deleteAccount.last.input).toEqual({ password: 'pw', twoFactorCode: 'abcde-23456' });
  });

  it('leaving the form (CLEAR_FORM_ERROR, as the 两步验证 tab does when it closes) forgets the codes shown, not the count', async () => {
    const { actor, fakes } = await loggedInAs({ ...withCode, recoveryCodesLeft: 3 });
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: '123456' } });
    fakes.renewRecoveryCodes.last.resolve(CODES);
    await flush();
    actor.send({ type: 'CLEAR_FORM_ERROR' });
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    expect(actor.getSnapshot().context.user?.recoveryCodesLeft).toBe(10);
  });

  it('turned off: the count and any codes shown go with it', async () => {
    const { actor, fakes } = await loggedInAs({ ...withCode, recoveryCodesLeft: 3 });
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: '123456' } });
    fakes.renewRecoveryCodes.last.resolve(CODES);
    await flush();
    actor.send({ type: 'DISABLE_TWO_FACTOR', code: '654321' });
    fakes.disableTwoFactor.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.user).toEqual(mio);
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
  });

  it('a wrong code is the form’s message; 202004 (on elsewhere meanwhile) counts as on', async () => {
    const { actor, fakes } = await loggedInAs(mio);
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '111111', password: 'pw' } });
    fakes.enableTwoFactor.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'twoFactor', message: text.auth.twoFactorCodeWrong });
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '222222', password: 'pw' } });
    fakes.enableTwoFactor.last.reject(new ApiError(202004, '2fa is already enabled'));
    await flush();
    expect(actor.getSnapshot().context.user?.twoFactorEnabled).toBe(true);
  });

  it('turning it off with a code', async () => {
    const { actor, fakes, emitted } = await loggedInAs(withCode);
    actor.send({ type: 'DISABLE_TWO_FACTOR', code: '654321' });
    expect(fakes.disableTwoFactor.last.input).toBe('654321');
    fakes.disableTwoFactor.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.user?.twoFactorEnabled).toBe(false);
    expect(emitted.at(-1)).toEqual({ type: 'notify', severity: 'success', message: text.user.twoFactorDisabled });
  });

  it('a password change of a user with it on needs the code, and sends it', async () => {
    const { actor, fakes } = await loggedInAs(withCode);
    const form = { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' };
    actor.send({ type: 'CHANGE_PASSWORD', form });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'password', message: text.auth.twoFactorCodeInvalid });
    actor.send({ type: 'CHANGE_PASSWORD', form: { ...form, twoFactorCode: '123456' } });
    expect(fakes.changePassword.last.input).toEqual({ oldPassword: 'o', newPassword: 'n', twoFactorCode: '123456' });
    fakes.changePassword.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'password', message: text.auth.twoFactorCodeWrong });
  });

  it('deleting the account: password (and code when on) checked first; then 账号已删除 and the device cleared as at logout', async () => {
    vi.useFakeTimers();
    try {
      const { actor, fakes, emitted } = await loggedInAs(withCode);
      actor.send({ type: 'DELETE_ACCOUNT', form: { password: '' } });
      expect(actor.getSnapshot().context.formError).toEqual({ form: 'deleteAccount', message: text.auth.passwordRequired });
      actor.send({ type: 'DELETE_ACCOUNT', form: { password: 'pw' } });
      expect(actor.getSnapshot().context.formError).toEqual({ form: 'deleteAccount', message: text.auth.twoFactorCodeInvalid });
      actor.send({ type: 'DELETE_ACCOUNT', form: { password: 'pw', twoFactorCode: '123456' } });
      expect(actor.getSnapshot().hasTag('deletingAccount')).toBe(true);
      expect(fakes.deleteAccount.last.input).toEqual({ password: 'pw', twoFactorCode: '123456' });
      fakes.deleteAccount.last.resolve();
      await flush();
      expect(emitted).toEqual([{ type: 'notify', severity: 'success', message: text.user.accountDeleted }]);
      await vi.advanceTimersByTimeAsync(2000);
      fakes.clearLocalData.last.resolve();
      await flush();
      expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
      expect(emitted.at(-1)).toEqual({ type: 'reload', to: '/' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused deletion says why in the form and keeps the user', async () => {
    const { actor, fakes } = await loggedInAs(mio);
    actor.send({ type: 'DELETE_ACCOUNT', form: { password: 'wrong' } });
    fakes.deleteAccount.last.reject(new ApiError(102010, 'email and password does not match'));
    await flush();
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'deleteAccount', message: 'email and password does not match' });
  });

  it('an enforcing site: user info answers 202000 → signed in as the stored user, led to turn it on; unknown user → signed out quietly', async () => {
    const known = start(mio);
    known.fakes.fetchUser.last.reject(new ApiError(202000, '2fa is enforced'));
    await flush();
    expect(known.actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(known.actor.getSnapshot().context.twoFactorRequired).toBe(true);
    expect(known.emitted).toEqual([]);
    known.actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '123456', password: 'pw' } });
    known.fakes.enableTwoFactor.last.resolve(null);
    await flush();
    expect(known.actor.getSnapshot().context.twoFactorRequired).toBe(false);

    const unknown = start();
    unknown.fakes.fetchUser.last.reject(new ApiError(202000, '2fa is enforced'));
    await flush();
    expect(unknown.actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(unknown.emitted).toEqual([{ type: 'userChanged', user: null }]);
  });

  it('TWO_FACTOR_REQUIRED (a call answered 202000) marks the session, unless the user has it on (a late answer)', async () => {
    const { actor } = await loggedInAs(mio);
    actor.send({ type: 'TWO_FACTOR_REQUIRED' });
    expect(actor.getSnapshot().context.twoFactorRequired).toBe(true);
    const on = await loggedInAs(withCode);
    on.actor.send({ type: 'TWO_FACTOR_REQUIRED' });
    expect(on.actor.getSnapshot().context.twoFactorRequired).toBe(false);
  });
});
