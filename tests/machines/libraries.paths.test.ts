// Model-based paths over the libraries machine (docs/architecture.md#10-tests-and-benchmarks): every path
// `npm run paths -- libraries` prints (samples and state key beside the machine) is replayed with fake actors that
// settle only when the path says so; every state must be reached.
import { describe, expect, it } from 'vitest';
import { librariesMachine } from '@/features/library/librariesMachine';
import { assertAllStatesReached, replayPath, withPendingActors, type StateChecks } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const machine = withPendingActors(librariesMachine, ['listCredentials', 'addCredential', 'deleteCredential']);

const checks: StateChecks<typeof machine> = {
  'ready.confirmingDelete': (s) => expect(s.context.pendingDelete).not.toBeNull(),
  'ready.deleting': (s) => expect(s.hasTag('busy')).toBe(true),
  'ready.adding': (s) => expect(s.context.formError).toBeNull(),
  idle: (s) => expect(s.context.credentials).toEqual([]),
};

describe('libraries machine paths', () => {
  const machineWalk = registryWalk('libraries', machine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('libraries', machineWalk);
  it('reaches every state', () => assertAllStatesReached(paths, machine));
  it.each(cases)('%s', async (_, path) => {
    await replayPath(machine, path, { checks });
  });
});
