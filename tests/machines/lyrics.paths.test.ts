// Model-based paths over the real lyrics machine (docs/architecture.md#10-tests-and-benchmarks): every path
// `npm run paths -- lyrics` prints (samples and state key beside the machine) is replayed with a fetch that settles
// only when the path says so, and checked against the rules written out plainly; plus the fetch's input and what
// the same track again does.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { lyricsMachine } from '@/features/lyrics/lyricsMachine';
import { lyricsStateOf } from '@/features/lyrics/selectors';
import type { Lyrics } from '@/rules/lyrics';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  withPendingActors,
  type MachinePath,
} from '../../model-paths/modelPaths';
import { fakeService, flush } from './fakes';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const machine = withPendingActors(lyricsMachine, ['fetchLyrics']);
type Machine = typeof machine;

function expected(path: MachinePath<Machine>) {
  let state = 'idle';
  let track: unknown = null;
  let lyrics: Lyrics | null = null;
  let error: string | null = null;
  for (const { event } of path.steps.slice(1)) {
    const e = event as { type: string; track?: { albumId: string } | null; output?: Lyrics | null; error?: Error };
    if (e.type === 'TRACK') {
      if (JSON.stringify(e.track) === JSON.stringify(track)) continue;
      [track, lyrics, error] = [e.track, null, null];
      state = e.track === null ? 'idle' : 'loading';
    } else if (state === 'loading' && e.type === 'xstate.done.actor.fetchLyrics') {
      lyrics = e.output ?? null;
      state = lyrics ? 'shown' : 'none';
    } else if (state === 'loading' && e.type === 'xstate.error.actor.fetchLyrics')
      [state, error] = ['failed', e.error!.message];
    else if (state === 'failed' && e.type === 'RETRY') state = 'loading';
  }
  return { state, track, lyrics, error };
}

describe('lyrics machine paths', () => {
  // the walk `npm run paths -- lyrics` prints, from the samples beside the machine
  const machineWalk = registryWalk('lyrics', machine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('lyrics', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual(['idle', 'loading', 'shown', 'none', 'failed']);
    assertAllStatesReached(paths, machine);
  });

  it.each(cases)('%s', async (_, path) => {
    const { finalSnapshot: s } = await replayPath(machine, path);
    const want = expected(path);
    expect(s.value).toBe(want.state);
    expect(s.context).toEqual({ track: want.track, lyrics: want.lyrics, error: want.error });
    expect(s.hasTag('busy')).toBe(want.state === 'loading');
    // what the panel reads: the tags say the state
    expect(lyricsStateOf(s)).toBe(want.state);
  });
});

describe('lyrics machine', () => {
  const A = { albumId: 'a', discId: 1, trackId: 1 };
  const B = { albumId: 'a', discId: 1, trackId: 2 };

  it('fetches the track it is given, once while the track stays; a new track drops the old answer', async () => {
    const fetch = fakeService<Lyrics | null, typeof A>();
    const actor = createActor(lyricsMachine.provide({ actors: { fetchLyrics: fetch.logic } })).start();
    actor.send({ type: 'TRACK', track: A });
    actor.send({ type: 'TRACK', track: { ...A } });
    expect(fetch.calls.map((c) => c.input)).toEqual([A]);
    fetch.last.resolve({ synced: false, lines: [{ time: null, text: 'a' }] });
    await flush();
    actor.send({ type: 'TRACK', track: A });
    expect(actor.getSnapshot().value).toBe('shown');
    actor.send({ type: 'TRACK', track: B });
    expect(fetch.calls.map((c) => c.input)).toEqual([A, B]);
    expect(actor.getSnapshot().context.lyrics).toBeNull();
  });

  it('an answer for a track no longer shown is not heard', async () => {
    let settle: (value: Lyrics | null) => void = () => {};
    const slow = fromPromise<Lyrics | null, typeof A>(({ input }) =>
      input.trackId === 1 ? new Promise((resolve) => (settle = resolve)) : Promise.resolve(null),
    );
    const actor = createActor(lyricsMachine.provide({ actors: { fetchLyrics: slow } })).start();
    actor.send({ type: 'TRACK', track: A });
    actor.send({ type: 'TRACK', track: B });
    await flush();
    settle({ synced: false, lines: [{ time: null, text: 'of A' }] });
    await flush();
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context.track).toEqual(B);
  });
});
