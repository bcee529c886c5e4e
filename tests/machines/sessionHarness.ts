// The session machine with fake actors, for its tests and the account's: the account's machine (what the
// app loads with the user page) is given with fake actors too, so the session spawns it as in the app.
import { expect } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import { accountMachine, type AccountRef } from '@/features/account/accountMachine';
import { sessionMachine, type SessionEmitted } from '@/features/session/sessionMachine';
import type {
  AccountDeletion,
  PasswordChangeRequest,
  RecoveryCodesRequest,
  TwoFactorSetup,
  UserInfo,
} from '@/shared/types';
import { fakeService, flush } from './fakes';

export const mio: UserInfo = {
  userId: '1',
  email: 'mio@example.com',
  nickname: 'Mio',
  avatar: '',
  twoFactorEnabled: false,
};
export const loginForm = { email: 'mio@example.com', password: 'secret' };
export const registerForm = { email: 'a@b.c', password: 'pw', repeatPassword: 'pw', nickname: 'A', inviteCode: '' };

function accountFakes() {
  return {
    fetchUser: fakeService<UserInfo>(),
    updateProfile: fakeService<void, { nickname: string; avatar: string }>(),
    changePassword: fakeService<void, PasswordChangeRequest>(),
    enableTwoFactor: fakeService<string[] | null, TwoFactorSetup>(),
    renewRecoveryCodes: fakeService<string[], RecoveryCodesRequest>(),
    disableTwoFactor: fakeService<void, string>(),
    deleteAccount: fakeService<void, AccountDeletion>(),
  };
}

const logicOf = (fakes: Record<string, { logic: AnyActorLogic }>) =>
  Object.fromEntries(Object.entries(fakes).map(([k, v]) => [k, v.logic]));

export function startSession(storedUser: UserInfo | null = null) {
  const fakes = {
    fetchUser: fakeService<UserInfo>(),
    login: fakeService<UserInfo, typeof loginForm>(),
    register: fakeService<void, typeof registerForm>(),
    logout: fakeService<void>(),
    clearLocalData: fakeService<void>(),
    loadAccount: fakeService<AnyActorLogic>(),
  };
  const account = accountFakes();
  const machine = sessionMachine.provide({ actors: logicOf(fakes) as never });
  const actor = createActor(machine, { input: { storedUser } });
  const emitted: SessionEmitted[] = [];
  for (const type of ['notify', 'navigate', 'reload', 'userChanged'] as const) {
    actor.on(type, (e) => emitted.push(e as SessionEmitted));
  }
  actor.start();
  /** the account's machine with its fakes, as the app's loader gives it */
  const accountLogic = accountMachine.provide({ actors: logicOf(account) as never });
  return { actor, fakes, emitted, account, accountLogic };
}

export async function loggedIn(user: UserInfo = mio) {
  const s = startSession();
  s.fakes.fetchUser.last.resolve(user);
  await flush();
  expect(s.actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
  s.emitted.length = 0;
  return s;
}

/**
 * Signed in as `user` with the user page open: the session loaded and spawned the account. Its toasts
 * join the session's emitted events, in order.
 */
export async function accountOpen(user: UserInfo = mio) {
  const s = await loggedIn(user);
  s.actor.send({ type: 'OPEN_ACCOUNT' });
  s.fakes.loadAccount.last.resolve(s.accountLogic);
  await flush();
  const account = s.actor.getSnapshot().context.account as AccountRef | null;
  if (!account) throw new Error('the session did not spawn the account');
  account.on('notify', (e) => s.emitted.push(e));
  return { session: s.actor, account, sessionFakes: s.fakes, fakes: s.account, emitted: s.emitted };
}
