// Gapless playback in the player machine: what follows the current track is prepared in
// a second element (preloader: preloading → loadingNext → ready), and the audio actor's
// `audio.handedOver` makes it the current item without unloading or loading anything. Every loop
// mode, and skip / seek / a failed next track taking today's way.
import { describe, expect, it } from 'vitest';
import { playbackStatus } from '@/features/player/playerMachine';
import { text } from '@/shared/text';
import { flush } from './fakes';
import { playedOf, playingFrom, sourceOf, track, type StartedPlayer } from './playerFakes';

const [A, B, C, D] = ['a', 'b', 'c', 'd'].map((id) => track(id)) as [
  ReturnType<typeof track>,
  ReturnType<typeof track>,
  ReturnType<typeof track>,
  ReturnType<typeof track>,
];
const preloader = (p: StartedPlayer) => (p.snapshot().value as { preloader: string }).preloader;

const playing = (tracks = [A, B, C], index = 0, loops = 0, input = {}) => playingFrom(tracks, index, loops, input);

/** the pending preload answers with its track's direct source; the second element reports ready */
async function prepareNext(p: StartedPlayer) {
  const call = p.preload.last;
  call.resolve(sourceOf(call.input));
  await flush();
  expect(preloader(p)).toBe('loadingNext');
  expect(p.audio.commands.at(-1)).toEqual({
    type: 'audio.prepareNext',
    url: sourceOf(call.input).url,
    played: playedOf(call.input),
  });
  p.audio.report({ type: 'audio.nextReady' });
  expect(preloader(p)).toBe('ready');
  p.audio.take();
  return call.input;
}

describe('player: gapless hand-over', () => {
  it('队列循环: the next item is prepared in a second element; at the hand-over it is current, nothing is loaded again', async () => {
    const p = await playing();
    expect(await prepareNext(p)).toEqual(B);
    p.audio.report({ type: 'audio.handedOver', duration: 27 });
    expect(playbackStatus(p.snapshot())).toBe('playing');
    expect(p.context()).toMatchObject({ index: 1, source: sourceOf(B).url, duration: 27, currentTime: 0 });
    expect(p.context().nowPlaying).toMatchObject({ title: B.title, coverUrl: sourceOf(B).coverUrl });
    // no unload, no load: the actor already plays it
    expect(p.audio.commands.filter((c) => c.type === 'audio.load' || c.type === 'audio.unload')).toEqual([]);
    expect(p.resolveSource.calls).toHaveLength(1);
    // the queue is saved at its new index, the page title and media session hear of the new track
    expect(p.emitted).toContainEqual({ type: 'queueChanged', queue: [A, B, C], index: 1 });
    expect(p.emitted).toContainEqual(
      expect.objectContaining({
        type: 'nowPlayingChanged',
        playing: true,
        nowPlaying: expect.objectContaining({ title: B.title }),
      }),
    );
    // and what follows B is prepared next
    expect(preloader(p)).toBe('preloading');
    expect(p.preload.last.input).toEqual(C);
  });

  it('a hand-over is a new play: it is reported after 10 s like any other', async () => {
    const p = await playing();
    await prepareNext(p);
    const before = p.context().plays;
    p.audio.report({ type: 'audio.handedOver', duration: 27 });
    expect(p.context().plays).toBe(before + 1);
    expect(p.snapshot().matches({ stat: { pending: 'counting' } })).toBe(true);
  });

  it('单曲循环: the same track is prepared and takes over from itself', async () => {
    const p = await playing([A, B], 0, 1);
    expect(await prepareNext(p)).toEqual(A);
    p.audio.report({ type: 'audio.handedOver', duration: 31 });
    expect(p.context()).toMatchObject({ index: 0, source: sourceOf(A).url, duration: 31 });
    expect(p.preload.last.input).toEqual(A);
  });

  it('队列随机: the random item is drawn when it is prepared, and that one takes over', async () => {
    const p = await playing([A, B, C, D], 1, 2, { random: () => 0.9 });
    const drawn = await prepareNext(p);
    expect(drawn).toEqual(D);
    p.audio.report({ type: 'audio.handedOver', duration: 20 });
    expect(p.context().index).toBe(3);
  });

  it("a skip takes today's way (unload, resolve, load) and the prepared track is dropped", async () => {
    const p = await playing([A, B, C]);
    await prepareNext(p);
    p.actor.send({ type: 'NEXT' });
    expect(playbackStatus(p.snapshot())).toBe('buffering');
    expect(p.audio.take()).toEqual(['audio.unload', 'audio.dropNext']);
    expect(preloader(p)).toBe('idle');
    await p.playThrough();
    expect(p.audio.take()).toEqual(['audio.load']);
    expect(p.preload.last.input).toEqual(C);
  });

  it('a seek keeps the prepared track (the actor times the hand-over from the new position)', async () => {
    const p = await playing();
    await prepareNext(p);
    p.audio.report({ type: 'audio.loaded', duration: 30 });
    p.actor.send({ type: 'SEEK', fraction: 0.5 });
    expect(p.audio.take()).toEqual(['audio.seek']);
    expect(preloader(p)).toBe('ready');
  });

  it("a next track that fails to load: at the end today's way is taken, which says it cannot play", async () => {
    const p = await playing();
    const call = p.preload.last;
    call.resolve(sourceOf(call.input));
    await flush();
    p.audio.report({ type: 'audio.nextFailed', message: 'decode error' });
    expect(preloader(p)).toBe('idle');
    p.audio.report({ type: 'audio.ended' });
    expect(playbackStatus(p.snapshot())).toBe('buffering');
    await p.resolve();
    p.audio.report({ type: 'audio.error', message: 'decode error' });
    // the library was not busy
    p.libraryBusy.last.resolve(null);
    await flush();
    expect(playbackStatus(p.snapshot())).toBe('empty');
    expect(p.notices()).toEqual([text.player.loadFailed]);
  });

  it('a queue change that puts another item next drops the prepared one and prepares that item', async () => {
    const p = await playing([A, B, C]);
    await prepareNext(p);
    p.actor.send({ type: 'PLAY_LATER', track: D });
    expect(p.audio.take()).toEqual(['audio.dropNext']);
    expect(preloader(p)).toBe('preloading');
    expect(p.preload.last.input).toEqual(D);
  });

  it('a queue change that keeps the next item keeps it prepared', async () => {
    const p = await playing([A, B, C]);
    await prepareNext(p);
    p.actor.send({ type: 'ADD_TO_QUEUE', tracks: [D] });
    expect(p.audio.take()).toEqual([]);
    expect(preloader(p)).toBe('ready');
  });

  it('another loop mode drops the prepared track and prepares what follows in that mode', async () => {
    const p = await playing([A, B, C]);
    await prepareNext(p);
    p.actor.send({ type: 'CYCLE_LOOP_MODE' }); // → 单曲循环
    expect(p.audio.take()).toEqual(['audio.dropNext']);
    expect(p.preload.last.input).toEqual(A);
  });

  it("a track streamed by parts is not prepared: the end takes today's way", async () => {
    const p = await playing();
    p.preload.last.resolve(null);
    await flush();
    expect(preloader(p)).toBe('idle');
    expect(p.audio.take()).toEqual([]);
    p.audio.report({ type: 'audio.ended' });
    expect(playbackStatus(p.snapshot())).toBe('buffering');
    expect(p.context().index).toBe(1);
  });

  it('a pause that crossed the hand-over: the next track is current and plays, as the actor started it', async () => {
    const p = await playing();
    await prepareNext(p);
    p.actor.send({ type: 'TOGGLE_PLAY' });
    p.audio.report({ type: 'audio.handedOver', duration: 27 });
    expect(p.context().index).toBe(1);
    expect(playbackStatus(p.snapshot())).toBe('playing');
  });

  it('a hand-over heard after a skip (the two crossed) changes nothing in playback', async () => {
    const p = await playing([A, B, C]);
    await prepareNext(p);
    p.actor.send({ type: 'PLAY_INDEX', index: 2 });
    p.audio.report({ type: 'audio.handedOver', duration: 27 });
    expect(playbackStatus(p.snapshot())).toBe('buffering');
    expect(p.context().index).toBe(2);
  });
});
