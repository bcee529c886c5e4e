// 定时关闭 in the player machine: what the sleep timer asks (FADE_OUT, SLEEP, RESTORE_LEVEL) and the
// stop at the end of the current track or of the queue, which the player carries out itself: nothing
// is prepared to follow, the last 10 s fade in the audio actor, and at the end the item that follows
// is selected, not played.
import { describe, expect, it } from 'vitest';
import { playbackStatus } from '@/features/player/playerMachine';
import { flush } from './fakes';
import { playingFrom, sourceOf, startPlayer, track, type StartedPlayer } from './playerFakes';

const [A, B, C] = ['a', 'b', 'c'].map((id) => track(id)) as [
  ReturnType<typeof track>,
  ReturnType<typeof track>,
  ReturnType<typeof track>,
];
const preloader = (p: StartedPlayer) => (p.snapshot().value as { preloader: string }).preloader;

const playing = (tracks = [A, B, C], index = 0) => playingFrom(tracks, index);

/** the following track prepared in the second element, ready to take over */
async function prepared(p: StartedPlayer) {
  const call = p.preload.last;
  call.resolve(sourceOf(call.input));
  await flush();
  p.audio.report({ type: 'audio.nextReady' });
  expect(preloader(p)).toBe('ready');
  p.audio.take();
}

const at = (currentTime: number, duration = 180) => ({ type: 'audio.timeupdate' as const, currentTime, duration });

describe('player: 定时关闭 at the end of the current track', () => {
  it('drops the prepared next track, fades the last 10 s and selects the next item unplayed at the end', async () => {
    const p = await playing();
    await prepared(p);
    p.actor.send({ type: 'STOP_AFTER', scope: 'track' });
    expect(p.audio.take()).toEqual(['audio.dropNext']);
    expect(preloader(p)).toBe('idle');
    p.audio.report(at(100));
    expect(p.audio.take()).toEqual([]);
    p.audio.report(at(174));
    expect(p.audio.commands).toEqual([{ type: 'audio.fadeOut', ms: 6000 }]);
    p.audio.take();
    // once: the next reports only move the time
    p.audio.report(at(176));
    expect(p.audio.take()).toEqual([]);
    p.audio.report({ type: 'audio.ended' });
    expect(playbackStatus(p.snapshot())).toBe('empty');
    expect(p.context()).toMatchObject({ index: 1, stopAfter: null, endFading: false });
    expect(p.context().nowPlaying).toMatchObject({ title: B.title });
    expect(p.audio.take()).toEqual(['audio.unload', 'audio.restoreLevel']);
    expect(p.emitted).toContainEqual({ type: 'slept' });
    expect(p.emitted).toContainEqual({ type: 'queueChanged', queue: [A, B, C], index: 1 });
    // the listener presses 播放 in the morning: B plays at its full level
    p.actor.send({ type: 'TOGGLE_PLAY' });
    await p.playThrough();
    expect(playbackStatus(p.snapshot())).toBe('playing');
    expect(p.context().index).toBe(1);
  });

  it('nothing is prepared after a jump while the stop waits; cancelled, what follows is prepared again', async () => {
    const p = await playing();
    p.actor.send({ type: 'STOP_AFTER', scope: 'track' });
    p.actor.send({ type: 'NEXT' });
    await p.playThrough();
    expect(preloader(p)).toBe('idle');
    const preloads = p.preload.calls.length;
    p.actor.send({ type: 'STOP_AFTER', scope: null });
    expect(preloader(p)).toBe('preloading');
    expect(p.preload.calls).toHaveLength(preloads + 1);
    expect(p.preload.last.input).toEqual(C);
  });

  it('a seek back out of the fade, a skip during it or the stop cancelled gives the level back', async () => {
    const p = await playing();
    p.actor.send({ type: 'STOP_AFTER', scope: 'track' });
    p.audio.report(at(175));
    p.audio.take();
    p.audio.report(at(60));
    expect(p.audio.take()).toEqual(['audio.restoreLevel']);
    p.audio.report(at(178));
    expect(p.audio.take()).toEqual(['audio.fadeOut']);
    p.actor.send({ type: 'STOP_AFTER', scope: null });
    expect(p.audio.take()).toContain('audio.restoreLevel');
    p.actor.send({ type: 'STOP_AFTER', scope: 'track' });
    p.audio.report(at(178));
    p.audio.take();
    p.actor.send({ type: 'NEXT' });
    expect(p.audio.take()).toEqual(['audio.unload', 'audio.restoreLevel']);
  });
});

describe('player: 定时关闭 at the end of the queue', () => {
  it('plays on through the queue; after its last item the first is selected, unplayed', async () => {
    const p = await playing([A, B], 0);
    p.actor.send({ type: 'STOP_AFTER', scope: 'queue' });
    p.audio.report(at(175));
    expect(p.audio.take()).toEqual([]);
    p.audio.report({ type: 'audio.ended' });
    expect(playbackStatus(p.snapshot())).toBe('buffering');
    await p.playThrough();
    expect(p.context().index).toBe(1);
    // the last item: nothing follows it, its end fades
    expect(preloader(p)).toBe('idle');
    p.audio.take();
    p.audio.report(at(175));
    expect(p.audio.take()).toEqual(['audio.fadeOut']);
    p.audio.report({ type: 'audio.ended' });
    expect(playbackStatus(p.snapshot())).toBe('empty');
    expect(p.context()).toMatchObject({ index: 0, stopAfter: null });
    expect(p.emitted).toContainEqual({ type: 'slept' });
  });
});

describe('player: a timed 定时关闭', () => {
  it('FADE_OUT fades the audio; SLEEP pauses where it is and gives the level back; the queue keeps its place', async () => {
    const p = await playing();
    p.audio.report(at(42));
    p.actor.send({ type: 'FADE_OUT', ms: 10_000 });
    expect(p.audio.commands).toEqual([{ type: 'audio.fadeOut', ms: 10_000 }]);
    p.audio.take();
    p.actor.send({ type: 'SLEEP' });
    expect(p.audio.take()).toEqual(['audio.pause', 'audio.restoreLevel']);
    expect(playbackStatus(p.snapshot())).toBe('paused');
    expect(p.context()).toMatchObject({ index: 0, currentTime: 42, queue: [A, B, C] });
  });

  it('SLEEP while a track loads: it is not played; with nothing playing only the level comes back', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'SLEEP' });
    expect(p.audio.take()).toEqual(['audio.restoreLevel']);
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A, B], index: 1 });
    p.audio.take();
    p.actor.send({ type: 'SLEEP' });
    expect(p.audio.take()).toEqual(['audio.unload', 'audio.restoreLevel']);
    expect(playbackStatus(p.snapshot())).toBe('empty');
    expect(p.context().nowPlaying).toMatchObject({ title: B.title });
    p.actor.send({ type: 'RESTORE_LEVEL' });
    expect(p.audio.take()).toEqual(['audio.restoreLevel']);
  });
});
