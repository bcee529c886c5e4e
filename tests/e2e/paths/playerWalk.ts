// What the player's interface paths may ask of the real app, without a browser: which demo track
// plays each sample track, which sample events a listener (or the app, on its own) can bring about
// in each state of the model, and the transitions no listener reaches, with why.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEMO_ALBUMS } from '../../../server/demo/catalog';
import { leafPaths } from '../../../model-paths/modelPaths';
import type { PlayerContext } from '@/features/player/playerMachine';
import { trackKey, type TrackInfo } from '@/shared/track';
import { OVERLAP_ENDERS } from '@/features/player/playerModel';

export interface PathTrack extends TrackInfo {
  /** its lyrics are synced: /now has lines to click */
  syncedLyrics: boolean;
}

const DAY_NIGHT = 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04'; // 昼/夜 Day/Night
const MINATO = '9d6e2f4a-7c8b-4a1d-8e3f-5a6b7c8d9e09'; // 港の灯
const HARBOUR_NIGHTS = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲

function fromCatalog(albumId: string, discId: number, trackId: number, syncedLyrics: boolean): PathTrack {
  const album = DEMO_ALBUMS.find((a) => a.album_id === albumId)!;
  const track = album.discs[discId - 1]!.tracks[trackId - 1]!;
  return {
    albumId,
    discId,
    trackId,
    title: track.title,
    artist: track.artist ?? album.artist,
    albumTitle: album.title,
    type: track.type ?? 'normal',
    syncedLyrics,
  };
}

/**
 * The samples' tracks a, b (a list played or queued whole) and c (稍后播放) as the demo library's:
 * a and b long (10:30 and 1:28: they never end by themselves while a path works on them), c the
 * one whose lyrics are synced (a click on a line seeks), found by searching its title.
 */
export const DEMO_TRACKS: Record<string, PathTrack> = {
  'album-a-1-1': fromCatalog(DAY_NIGHT, 1, 5, false),
  'album-b-1-1': fromCatalog(MINATO, 1, 6, false),
  'album-c-1-1': fromCatalog(HARBOUR_NIGHTS, 1, 1, true),
};

/** the demo track a sample track stands for */
export function demoTrack(sample: TrackInfo): PathTrack {
  const track = DEMO_TRACKS[trackKey(sample)];
  if (!track) throw new Error(`no demo track for the sample ${trackKey(sample)}`);
  return track;
}

const context = (model: AnyMachineSnapshot) => model.context as PlayerContext;
const leaves = (model: AnyMachineSnapshot) => new Set(leafPaths(model.value));

/**
 * States the real app leaves within milliseconds by itself (a local look-up, a source chosen with
 * its probe remembered): no listener acts meanwhile, so only their own end is walked from them.
 */
const SETTLING: Record<string, string> = {
  'playback.empty.findingCover': 'xstate.done.actor.findCover',
  'playback.buffering.resolving': 'xstate.done.actor.resolveSource',
  'preloader.preloading': 'xstate.done.actor.preload',
};

/** the settling events the model can take now (the cover sample is a's: for b or c it cannot end the look-up) */
function settlingEvents(model: AnyMachineSnapshot): string[] {
  return [...leaves(model)].flatMap((leaf) => {
    const end = SETTLING[leaf];
    if (end === undefined) return [];
    if (leaf === 'playback.empty.findingCover' && nowPlayingKey(model) !== FOUND_COVER_KEY) return [];
    return [end];
  });
}

/** the track of the samples' found cover */
const FOUND_COVER_KEY = 'album-a-1-1';

const queued = (model: AnyMachineSnapshot, sample: TrackInfo) =>
  context(model).queue.some((t) => trackKey(t) === trackKey(sample));
const nowPlayingKey = (model: AnyMachineSnapshot) => {
  const now = context(model).nowPlaying;
  return now ? trackKey(now) : null;
};

/**
 * Whether the real app can take `event` in the state `model` is in: what a listener can press
 * there, and what keeps the page where the model is. What the page ends by itself within
 * milliseconds ends first; in 队列随机 the queue keeps at most two items (the other one is then the
 * only random pick, as the model's fixed random makes it); an event the audio reports by itself is
 * walked only where the path holds the audio (its stream request or its start) until the step says so.
 */
export function acceptsPlayerEvent(event: AnyEventObject, model: AnyMachineSnapshot): boolean {
  const at = leaves(model);
  const ctx = context(model);
  const settling = settlingEvents(model);
  if (settling.length)
    return settling.includes(event.type) && !(event.type === 'xstate.done.actor.preload' && event.output === null);
  // the page found the cover of b or c by itself (the model's sample cover is a's, so it still
  // looks): what empties the bar meanwhile would end a look-up the page no longer runs
  if (at.has('playback.empty.findingCover')) {
    if (event.type === 'xstate.done.actor.findCover' || event.type === 'CLEAR_QUEUE') return false;
    if (event.type === 'REMOVE_FROM_QUEUE' && ctx.queue.length === 1) return false;
  }
  const shuffle = at.has('loopMode.shuffle');
  const loading = at.has('playback.buffering.loading');
  const playing = at.has('playback.playing');
  const loaded = at.has('playback.playing') || at.has('playback.paused') || at.has('playback.ended');
  // the stream request is still held: nothing of the track reached the element
  const streamHeld = loading && ctx.duration === null;
  switch (event.type) {
    // the page opens again with the queue saved: the app starts afresh, as the model did
    case 'RESTORE':
      return ctx.plays === 0 && ctx.queue.length === 0 && at.has('loopMode.listLoop');
    // each 添加到当前播放队列 adds its one track: none adds nothing
    case 'ADD_TO_QUEUE': {
      const tracks = event.tracks as TrackInfo[];
      return tracks.length > 0 && !(shuffle && tracks.some((t) => !queued(model, t)));
    }
    case 'PLAY_LATER':
      return !(shuffle && !queued(model, event.track as TrackInfo));
    case 'CYCLE_LOOP_MODE':
      return !(at.has('loopMode.trackLoop') && ctx.queue.length > 2);
    // the 播放队列 page's row: the current item's button is 播放 / 暂停 instead
    case 'PLAY_INDEX': {
      const item = ctx.queue[event.index as number];
      return item !== undefined && trackKey(item) !== nowPlayingKey(model);
    }
    case 'REMOVE_FROM_QUEUE':
      return ctx.queue[event.index as number] !== undefined;
    // 清空播放队列 is disabled on an empty queue
    case 'CLEAR_QUEUE':
      return ctx.queue.length > 0;
    case 'SEEK':
    case 'SEEK_BY':
      return loaded;
    // a line of the lyrics on /now: only a track with synced lyrics has lines to click
    case 'SEEK_TO':
      return loaded && nowPlayingKey(model) !== null && DEMO_TRACKS[nowPlayingKey(model)!]!.syncedLyrics;
    // the held stream request is let through: the element reads the track's length
    case 'audio.loaded':
      return streamHeld;
    case 'audio.timeupdate':
      return streamHeld || playing;
    // the held start of the audio is let go, refused, or its stream request fails
    case 'audio.playing':
    case 'audio.playRejected':
    case 'xstate.after.bufferingTimeout.player.playback.buffering':
      return loading;
    case 'audio.error':
      return streamHeld;
    // the app's question to the library is held: the library answers it as one not busy, or fails
    case 'xstate.done.actor.libraryBusy':
      return at.has('playback.buffering.askingLibrary') && event.output === null;
    case 'xstate.error.actor.libraryBusy':
      return at.has('playback.buffering.askingLibrary');
    // a prepared next track that can play through takes over at the end instead
    case 'audio.ended':
      return playing && !at.has('preloader.ready');
    case 'audio.handedOver':
      return playing && at.has('preloader.ready');
    default:
      return true;
  }
}

const LOCAL_STORE = "the browser's own store failing to read: nothing a listener does makes IndexedDB fail";
const DEMO_SOURCES =
  "the tracks the paths play are in the demo library: a library that serves them is always found (only a queue saved before its library went away, or this browser's store failing, leaves none)";
const SLEEP_TIMER =
  "定时关闭's own machine (sleepTimer) sends these, from the player bar's 定时关闭 menu and on its own clock: tests/machines/player.sleep.test.ts fires each, and tests/e2e/sleep-timer.test.ts plays the timed pause and the stop after a track in the browser";
const CROSSFADE =
  "淡入淡出 is off in the demo (0 s, the gapless hand-over): tests/machines/player.crossfade.test.ts fires each of these, and tests/e2e/crossfade.test.ts hears an overlap's curves and a skip in one in the browser";
const RACE =
  'a pause the very moment the track ends (or its prepared successor starts): milliseconds no listener can aim at';

/** Transitions of the player no listener can bring about in this app, with why. */
export const playerNotThroughInterface: readonly { transition: string; reason: string }[] = [
  {
    transition: 'playback —ADD_TO_QUEUE#1→ (stays)',
    reason: 'every 添加到当前播放队列 adds its one track: no button adds nothing',
  },
  {
    transition: '(machine) —SET_SOUND→ (stays)',
    reason:
      "音效's own machine (sound) sends it from the 音效 dialog: tests/views/sound.test.tsx plays it there, and tests/e2e/sound.test.ts measures what the graph then sends to the speakers",
  },
  ...[
    'overlap.none —audio.crossfading→ overlap.fading',
    'overlap.fading —audio.overlapEnded→ overlap.none',
    ...OVERLAP_ENDERS.map((type) => `overlap.fading —${type}→ overlap.none`),
  ].map((transition) => ({ transition, reason: CROSSFADE })),
  {
    transition: '(machine) —LIBRARIES_CHANGED→ (stays)',
    reason:
      "the libraries change when the listener signs in (the page starts afresh), adds or edits a library of their own, or a sync brings new albums: the demo user's one library is the server's, unchanged while the paths run",
  },
  {
    transition: 'playback —error: audio→ playback.empty',
    reason: "the browser's audio itself failing (no Audio in the browser): not something a listener does",
  },
  { transition: 'playback.empty.findingCover —error: findCover→ playback.empty.shown', reason: LOCAL_STORE },
  {
    transition: 'playback.empty.findingCover —always→ playback.empty.shown',
    reason: 'the cover look-up is local and ends within milliseconds: no listener clears the queue while it runs',
  },
  { transition: 'playback.buffering.resolving —error: resolveSource→ playback.empty', reason: DEMO_SOURCES },
  { transition: 'preloader.preloading —error: preload→ preloader.idle', reason: DEMO_SOURCES },
  ...[
    'playback.buffering.resolving —audio.timeupdate→ (stays)',
    'playback.buffering.resolving —audio.loaded→ (stays)',
  ].map((transition) => ({
    transition,
    reason:
      "the track's library and stream are chosen within milliseconds: only the unloaded element's last report lands meanwhile, and it shows nothing",
  })),
  ...['preloader.preloading —always#1→ preloader.idle', 'preloader.preloading —always#2→ (stays)'].map(
    (transition) => ({
      transition,
      reason:
        'the following track is chosen within milliseconds of playing (a local look-up, its probe remembered): no listener changes the queue or the track meanwhile',
    }),
  ),
  {
    transition: 'preloader.preloading —done: preload#2→ preloader.idle',
    reason:
      'the reference server sends the demo user every track as its original file (lossless): a following track is never streamed by parts',
  },
  {
    transition: 'playback.playing —audio.paused→ playback.paused',
    reason:
      'the audio pauses by itself only when the device says so (headphones unplugged, another app takes the sound); every pause on the page is 暂停',
  },
  {
    transition: 'playback.playing —audio.playRejected→ playback.paused',
    reason:
      'a browser refuses only a start no click asked for (autoplay); a play after the listener pressed 播放 is never refused',
  },
  {
    transition: 'playback.paused —audio.playing→ playback.playing',
    reason:
      'the audio starting while the player is paused: every start on the page goes through 播放 or the progress bar; only the device starts it by itself (a media key the page does not handle)',
  },
  ...['playback.playing —audio.error→ playback.empty', 'playback.paused —audio.error→ playback.empty'].map(
    (transition) => ({
      transition,
      reason:
        'a stream failing once the track plays: the browser reads a demo track whole from its first answer (no later request is made, even for 10:30), so nothing is left to fail; a failed load is walked while the track loads',
    }),
  ),
  { transition: 'playback.paused —audio.handedOver→ playback.playing', reason: RACE },
  ...[1, 2, 3, 4, 5].map((branch) => ({
    transition: `playback.paused —audio.ended#${branch}→ ${
      ['playback.empty', 'playback.playing', 'playback.buffering', 'playback.buffering', 'playback.ended'][branch - 1]
    }`,
    reason: RACE,
  })),
  ...[
    '(machine) —audio.timeupdate#1→ (stays)',
    '(machine) —FADE_OUT→ (stays)',
    '(machine) —RESTORE_LEVEL→ (stays)',
    '(machine) —SLEEP→ (stays)',
    'playback.buffering —SLEEP→ playback.empty',
    'playback.playing —audio.timeupdate→ (stays)',
    'playback.playing —SLEEP→ playback.paused',
    'playback.playing —audio.ended#1→ playback.empty',
    'preloader —STOP_AFTER#1→ preloader.idle',
    'preloader —STOP_AFTER#2→ preloader.idle',
    'preloader —STOP_AFTER#3→ (stays)',
    'preloader.idle —always#1→ (stays)',
  ].map((transition) => ({ transition, reason: SLEEP_TIMER })),
  ...[
    'playback.buffering.askingLibrary —done: libraryBusy#1→ playback.buffering.waitingForLibrary',
    'playback.buffering.waitingForLibrary —after libraryBusyWait→ playback.buffering.loading',
  ].map((transition) => ({
    transition,
    reason:
      'a library busy with transcodes (503): the reference server sends the demo user every track as its original file, which is never refused; a share link meets it (tests/e2e/share.test.ts plays through one)',
  })),
  {
    transition: 'preloader.ready —audio.nextFailed→ preloader.idle',
    reason: 'the prepared track has been read whole once it can play through: nothing of it is left to fail',
  },
];
