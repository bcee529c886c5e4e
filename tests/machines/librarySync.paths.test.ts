// Model-based paths over the library sync machine (docs/architecture.md#10-tests-and-benchmarks): every path
// `npm run paths -- librarySync` prints (samples and state key beside the machine) is replayed with fake actors
// that settle only when the path says so; every state must be reached. What each replay emits is
// compared with the toast rules said plainly: a failure always shows; a success shows when the
// listener pressed 同步 or the sync brought albums new to this device, counting them.
import { describe, expect, it } from 'vitest';
import type { ActorRefFrom, AnyEventObject, InspectionEvent } from 'xstate';
import { librarySyncMachine } from '@/features/library/librarySyncMachine';
import { text } from '@/shared/text';
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

/**
 * The success toasts a path's events should bring, by the plain rules: per job (a SYNC or a
 * SYNC_ONE starts one; the samples' walk holds one library), a store that succeeds shows
 * 音频仓库同步成功 when the job was the listener's or its albums were new here, with their count.
 */
function expectedSuccesses(events: readonly AnyEventObject[]): string[] {
  const toasts: string[] = [];
  let byListener = false;
  for (const event of events) {
    if (event.type === 'SYNC') byListener = false;
    if (event.type === 'SYNC_ONE') byListener = true;
    if (event.type === 'xstate.done.actor.storeLibrary') {
      const { newAlbums } = (event as unknown as { output: { newAlbums: number } }).output;
      if (byListener || newAlbums > 0) toasts.push(text.library.syncSucceeded(newAlbums));
    }
  }
  return toasts;
}

/** the toasts the replayed actor emitted, by severity */
function notifyLog() {
  const notes: { severity: string; message: string }[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId)
      (event.actorRef as ActorRefFrom<typeof librarySyncMachine>).on('notify', (note) => notes.push(note));
  };
  return { notes, inspect };
}

describe('librarySync machine paths', () => {
  const machineWalk = registryWalk('librarySync', machine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('librarySync', machineWalk);
  it('reaches every state', () => assertAllStatesReached(paths, machine));
  it.each(cases)('%s', async (_, path) => {
    const log = notifyLog();
    await replayPath(machine, path, { checks, actorOptions: { inspect: log.inspect } });
    const events = path.steps.slice(1).map((step) => step.event as AnyEventObject);
    const successes = log.notes.filter((note) => note.severity === 'success').map((note) => note.message);
    expect(successes).toEqual(expectedSuccesses(events));
    // every failure of a sync step shows (a first refused token asks for fresh credentials instead)
    const failures = events.filter(
      (e) =>
        e.type.startsWith('xstate.error.actor.') &&
        !e.type.endsWith('loadRecords') &&
        (e as { error?: { httpStatus?: number } }).error?.httpStatus !== 401,
    );
    expect(log.notes.filter((note) => note.severity === 'error')).toHaveLength(failures.length);
  });

  it('the walk tells every toast rule apart: a success shown for news or 同步, withheld without', () => {
    const told = cases.map(([, path]) => expectedSuccesses(path.steps.slice(1).map((s) => s.event as AnyEventObject)));
    const stores = cases.filter(([, path]) =>
      path.steps.some((s) => s.event.type === 'xstate.done.actor.storeLibrary'),
    );
    expect(told.flat()).toEqual(expect.arrayContaining([text.library.syncSucceeded(2), text.library.syncSucceeded(0)]));
    // and some stores tell nothing (a sync nobody asked for that brought nothing new)
    expect(stores.length).toBeGreaterThan(told.filter((t) => t.length > 0).length);
  });
});
