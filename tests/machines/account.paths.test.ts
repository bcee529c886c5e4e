// Model-based paths over the real account machine (docs/architecture.md#10-tests-and-benchmarks): every path `npm run paths -- account`
// prints (from the samples beside the machine) is replayed with fake actors that settle only when the path says so; every state must be reached.
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { accountMachine } from '@/features/account/accountMachine';
import { assertAllStatesReached, replayPath, type StateChecks } from '../../model-paths/modelPaths';
import { registryWalk } from './registryWalk';

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const machine = accountMachine.provide({
  actors: {
    fetchUser: pending,
    updateProfile: pending,
    changePassword: pending,
    enableTwoFactor: pending,
    renewRecoveryCodes: pending,
    disableTwoFactor: pending,
    deleteAccount: pending,
  } as never,
});

const checks: StateChecks<typeof machine> = {
  idle: (s) => expect(s.hasTag('busy')).toBe(false),
  updatingProfile: (s) => expect(s.hasTag('savingProfile')).toBe(true),
  refreshingUser: (s) => expect(s.hasTag('savingProfile')).toBe(true),
  changingPassword: (s) => expect(s.hasTag('changingPassword')).toBe(true),
  enablingTwoFactor: (s) => expect(s.hasTag('savingTwoFactor')).toBe(true),
  disablingTwoFactor: (s) => expect(s.hasTag('savingTwoFactor')).toBe(true),
  renewingRecoveryCodes: (s) => {
    expect(s.hasTag('renewingRecoveryCodes')).toBe(true);
    // the codes shown before are put away when new ones are asked for
    expect(s.context.recoveryCodes).toBeNull();
  },
  deletingAccount: (s) => expect(s.hasTag('deletingAccount')).toBe(true),
  // the session takes it from here: the page's buttons stay busy until it reloads
  ended: (s) => expect(s.hasTag('busy')).toBe(true),
};

describe('account machine paths', () => {
  const { paths, cases, inputOf } = registryWalk('account', machine);

  it('reaches every state', () => {
    assertAllStatesReached(paths, machine);
  });

  it.each(cases)('%s', async (_, path) => {
    await replayPath(machine, path, { checks, input: inputOf(path) as never });
  });
});
