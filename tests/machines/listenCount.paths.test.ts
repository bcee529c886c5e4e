// Model-based paths over the listen counter: every path `npm run paths -- listenCount` prints is
// replayed and checked against the rule written out plainly (where it is, the track it follows,
// what it said); then the real machine on a moved clock: half the track or 4 minutes of real
// playing, pauses and buffering not counted, a length learned late, the play's start as its time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { listenCountMachine, type ListenCountEmitted } from '@/features/scrobbling/listenCountMachine';
import { LISTEN_DUE_MOST_MS } from '@/shared/constants';
import { listenMetadataOf } from '@/rules/listens';
import type { TrackInfo } from '@/shared/track';
import { assertAllStatesReached, replayPath, stateIdsOf, type MachinePath } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk, stateOf } from './registryWalk';

type Machine = typeof listenCountMachine;

/** the rule, plainly: which state, which track, what was said (the walk's clock stands still) */
function expected(path: MachinePath<Machine>, now: number) {
  let state = 'idle';
  let track: TrackInfo | null = null;
  let duration: number | null = null;
  let startedAt: number | null = null;
  const emitted: ListenCountEmitted[] = [];
  for (const { event } of path.steps.slice(1)) {
    const e = event as { type: string; track?: TrackInfo | null; duration?: number | null; seconds?: number };
    if (e.type === 'TRACK_CHANGED') {
      [track, duration, startedAt] = [e.track ?? null, e.duration ?? null, null];
      state = track ? 'track.starting' : 'idle';
    } else if (e.type === 'PLAYING' && state === 'track.starting') {
      state = 'track.playing';
      startedAt = Math.round(now / 1000);
      emitted.push({ type: 'started', listen: { track_metadata: listenMetadataOf(track!, duration) } });
    } else if (e.type === 'PLAYING' && state === 'track.held') state = 'track.playing';
    else if (e.type === 'PAUSED' && state === 'track.playing') state = 'track.held';
    else if (e.type === 'DURATION_KNOWN' && state.startsWith('track') && state !== 'track.listened')
      duration = e.seconds!;
    else if (e.type.startsWith('xstate.after.listenDue')) {
      state = 'track.listened';
      emitted.push({
        type: 'listened',
        listen: { listened_at: startedAt!, track_metadata: listenMetadataOf(track!, duration) },
      });
    }
  }
  return { state, track, duration, startedAt, emitted };
}

describe('listen counter paths', () => {
  const machineWalk = registryWalk('listenCount', listenCountMachine);
  const { paths, cases, inputOf } = machineWalk;
  itPrintsTheWalk('listenCount', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(listenCountMachine)).toEqual([
      'idle',
      'track.starting',
      'track.playing',
      'track.held',
      'track.listened',
    ]);
    assertAllStatesReached(paths, listenCountMachine);
  });

  it.each(cases)('%s', async (_, path) => {
    const input = inputOf(path) as { now: () => number };
    const emitted: ListenCountEmitted[] = [];
    const { finalSnapshot: s } = await replayPath(listenCountMachine, path, {
      input: input as never,
      actorOptions: {
        inspect: (event) => {
          if (event.type === '@xstate.actor')
            for (const type of ['started', 'listened'] as const)
              (event.actorRef as AnyActorRef).on(type, (e: ListenCountEmitted) => emitted.push(e));
        },
      },
    });
    const want = expected(path, input.now());
    expect(stateOf(s.value)).toBe(want.state);
    expect(s.context).toMatchObject({ track: want.track, duration: want.duration, startedAt: want.startedAt });
    expect(emitted).toEqual(want.emitted);
  });
});

describe('listen counter on the clock', () => {
  afterEach(() => vi.useRealTimers());

  const track = (trackId: number): TrackInfo => ({
    albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01',
    discId: 1,
    trackId,
    title: `港灯 ${trackId}`,
    artist: '港灯乐团',
    type: 'normal',
    albumTitle: '港灯夜曲',
  });

  function start() {
    vi.useFakeTimers({ now: 1_764_400_000_000 });
    const actor = createActor(listenCountMachine, { input: { now: () => Date.now() } }).start();
    const emitted: ListenCountEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    const listened = () => emitted.filter((e) => e.type === 'listened');
    return { actor, emitted, listened };
  }

  it('a 3-minute track is a listen after 90 s of playing, stamped with when it began to play', async () => {
    const { actor, emitted, listened } = start();
    actor.send({ type: 'TRACK_CHANGED', track: track(1), duration: 180 });
    // loading: not yet begun
    await vi.advanceTimersByTimeAsync(5_000);
    const began = Date.now();
    actor.send({ type: 'PLAYING' });
    expect(emitted).toEqual([{ type: 'started', listen: { track_metadata: listenMetadataOf(track(1), 180) } }]);
    await vi.advanceTimersByTimeAsync(89_999);
    expect(listened()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(listened()).toEqual([
      {
        type: 'listened',
        listen: { listened_at: Math.round(began / 1000), track_metadata: listenMetadataOf(track(1), 180) },
      },
    ]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(listened()).toHaveLength(1);
  });

  it('a long track (or one of unknown length) is a listen after 4 minutes', async () => {
    const { actor, listened } = start();
    actor.send({ type: 'TRACK_CHANGED', track: track(1), duration: 3_600 });
    actor.send({ type: 'PLAYING' });
    await vi.advanceTimersByTimeAsync(LISTEN_DUE_MOST_MS);
    expect(listened()).toHaveLength(1);
    actor.send({ type: 'TRACK_CHANGED', track: track(2), duration: null });
    actor.send({ type: 'PLAYING' });
    await vi.advanceTimersByTimeAsync(LISTEN_DUE_MOST_MS - 1);
    expect(listened()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(listened()).toHaveLength(2);
  });

  it('pauses and buffering do not count; playing on adds up', async () => {
    const { actor, listened } = start();
    actor.send({ type: 'TRACK_CHANGED', track: track(1), duration: 100 });
    actor.send({ type: 'PLAYING' });
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'PAUSED' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(listened()).toHaveLength(0);
    actor.send({ type: 'PLAYING' });
    await vi.advanceTimersByTimeAsync(19_999);
    expect(listened()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(listened()).toHaveLength(1);
  });

  it('a length learned while it plays moves the due time, counted from what was heard', async () => {
    const { actor, listened } = start();
    actor.send({ type: 'TRACK_CHANGED', track: track(1), duration: null });
    actor.send({ type: 'PLAYING' });
    await vi.advanceTimersByTimeAsync(20_000);
    actor.send({ type: 'DURATION_KNOWN', seconds: 60 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(listened()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(listened()).toHaveLength(1);
    expect(listened()[0]!.listen.track_metadata.additional_info.duration_ms).toBe(60_000);
  });

  it('skipping before half is no listen; the same track again (单曲循环) is a new play', async () => {
    const { actor, listened } = start();
    actor.send({ type: 'TRACK_CHANGED', track: track(1), duration: 60 });
    actor.send({ type: 'PLAYING' });
    await vi.advanceTimersByTimeAsync(29_000);
    actor.send({ type: 'TRACK_CHANGED', track: track(2), duration: 60 });
    actor.send({ type: 'PLAYING' });
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'TRACK_CHANGED', track: track(2), duration: 60 });
    actor.send({ type: 'PLAYING' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(listened().map((e) => e.listen.track_metadata.track_name)).toEqual(['港灯 2', '港灯 2']);
    actor.send({ type: 'TRACK_CHANGED', track: null, duration: null });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
