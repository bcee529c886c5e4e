import { trackKey } from '@/shared/track';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loopModeOf, playbackStatus } from '@/features/player/playerMachine';
import { NoSourceError } from '@/shared/errors';
import { BUFFERING_TIMEOUT_MS, STAT_REPORT_DELAY_MS } from '@/shared/constants';
import { text } from '@/shared/text';
import { flush } from './fakes';
import { playedOf, sourceOf, startPlayer, track, type StartedPlayer } from './playerFakes';

const [A, B, C, D] = ['a', 'b', 'c', 'd'].map((id) => track(id));
const ids = (p: StartedPlayer) =>
  p
    .context()
    .queue.map((t) => t.albumId.slice(6))
    .join('');
const status = (p: StartedPlayer) => playbackStatus(p.snapshot());

/** a player playing `tracks[index]`, with emitted events and audio commands cleared */
async function playing(tracks = [A!, B!, C!], index = 0, input = {}) {
  const p = startPlayer(input);
  p.actor.send({ type: 'REPLACE_AND_PLAY', tracks, index });
  await p.playThrough();
  expect(status(p)).toBe('playing');
  p.emitted.length = 0;
  p.audio.take();
  return p;
}

describe('player: start', () => {
  it('starts empty, in list loop, with the stored volume given to the audio actor', () => {
    const p = startPlayer({ volume: 40, muted: true });
    expect(status(p)).toBe('empty');
    expect(loopModeOf(p.snapshot())).toBe('listLoop');
    expect(p.context()).toMatchObject({
      queue: [],
      index: 0,
      nowPlaying: null,
      volume: 40,
      muted: true,
      duration: null,
    });
    expect(p.audio.inputs).toEqual([{ volume: 40, muted: true }]);
    expect(p.snapshot().matches({ stat: 'idle', preloader: 'idle' })).toBe(true);
  });

  it('the main button does nothing on an empty queue', () => {
    const p = startPlayer();
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(status(p)).toBe('empty');
    expect(p.resolveSource.calls).toHaveLength(0);
  });

  it('stopping the player stops the audio actor', () => {
    const p = startPlayer();
    p.actor.stop();
    expect(p.audio.stopped).toBe(1);
  });
});

describe('player: playing a track (buffering → playing)', () => {
  it('replace-and-play sets queue and index, resolves the chosen item, loads and plays it', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!, C!], index: 1 });
    expect(p.snapshot().matches({ playback: { buffering: 'resolving' } })).toBe(true);
    expect(p.snapshot().hasTag('busy')).toBe(true);
    expect(p.context()).toMatchObject({ index: 1, nowPlaying: { ...B, coverUrl: undefined } });
    expect(p.resolveSource.last.input).toEqual(B);
    expect(p.emitted).toContainEqual({ type: 'queueChanged', queue: [A, B, C], index: 1 });
    expect(p.audio.take()).toEqual(['audio.unload']);

    await p.resolve();
    expect(p.snapshot().matches({ playback: { buffering: 'loading' } })).toBe(true);
    expect(p.audio.commands).toEqual([
      { type: 'audio.load', url: sourceOf(B!).url, autoplay: true, played: playedOf(B!) },
    ]);
    expect(p.context().source).toBe(sourceOf(B!).url);
    expect(p.context().nowPlaying?.coverUrl).toBe(sourceOf(B!).coverUrl);

    p.audio.report({ type: 'audio.playing' });
    expect(status(p)).toBe('playing');
    expect(p.emitted.at(-1)).toEqual({
      type: 'nowPlayingChanged',
      nowPlaying: { ...B, coverUrl: sourceOf(B!).coverUrl },
      playing: true,
    });
  });

  it('replace-and-play drops repeats and keeps the chosen item; nothing to play is ignored', () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [], index: 0 });
    expect(status(p)).toBe('empty');
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!, A!, C!], index: 3 });
    expect(ids(p)).toBe('abc');
    expect(p.context().index).toBe(2);
  });

  it('time and duration reports update the context', async () => {
    const p = await playing();
    p.audio.report({ type: 'audio.loaded', duration: 200 });
    p.audio.report({ type: 'audio.timeupdate', currentTime: 12.5, duration: 200 });
    expect(p.context()).toMatchObject({ currentTime: 12.5, duration: 200 });
    p.audio.report({ type: 'audio.timeupdate', currentTime: 13, duration: null });
    expect(p.context()).toMatchObject({ currentTime: 13, duration: 200 });
  });

  it('autoplay blocked → paused with the track loaded; the main button plays it', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!], index: 0 });
    await p.resolve();
    p.audio.take();
    p.audio.report({ type: 'audio.playRejected', name: 'NotAllowedError', message: 'blocked' });
    expect(status(p)).toBe('paused');
    expect(p.notices()).toEqual([]);
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(p.audio.take()).toEqual(['audio.play']);
    expect(status(p)).toBe('playing');
  });
});

describe('player: the main button acts by state', () => {
  it('playing → pause; paused → resume', async () => {
    const p = await playing();
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(status(p)).toBe('paused');
    expect(p.audio.take()).toEqual(['audio.pause']);
    expect(p.emitted.at(-1)).toMatchObject({ type: 'nowPlayingChanged', playing: false });
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(status(p)).toBe('playing');
    expect(p.audio.take()).toEqual(['audio.play']);
  });

  it('empty → plays the first queue item', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!, B!], index: 0 });
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(status(p)).toBe('buffering');
    expect(p.resolveSource.last.input).toEqual(A);
  });

  it('ended → restart (time 0 and play)', async () => {
    const p = await playing([A!]);
    p.actor.send({ type: 'CLEAR_QUEUE' });
    p.audio.report({ type: 'audio.ended' });
    expect(status(p)).toBe('ended');
    p.audio.take();
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(status(p)).toBe('playing');
    expect(p.audio.commands).toEqual([{ type: 'audio.seek', time: 0 }, { type: 'audio.play' }]);
  });

  it('buffering: the main button waits', () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!], index: 0 });
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(status(p)).toBe('buffering');
    expect(p.resolveSource.calls).toHaveLength(1);
  });

  it('the element paused or resumed from outside (media keys, headset) is followed', async () => {
    const p = await playing();
    p.audio.report({ type: 'audio.paused' });
    expect(status(p)).toBe('paused');
    p.audio.report({ type: 'audio.playing' });
    expect(status(p)).toBe('playing');
    expect(p.audio.take()).toEqual([]);
  });
});

describe('player: queue navigation', () => {
  it.each([
    ['NEXT', 0, 1],
    ['NEXT', 2, 0], // wraps last → first
    ['PREVIOUS', 1, 0],
    ['PREVIOUS', 0, 2], // wraps first → last
  ] as const)('%s from %i → %i, and plays it', async (type, from, to) => {
    const p = await playing([A!, B!, C!], from);
    p.actor.send({ type });
    expect(status(p)).toBe('buffering');
    expect(p.context().index).toBe(to);
    expect(p.resolveSource.last.input).toEqual([A, B, C][to]);
    expect(p.audio.take()).toEqual(['audio.unload']);
    expect(p.emitted).toContainEqual({ type: 'queueChanged', queue: [A, B, C], index: to });
  });

  it('next/previous on an empty queue: 播放队列播完啦 (no neighbour, not at an end)', () => {
    const p = startPlayer();
    p.actor.send({ type: 'NEXT' });
    p.actor.send({ type: 'PREVIOUS' });
    expect(p.emitted.filter((e) => e.type === 'notify')).toEqual([
      { type: 'notify', severity: 'info', message: text.queue.finished },
      { type: 'notify', severity: 'info', message: text.queue.finished },
    ]);
    expect(status(p)).toBe('empty');
  });

  it('a single item is its own neighbour: next replays it, no message', async () => {
    const p = await playing([A!]);
    p.actor.send({ type: 'NEXT' });
    expect(status(p)).toBe('buffering');
    expect(p.resolveSource.calls).toHaveLength(2);
    expect(p.notices()).toEqual([]);
  });

  it('PLAY_INDEX jumps and plays; an index outside the queue is ignored', async () => {
    const p = await playing();
    p.actor.send({ type: 'PLAY_INDEX', index: 5 });
    p.actor.send({ type: 'PLAY_INDEX', index: -1 });
    expect(status(p)).toBe('playing');
    p.actor.send({ type: 'PLAY_INDEX', index: 2 });
    expect(status(p)).toBe('buffering');
    expect(p.context().nowPlaying?.albumId).toBe(C!.albumId);
  });

  it('a jump while buffering restarts the load for the new item', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!], index: 0 });
    const first = p.resolveSource.last;
    p.actor.send({ type: 'NEXT' });
    expect(p.resolveSource.calls).toHaveLength(2);
    first.resolve(sourceOf(A!)); // the stale answer is not heard: its actor was stopped
    await flush();
    expect(p.snapshot().matches({ playback: { buffering: 'resolving' } })).toBe(true);
    await p.resolve();
    expect(p.context().source).toBe(sourceOf(B!).url);
  });
});

describe('player: seek', () => {
  it('playing: seeks proportionally', async () => {
    const p = await playing();
    p.audio.report({ type: 'audio.loaded', duration: 200 });
    p.actor.send({ type: 'SEEK', fraction: 0.25 });
    expect(p.audio.commands).toEqual([{ type: 'audio.seek', time: 50 }]);
    expect(status(p)).toBe('playing');
  });

  it('paused: seeks and resumes playing; the fraction is clamped', async () => {
    const p = await playing();
    p.audio.report({ type: 'audio.loaded', duration: 200 });
    p.actor.send({ type: 'TOGGLE_PLAY' });
    p.audio.take();
    p.actor.send({ type: 'SEEK', fraction: 1.5 });
    expect(p.audio.commands).toEqual([{ type: 'audio.seek', time: 200 }, { type: 'audio.play' }]);
    expect(status(p)).toBe('playing');
  });

  it('unknown duration, empty or buffering: ignored', async () => {
    const p = await playing();
    p.actor.send({ type: 'SEEK', fraction: 0.5 });
    expect(p.audio.take()).toEqual([]);
    const q = startPlayer();
    q.actor.send({ type: 'SEEK', fraction: 0.5 });
    expect(status(q)).toBe('empty');
    expect(q.audio.take()).toEqual([]);
  });
});

describe('player: seek by a step (←/→)', () => {
  it('playing: steps from the present time, within the track; steps in a row add up', async () => {
    const p = await playing();
    p.audio.report({ type: 'audio.loaded', duration: 200 });
    p.audio.report({ type: 'audio.timeupdate', currentTime: 100, duration: 200 });
    p.audio.take();
    p.actor.send({ type: 'SEEK_BY', seconds: 5 });
    p.actor.send({ type: 'SEEK_BY', seconds: 5 });
    expect(p.audio.commands.splice(0)).toEqual([
      { type: 'audio.seek', time: 105 },
      { type: 'audio.seek', time: 110 },
    ]);
    p.actor.send({ type: 'SEEK_BY', seconds: -500 });
    p.actor.send({ type: 'SEEK_BY', seconds: 500 });
    expect(p.audio.commands.splice(0)).toEqual([
      { type: 'audio.seek', time: 0 },
      { type: 'audio.seek', time: 200 },
    ]);
    expect(status(p)).toBe('playing');
  });

  it('paused: steps and stays paused', async () => {
    const p = await playing();
    p.audio.report({ type: 'audio.loaded', duration: 200 });
    p.audio.report({ type: 'audio.timeupdate', currentTime: 20, duration: 200 });
    p.actor.send({ type: 'TOGGLE_PLAY' });
    p.audio.take();
    p.actor.send({ type: 'SEEK_BY', seconds: -5 });
    expect(p.audio.commands.splice(0)).toEqual([{ type: 'audio.seek', time: 15 }]);
    expect(status(p)).toBe('paused');
  });

  it('SEEK_TO (a lyric line) goes to that second within the track and plays, from paused too', async () => {
    const p = await playing();
    p.audio.report({ type: 'audio.loaded', duration: 32 });
    p.audio.take();
    p.actor.send({ type: 'SEEK_TO', seconds: 16 });
    p.actor.send({ type: 'SEEK_TO', seconds: 99 });
    expect(p.audio.commands.splice(0)).toEqual([
      { type: 'audio.seek', time: 16 },
      { type: 'audio.seek', time: 32 },
    ]);
    p.actor.send({ type: 'TOGGLE_PLAY' });
    p.audio.take();
    p.actor.send({ type: 'SEEK_TO', seconds: 4 });
    expect(p.audio.commands.splice(0)).toEqual([{ type: 'audio.seek', time: 4 }, { type: 'audio.play' }]);
    expect(status(p)).toBe('playing');
  });

  it('unknown duration or nothing playing: ignored', async () => {
    const p = await playing();
    p.actor.send({ type: 'SEEK_BY', seconds: 5 });
    expect(p.audio.take()).toEqual([]);
    const q = startPlayer();
    q.actor.send({ type: 'SEEK_BY', seconds: 5 });
    expect(status(q)).toBe('empty');
    expect(q.audio.take()).toEqual([]);
  });
});

describe('player: adding to the queue', () => {
  it('drops tracks already queued and appends the rest without interrupting', async () => {
    const p = await playing([A!, B!]);
    p.actor.send({ type: 'ADD_TO_QUEUE', tracks: [B!, C!, C!, D!] });
    expect(ids(p)).toBe('abcd');
    expect(status(p)).toBe('playing');
    expect(p.emitted).toEqual([{ type: 'queueChanged', queue: [A, B, C, D], index: 0 }]);
  });

  it('nothing left → error 播放队列中已存在该歌曲, queue unchanged', async () => {
    const p = await playing([A!, B!]);
    p.actor.send({ type: 'ADD_TO_QUEUE', tracks: [A!, B!] });
    expect(p.emitted).toEqual([{ type: 'notify', severity: 'error', message: text.queue.duplicate }]);
    expect(ids(p)).toBe('ab');
  });

  it('an empty list is ignored', () => {
    const p = startPlayer();
    p.actor.send({ type: 'ADD_TO_QUEUE', tracks: [] });
    expect(p.notices()).toEqual([]);
  });

  it('the queue was empty → the first added track starts playing', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'ADD_TO_QUEUE', tracks: [A!, B!] });
    expect(status(p)).toBe('buffering');
    expect(p.context()).toMatchObject({ index: 0, nowPlaying: { albumId: A!.albumId } });
    expect(p.resolveSource.last.input).toEqual(A);
  });

  it('a restored (not playing) queue: adding appends and does not play', () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!], index: 0 });
    p.actor.send({ type: 'ADD_TO_QUEUE', tracks: [B!] });
    expect(status(p)).toBe('empty');
    expect(ids(p)).toBe('ab');
  });
});

describe('player: play later', () => {
  it('inserts right after the current item; the current item stays current', async () => {
    const p = await playing([A!, B!, C!], 1);
    p.actor.send({ type: 'PLAY_LATER', track: D! });
    expect(ids(p)).toBe('abdc');
    expect(p.context().index).toBe(1);
    p.actor.send({ type: 'PLAY_LATER', track: A! });
    expect(ids(p)).toBe('badc');
    expect(p.context().index).toBe(0);
    expect(status(p)).toBe('playing');
    expect(p.emitted.at(-1)).toEqual({ type: 'queueChanged', queue: [B, A, D, C], index: 0 });
  });

  it('into an empty queue with nothing loaded: selected, not played', () => {
    const p = startPlayer();
    p.actor.send({ type: 'PLAY_LATER', track: A! });
    expect(status(p)).toBe('empty');
    expect(p.context().nowPlaying?.albumId).toBe(A!.albumId);
    expect(p.resolveSource.calls).toHaveLength(0);
  });
});

describe('player: removing and clearing', () => {
  it('removing an item before the current shifts the index; the track plays on', async () => {
    const p = await playing([A!, B!, C!], 1);
    p.actor.send({ type: 'REMOVE_FROM_QUEUE', index: 0 });
    expect(ids(p)).toBe('bc');
    expect(p.context().index).toBe(0);
    expect(status(p)).toBe('playing');
  });

  it('removing the playing item plays the item that slid into place', async () => {
    const p = await playing([A!, B!, C!], 1);
    p.actor.send({ type: 'REMOVE_FROM_QUEUE', index: 1 });
    expect(ids(p)).toBe('ac');
    expect(p.context().index).toBe(1);
    expect(status(p)).toBe('buffering');
    expect(p.resolveSource.last.input).toEqual(C);
  });

  it('removing the item being loaded loads the one that slid into place', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!], index: 0 });
    p.actor.send({ type: 'REMOVE_FROM_QUEUE', index: 0 });
    expect(p.resolveSource.calls.map((c) => c.input)).toEqual([A, B]);
  });

  it('removing the paused item selects the next one without playing', async () => {
    const p = await playing([A!, B!, C!], 2);
    p.actor.send({ type: 'TOGGLE_PLAY' });
    p.audio.take();
    p.actor.send({ type: 'REMOVE_FROM_QUEUE', index: 2 });
    expect(status(p)).toBe('empty');
    expect(p.context()).toMatchObject({ index: 1, nowPlaying: { albumId: B!.albumId } });
    expect(p.audio.take()).toEqual(['audio.unload']);
  });

  it('clearing the queue while a track plays: it plays on; at its end 播放队列播完啦 and ended', async () => {
    const p = await playing([A!, B!]);
    p.actor.send({ type: 'CLEAR_QUEUE' });
    expect(p.emitted).toEqual([{ type: 'queueChanged', queue: [], index: 0 }]);
    expect(status(p)).toBe('playing');
    expect(p.context().nowPlaying?.albumId).toBe(A!.albumId);
    p.audio.report({ type: 'audio.ended' });
    expect(status(p)).toBe('ended');
    expect(p.notices()).toEqual([text.queue.finished]);
  });

  it('removing the only item (the playing one) works like clearing', async () => {
    const p = await playing([A!]);
    p.actor.send({ type: 'REMOVE_FROM_QUEUE', index: 0 });
    expect(ids(p)).toBe('');
    expect(status(p)).toBe('playing');
  });

  it('clearing with nothing loaded clears now-playing', () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!, B!], index: 1 });
    p.actor.send({ type: 'CLEAR_QUEUE' });
    expect(p.context()).toMatchObject({ queue: [], index: 0, nowPlaying: null });
  });
});

describe('player: end of a track by loop mode', () => {
  it('list loop advances to the next item, wrapping last → first', async () => {
    const p = await playing([A!, B!], 1);
    p.audio.report({ type: 'audio.ended' });
    expect(status(p)).toBe('buffering');
    expect(p.context().index).toBe(0);
    expect(p.notices()).toEqual([]);
  });

  it('track loop restarts the same track', async () => {
    const p = await playing([A!, B!]);
    p.actor.send({ type: 'CYCLE_LOOP_MODE' });
    expect(loopModeOf(p.snapshot())).toBe('trackLoop');
    p.audio.report({ type: 'audio.ended' });
    expect(status(p)).toBe('playing');
    expect(p.context().index).toBe(0);
    expect(p.audio.commands).toEqual([{ type: 'audio.seek', time: 0 }, { type: 'audio.play' }]);
    expect(p.resolveSource.calls).toHaveLength(1);
  });

  it('shuffle plays a random index (another one)', async () => {
    const p = await playing([A!, B!, C!, D!], 1, { random: () => 0.9 });
    p.actor.send({ type: 'CYCLE_LOOP_MODE' });
    p.actor.send({ type: 'CYCLE_LOOP_MODE' });
    expect(loopModeOf(p.snapshot())).toBe('shuffle');
    p.audio.report({ type: 'audio.ended' });
    expect(status(p)).toBe('buffering');
    expect(p.context().index).toBe(3);
  });

  it('an end reported after a pause is still an end', async () => {
    const p = await playing([A!, B!]);
    p.audio.report({ type: 'audio.paused' });
    p.audio.report({ type: 'audio.ended' });
    expect(p.context().index).toBe(1);
  });

  it('loop mode cycles list → track → shuffle → list', () => {
    const p = startPlayer();
    const modes = [loopModeOf(p.snapshot())];
    for (let i = 0; i < 3; i++) {
      p.actor.send({ type: 'CYCLE_LOOP_MODE' });
      modes.push(loopModeOf(p.snapshot()));
    }
    expect(modes).toEqual(['listLoop', 'trackLoop', 'shuffle', 'listLoop']);
  });
});

describe('player: volume', () => {
  it('SET_VOLUME applies, stores and unmutes; it is clamped to 0–100', () => {
    const p = startPlayer({ volume: 50, muted: true });
    p.actor.send({ type: 'SET_VOLUME', percent: 70.4 });
    expect(p.context()).toMatchObject({ volume: 70, muted: false });
    expect(p.audio.commands).toEqual([{ type: 'audio.volume', volume: 70, muted: false }]);
    expect(p.emitted.at(-1)).toEqual({ type: 'volumeChanged', volume: 70, muted: false });
    p.actor.send({ type: 'SET_VOLUME', percent: 180 });
    expect(p.context().volume).toBe(100);
    p.actor.send({ type: 'SET_VOLUME', percent: -3 });
    expect(p.context().volume).toBe(0);
  });

  it('CHANGE_VOLUME steps from the present volume, unmutes, applies and stores; within 0–100', () => {
    const p = startPlayer({ volume: 50, muted: true });
    p.actor.send({ type: 'CHANGE_VOLUME', by: 5 });
    expect(p.context()).toMatchObject({ volume: 55, muted: false });
    expect(p.audio.commands).toEqual([{ type: 'audio.volume', volume: 55, muted: false }]);
    expect(p.emitted.at(-1)).toEqual({ type: 'volumeChanged', volume: 55, muted: false });
    p.actor.send({ type: 'CHANGE_VOLUME', by: 60 });
    expect(p.context().volume).toBe(100);
    p.actor.send({ type: 'CHANGE_VOLUME', by: -200 });
    expect(p.context().volume).toBe(0);
  });

  it('TOGGLE_MUTE toggles, keeps the volume, applies and stores', () => {
    const p = startPlayer({ volume: 30 });
    p.actor.send({ type: 'TOGGLE_MUTE' });
    expect(p.context()).toMatchObject({ volume: 30, muted: true });
    expect(p.emitted.at(-1)).toEqual({ type: 'volumeChanged', volume: 30, muted: true });
    p.actor.send({ type: 'TOGGLE_MUTE' });
    expect(p.audio.commands.at(-1)).toEqual({ type: 'audio.volume', volume: 30, muted: false });
  });
});

describe('player: queue restore', () => {
  it('loads the saved queue; its saved item becomes now-playing; nothing plays', () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!, B!, C!], index: 1 });
    expect(status(p)).toBe('empty');
    expect(p.context()).toMatchObject({ queue: [A, B, C], index: 1, nowPlaying: { ...B, coverUrl: undefined } });
    expect(p.resolveSource.calls).toHaveLength(0);
    expect(p.emitted.filter((e) => e.type === 'queueChanged')).toEqual([]);
    expect(p.emitted.at(-1)).toEqual({
      type: 'nowPlayingChanged',
      nowPlaying: { ...B, coverUrl: undefined },
      playing: false,
    });
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(p.resolveSource.last.input).toEqual(B);
  });

  it('继续播放: the restored track starts where it stopped, once; another track starts at its beginning', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!, B!], index: 1, at: 83 });
    expect(p.context().resumeAt).toEqual({ key: trackKey(B!), seconds: 83 });
    p.actor.send({ type: 'TOGGLE_PLAY' });
    await p.resolve();
    expect(p.audio.commands.at(-1)).toEqual({
      type: 'audio.load',
      url: sourceOf(B!).url,
      autoplay: true,
      played: playedOf(B!),
      startAt: 83,
    });
    p.audio.report({ type: 'audio.playing' });
    expect(p.context().resumeAt).toBeNull();
    // played once from there: 上一首 and back starts it from its beginning
    p.actor.send({ type: 'PLAY_INDEX', index: 0 });
    await p.resolve();
    expect(p.audio.commands.at(-1)).toEqual({
      type: 'audio.load',
      url: sourceOf(A!).url,
      autoplay: true,
      played: playedOf(A!),
    });
  });

  it('a point saved for another track than the selected one is not taken', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!, B!], index: 0, at: 83 });
    p.actor.send({ type: 'PLAY_INDEX', index: 1 });
    await p.resolve();
    expect(p.audio.commands.at(-1)).toEqual({
      type: 'audio.load',
      url: sourceOf(B!).url,
      autoplay: true,
      played: playedOf(B!),
    });
  });

  it('an index past the saved queue is clamped; repeats are dropped', () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!, A!, B!], index: 9 });
    expect(ids(p)).toBe('ab');
    expect(p.context().index).toBe(1);
  });

  it('is ignored once something is loaded', async () => {
    const p = await playing([A!]);
    p.actor.send({ type: 'RESTORE', queue: [B!], index: 0 });
    expect(ids(p)).toBe('a');
  });
});

describe('player: the cover of an item shown but not loaded', () => {
  const coverOf = (t: typeof A) => sourceOf(t!).coverUrl;
  const keyOf = (t: typeof A) => `${t!.albumId}-${t!.discId}-${t!.trackId}`;

  it('a restored item gets its cover from the libraries, without loading anything', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!, B!], index: 1 });
    expect(p.snapshot().matches({ playback: { empty: 'findingCover' } })).toBe(true);
    expect(p.findCover.last.input).toEqual(B);
    p.findCover.last.resolve({ key: keyOf(B), coverUrl: coverOf(B) });
    await flush();
    expect(p.snapshot().matches({ playback: { empty: 'shown' } })).toBe(true);
    expect(p.context().nowPlaying?.coverUrl).toBe(coverOf(B));
    expect(p.findCover.calls).toHaveLength(1);
    expect(p.resolveSource.calls).toHaveLength(0);
  });

  it('no library has the album → null (资源不可用 is shown); libraries not loaded yet → unknown until they change', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!], index: 0 });
    p.findCover.last.resolve({ key: keyOf(A), coverUrl: undefined });
    await flush();
    expect(p.context().nowPlaying?.coverUrl).toBeUndefined();
    expect(p.findCover.calls).toHaveLength(1);

    p.actor.send({ type: 'LIBRARIES_CHANGED' });
    expect(p.findCover.calls).toHaveLength(2);
    p.findCover.last.resolve({ key: keyOf(A), coverUrl: null });
    await flush();
    expect(p.context().nowPlaying?.coverUrl).toBeNull();

    p.actor.send({ type: 'LIBRARIES_CHANGED' });
    p.findCover.last.resolve({ key: keyOf(A), coverUrl: coverOf(A) });
    await flush();
    expect(p.context().nowPlaying?.coverUrl).toBe(coverOf(A));
  });

  it('an answer about an item no longer shown is dropped; the shown one is looked up', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!, B!], index: 0 });
    const first = p.findCover.last;
    p.actor.send({ type: 'REMOVE_FROM_QUEUE', index: 0 });
    expect(p.context().nowPlaying?.albumId).toBe(B!.albumId);
    first.resolve({ key: keyOf(A), coverUrl: coverOf(A) });
    await flush();
    expect(p.context().nowPlaying?.coverUrl).toBeUndefined();
    expect(p.findCover.last.input).toEqual(B);
    p.findCover.last.resolve({ key: keyOf(B), coverUrl: coverOf(B) });
    await flush();
    expect(p.context().nowPlaying?.coverUrl).toBe(coverOf(B));
  });

  it('a failed lookup leaves the cover unknown and is not retried until the libraries change', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!], index: 0 });
    p.findCover.last.reject(new Error('IndexedDB unavailable'));
    await flush();
    expect(p.snapshot().matches({ playback: { empty: 'shown' } })).toBe(true);
    expect(p.context().nowPlaying?.coverUrl).toBeUndefined();
    expect(p.findCover.calls).toHaveLength(1);
  });

  it('a loaded track brings its cover with its source: no lookup while buffering or playing; it stays when playing the shown item', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!, B!], index: 0 });
    p.findCover.last.resolve({ key: keyOf(A), coverUrl: coverOf(A) });
    await flush();
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(status(p)).toBe('buffering');
    expect(p.context().nowPlaying?.coverUrl).toBe(coverOf(A));
    p.actor.send({ type: 'LIBRARIES_CHANGED' });
    await p.playThrough();
    p.actor.send({ type: 'NEXT' });
    expect(p.context().nowPlaying?.coverUrl).toBeUndefined();
    await p.playThrough();
    expect(p.context().nowPlaying?.coverUrl).toBe(coverOf(B));
    expect(p.findCover.calls).toHaveLength(1);
  });

  it('clearing the queue during a lookup stops it', () => {
    const p = startPlayer();
    p.actor.send({ type: 'RESTORE', queue: [A!], index: 0 });
    const lookup = p.findCover.last;
    p.actor.send({ type: 'CLEAR_QUEUE' });
    expect(p.snapshot().matches({ playback: { empty: 'shown' } })).toBe(true);
    expect(lookup.signal.aborted).toBe(true);
  });

  it('a track that fails to load with no library for it shows 资源不可用 after a lookup', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!], index: 0 });
    p.resolveSource.last.reject(new NoSourceError());
    await flush();
    expect(p.findCover.last.input).toEqual(A);
    p.findCover.last.resolve({ key: keyOf(A), coverUrl: null });
    await flush();
    expect(p.context().nowPlaying?.coverUrl).toBeNull();
  });
});

describe('player: failures leave the player usable', () => {
  it('no library holds the album → empty, 资源不可用…, item still selected; NEXT works', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!], index: 0 });
    p.resolveSource.last.reject(new NoSourceError());
    await flush();
    expect(status(p)).toBe('empty');
    expect(p.context()).toMatchObject({ error: text.album.unavailable, index: 0, nowPlaying: { albumId: A!.albumId } });
    expect(p.emitted.filter((e) => e.type === 'notify')).toEqual([
      { type: 'notify', severity: 'error', message: text.album.unavailable },
    ]);
    p.actor.send({ type: 'NEXT' });
    expect(status(p)).toBe('buffering');
    expect(p.context().error).toBeNull();
    await p.playThrough();
    expect(status(p)).toBe('playing');
  });

  it('another resolve failure → 无法播放该歌曲; the main button retries the same item', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!], index: 1 });
    p.resolveSource.last.reject(new Error('网络错误: 503 Service Unavailable'));
    await flush();
    expect(p.context().error).toBe(text.player.loadFailed);
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(p.resolveSource.last.input).toEqual(B);
  });

  it('the element fails to load → empty with 无法播放该歌曲, audio unloaded', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!], index: 0 });
    await p.resolve();
    p.audio.take();
    p.audio.report({ type: 'audio.error', message: 'source not supported' });
    // the library is asked whether it was busy: it was not
    expect(p.libraryBusy.last.input).toEqual({ url: sourceOf(A!).url, attempt: 0 });
    p.libraryBusy.last.resolve(null);
    await flush();
    expect(status(p)).toBe('empty');
    expect(p.context()).toMatchObject({ error: text.player.loadFailed, source: null });
    expect(p.audio.take()).toEqual(['audio.unload']);
    expect(p.notices()).toEqual([text.player.loadFailed]);
  });

  describe('a library busy with transcodes (503)', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('the track loads again after the wait the library named, and plays', async () => {
      const p = startPlayer();
      p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!], index: 0 });
      await p.resolve();
      p.audio.take();
      p.audio.report({ type: 'audio.error', message: 'source not supported' });
      p.libraryBusy.last.resolve(2000);
      await flush();
      expect(status(p)).toBe('buffering');
      vi.advanceTimersByTime(1999);
      expect(p.audio.take()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(p.audio.commands.splice(0)).toEqual([
        { type: 'audio.load', url: sourceOf(A!).url, autoplay: true, played: playedOf(A!) },
      ]);
      // busy again: the next question counts the try before
      p.audio.report({ type: 'audio.error', message: 'source not supported' });
      expect(p.libraryBusy.last.input).toEqual({ url: sourceOf(A!).url, attempt: 1 });
      p.libraryBusy.last.resolve(2000);
      await flush();
      vi.advanceTimersByTime(2000);
      expect(p.audio.take()).toEqual(['audio.load']);
      p.audio.report({ type: 'audio.playing' });
      expect(status(p)).toBe('playing');
      expect(p.notices()).toEqual([]);
    });

    it('no more tries left (or the question failed): the track fails as any failed load', async () => {
      const p = startPlayer();
      p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!], index: 0 });
      await p.resolve();
      p.audio.report({ type: 'audio.error', message: 'source not supported' });
      p.libraryBusy.last.reject(new Error('offline'));
      await flush();
      expect(status(p)).toBe('empty');
      expect(p.notices()).toEqual([text.player.loadFailed]);
      // a new track starts counting afresh
      p.actor.send({ type: 'NEXT' });
      await p.resolve();
      p.audio.report({ type: 'audio.error', message: 'source not supported' });
      expect(p.libraryBusy.last.input.attempt).toBe(0);
    });
  });

  it('an error while playing fails the same way', async () => {
    const p = await playing();
    p.audio.report({ type: 'audio.error', message: 'network error' });
    expect(status(p)).toBe('empty');
    expect(p.context().nowPlaying?.albumId).toBe(A!.albumId);
  });

  describe('buffering time-out', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('still buffering just before the deadline; failed at it', async () => {
      const p = startPlayer();
      p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!], index: 0 });
      await p.resolve();
      vi.advanceTimersByTime(BUFFERING_TIMEOUT_MS - 1);
      expect(status(p)).toBe('buffering');
      vi.advanceTimersByTime(1);
      expect(status(p)).toBe('empty');
      expect(p.context().error).toBe(text.player.loadFailed);
      expect(p.audio.commands.at(-1)).toEqual({ type: 'audio.unload' });
    });

    it('a source that never resolves times out too; playing in time cancels it', async () => {
      const p = startPlayer();
      p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!], index: 0 });
      vi.advanceTimersByTime(BUFFERING_TIMEOUT_MS);
      expect(status(p)).toBe('empty');
      p.actor.send({ type: 'NEXT' });
      await p.playThrough();
      vi.advanceTimersByTime(BUFFERING_TIMEOUT_MS * 2);
      expect(status(p)).toBe('playing');
    });
  });
});

describe('player: preload the item after each jump', () => {
  it('after a jump the next item is preloaded once the current one plays', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!, C!], index: 0 });
    // the listener waits for A: nothing competes with it
    expect(p.snapshot().matches({ preloader: 'idle' })).toBe(true);
    expect(p.preload.calls).toHaveLength(0);
    await p.resolve();
    expect(p.preload.calls).toHaveLength(0);
    p.audio.report({ type: 'audio.playing' });
    expect(p.snapshot().matches({ preloader: 'preloading' })).toBe(true);
    expect(p.preload.calls.map((c) => c.input)).toEqual([B]);
    // a track streamed by parts has no source for a second element: nothing more to do
    p.preload.last.resolve(null);
    await flush();
    expect(p.snapshot().matches({ preloader: 'idle' })).toBe(true);
    p.actor.send({ type: 'NEXT' });
    expect(p.preload.calls).toHaveLength(1);
    await p.playThrough();
    expect(p.preload.calls.map((c) => c.input)).toEqual([B, C]);
  });

  it('jumps before the current track plays ask for one preload: the item after the last jump', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!, C!, D!], index: 0 });
    p.actor.send({ type: 'NEXT' });
    p.actor.send({ type: 'NEXT' });
    await p.playThrough();
    expect(p.preload.calls.map((c) => c.input)).toEqual([D]);
  });

  it('the last item preloads the first (the queue wraps); a single item preloads nothing', async () => {
    const p = startPlayer();
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!, B!], index: 1 });
    await p.playThrough();
    expect(p.preload.last.input).toEqual(A);
    const q = startPlayer();
    q.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!], index: 0 });
    await q.playThrough();
    expect(q.snapshot().matches({ preloader: 'idle' })).toBe(true);
    expect(q.preload.calls).toHaveLength(0);
  });

  it('no overlap: a request for the item already preloading is dropped', async () => {
    const p = await playing([A!, B!, C!], 0);
    p.actor.send({ type: 'PLAY_INDEX', index: 0 }); // same current → same next item
    await p.playThrough();
    expect(p.preload.calls).toHaveLength(1);
    expect(p.snapshot().matches({ preloader: 'preloading' })).toBe(true);
  });

  it('no overlap: a jump stops the running preload; the new next item is preloaded once the new current plays', async () => {
    const p = await playing([A!, B!, C!], 0);
    const first = p.preload.last;
    expect(first.input).toEqual(B);
    p.actor.send({ type: 'NEXT' });
    expect(p.snapshot().matches({ preloader: 'idle' })).toBe(true);
    expect(first.signal.aborted).toBe(true);
    first.resolve(null); // the stopped preload's answer changes nothing
    await flush();
    expect(p.preload.calls).toHaveLength(1);
    await p.playThrough();
    expect(p.preload.calls.map((c) => c.input)).toEqual([B, C]);
    p.preload.last.reject(new Error('offline'));
    await flush();
    expect(p.snapshot().matches({ preloader: 'idle' })).toBe(true);
    expect(p.notices()).toEqual([]);
  });

  it('a restart (track loop) is not a jump: no new preload (the change to track loop prepared the same track once)', async () => {
    const p = await playing([A!, B!]);
    p.preload.last.resolve(null);
    await flush();
    p.actor.send({ type: 'CYCLE_LOOP_MODE' });
    expect(p.preload.calls.map((c) => c.input)).toEqual([B, A]);
    p.audio.report({ type: 'audio.ended' });
    expect(p.preload.calls).toHaveLength(2);
  });
});

describe('player: play report 10 s after a track becomes current while playing', () => {
  const T0 = 1_700_000_000_000;
  let clock = T0;
  const now = () => clock;
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    clock = T0;
  });
  afterEach(() => vi.useRealTimers());

  async function playingAt(tracks = [A!, B!]) {
    const p = startPlayer({ now });
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks, index: 0 });
    await p.playThrough();
    return p;
  }

  it('not at 9.9 s; sent at 10 s with at = round((now − 10 s) / 1000)', async () => {
    const p = await playingAt();
    expect(p.snapshot().matches({ stat: { pending: 'counting' } })).toBe(true);
    advance(STAT_REPORT_DELAY_MS - 100);
    expect(p.reportPlay.calls).toHaveLength(0);
    advance(100);
    expect(p.reportPlay.calls.map((c) => c.input)).toEqual([
      { track: { albumId: A!.albumId, discId: 1, trackId: 1 }, at: [Math.round(T0 / 1000)] },
    ]);
    expect(p.snapshot().matches({ stat: 'reporting' })).toBe(true);
    p.reportPlay.last.resolve();
    await flush();
    expect(p.snapshot().matches({ stat: 'idle' })).toBe(true);
  });

  it('buffering time does not count: the 10 s start when the track plays', async () => {
    const p = startPlayer({ now });
    p.actor.send({ type: 'REPLACE_AND_PLAY', tracks: [A!], index: 0 });
    advance(5_000);
    await p.playThrough();
    advance(STAT_REPORT_DELAY_MS - 1);
    expect(p.reportPlay.calls).toHaveLength(0);
    advance(1);
    expect(p.reportPlay.calls).toHaveLength(1);
  });

  it('not sent when paused at 5 s (and still paused)', async () => {
    const p = await playingAt();
    advance(5_000);
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(p.snapshot().matches({ stat: { pending: 'held' } })).toBe(true);
    advance(60_000);
    expect(p.reportPlay.calls).toHaveLength(0);
  });

  it('a pause restarts the count: resumed at 6 s, sent 10 s later, not before', async () => {
    const p = await playingAt();
    advance(5_000);
    p.actor.send({ type: 'TOGGLE_PLAY' });
    advance(1_000);
    p.actor.send({ type: 'TOGGLE_PLAY' });
    advance(STAT_REPORT_DELAY_MS - 1);
    expect(p.reportPlay.calls).toHaveLength(0);
    advance(1);
    expect(p.reportPlay.calls).toHaveLength(1);
    expect(p.reportPlay.last.input.at).toEqual([Math.round((T0 + 6_000) / 1000)]);
  });

  it('not sent for a track skipped at 5 s; the next one counts on its own', async () => {
    const p = await playingAt();
    advance(5_000);
    p.actor.send({ type: 'NEXT' });
    advance(5_000);
    expect(p.reportPlay.calls).toHaveLength(0);
    await p.playThrough();
    advance(STAT_REPORT_DELAY_MS);
    expect(p.reportPlay.calls.map((c) => c.input.track.albumId)).toEqual([B!.albumId]);
  });

  it('sent once per time a track becomes current', async () => {
    const p = await playingAt();
    advance(STAT_REPORT_DELAY_MS);
    p.reportPlay.last.resolve();
    await flush();
    p.actor.send({ type: 'TOGGLE_PLAY' });
    p.actor.send({ type: 'TOGGLE_PLAY' });
    advance(60_000);
    expect(p.reportPlay.calls).toHaveLength(1);
  });

  it('a track-loop restart is a new play and counts again', async () => {
    const p = await playingAt([A!]);
    advance(STAT_REPORT_DELAY_MS);
    p.reportPlay.last.resolve();
    await flush();
    p.actor.send({ type: 'CYCLE_LOOP_MODE' });
    p.audio.report({ type: 'audio.ended' });
    advance(STAT_REPORT_DELAY_MS);
    expect(p.reportPlay.calls).toHaveLength(2);
  });

  it('a failed report is dropped silently', async () => {
    const p = await playingAt();
    advance(STAT_REPORT_DELAY_MS);
    p.reportPlay.last.reject(new Error('网络错误: 500 Internal Server Error'));
    await flush();
    expect(p.snapshot().matches({ stat: 'idle' })).toBe(true);
    expect(p.notices()).toEqual([]);
    expect(p.snapshot().status).toBe('active');
  });
});
