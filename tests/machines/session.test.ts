import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/services/api/errors';
import { text } from '@/shared/text';
import { flush } from './fakes';
import { accountOpen, loggedIn, loginForm, mio, registerForm, startSession as start } from './sessionHarness';

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
  it.each([[{ email: '', password: 'x' }], [{ email: 'a@b.c', password: '' }], [{ email: '  ', password: '' }]])(
    'an incomplete form %j shows Email/密码不能为空 and calls nothing',
    async (form) => {
      const { actor, fakes } = await loggedOut();
      actor.send({ type: 'LOGIN', form });
      expect(actor.getSnapshot().context.formError).toEqual({
        form: 'login',
        message: text.auth.emailPasswordRequired,
      });
      expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
      expect(fakes.login.calls).toHaveLength(0);
    },
  );

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
    expect(snapshot(s).context.formError).toEqual({
      form: 'code',
      message: 'attempt too frequent, try again in 41 minutes',
    });
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

describe('session: a recovery code at sign-in', () => {
  it('is taken where the code is asked (the account takes it wherever else a code is)', async () => {
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

describe('session: the session ended elsewhere', () => {
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

describe('session: the account of the user page', () => {
  const withCode = { ...mio, twoFactorEnabled: true };

  it('the user page opens: the account loads once and starts with the user; the page closes: it stops', async () => {
    const s = await loggedIn();
    s.actor.send({ type: 'OPEN_ACCOUNT' });
    s.actor.send({ type: 'OPEN_ACCOUNT' });
    expect(s.fakes.loadAccount.calls).toHaveLength(2);
    expect(s.fakes.loadAccount.calls.at(0)?.signal.aborted).toBe(true);
    s.fakes.loadAccount.last.resolve(s.accountLogic);
    await flush();
    const account = s.actor.getSnapshot().context.account!;
    expect(account.getSnapshot().context.user).toEqual(mio);
    // an open account is kept
    s.actor.send({ type: 'OPEN_ACCOUNT' });
    expect(s.fakes.loadAccount.calls).toHaveLength(2);
    s.actor.send({ type: 'CLOSE_ACCOUNT' });
    expect(s.actor.getSnapshot().context.account).toBeNull();
    expect(account.getSnapshot().status).toBe('stopped');
  });

  it('an account that cannot load says why in a toast', async () => {
    const s = await loggedIn();
    s.actor.send({ type: 'OPEN_ACCOUNT' });
    s.fakes.loadAccount.last.reject(new Error('未知网络错误'));
    await flush();
    expect(s.actor.getSnapshot().context.account).toBeNull();
    expect(s.emitted).toEqual([{ type: 'notify', severity: 'error', message: '未知网络错误' }]);
  });

  it('the account’s reports: the user as it now is is stored; two-step sign-in changed settles the site’s demand', async () => {
    const { session, emitted } = await accountOpen();
    session.send({ type: 'TWO_FACTOR_REQUIRED' });
    expect(session.getSnapshot().context.twoFactorRequired).toBe(true);
    session.send({ type: 'USER_CHANGED', user: { ...mio, nickname: 'Mio2' } });
    expect(session.getSnapshot().context.user?.nickname).toBe('Mio2');
    expect(session.getSnapshot().context.twoFactorRequired).toBe(true);
    session.send({ type: 'TWO_FACTOR_CHANGED', user: withCode });
    expect(session.getSnapshot().context.user).toEqual(withCode);
    expect(session.getSnapshot().context.twoFactorRequired).toBe(false);
    expect(emitted).toEqual([
      { type: 'userChanged', user: { ...mio, nickname: 'Mio2' } },
      { type: 'userChanged', user: withCode },
    ]);
  });

  it('注销 waits while the account’s request is under way; signing out stops the account', async () => {
    const { session, account, sessionFakes } = await accountOpen();
    account.send({ type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } });
    expect(session.getSnapshot().can({ type: 'LOGOUT' })).toBe(false);
    session.send({ type: 'LOGOUT' });
    expect(session.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    session.send({ type: 'SESSION_EXPIRED' });
    expect(account.getSnapshot().status).toBe('stopped');
    expect(session.getSnapshot().context.account).toBeNull();
    expect(sessionFakes.clearLocalData.calls).toHaveLength(1);
  });
});

describe('session: two-step sign-in the site enforces', () => {
  it('an enforcing site: user info answers 202000 → signed in as the stored user, led to turn it on; unknown user → signed out quietly', async () => {
    const known = start(mio);
    known.fakes.fetchUser.last.reject(new ApiError(202000, '2fa is enforced'));
    await flush();
    expect(known.actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(known.actor.getSnapshot().context.twoFactorRequired).toBe(true);
    expect(known.emitted).toEqual([]);
    known.actor.send({ type: 'OPEN_ACCOUNT' });
    known.fakes.loadAccount.last.resolve(known.accountLogic);
    await flush();
    const account = known.actor.getSnapshot().context.account!;
    account.send({
      type: 'ENABLE_TWO_FACTOR',
      setup: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '123456', password: 'pw' },
    });
    known.account.enableTwoFactor.last.resolve(null);
    await flush();
    expect(known.actor.getSnapshot().context.twoFactorRequired).toBe(false);

    const unknown = start();
    unknown.fakes.fetchUser.last.reject(new ApiError(202000, '2fa is enforced'));
    await flush();
    expect(unknown.actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(unknown.emitted).toEqual([{ type: 'userChanged', user: null }]);
  });

  it('TWO_FACTOR_REQUIRED (a call answered 202000) marks the session, unless the user has it on (a late answer)', async () => {
    const { actor } = await loggedIn(mio);
    actor.send({ type: 'TWO_FACTOR_REQUIRED' });
    expect(actor.getSnapshot().context.twoFactorRequired).toBe(true);
    const on = await loggedIn({ ...mio, twoFactorEnabled: true });
    on.actor.send({ type: 'TWO_FACTOR_REQUIRED' });
    expect(on.actor.getSnapshot().context.twoFactorRequired).toBe(false);
  });
});
