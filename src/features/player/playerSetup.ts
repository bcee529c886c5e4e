// The player's named implementations (docs/architecture.md#5-machines): types, actors, delays, guards and actions in
// one setup(); playerMachine.ts builds the machine's states from it. Context updates are pure functions
// in playerModel.ts and queue.ts.
import { assertEvent, assign, emit, enqueueActions, sendTo, setup, stateIn } from 'xstate';
import { BUFFERING_TIMEOUT_MS, SLEEP_FADE_MS, STAT_REPORT_DELAY_MS } from '@/shared/firstPageConstants';
import { audioActor } from './audioActor';
import { isNoSourceError } from '@/shared/errors';
import { provideMe } from '@/shared/machines';
import { text } from '@/shared/firstPageText';
import {
  addToQueue,
  clampIndex,
  neighbour,
  playLater,
  queueFinishedMessage,
  removeFromQueue,
  replaceQueue,
} from './queue';
import { trackKey, type TrackInfo } from '@/shared/track';
import {
  applyFoundCover,
  clampVolumePercent,
  steppedTime,
  timeWithin,
  coverToFind,
  endFadeLeft,
  handOver,
  nextUpFor,
  nextUpStillFollows,
  playedTrack,
  preloadCandidate,
  type LoopMode,
  selectCurrent,
  startAt,
  stopsAfterCurrent,
  type FoundCover,
  type PlayerContext,
  type PlayerEmitted,
  type PlayerEvent,
  type PlayerInput,
  type PlayerSource,
  type PlayReportInput,
  type LibraryBusyInput,
} from './playerModel';

/**
 * what views ask of a player snapshot (hasTag): busy; the status the interface shows (none: empty);
 * the loop mode
 */
export type PlayerTag =
  | 'busy'
  | 'buffering'
  | 'playing'
  | 'paused'
  | 'ended'
  | 'listLoop'
  | 'trackLoop'
  | 'shuffle'
  | 'crossfading';

export const playerSetup = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    emitted: {} as PlayerEmitted,
    input: {} as PlayerInput,
    tags: {} as PlayerTag,
  },
  actors: {
    audio: audioActor,
    resolveSource: provideMe<PlayerSource, TrackInfo>('player', 'resolveSource'),
    preload: provideMe<PlayerSource | null, TrackInfo>('player', 'preload'),
    reportPlay: provideMe<void, PlayReportInput>('player', 'reportPlay'),
    findCover: provideMe<FoundCover, TrackInfo>('player', 'findCover'),
    libraryBusy: provideMe<number | null, LibraryBusyInput>('player', 'libraryBusy'),
  },
  delays: {
    bufferingTimeout: BUFFERING_TIMEOUT_MS,
    libraryBusyWait: ({ context }) => context.busyWaitMs,
    statReportDelay: STAT_REPORT_DELAY_MS,
  },
  guards: {
    isPlaying: stateIn('#player.playback.playing'),
    coverToFind: ({ context }) => coverToFind(context),
    isTrackLoop: stateIn('#player.loopMode.trackLoop'),
    isShuffle: stateIn('#player.loopMode.shuffle'),
    isListLoop: stateIn('#player.loopMode.listLoop'),
    hasQueue: ({ context }) => context.queue.length > 0,
    hasNext: ({ context }) => neighbour(context.queue, context.index, 'next') !== null,
    hasPrevious: ({ context }) => neighbour(context.queue, context.index, 'previous') !== null,
    queueFinishedNext: ({ context }) => queueFinishedMessage(context.queue, context.index, 'next'),
    queueFinishedPrevious: ({ context }) => queueFinishedMessage(context.queue, context.index, 'previous'),
    indexInQueue: ({ context, event }) => {
      assertEvent(event, 'PLAY_INDEX');
      return Number.isInteger(event.index) && event.index >= 0 && event.index < context.queue.length;
    },
    nothingToAdd: ({ event }) => {
      assertEvent(event, 'ADD_TO_QUEUE');
      return event.tracks.length === 0;
    },
    allQueued: ({ context, event }) => {
      assertEvent(event, 'ADD_TO_QUEUE');
      return addToQueue(context.queue, event.tracks).added.length === 0;
    },
    hasTracks: ({ event }) => {
      assertEvent(event, 'REPLACE_AND_PLAY');
      return event.tracks.length > 0;
    },
    removesCurrentWithOthers: ({ context, event }) => {
      assertEvent(event, 'REMOVE_FROM_QUEUE');
      return event.index === context.index && context.queue.length > 1;
    },
    durationKnown: ({ context }) => context.duration !== null && context.duration > 0,
    hasNowPlaying: ({ context }) => context.nowPlaying !== null,
    newPlay: ({ context }) => context.plays !== context.countedPlays,
    newJump: ({ context }) => context.jumps !== context.preloadedJumps,
    hasNextToPreload: ({ context }) => preloadCandidate(context) !== null,
    /** the current track can follow itself (单曲循环) */
    isCurrentInQueue: ({ context }) => nextUpFor(context, 'trackLoop') !== null,
    nextUpStillFollows: ({ context }) => nextUpStillFollows(context),
    hasDirectSource: (_, params: { source: PlayerSource | null }) => params.source !== null,
    libraryIsBusy: (_, params: { wait: number | null }) => params.wait !== null,
    isPreparedHandOver: ({ context }) => context.preloadTarget?.source != null,
    /** 定时关闭 pauses at the end of the current item */
    stopsAfterCurrent: ({ context }) => stopsAfterCurrent(context, context.stopAfter),
    /** the scope given now stops after the current item */
    willStopAfterCurrent: ({ context, event }) => {
      assertEvent(event, 'STOP_AFTER');
      return stopsAfterCurrent(context, event.scope);
    },
    /** the scope given now no longer stops after the current item, the one before did */
    stopsNoLonger: ({ context, event }) => {
      assertEvent(event, 'STOP_AFTER');
      return stopsAfterCurrent(context, context.stopAfter) && !stopsAfterCurrent(context, event.scope);
    },
    /** the track 定时关闭 stops after entered its last seconds */
    entersEndFade: ({ context, event }) => {
      assertEvent(event, 'audio.timeupdate');
      return !context.endFading && endFadeLeft(context, event.currentTime, event.duration, SLEEP_FADE_MS) !== null;
    },
    /** a fade before the stop runs, and the stop went or the listener sought back out of it */
    leavesEndFade: ({ context, event }) => {
      assertEvent(event, 'audio.timeupdate');
      return context.endFading && endFadeLeft(context, event.currentTime, event.duration, SLEEP_FADE_MS) === null;
    },
  },
  actions: {
    startAt: assign(({ context }, params: { index: number }) => startAt(context, params.index)),
    selectCurrent: assign(({ context }) => selectCurrent(context)),
    restart: assign(({ context }) => ({ currentTime: 0, plays: context.plays + 1 })),
    setSource: assign(({ context }, source: PlayerSource) => ({
      source: source.url,
      sourceQuality: source.quality ?? null,
      nowPlaying: context.nowPlaying && { ...context.nowPlaying, coverUrl: source.coverUrl },
    })),
    setTime: assign(({ context, event }) => {
      assertEvent(event, 'audio.timeupdate');
      return { currentTime: event.currentTime, duration: event.duration ?? context.duration };
    }),
    setDuration: assign(({ context, event }) => {
      assertEvent(event, 'audio.loaded');
      return { duration: event.duration ?? context.duration };
    }),
    recordResolveError: assign((_, params: { error: unknown }) => ({
      error: isNoSourceError(params.error) ? text.album.unavailable : text.player.loadFailed,
      source: null,
    })),
    recordLoadError: assign({ error: text.player.loadFailed, source: null }),
    takeBusyWait: assign(({ context }, params: { wait: number | null }) => ({
      busyTries: context.busyTries + 1,
      busyWaitMs: params.wait ?? 0,
    })),
    appendTracks: assign(({ context, event }) => {
      assertEvent(event, 'ADD_TO_QUEUE');
      return { queue: addToQueue(context.queue, event.tracks).queue };
    }),
    insertLater: assign(({ context, event }) => {
      assertEvent(event, 'PLAY_LATER');
      return playLater(context.queue, context.index, event.track);
    }),
    replaceTracks: assign(({ event }) => {
      assertEvent(event, 'REPLACE_AND_PLAY');
      return replaceQueue(event.tracks, event.index);
    }),
    removeItem: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_FROM_QUEUE');
      return removeFromQueue(context.queue, context.index, event.index);
    }),
    clearQueue: assign({ queue: [], index: 0, error: null }),
    restoreQueue: assign(({ event }) => {
      assertEvent(event, 'RESTORE');
      const { queue } = replaceQueue(event.queue, 0);
      const index = clampIndex(queue.length, event.index);
      const selected = queue[index];
      const resumeAt = selected && event.at && event.at > 0 ? { key: trackKey(selected), seconds: event.at } : null;
      return { queue, index, error: null, resumeAt };
    }),
    setVolume: assign(({ event }) => {
      assertEvent(event, 'SET_VOLUME');
      return { volume: clampVolumePercent(event.percent), muted: false };
    }),
    changeVolume: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE_VOLUME');
      return { volume: clampVolumePercent(context.volume + event.by), muted: false };
    }),
    toggleMute: assign({ muted: ({ context }) => !context.muted }),
    takePlay: assign({ countedPlays: ({ context }) => context.plays }),
    takeJump: assign({ preloadedJumps: ({ context }) => context.jumps }),
    setPreloadTarget: assign(({ context }, params: { mode: LoopMode }) => ({
      preloadTarget: nextUpFor(context, params.mode),
    })),
    setPreloadSource: assign(({ context }, source: PlayerSource) => ({
      preloadTarget: context.preloadTarget && { ...context.preloadTarget, source },
    })),
    clearPreloadTarget: assign({ preloadTarget: null }),
    /** a change of queue or loop mode may change what follows: prepare again once playing */
    askPreload: assign({ jumps: ({ context }) => context.jumps + 1 }),
    takeOverNext: assign(({ context, event }) => {
      assertEvent(event, 'audio.handedOver');
      return handOver(context, event.duration);
    }),
    setFoundCover: assign(({ context }, found: FoundCover) => applyFoundCover(context, found)),
    forgetCoverLookup: assign({ coverSought: null }),
    markCoverSought: assign({
      coverSought: ({ context }) => (context.nowPlaying ? trackKey(context.nowPlaying) : null),
    }),

    loadAudio: sendTo('audio', ({ context }) => ({
      type: 'audio.load' as const,
      url: context.source ?? '',
      autoplay: true,
      played: playedTrack(context.nowPlaying, context.sourceQuality),
      startAt:
        context.nowPlaying && context.resumeAt?.key === trackKey(context.nowPlaying)
          ? context.resumeAt.seconds
          : undefined,
    })),
    forgetResumePoint: assign({ resumeAt: null }),
    unloadAudio: sendTo('audio', { type: 'audio.unload' }),
    prepareNextAudio: sendTo('audio', ({ context }) => ({
      type: 'audio.prepareNext' as const,
      url: context.preloadTarget?.source?.url ?? '',
      played: playedTrack(context.preloadTarget?.track, context.preloadTarget?.source?.quality),
    })),
    /** an overlap ends now: the track fading out goes quiet at once */
    endOverlap: sendTo('audio', { type: 'audio.endOverlap' }),
    dropNextAudio: sendTo('audio', { type: 'audio.dropNext' }),
    setStopAfter: assign(({ event }) => {
      assertEvent(event, 'STOP_AFTER');
      return { stopAfter: event.scope };
    }),
    clearStopAfter: assign({ stopAfter: null, endFading: false }),
    fadeOut: sendTo('audio', ({ event }) => {
      assertEvent(event, 'FADE_OUT');
      return { type: 'audio.fadeOut' as const, ms: event.ms };
    }),
    /** the last seconds before 定时关闭's stop fade out, on their own length */
    fadeBeforeEnd: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'audio.timeupdate');
      const ms = endFadeLeft(context, event.currentTime, event.duration, SLEEP_FADE_MS) ?? 0;
      enqueue.sendTo('audio', { type: 'audio.fadeOut', ms });
      enqueue.assign({ endFading: true });
    }),
    /** the output at its full level (whatever faded it) */
    restoreLevel: enqueueActions(({ enqueue }) => {
      enqueue.sendTo('audio', { type: 'audio.restoreLevel' });
      enqueue.assign({ endFading: false });
    }),
    /** a fade before the stop ends: another track, a seek back, the stop cancelled */
    restoreEndFade: enqueueActions(({ context, enqueue }) => {
      if (!context.endFading) return;
      enqueue.sendTo('audio', { type: 'audio.restoreLevel' });
      enqueue.assign({ endFading: false });
    }),
    notifySlept: emit({ type: 'slept' }),
    playAudio: sendTo('audio', { type: 'audio.play' }),
    pauseAudio: sendTo('audio', { type: 'audio.pause' }),
    seekToStart: sendTo('audio', { type: 'audio.seek', time: 0 }),
    seekAudio: sendTo('audio', ({ context, event }) => {
      assertEvent(event, 'SEEK');
      const fraction = Number.isFinite(event.fraction) ? Math.min(Math.max(event.fraction, 0), 1) : 0;
      return { type: 'audio.seek' as const, time: fraction * (context.duration ?? 0) };
    }),
    seekAudioBy: sendTo('audio', ({ context, event }) => {
      assertEvent(event, 'SEEK_BY');
      return { type: 'audio.seek' as const, time: steppedTime(context, event.seconds) };
    }),
    seekAudioTo: sendTo('audio', ({ context, event }) => {
      assertEvent(event, 'SEEK_TO');
      return { type: 'audio.seek' as const, time: timeWithin(event.seconds, context.duration) };
    }),
    /** the new time at once, so steps pressed in a row add up before the audio reports it */
    stepTime: assign(({ context, event }) => {
      assertEvent(event, 'SEEK_BY');
      return { currentTime: steppedTime(context, event.seconds) };
    }),
    /** the audio graph keeps it: the player itself has no use for it */
    applySound: sendTo('audio', ({ event }) => {
      assertEvent(event, 'SET_SOUND');
      return { type: 'audio.sound' as const, sound: event.sound };
    }),
    applyVolume: sendTo('audio', ({ context }) => ({
      type: 'audio.volume' as const,
      volume: context.volume,
      muted: context.muted,
    })),

    persistQueue: emit(({ context }) => ({
      type: 'queueChanged' as const,
      queue: context.queue,
      index: context.index,
    })),
    persistVolume: emit(({ context }) => ({
      type: 'volumeChanged' as const,
      volume: context.volume,
      muted: context.muted,
    })),
    announce: emit(({ context }, params: { playing: boolean }) => ({
      type: 'nowPlayingChanged' as const,
      nowPlaying: context.nowPlaying,
      playing: params.playing,
    })),
    notifyPlayerError: emit(({ context }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: context.error ?? text.player.loadFailed,
    })),
    notifyDuplicate: emit({ type: 'notify', severity: 'error', message: text.queue.duplicate }),
    notifyQueueFinished: emit({ type: 'notify', severity: 'info', message: text.queue.finished }),
  },
});
