// The account machine (features/account) as the app runs it: spawned by the session when the user page
// opens, with fake actors for both; what it reports reaches the session (the stored user, the end of
// the session), what it says is a toast.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/services/api/errors';
import { text } from '@/shared/text';
import { flush } from './fakes';
import { accountOpen, mio } from './sessionHarness';

describe('account: profile and password', () => {
  it.each([
    [{ nickname: '', avatar: 'a.png' }, text.user.nicknameRequired],
    [{ nickname: 'Mio', avatar: ' ' }, text.user.avatarRequired],
  ])('profile %j is refused with %s', async (form, message) => {
    const { account: actor, fakes } = await accountOpen();
    actor.send({ type: 'UPDATE_PROFILE', form });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'profile', message });
    expect(fakes.updateProfile.calls).toHaveLength(0);
  });

  it('profile update, then user info refresh, then a success toast', async () => {
    const { account: actor, fakes, emitted } = await accountOpen();
    actor.send({ type: 'UPDATE_PROFILE', form: { nickname: 'Mio2', avatar: 'a.png' } });
    expect(fakes.updateProfile.last.input).toEqual({ nickname: 'Mio2', avatar: 'a.png' });
    fakes.updateProfile.last.resolve();
    await flush();
    expect(actor.getSnapshot().matches('refreshingUser')).toBe(true);
    const updated = { ...mio, nickname: 'Mio2', avatar: 'a.png' };
    fakes.fetchUser.last.resolve(updated);
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(updated);
    expect(emitted).toEqual([
      { type: 'userChanged', user: updated },
      { type: 'notify', severity: 'success', message: text.user.profileSaved },
    ]);
  });

  it('profile update failure shows the server message', async () => {
    const { account: actor, fakes, emitted } = await accountOpen();
    actor.send({ type: 'UPDATE_PROFILE', form: { nickname: 'Mio', avatar: 'a' } });
    fakes.updateProfile.last.reject(new ApiError(102000, 'nickname too long'));
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message: 'nickname too long' }]);
  });

  it('a nickname over 20 bytes is refused before anything is sent', async () => {
    const { account: actor, fakes } = await accountOpen();
    actor.send({ type: 'UPDATE_PROFILE', form: { nickname: 'x'.repeat(30), avatar: 'a' } });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'profile', message: text.auth.nicknameTooLong(20) });
    expect(fakes.updateProfile.calls).toHaveLength(0);
  });

  it.each([
    [{ oldPassword: '', newPassword: 'a', confirmPassword: 'a' }, text.user.oldPasswordRequired],
    [{ oldPassword: 'o', newPassword: '', confirmPassword: 'a' }, text.user.newPasswordRequired],
    [{ oldPassword: 'o', newPassword: 'a', confirmPassword: 'b' }, text.user.passwordsDiffer],
  ])('password form %j is refused with %s', async (form, message) => {
    const { account: actor, fakes } = await accountOpen();
    actor.send({ type: 'CHANGE_PASSWORD', form });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'password', message });
    expect(fakes.changePassword.calls).toHaveLength(0);
  });

  it('password change success ends the session: the device is cleared as at logout, then the login page', async () => {
    const { account: actor, session, fakes, sessionFakes, emitted } = await accountOpen();
    actor.send({ type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } });
    expect(fakes.changePassword.last.input).toEqual({ oldPassword: 'o', newPassword: 'n' });
    fakes.changePassword.last.resolve();
    await flush();
    // the account is done; the session clears the device
    expect(actor.getSnapshot().status).not.toBe('active');
    expect(sessionFakes.clearLocalData.calls).toHaveLength(1);
    sessionFakes.clearLocalData.last.resolve();
    await flush();
    expect(session.getSnapshot().matches('loggedOut')).toBe(true);
    expect(session.getSnapshot().context.user).toBeNull();
    expect(emitted).toEqual([
      { type: 'userChanged', user: null },
      { type: 'reload', to: '/user/login' },
    ]);
  });

  it('wrong old password shows the server message and keeps the user', async () => {
    const { account: actor, fakes, emitted } = await accountOpen();
    actor.send({ type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } });
    fakes.changePassword.last.reject(new ApiError(102010, 'email and password does not match'));
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(emitted).toEqual([{ type: 'notify', severity: 'error', message: 'email and password does not match' }]);
  });

  it.each(['updateProfile', 'changePassword'] as const)('902002 during %s ends the local session', async (which) => {
    const { account: actor, session, fakes, sessionFakes } = await accountOpen();
    if (which === 'updateProfile') actor.send({ type: 'UPDATE_PROFILE', form: { nickname: 'n', avatar: 'a' } });
    else actor.send({ type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } });
    fakes[which].last.reject(new ApiError(902002, 'unauthorized'));
    await flush();
    expect(sessionFakes.clearLocalData.calls).toHaveLength(1);
    sessionFakes.clearLocalData.last.resolve();
    await flush();
    expect(session.getSnapshot().matches('loggedOut')).toBe(true);
    expect(session.getSnapshot().context.leaveTo).toBeNull();
  });
});

describe('account: two-step sign-in and deletion', () => {
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const withCode = { ...mio, twoFactorEnabled: true };

  it('turning it on: the password and the code are checked, then sent with the secret; against a server without recovery codes (null) the user is now on, stored, 两步验证已开启, no codes shown', async () => {
    const { account: actor, fakes, emitted } = await accountOpen(mio);
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '123456', password: '' } });
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'twoFactor', message: text.auth.passwordRequired });
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '12', password: 'pw' } });
    expect(actor.getSnapshot().context.formError).toEqual({
      form: 'twoFactor',
      message: text.auth.twoFactorCodeInvalid,
    });
    // a recovery code cannot confirm a new secret
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: 'abcde-23456', password: 'pw' } });
    expect(actor.getSnapshot().context.formError).toEqual({
      form: 'twoFactor',
      message: text.auth.twoFactorCodeInvalid,
    });
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
    const { account: actor, fakes, emitted } = await accountOpen(mio);
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
    const { account: actor, fakes } = await accountOpen(mio);
    actor.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret: SECRET, code: '123456', password: 'nope' } });
    fakes.enableTwoFactor.last.reject(new ApiError(102010, 'email and password does not match'));
    await flush();
    expect(actor.getSnapshot().context.formError).toEqual({
      form: 'twoFactor',
      message: 'email and password does not match',
    });
    expect(actor.getSnapshot().context.user?.twoFactorEnabled).toBe(false);
  });

  it('new recovery codes: the password and a code (or a recovery code) are checked first; the new ones are shown and counted; a refusal is the form’s', async () => {
    const { account: actor, fakes } = await accountOpen({ ...withCode, recoveryCodesLeft: 2 });
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: '', code: '123456' } });
    expect(actor.getSnapshot().context.formError).toEqual({
      form: 'recoveryCodes',
      message: text.auth.passwordRequired,
    });
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: 'abc' } });
    expect(actor.getSnapshot().context.formError).toEqual({
      form: 'recoveryCodes',
      message: text.auth.recoveryCodeInvalid,
    });
    expect(fakes.renewRecoveryCodes.calls).toHaveLength(0);
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: '111111' } });
    expect(actor.getSnapshot().hasTag('renewingRecoveryCodes')).toBe(true);
    fakes.renewRecoveryCodes.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    expect(actor.getSnapshot().context.formError).toEqual({
      form: 'recoveryCodes',
      message: text.auth.twoFactorCodeWrong,
    });
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: 'ABCDE 23456' } });
    expect(fakes.renewRecoveryCodes.last.input).toEqual({ password: 'pw', code: 'ABCDE23456' });
    fakes.renewRecoveryCodes.last.resolve(CODES);
    await flush();
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(CODES);
    expect(actor.getSnapshot().context.user?.recoveryCodesLeft).toBe(10);
    expect(actor.getSnapshot().context.formError).toBeNull();
  });

  it('a recovery code is taken wherever a code is: turning it off, password change, deletion (and signing in: the session’s)', async () => {
    const { account: actor, fakes } = await accountOpen(withCode);
    actor.send({
      type: 'CHANGE_PASSWORD',
      form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n', twoFactorCode: 'abcde-23456' },
    });
    expect(fakes.changePassword.last.input).toEqual({
      oldPassword: 'o',
      newPassword: 'n',
      twoFactorCode: 'abcde-23456',
    });
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
    const { account: actor, fakes } = await accountOpen({ ...withCode, recoveryCodesLeft: 3 });
    actor.send({ type: 'RENEW_RECOVERY_CODES', form: { password: 'pw', code: '123456' } });
    fakes.renewRecoveryCodes.last.resolve(CODES);
    await flush();
    actor.send({ type: 'CLEAR_FORM_ERROR' });
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    expect(actor.getSnapshot().context.user?.recoveryCodesLeft).toBe(10);
  });

  it('turned off: the count and any codes shown go with it', async () => {
    const { account: actor, fakes } = await accountOpen({ ...withCode, recoveryCodesLeft: 3 });
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
    const { account: actor, fakes } = await accountOpen(mio);
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
    const { account: actor, fakes, emitted } = await accountOpen(withCode);
    actor.send({ type: 'DISABLE_TWO_FACTOR', code: '654321' });
    expect(fakes.disableTwoFactor.last.input).toBe('654321');
    fakes.disableTwoFactor.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.user?.twoFactorEnabled).toBe(false);
    expect(emitted.at(-1)).toEqual({ type: 'notify', severity: 'success', message: text.user.twoFactorDisabled });
  });

  it('a password change of a user with it on needs the code, and sends it', async () => {
    const { account: actor, fakes } = await accountOpen(withCode);
    const form = { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' };
    actor.send({ type: 'CHANGE_PASSWORD', form });
    expect(actor.getSnapshot().context.formError).toEqual({
      form: 'password',
      message: text.auth.twoFactorCodeInvalid,
    });
    actor.send({ type: 'CHANGE_PASSWORD', form: { ...form, twoFactorCode: '123456' } });
    expect(fakes.changePassword.last.input).toEqual({ oldPassword: 'o', newPassword: 'n', twoFactorCode: '123456' });
    fakes.changePassword.last.reject(new ApiError(202001, 'wrong 2fa code'));
    await flush();
    expect(actor.getSnapshot().context.formError).toEqual({ form: 'password', message: text.auth.twoFactorCodeWrong });
  });

  it('deleting the account: password (and code when on) checked first; then 账号已删除 and the device cleared as at logout', async () => {
    vi.useFakeTimers();
    try {
      const { account: actor, session, fakes, sessionFakes, emitted } = await accountOpen(withCode);
      actor.send({ type: 'DELETE_ACCOUNT', form: { password: '' } });
      expect(actor.getSnapshot().context.formError).toEqual({
        form: 'deleteAccount',
        message: text.auth.passwordRequired,
      });
      actor.send({ type: 'DELETE_ACCOUNT', form: { password: 'pw' } });
      expect(actor.getSnapshot().context.formError).toEqual({
        form: 'deleteAccount',
        message: text.auth.twoFactorCodeInvalid,
      });
      actor.send({ type: 'DELETE_ACCOUNT', form: { password: 'pw', twoFactorCode: '123456' } });
      expect(actor.getSnapshot().hasTag('deletingAccount')).toBe(true);
      expect(fakes.deleteAccount.last.input).toEqual({ password: 'pw', twoFactorCode: '123456' });
      fakes.deleteAccount.last.resolve();
      await flush();
      expect(emitted).toEqual([{ type: 'notify', severity: 'success', message: text.user.accountDeleted }]);
      expect(session.getSnapshot().matches({ loggedIn: 'waitingToLeave' })).toBe(true);
      // the dialog's buttons stay busy until the page reloads
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      await vi.advanceTimersByTimeAsync(2000);
      sessionFakes.clearLocalData.last.resolve();
      await flush();
      expect(session.getSnapshot().matches('loggedOut')).toBe(true);
      expect(emitted.at(-1)).toEqual({ type: 'reload', to: '/' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused deletion says why in the form and keeps the user', async () => {
    const { account: actor, fakes } = await accountOpen(mio);
    actor.send({ type: 'DELETE_ACCOUNT', form: { password: 'wrong' } });
    fakes.deleteAccount.last.reject(new ApiError(102010, 'email and password does not match'));
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.formError).toEqual({
      form: 'deleteAccount',
      message: 'email and password does not match',
    });
  });
});
