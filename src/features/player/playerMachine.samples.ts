// Sample events for `npm run paths -- player` and tests/machines/player.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { sampleTrack } from '@/shared/model.samples';
import { DEFAULT_SOUND } from '@/rules/sound';
import { OVERLAP_ENDERS } from './playerModel';
// a stub an exported path can name (docs/qa.md#replay-an-exported-file), not a bare function
import { returns } from '../../../model-paths/pathReplay';

const sampleSource = {
  url: 'http://127.0.0.1:8081/album-a/1/1?auth=a.b.c&quality=lossless',
  coverUrl: 'http://127.0.0.1:8081/album-a/1/cover',
};

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
  {
    type: 'SET_SOUND',
    sound: { ...DEFAULT_SOUND, equaliser: { ...DEFAULT_SOUND.equaliser, on: true, preset: 'rock' } },
  },
  { type: 'audio.loaded', duration: 180 },
  { type: 'audio.timeupdate', currentTime: 12, duration: 180 },
  // the last 10 s, where 定时关闭's fade before its stop starts
  { type: 'audio.timeupdate', currentTime: 175, duration: 180 },
  { type: 'audio.error', message: 'source not supported' },
  { type: 'audio.playRejected', name: 'NotAllowedError', message: 'autoplay blocked' },
  { type: 'xstate.done.actor.resolveSource', output: sampleSource },
  { type: 'xstate.error.actor.resolveSource', error: new Error('网络错误: 503 Service Unavailable') },
  { type: 'xstate.done.actor.preload', output: sampleSource },
  { type: 'xstate.done.actor.preload', output: null },
  { type: 'audio.handedOver', duration: 180 },
  // 淡入淡出: the track before fades out under the new one, until its end
  { type: 'audio.crossfading', seconds: 6 },
  { type: 'audio.overlapEnded' },
  { type: 'xstate.done.actor.reportPlay' },
  { type: 'xstate.done.actor.findCover', output: { key: 'album-a-1-1', coverUrl: sampleSource.coverUrl } },
  { type: 'xstate.error.actor.findCover', error: new Error('IndexedDB unavailable') },
  { type: 'LIBRARIES_CHANGED' },
  { type: 'xstate.done.actor.libraryBusy', output: 2000 },
  { type: 'xstate.done.actor.libraryBusy', output: null },
  { type: 'xstate.error.actor.libraryBusy', error: new Error('网络错误') },
  { type: 'STOP_AFTER', scope: 'track' },
  { type: 'STOP_AFTER', scope: null },
  { type: 'FADE_OUT', ms: 10_000 },
];

// a fixed clock and shuffle, so a walk (and a seeded random walk) gives the same paths every run;
// each `returns(v)` is `() => v`, exported as the stub {"$stub": "returns", "value": v}
export const pathInput = { volume: 100, muted: false, now: returns(1_700_000_000_000), random: returns(0) };

/** Transitions no event sequence can fire, and why (shown by `npm run paths -- player`). */
export const unreachable = [
  ...(['playing', 'paused'] as const).map((state) => ({
    transition: `playback.${state} —audio.ended#6→ playback.ended`,
    reason:
      'the fallback after hasNext and queueFinishedNext: an end of the queue always wraps, so one of the two holds whenever a track ends',
  })),
];

/** 定时关闭's events, and the time report of a track's last seconds that only they make count */
const SLEEP_TIMER_EVENTS = new Set(['STOP_AFTER', 'FADE_OUT', 'SLEEP', 'RESTORE_LEVEL']);
const isSleepTimerEvent = (event: EventObject) =>
  SLEEP_TIMER_EVENTS.has(event.type) ||
  (event.type === 'audio.timeupdate' && (event as { currentTime?: number }).currentTime === 175);

/**
 * 定时关闭's events are walked in 队列循环 only: what they do does not depend on the loop mode (its stop
 * comes before the loop mode's choice at a track's end), and walking them in all three tripled a walk
 * past its bound.
 */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) => {
  if (isSleepTimerEvent(event) && !snapshot.matches({ loopMode: 'listLoop' })) return false;
  // 淡入淡出's overlap starts while a track plays in 队列循环 (the loop mode only chose what follows);
  // during it, only what ends it is walked: anything else does what it does without one
  if (event.type === 'audio.crossfading')
    return snapshot.matches({ loopMode: 'listLoop', playback: 'playing', preloader: 'idle' });
  if (snapshot.matches({ overlap: 'fading' })) return ENDS_OVERLAP.has(event.type);
  return true;
};

/** the events that end an overlap (playerMachine.ts, `overlap.fading`) */
const ENDS_OVERLAP = new Set<string>(['audio.overlapEnded', ...OVERLAP_ENDERS]);

/**
 * What makes two snapshots the same state in a walk (default: the state value alone). The queue size
 * decides where an event leads (an empty queue is what makes `ended` a resting state), and in
 * `ended` so does whether the duration is known (the seeks' guard: without it only 播放 leaves), so
 * they are part of the key; nothing else is.
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as {
    queue: unknown[];
    duration: number | null;
    stopAfter: string | null;
    endFading: boolean;
  };
  const endedWithDuration = snapshot.matches({ playback: 'ended' }) && context.duration !== null;
  return JSON.stringify([
    snapshot.value,
    Math.min(context.queue.length, 2),
    ...(endedWithDuration ? ['duration'] : []),
    // 定时关闭 at the track's end, while a track plays (the fade before its stop; nothing prepared to
    // follow it): told apart there only, or the walk passes its bound
    ...(context.stopAfter && snapshot.matches({ playback: 'playing' }) ? [context.endFading] : []),
  ]);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  'audio.timeupdate': 'the audio reports where it is playing',
  'audio.loaded': 'the audio has loaded enough to play',
  SET_VOLUME: 'the listener drags the 音量 slider',
  SET_SOUND: 'the listener changes 音效 (音量均衡, 淡入淡出, 均衡器)',
  'audio.crossfading': 'the next track starts early and the current one fades out under it (淡入淡出)',
  'audio.overlapEnded': 'the track fading out has ended',
  CHANGE_VOLUME: 'the listener presses 音量调高 / 音量调低 (a key)',
  TOGGLE_MUTE: 'the listener presses 静音 / 解除静音',
  LIBRARIES_CHANGED: 'the libraries change (one added, deleted or synced)',
  PLAY_INDEX: 'the listener clicks a track in the 播放队列',
  NEXT: 'the listener presses 下一首',
  PREVIOUS: 'the listener presses 上一首',
  ADD_TO_QUEUE: 'the listener chooses 添加到当前播放队列',
  PLAY_LATER: 'the listener chooses 稍后播放',
  REPLACE_AND_PLAY: 'the listener plays a list (播放全部, or a track of an album or a list)',
  REMOVE_FROM_QUEUE: 'the listener presses 从播放队列移除',
  CLEAR_QUEUE: 'the listener presses 清空播放队列',
  'xstate.error.actor.audio': "the browser's audio stops working altogether",
  TOGGLE_PLAY: 'the listener presses 播放 / 暂停',
  RESTORE: 'the page opens with the queue saved in this browser',
  'xstate.done.actor.findCover': "the shown item's cover is found",
  'xstate.error.actor.findCover': "the shown item's cover cannot be found",
  'xstate.after.bufferingTimeout.player.playback.buffering': 'the track takes too long to load',
  'xstate.done.actor.resolveSource': 'a library that serves the track is found',
  'xstate.error.actor.resolveSource': 'no library can serve the track (无法播放该歌曲)',
  'audio.playing': 'the audio starts playing',
  'audio.playRejected': 'the browser refuses to start playing (autoplay blocked)',
  'audio.error': 'the audio fails to load or play (无法播放该歌曲)',
  SEEK: 'the listener clicks on the 播放进度 bar',
  SEEK_BY: 'the listener presses 后退 5 秒 / 前进 5 秒 (a key)',
  SEEK_TO: 'the listener clicks a line of the lyrics',
  'audio.paused': 'the audio pauses by itself (e.g. headphones unplugged)',
  'audio.handedOver': 'the prepared next track starts as the current one ends (no gap)',
  'audio.ended': 'the track ends',
  CYCLE_LOOP_MODE: 'the listener presses the loop mode button (队列循环 → 单曲循环 → 队列随机)',
  'xstate.after.statReportDelay.player.stat.pending.counting': 'the track has played for 10 s',
  'xstate.done.actor.reportPlay': 'the server records the play',
  'xstate.error.actor.reportPlay': 'the play report fails',
  'xstate.done.actor.preload': 'a library that serves the following track is found',
  'xstate.error.actor.preload': 'no library can serve the following track',
  'audio.nextReady': 'the following track has loaded in the background',
  'audio.nextFailed': 'the following track fails to load in the background',
  'xstate.done.actor.libraryBusy': 'the library says whether it was busy with transcodes (503 with Retry-After)',
  'xstate.error.actor.libraryBusy': 'the library cannot be asked why the track failed',
  'xstate.after.libraryBusyWait.player.playback.buffering.waitingForLibrary': 'the wait the busy library named is over',
  STOP_AFTER: 'the listener sets 定时关闭 to the end of the track or of the queue (or cancels it)',
  FADE_OUT: "定时关闭's last 10 s begin: the sound fades",
  SLEEP: '定时关闭 runs out: playback pauses',
  RESTORE_LEVEL: 'the listener cancels 定时关闭 while it fades',
};
