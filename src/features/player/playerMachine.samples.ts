// Sample events for `npm run paths -- player` and tests/machines/player.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { sampleTrack } from '@/shared/model.samples';

const sampleSource = { url: 'http://127.0.0.1:8081/album-a/1/1?auth=a.b.c&quality=lossless', coverUrl: 'http://127.0.0.1:8081/album-a/1/cover' };

export const pathEvents: AnyEventObject[] = [
  { type: 'RESTORE', queue: [sampleTrack('a'), sampleTrack('b')], index: 0 },
  { type: 'ADD_TO_QUEUE', tracks: [sampleTrack('a'), sampleTrack('b')] },
  { type: 'ADD_TO_QUEUE', tracks: [] },
  { type: 'PLAY_LATER', track: sampleTrack('c') },
  { type: 'REPLACE_AND_PLAY', tracks: [sampleTrack('a'), sampleTrack('b')], index: 0 },
  { type: 'PLAY_INDEX', index: 1 },
  { type: 'REMOVE_FROM_QUEUE', index: 0 },
  { type: 'SEEK', fraction: 0.5 },
  { type: 'SET_VOLUME', percent: 50 },
  { type: 'audio.loaded', duration: 180 },
  { type: 'audio.timeupdate', currentTime: 12, duration: 180 },
  { type: 'audio.error', message: 'source not supported' },
  { type: 'audio.playRejected', name: 'NotAllowedError', message: 'autoplay blocked' },
  { type: 'xstate.done.actor.resolveSource', output: sampleSource },
  { type: 'xstate.error.actor.resolveSource', error: new Error('网络错误: 503 Service Unavailable') },
  { type: 'xstate.done.actor.preload', output: sampleSource },
  { type: 'xstate.done.actor.preload', output: null },
  { type: 'audio.handedOver', duration: 180 },
  { type: 'xstate.done.actor.reportPlay' },
  { type: 'xstate.done.actor.findCover', output: { key: 'album-a-1-1', coverUrl: sampleSource.coverUrl } },
  { type: 'xstate.error.actor.findCover', error: new Error('IndexedDB unavailable') },
  { type: 'LIBRARIES_CHANGED' },
];

// a fixed clock and shuffle, so a walk (and a seeded random walk) gives the same paths every run
export const pathInput = { volume: 100, muted: false, now: () => 1_700_000_000_000, random: () => 0 };

/** Transitions no event sequence can fire, and why (shown by `npm run paths -- player`). */
export const unreachable = [
  ...(['playing', 'paused'] as const).map((state) => ({
    transition: `playback.${state} —audio.ended#5→ playback.ended`,
    reason: 'the fallback after hasNext and queueFinishedNext: an end of the queue always wraps, so one of the two holds whenever a track ends',
  })),
];

/**
 * What makes two snapshots the same state in a walk (default: the state value alone). The queue size
 * decides where an event leads (an empty queue is what makes `ended` a resting state), so it is part
 * of the key; nothing else is.
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify([snapshot.value, Math.min((snapshot.context as { queue: unknown[] }).queue.length, 2)]);
