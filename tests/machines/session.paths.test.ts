// Model-based paths over the real session machine (docs/architecture.md#10-tests-and-benchmarks): every path `npm run paths -- session`
// prints (from the samples beside the machine) is replayed with fake actors that settle only when the path says so; every state must be reached.
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { sessionMachine } from '@/features/session/sessionMachine';
import { assertAllStatesReached, replayPath, stateIdsOf, type StateChecks } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const machine = sessionMachine.provide({
  actors: {
    fetchUser: pending,
    login: pending,
    register: pending,
    logout: pending,
    clearLocalData: pending,
    loadAccount: pending,
  } as never,
});

const checks: StateChecks<typeof machine> = {
  unknown: (s) => expect(s.hasTag('busy')).toBe(true),
  loggedIn: (s) => expect(s.context.user).not.toBeNull(),
  loggedOut: (s) => {
    expect(s.context.user).toBeNull();
    // the user page's account never outlives the session that opened it
    expect(s.context.account).toBeNull();
  },
  'loggedOut.loggingIn': (s) => expect(s.hasTag('busy')).toBe(true),
  // the login waiting for its code keeps the email and password; leaving the step forgets them
  'loggedOut.askingCode': (s) => {
    expect(s.context.pendingLogin).not.toBeNull();
    expect(s.hasTag('askingCode')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
  },
  'loggedOut.checkingCode': (s) => {
    expect(s.context.pendingLogin).not.toBeNull();
    expect(s.hasTag('busy')).toBe(true);
  },
  'loggedOut.idle': (s) => expect(s.context.pendingLogin).toBeNull(),
  'loggedIn.waitingToLeave': (s) => expect(s.hasTag('busy')).toBe(true),
  'loggedIn.idle': (s) => expect(s.hasTag('busy')).toBe(false),
};

describe('session machine paths', () => {
  // with a user stored by an earlier visit too (pathMoreInputs): each path starts from its own input
  const machineWalk = registryWalk('session', machine);
  const { paths, cases, inputOf } = machineWalk;
  itPrintsTheWalk('session', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toContain('clearingLocalData');
    assertAllStatesReached(paths, machine);
  });

  it.each(cases)('%s', async (_, path) => {
    await replayPath(machine, path, { checks, input: inputOf(path) as never });
  });
});
