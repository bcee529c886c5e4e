// 淡入淡出 in the player machine: the settings go to the audio graph, which decides which hand-overs
// overlap (rules/crossfade.ts); the `overlap` region while two tracks are heard: what a skip, a
// pause or a seek in the middle does, and its end.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOUND } from '@/rules/sound';
import { crossfadeSeconds } from '@/rules/crossfade';
import { flush } from './fakes';
import { playingFrom, sourceOf, track, type StartedPlayer } from './playerFakes';

const [A, B, C] = ['a', 'b', 'c'].map((id) => track(id)) as [
  ReturnType<typeof track>,
  ReturnType<typeof track>,
  ReturnType<typeof track>,
];
const SIX = { ...DEFAULT_SOUND, crossfade: { seconds: 6, albumsGapless: true } };
const overlap = (p: StartedPlayer) => (p.snapshot().value as { overlap: string }).overlap;

/** the prepared track's command, once its source is in */
async function prepared(p: StartedPlayer) {
  const call = p.preload.last;
  call.resolve(sourceOf(call.input));
  await flush();
  const command = p.audio.commands.at(-1);
  p.audio.report({ type: 'audio.nextReady' });
  return command;
}

/** playing A of [A, B, C] with 淡入淡出 at 6 s, B prepared and handed over with a fade */
async function crossfading() {
  const p = await playingFrom([A, B, C]);
  p.actor.send({ type: 'SET_SOUND', sound: SIX });
  await prepared(p);
  p.audio.take();
  p.audio.report({ type: 'audio.handedOver', duration: 27 });
  p.audio.report({ type: 'audio.crossfading', seconds: 6 });
  return p;
}

describe('player: 淡入淡出', () => {
  it('SET_SOUND goes to the audio graph, which times the overlap by it', async () => {
    const p = await playingFrom([A, B, C]);
    p.actor.send({ type: 'SET_SOUND', sound: SIX });
    expect(p.audio.commands.at(-1)).toEqual({ type: 'audio.sound', sound: SIX });
  });

  it('which hand-overs overlap: the setting, but the next track of the same album is gapless unless the listener fades those too', () => {
    const at = (discId: number, trackId: number) => ({ albumId: 'album-x', discId, trackId });
    const other = { albumId: 'album-y', discId: 1, trackId: 1 };
    const six = { seconds: 6, albumsGapless: true };
    expect(crossfadeSeconds(six, at(1, 4), at(1, 5))).toBe(0);
    expect(crossfadeSeconds(six, at(1, 6), at(2, 1))).toBe(0);
    expect(crossfadeSeconds(six, at(1, 4), at(1, 9))).toBe(6);
    expect(crossfadeSeconds(six, at(1, 4), at(1, 4))).toBe(6);
    expect(crossfadeSeconds(six, at(1, 4), other)).toBe(6);
    expect(crossfadeSeconds({ ...six, albumsGapless: false }, at(1, 4), at(1, 5))).toBe(6);
    expect(crossfadeSeconds({ ...six, seconds: 0 }, at(1, 4), other)).toBe(0);
    expect(crossfadeSeconds(six, null, other)).toBe(0);
  });

  it('while two tracks are heard it is tagged; their overlap ends with the old one', async () => {
    const p = await crossfading();
    expect(overlap(p)).toBe('fading');
    expect(p.snapshot().hasTag('crossfading')).toBe(true);
    expect(p.context()).toMatchObject({ index: 1, nowPlaying: expect.objectContaining({ title: B.title }) });
    p.audio.report({ type: 'audio.overlapEnded' });
    expect(overlap(p)).toBe('none');
    expect(p.audio.take()).not.toContain('audio.endOverlap');
  });

  it.each([
    ['下一首', { type: 'NEXT' }],
    ['上一首', { type: 'PREVIOUS' }],
    ['a queue item', { type: 'PLAY_INDEX', index: 2 }],
    ['暂停', { type: 'TOGGLE_PLAY' }],
    ['a seek', { type: 'SEEK', fraction: 0.5 }],
    ['a step', { type: 'SEEK_BY', seconds: 5 }],
  ] as const)('%s in the middle ends the overlap at once', async (_, event) => {
    const p = await crossfading();
    p.audio.take();
    p.actor.send(event);
    expect(overlap(p)).toBe('none');
    expect(p.audio.take()).toContain('audio.endOverlap');
  });

  it('a pause in the middle pauses the new track, the old one gone; 播放 goes on with the new one alone', async () => {
    const p = await crossfading();
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(p.audio.take()).toEqual(expect.arrayContaining(['audio.pause', 'audio.endOverlap']));
    p.audio.report({ type: 'audio.paused' });
    p.actor.send({ type: 'TOGGLE_PLAY' });
    expect(p.audio.take()).toEqual(['audio.play']);
    expect(p.context().index).toBe(1);
    expect(overlap(p)).toBe('none');
  });
});
