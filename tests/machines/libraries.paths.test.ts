// Model-based paths over the libraries and library sync machines (docs/architecture.md#10-tests-and-benchmarks).
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { librariesMachine } from '@/features/library/librariesMachine';
import { librarySyncMachine } from '@/features/library/librarySyncMachine';
import { pathEvents as librariesSamples } from '@/features/library/librariesMachine.samples';
import { pathEvents as librarySyncSamples } from '@/features/library/librarySyncMachine.samples';
import { assertAllStatesReached, defaultEvents, describePath, machinePaths, replayPath, type StateChecks } from '../../tools/modelPaths';

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const never = (names: string[]) => Object.fromEntries(names.map((n) => [n, pending])) as never;

const libraries = librariesMachine.provide({ actors: never(['listCredentials', 'addCredential', 'deleteCredential']) });
const sync = librarySyncMachine.provide({
  actors: never(['loadRecords', 'fetchLibraryInfo', 'fetchLibraryAlbums', 'storeLibrary', 'removeLibrary']),
});

function walk<M extends AnyStateMachine>(name: string, machine: M, samples: AnyEventObject[], checks: StateChecks<M>) {
  describe(`${name} machine paths`, () => {
    const paths = machinePaths(machine, { events: defaultEvents(machine, samples) });
    it('reaches every state', () => assertAllStatesReached(paths, machine));
    it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_, path) => {
      await replayPath(machine, path, { checks });
    });
  });
}

walk('libraries', libraries, librariesSamples, {
  'ready.confirmingDelete': (s) => expect(s.context.pendingDelete).not.toBeNull(),
  'ready.deleting': (s) => expect(s.hasTag('busy')).toBe(true),
  'ready.adding': (s) => expect(s.context.formError).toBeNull(),
  idle: (s) => expect(s.context.credentials).toEqual([]),
});

walk('librarySync', sync, librarySyncSamples, {
  'working.fetchingInfo': (s) => expect(s.context.current?.kind).toBe('sync'),
  'working.removing': (s) => expect(s.context.current?.kind).toBe('remove'),
  idle: (s) => expect(s.context.current).toBeNull(),
});
