// Model-based paths over the real app status machine (docs/architecture.md#10-tests-and-benchmarks): every path `npm run paths -- appStatus`
// prints (from the samples beside the machine) is replayed (the server check settles only when the
// path says so) and its tags are checked against the rules written out plainly.
import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { appStatusMachine } from '@/features/appStatus/appStatusMachine';
import { isOffline, updateAvailable, updating } from '@/features/appStatus/selectors';
import { assertAllStatesReached, replayPath, withPendingActors, type MachinePath } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const silent = fromCallback(() => () => {});
const machine = withPendingActors(appStatusMachine, ['checkServer']).provide({
  actors: { connectivity: silent, serviceWorker: silent } as never,
});
type Machine = typeof machine;

function expected(path: MachinePath<Machine>) {
  let network: 'online' | 'waiting' | 'checking' = 'online';
  let update: 'idle' | 'available' | 'updating' | 'dismissed' = 'idle';
  for (const { event } of path.steps.slice(1)) {
    const type = event.type;
    if (type === 'OFFLINE' || type === 'SERVER_UNREACHABLE') network = network === 'online' ? 'waiting' : network;
    else if (type === 'ONLINE' || type === 'SERVER_REACHED') network = 'online';
    else if (type.startsWith('xstate.after') && network === 'waiting') network = 'checking';
    else if (type.startsWith('xstate.done.actor') && network === 'checking') network = 'online';
    else if (type.startsWith('xstate.error.actor') && network === 'checking') network = 'waiting';
    else if (type === 'UPDATE_READY' && (update === 'idle' || update === 'dismissed')) update = 'available';
    else if (type === 'UPDATE' && update === 'available') update = 'updating';
    else if (type === 'DISMISS_UPDATE' && update === 'available') update = 'dismissed';
  }
  return { offline: network !== 'online', update };
}

describe('app status machine paths', () => {
  // the walk `npm run paths -- appStatus` prints; the replays keep the connectivity and service worker silent
  const machineWalk = registryWalk('appStatus', machine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('appStatus', machineWalk);

  it('reaches every state', () => {
    assertAllStatesReached(paths, machine);
  });

  it.each(cases)('%s', async (_, path) => {
    const { finalSnapshot: s } = await replayPath(machine, path);
    const want = expected(path);
    expect(isOffline(s)).toBe(want.offline);
    expect(updateAvailable(s)).toBe(want.update === 'available');
    expect(updating(s)).toBe(want.update === 'updating');
  });
});
