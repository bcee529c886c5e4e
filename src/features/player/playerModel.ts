// The player's types and the pure context updates behind its actions (docs/behaviour.md#albums-and-tracks, #player). playerMachine.ts holds
// the machine; this file holds what can be read without XState.
import type { AudioReport } from './audioActor';
import { DEFAULT_VOLUME } from '@/shared/firstPageConstants';
import type { SoundSettings } from '@/rules/sound';
import type { NotifyEvent } from '@/shared/effects';
import { clampIndex, neighbour, randomIndex } from './queue';
import { trackInfoOf, trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';

/** the now-playing info (docs/behaviour.md#player): the loaded (or selected) queue item and its cover */
interface NowPlaying extends TrackInfo {
  /**
   * The (disc) cover through the library that serves the track: from its resolved source, or looked
   * up for an item shown but not loaded (a restored queue). undefined while not known yet; null when
   * no library has the album.
   */
  coverUrl: string | null | undefined;
}

/** what `findCover` answers: the cover of the track with key `key`; undefined when it cannot tell yet (libraries not loaded) */
export interface FoundCover {
  key: string;
  coverUrl: string | null | undefined;
}

/** what `resolveSource` answers for a queue item */
export interface PlayerSource {
  /** the URL the audio element plays (token and quality included) */
  url: string;
  coverUrl: string | null;
  /** the quality it plays in, when known (音量均衡 keeps a track's loudness per quality) */
  quality?: string | null;
}

/** the input of `reportPlay` (POST /api/stat) */
export interface PlayReportInput {
  track: TrackIdentity;
  /** Unix seconds: [round((now − 10 s) / 1000)] */
  at: number[];
  /** the track's length (s), when the element knows it: 我的统计 sums listening time with it */
  seconds?: number;
}

export type LoopMode = 'listLoop' | 'trackLoop' | 'shuffle';

/** what ends an overlap (淡入淡出) at once: another item, a pause, a seek, an empty queue, 定时关闭's pause */
export const OVERLAP_ENDERS = [
  'NEXT',
  'PREVIOUS',
  'PLAY_INDEX',
  'REPLACE_AND_PLAY',
  'TOGGLE_PLAY',
  'SEEK',
  'SEEK_BY',
  'SEEK_TO',
  'CLEAR_QUEUE',
  'SLEEP',
] as const;

/**
 * The queue item that follows the current one at its end, by the loop mode of the time: the next
 * (listLoop), the same (trackLoop) or a random other (shuffle, drawn when it is prepared).
 */
export interface NextUp {
  track: TrackInfo;
  index: number;
  mode: LoopMode;
  /** where it plays from once resolved; null for a track streamed by parts (it starts the usual way) */
  source: PlayerSource | null;
}
export type PlaybackStatus = 'empty' | 'buffering' | 'playing' | 'paused' | 'ended';

/** a failed load's question to the library: the source, and how often it said busy before */
export interface LibraryBusyInput {
  url: string;
  attempt: number;
}

export interface PlayerContext {
  queue: TrackInfo[];
  /** the current item's position; 0 for an empty queue */
  index: number;
  /**
   * The loaded or selected track. Usually queue[index]; it stays when the queue is cleared while a
   * track plays (the track plays on, then 播放队列播完啦).
   */
  nowPlaying: NowPlaying | null;
  /** seconds */
  currentTime: number;
  /** seconds; null while unknown */
  duration: number | null;
  /** percent 0–100 */
  volume: number;
  muted: boolean;
  /** the URL loaded into the audio element */
  source: string | null;
  /** the quality of `source`, when known */
  sourceQuality: string | null;
  /** how often the library said it was busy (503) while the current track loads */
  busyTries: number;
  /** ms to wait before loading the current track again, as the busy library said */
  busyWaitMs: number;
  /** why the last load failed (catalogue text), until the next track starts */
  error: string | null;
  /** how many times a track became current (jumps and restarts); the stat region counts each */
  plays: number;
  /** the value of `plays` the stat region last took up */
  countedPlays: number;
  /** how many jumps to a new current item there were; each asks for a preload */
  jumps: number;
  /** the value of `jumps` the preloader last took up */
  preloadedJumps: number;
  /** the track prepared to follow the current one (gapless), while it is prepared */
  preloadTarget: NextUp | null;
  /** the key of the track whose cover was last looked up with the current libraries */
  coverSought: string | null;
  /** where the restored track stopped (继续播放): its load starts there, until it plays */
  resumeAt: { key: string; seconds: number } | null;
  /** the clock for play reports (ms since the epoch); injected so tests control it */
  now: () => number;
  /** the random source for shuffle, in [0, 1) */
  random: () => number;
  /** 定时关闭 at the end of the current track or of the queue: playback pauses there */
  stopAfter: StopAfter | null;
  /** the output fades because the track it stops after is in its last seconds */
  endFading: boolean;
}

/** where the sleep timer stops playback: after the current track, or after the queue's last item */
export type StopAfter = 'track' | 'queue';

export interface PlayerInput {
  /** stored player.volume (percent) */
  volume?: number;
  /** stored player.muted */
  muted?: boolean;
  now?: () => number;
  random?: () => number;
}

export type PlayerEvent =
  /** the main button: playing → pause, paused → resume, ended → restart, empty → play the current (first) item */
  | { type: 'TOGGLE_PLAY' }
  | { type: 'PLAY_INDEX'; index: number }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  /** 0–1 of the duration; seeks and resumes playing */
  | { type: 'SEEK'; fraction: number }
  /** to this second of the track (a lyric line clicked), and plays */
  | { type: 'SEEK_TO'; seconds: number }
  /** seconds forward (negative: back) from where it is, within the track; keeps playing or paused */
  | { type: 'SEEK_BY'; seconds: number }
  | { type: 'ADD_TO_QUEUE'; tracks: TrackInfo[] }
  | { type: 'PLAY_LATER'; track: TrackInfo }
  | { type: 'REPLACE_AND_PLAY'; tracks: TrackInfo[]; index: number }
  | { type: 'REMOVE_FROM_QUEUE'; index: number }
  | { type: 'CLEAR_QUEUE' }
  /** percent 0–100; unmutes */
  | { type: 'SET_VOLUME'; percent: number }
  /** percentage points up (negative: down) from the present volume; unmutes */
  | { type: 'CHANGE_VOLUME'; by: number }
  | { type: 'TOGGLE_MUTE' }
  /** the sound settings changed (设置, or the 音效 panel): applied while playing */
  | { type: 'SET_SOUND'; sound: SoundSettings }
  /** the saved queue at start: selected, not played; `at`: the second the selected track stopped at, where its first play starts */
  | { type: 'RESTORE'; queue: TrackInfo[]; index: number; at?: number }
  | { type: 'CYCLE_LOOP_MODE' }
  /** credentials loaded or changed, or a library's albums synced: covers are looked up again */
  | { type: 'LIBRARIES_CHANGED' }
  /** 定时关闭: the output fades to silence over `ms`, then SLEEP comes */
  | { type: 'FADE_OUT'; ms: number }
  /** 定时关闭 ran out: playback pauses where it is, the output back at its level for the next play */
  | { type: 'SLEEP' }
  /** 定时关闭 cancelled during its fade: the output back at its level */
  | { type: 'RESTORE_LEVEL' }
  /** 定时关闭 at the end of the current track or of the queue (null: not any more) */
  | { type: 'STOP_AFTER'; scope: StopAfter | null }
  | AudioReport;

/** persist as `playlist` ({ tracks: queue, index }) */
type QueueChangedEvent = { type: 'queueChanged'; queue: TrackInfo[]; index: number };
/** persist as player.volume / player.muted */
type VolumeChangedEvent = { type: 'volumeChanged'; volume: number; muted: boolean };
/** page title, media session */
type NowPlayingChangedEvent = { type: 'nowPlayingChanged'; nowPlaying: NowPlaying | null; playing: boolean };
/** playback paused at the end of the track or queue the sleep timer named */
type SleptEvent = { type: 'slept' };
export type PlayerEmitted = NotifyEvent | QueueChangedEvent | VolumeChangedEvent | NowPlayingChangedEvent | SleptEvent;

/** `seconds` within the track (0 when it is no number) */
export function timeWithin(seconds: number, duration: number | null): number {
  return Math.min(Math.max(Number.isFinite(seconds) ? seconds : 0, 0), duration ?? 0);
}

/** where a step of `seconds` from the present time lands, within the track */
export function steppedTime(context: Pick<PlayerContext, 'currentTime' | 'duration'>, seconds: number): number {
  return timeWithin(context.currentTime + (Number.isFinite(seconds) ? seconds : 0), context.duration);
}

/** a volume in whole percent, 0–100, as the player keeps and stores it; unreadable is the default */
export function clampVolumePercent(percent: number): number {
  return Number.isFinite(percent) ? Math.round(Math.min(Math.max(percent, 0), 100)) : DEFAULT_VOLUME;
}

export function initialContext(input: PlayerInput | undefined): PlayerContext {
  return {
    queue: [],
    index: 0,
    nowPlaying: null,
    currentTime: 0,
    duration: null,
    volume: clampVolumePercent(input?.volume ?? DEFAULT_VOLUME),
    muted: input?.muted ?? false,
    source: null,
    sourceQuality: null,
    busyTries: 0,
    busyWaitMs: 0,
    error: null,
    plays: 0,
    countedPlays: 0,
    jumps: 0,
    preloadedJumps: 0,
    preloadTarget: null,
    coverSought: null,
    resumeAt: null,
    now: input?.now ?? (() => Date.now()),
    random: input?.random ?? Math.random,
    stopAfter: null,
    endFading: false,
  };
}

/** whether 定时关闭 with `scope` pauses at the end of the current item (the queue's: its last) */
export function stopsAfterCurrent(context: Pick<PlayerContext, 'queue' | 'index'>, scope: StopAfter | null): boolean {
  if (scope === 'track') return true;
  return scope === 'queue' && context.index >= context.queue.length - 1;
}

/** ms of the track left when it is in the last `fadeMs` before the sleep timer's stop; else null */
export function endFadeLeft(
  context: Pick<PlayerContext, 'queue' | 'index' | 'stopAfter'>,
  currentTime: number,
  duration: number | null,
  fadeMs: number,
): number | null {
  if (!stopsAfterCurrent(context, context.stopAfter) || duration === null || duration <= 0) return null;
  const left = (duration - currentTime) * 1000;
  return left > 0 && left <= fadeMs ? left : null;
}

/** now-playing for `track`; the same track as before keeps its cover (no flicker while it reloads) */
function nowPlayingOf(track: TrackInfo | undefined, previous: NowPlaying | null): NowPlaying | null {
  if (!track) return null;
  const same = previous !== null && trackKey(track) === trackKey(previous);
  return { ...trackInfoOf(track), coverUrl: same ? previous.coverUrl : undefined };
}

/** the context after the item at `index` becomes current (a jump): a new play, a new preload */
export function startAt(context: PlayerContext, index: number): Partial<PlayerContext> {
  const at = clampIndex(context.queue.length, index);
  return {
    index: at,
    nowPlaying: nowPlayingOf(context.queue[at], context.nowPlaying),
    coverSought: null,
    currentTime: 0,
    duration: null,
    source: null,
    busyTries: 0,
    error: null,
    plays: context.plays + 1,
    jumps: context.jumps + 1,
  };
}

/** in `empty`, now-playing shows the selected item (or nothing); its cover is looked up (again) */
export function selectCurrent(context: PlayerContext): Partial<PlayerContext> {
  return {
    nowPlaying: nowPlayingOf(context.queue[context.index], context.nowPlaying),
    coverSought: null,
    source: null,
    currentTime: 0,
    duration: null,
  };
}

/** a `findCover` answer: kept when it is about the shown track and could tell */
export function applyFoundCover(context: PlayerContext, found: FoundCover): Partial<PlayerContext> {
  const { nowPlaying } = context;
  const applies = nowPlaying !== null && found.coverUrl !== undefined && trackKey(nowPlaying) === found.key;
  return { coverSought: found.key, nowPlaying: applies ? { ...nowPlaying, coverUrl: found.coverUrl } : nowPlaying };
}

/** in `empty`, the shown track's cover is still to be looked up with the current libraries */
export function coverToFind(context: PlayerContext): boolean {
  return context.nowPlaying !== null && context.coverSought !== trackKey(context.nowPlaying);
}

/** the track `resolveSource` is asked about */
export function loadingTrack(context: PlayerContext): TrackInfo {
  const track = context.nowPlaying ?? context.queue[context.index];
  // Unreachable (a jump always selects an item); an impossible id lets resolveSource fail cleanly.
  return track
    ? trackInfoOf(track)
    : { albumId: '', discId: 0, trackId: 0, title: '', artist: '', type: 'normal', albumTitle: '' };
}

/** the next item, when there is one other than the current */
export function preloadCandidate(context: PlayerContext): TrackInfo | null {
  const at = neighbour(context.queue, context.index, 'next');
  if (at === null) return null;
  const track = context.queue[at];
  if (!track || (context.nowPlaying && trackKey(track) === trackKey(context.nowPlaying))) return null;
  return track;
}

/** the item at `index` when it is the current track (the queue was not cleared under it) */
function currentItem(context: PlayerContext): TrackInfo | null {
  const track = context.queue[context.index];
  return track && context.nowPlaying && trackKey(track) === trackKey(context.nowPlaying) ? track : null;
}

/** what follows the current track at its end in `mode`, or null when nothing would */
export function nextUpFor(context: PlayerContext, mode: LoopMode): NextUp | null {
  const { queue, index } = context;
  if (mode === 'trackLoop') {
    const track = currentItem(context);
    return track ? { track, index, mode, source: null } : null;
  }
  if (mode === 'shuffle') {
    if (queue.length === 0) return null;
    const at = randomIndex(queue.length, index, context.random);
    return { track: queue[at]!, index: at, mode, source: null };
  }
  const track = preloadCandidate(context);
  return track ? { track, index: neighbour(queue, index, 'next')!, mode, source: null } : null;
}

/**
 * Whether the prepared track still follows the current one after the queue changed or a jump:
 * it is what `nextUpFor` would choose now (for shuffle: the drawn item is still there and is not
 * the current one). Kept to the same rules as `nextUpFor`, so a freshly chosen track always follows.
 */
export function nextUpStillFollows(context: PlayerContext): boolean {
  const target = context.preloadTarget;
  if (!target) return false;
  const there = context.queue[target.index];
  if (!there || trackKey(there) !== trackKey(target.track)) return false;
  if (target.mode === 'shuffle') return target.index !== context.index || context.queue.length === 1;
  return nextUpFor(context, target.mode)?.index === target.index;
}

/** the context after the prepared track took over at the end of the current one (gapless) */
export function handOver(context: PlayerContext, duration: number | null): Partial<PlayerContext> {
  const target = context.preloadTarget;
  if (!target?.source) return {};
  const next = startAt(context, target.index);
  return {
    ...next,
    source: target.source.url,
    nowPlaying: next.nowPlaying ? { ...next.nowPlaying, coverUrl: target.source.coverUrl } : null,
    duration,
  };
}

export function playReport(context: PlayerContext, delayMs: number): PlayReportInput {
  const { albumId, discId, trackId } = loadingTrack(context);
  const report: PlayReportInput = {
    track: { albumId, discId, trackId },
    at: [Math.round((context.now() - delayMs) / 1000)],
  };
  if (context.duration !== null && Number.isFinite(context.duration) && context.duration > 0)
    report.seconds = context.duration;
  return report;
}

/** what the audio graph is told an element plays: the track, its album, the quality (its loudness is kept per quality) */
export function playedTrack(track: TrackIdentity | null | undefined, quality: string | null | undefined) {
  return track
    ? {
        track: trackKey(track),
        albumId: track.albumId,
        discId: track.discId,
        trackId: track.trackId,
        quality: quality ?? 'unknown',
      }
    : null;
}
