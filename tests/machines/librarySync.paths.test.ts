// Model-based paths over the library sync machine (docs/architecture.md#10-tests-and-benchmarks): every path
// `npm run paths -- librarySync` prints (samples and state key beside the machine) is replayed with fake actors
// that settle only when the path says so; every state must be reached.
import { describe, expect, it } from 'vitest';
import { librarySyncMachine } from '@/features/library/librarySyncMachine';
import { assertAllStatesReached, replayPath, withPendingActors, type StateChecks } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const machine = withPendingActors(librarySyncMachine, [
  'loadRecords',
  'fetchLibraryInfo',
  'fetchLibraryAlbums',
  'storeLibrary',
  'removeLibrary',
]);

const checks: StateChecks<typeof machine> = {
  'working.fetchingInfo': (s) => expect(s.context.current?.kind).toBe('sync'),
  'working.removing': (s) => expect(s.context.current?.kind).toBe('remove'),
  // as librarySync.test.ts shows step by step: no album list outlives its job, and a job runs busy
  idle: (s) => {
    expect(s.context.current).toBeNull();
    expect(s.context.albums).toBeNull();
    expect(s.hasTag('busy')).toBe(false);
  },
  working: (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.current).not.toBeNull();
  },
};

describe('librarySync machine paths', () => {
  const machineWalk = registryWalk('librarySync', machine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('librarySync', machineWalk);
  it('reaches every state', () => assertAllStatesReached(paths, machine));
  it.each(cases)('%s', async (_, path) => {
    await replayPath(machine, path, { checks });
  });
});
