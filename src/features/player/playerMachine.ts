// The player (docs/behaviour.md#player): a parallel machine with four regions.
//   playback  empty (shown ⇄ findingCover) → buffering (resolving → loading) → playing ⇄ paused; ended
//   loopMode  listLoop → trackLoop → shuffle → listLoop
//   stat      a play report once per time a track becomes current, after 10 s of playing
//   preloader what follows the current track, prepared in a second element for a gapless hand-over
// The <audio> element is the invoked `audio` actor (audioActor.ts), talked to with
// commands and heard through reports; sources, preloads and play reports are injected actors.
// Toasts, queue/volume persistence and the page title are emitted (see playerModel.ts). The named
// guards, actions and actors are in playerSetup.ts.
import { and, not, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { STAT_REPORT_DELAY_MS } from '@/shared/firstPageConstants';
import { nextIndex, previousIndex, randomIndex } from './queue';
import {
  initialContext,
  OVERLAP_ENDERS,
  loadingTrack,
  playReport,
  type LoopMode,
  type PlaybackStatus,
  type PlayerContext,
  type PlayerEvent,
} from './playerModel';
import { playerSetup } from './playerSetup';
import { failure } from '@/shared/machines';

export * from './playerModel';

type Args = { context: PlayerContext; event: PlayerEvent };

/** the actions of a jump to the item `pick` chooses */
const jump = (pick: (args: Args) => number) =>
  [
    { type: 'startAt', params: (args: Args) => ({ index: pick(args) }) },
    'unloadAudio',
    'restoreEndFade',
    'persistQueue',
  ] as const;

const toNext = jump(({ context }) => nextIndex(context.queue.length, context.index));
const toPrevious = jump(({ context }) => previousIndex(context.queue.length, context.index));
const toRandom = jump(({ context }) => randomIndex(context.queue.length, context.index, context.random));
const toCurrent = jump(({ context }) => context.index);
const toEventIndex = jump(({ event }) => ('index' in event ? event.index : 0));

const failLoad = ['recordLoadError', 'unloadAudio', 'notifyPlayerError'] as const;

/** at the end of a track, by loop mode (from playing, and from paused should a pause come first) */
const onTrackEnd = [
  {
    guard: 'stopsAfterCurrent',
    description: '定时关闭 stops here: the item that follows is selected, not played, so the queue keeps its place.',
    target: '#player.playback.empty',
    actions: [...toNext, 'clearStopAfter', 'notifySlept'],
  },
  { guard: 'isTrackLoop', target: '#player.playback.playing', actions: ['restart', 'seekToStart', 'playAudio'] },
  { guard: and(['isShuffle', 'hasQueue']), target: '#player.playback.buffering', actions: toRandom },
  { guard: 'hasNext', target: '#player.playback.buffering', actions: toNext },
  { guard: 'queueFinishedNext', target: '#player.playback.ended', actions: 'notifyQueueFinished' },
  { target: '#player.playback.ended' },
] as const;

/** the prepared next track started as this one ended (gapless): it becomes the current item */
const handOverTransition = {
  guard: 'isPreparedHandOver',
  description:
    'Gapless: the audio actor started the prepared next track the moment this one ended; it becomes the current item.',
  target: '#player.playback.playing',
  reenter: true,
  actions: ['takeOverNext', 'persistQueue'],
} as const;

export const playerMachine = playerSetup.createMachine({
  description:
    'The player bar and the /now page: the queue, what plays, the loop mode, play reports and the next track prepared for gapless playback.',
  id: 'player',
  type: 'parallel',
  context: ({ input }) => initialContext(input),
  invoke: {
    id: 'audio',
    src: 'audio',
    input: ({ context }) => ({
      volume: context.volume,
      muted: context.muted,
    }),
  },
  on: {
    'audio.timeupdate': [
      {
        guard: 'leavesEndFade',
        description: 'Sought back out of the last seconds before 定时关闭 stops: the output is back at its level.',
        actions: ['setTime', 'restoreEndFade'],
      },
      { actions: 'setTime' },
    ],
    'audio.loaded': { actions: 'setDuration' },
    FADE_OUT: { description: '定时关闭 nears its end: the output fades.', actions: 'fadeOut' },
    RESTORE_LEVEL: { description: '定时关闭 was cancelled during its fade.', actions: 'restoreLevel' },
    SLEEP: {
      description: '定时关闭 ran out with nothing playing: only the level is restored.',
      actions: 'restoreLevel',
    },
    SET_VOLUME: { actions: ['setVolume', 'applyVolume', 'persistVolume'] },
    CHANGE_VOLUME: { actions: ['changeVolume', 'applyVolume', 'persistVolume'] },
    TOGGLE_MUTE: { actions: ['toggleMute', 'applyVolume', 'persistVolume'] },
    SET_SOUND: {
      description: '音效 changed: the audio graph applies it while playing (a prepared track takes the new 淡入淡出).',
      actions: 'applySound',
    },
    LIBRARIES_CHANGED: { actions: 'forgetCoverLookup' },
  },
  states: {
    playback: {
      description: 'What the player bar shows: nothing loaded, loading, playing, paused or ended.',
      initial: 'empty',
      on: {
        PLAY_INDEX: { guard: 'indexInQueue', target: '.buffering', actions: toEventIndex },
        NEXT: [
          { guard: 'hasNext', target: '.buffering', actions: toNext },
          { guard: 'queueFinishedNext', actions: 'notifyQueueFinished' },
        ],
        PREVIOUS: [
          { guard: 'hasPrevious', target: '.buffering', actions: toPrevious },
          { guard: 'queueFinishedPrevious', actions: 'notifyQueueFinished' },
        ],
        ADD_TO_QUEUE: [
          { guard: 'nothingToAdd' },
          { guard: 'allQueued', actions: 'notifyDuplicate' },
          {
            guard: not('hasQueue'),
            description: 'The queue was empty: the first added track starts playing.',
            target: '.buffering',
            actions: ['appendTracks', ...jump(() => 0)],
          },
          { actions: ['appendTracks', 'persistQueue'] },
        ],
        PLAY_LATER: { actions: ['insertLater', 'persistQueue'] },
        REPLACE_AND_PLAY: { guard: 'hasTracks', target: '.buffering', actions: ['replaceTracks', ...toCurrent] },
        REMOVE_FROM_QUEUE: [
          {
            guard: 'removesCurrentWithOthers',
            description: 'The loaded track left the queue: unload it and select the item that slid into place.',
            target: '.empty',
            actions: ['removeItem', 'persistQueue', 'unloadAudio', 'selectCurrent'],
          },
          { actions: ['removeItem', 'persistQueue'] },
        ],
        CLEAR_QUEUE: { actions: ['clearQueue', 'persistQueue'] },
        // No audio element (a browser without one): loads fail alike; the machine lives on.
        'xstate.error.actor.audio': { target: '.empty', actions: ['recordLoadError', 'notifyPlayerError'] },
      },
      states: {
        empty: {
          description:
            'No audio loaded: a new or cleared player, a restored queue (its item shown, not played) or a failed load (error says why). The main button plays the selected item, the first of a new queue.',
          entry: { type: 'announce', params: { playing: false } },
          initial: 'shown',
          states: {
            shown: {
              description: 'The player bar shows the selected item (or nothing) with the 播放 button.',
              always: { guard: 'coverToFind', target: 'findingCover' },
            },
            findingCover: {
              description:
                'The shown item is not loaded, so no source brought its cover: it comes from the library that would serve it. Looked up again when the libraries change.',
              // the queue was cleared meanwhile: nothing is shown, the answer would go nowhere
              always: { guard: not('hasNowPlaying'), target: 'shown' },
              invoke: {
                id: 'findCover',
                src: 'findCover',
                input: ({ context }) => loadingTrack(context),
                onDone: { target: 'shown', actions: { type: 'setFoundCover', params: ({ event }) => event.output } },
                // a failed lookup (local store unreadable) leaves the cover unknown
                onError: { target: 'shown', actions: 'markCoverSought' },
              },
            },
          },
          on: {
            TOGGLE_PLAY: { guard: 'hasQueue', target: 'buffering', actions: toCurrent },
            RESTORE: { actions: ['restoreQueue', 'selectCurrent', { type: 'announce', params: { playing: false } }] },
            PLAY_LATER: {
              actions: [
                'insertLater',
                'persistQueue',
                'selectCurrent',
                { type: 'announce', params: { playing: false } },
              ],
            },
            REMOVE_FROM_QUEUE: {
              actions: [
                'removeItem',
                'persistQueue',
                'selectCurrent',
                { type: 'announce', params: { playing: false } },
              ],
            },
            CLEAR_QUEUE: {
              actions: [
                'clearQueue',
                'persistQueue',
                'selectCurrent',
                { type: 'announce', params: { playing: false } },
              ],
            },
          },
        },
        buffering: {
          description:
            'The selected track is being resolved (library, stream choice) and loaded; fails after bufferingTimeout.',
          tags: ['busy', 'buffering'],
          entry: { type: 'announce', params: { playing: false } },
          after: { bufferingTimeout: { target: 'empty', actions: failLoad } },
          initial: 'resolving',
          states: {
            resolving: {
              description: 'The library that serves the track and its stream are being chosen.',
              on: { 'audio.timeupdate': {}, 'audio.loaded': {} },
              invoke: {
                id: 'resolveSource',
                src: 'resolveSource',
                input: ({ context }) => loadingTrack(context),
                onDone: {
                  target: 'loading',
                  actions: [{ type: 'setSource', params: ({ event }) => event.output }, 'loadAudio'],
                },
                onError: {
                  target: '#player.playback.empty',
                  actions: [{ type: 'recordResolveError', params: failure }, 'notifyPlayerError'],
                },
              },
            },
            loading: {
              description: 'The audio loads: the player bar shows a spinner.',
              on: {
                'audio.playing': '#player.playback.playing',
                'audio.playRejected': {
                  description: 'Autoplay blocked: the track is loaded; the main button plays it.',
                  target: '#player.playback.paused',
                },
                'audio.error': {
                  description: 'The element cannot say why the track failed: the library is asked whether it is busy.',
                  target: 'askingLibrary',
                },
              },
            },
            askingLibrary: {
              description:
                'The library is asked once for the failed track (the body dropped at once): a library busy with transcodes answers 503 with Retry-After, any other answer fails the track as before.',
              invoke: {
                id: 'libraryBusy',
                src: 'libraryBusy',
                input: ({ context }) => ({ url: context.source ?? '', attempt: context.busyTries }),
                onDone: [
                  {
                    guard: { type: 'libraryIsBusy', params: ({ event }) => ({ wait: event.output }) },
                    target: 'waitingForLibrary',
                    actions: { type: 'takeBusyWait', params: ({ event }) => ({ wait: event.output }) },
                  },
                  { target: '#player.playback.empty', actions: failLoad },
                ],
                onError: { target: '#player.playback.empty', actions: failLoad },
              },
            },
            waitingForLibrary: {
              description:
                'The library was busy: the track loads again after the wait it named (three times at most, within the buffering time-out).',
              after: { libraryBusyWait: { target: 'loading', actions: 'loadAudio' } },
            },
          },
          on: {
            SLEEP: {
              description: '定时关闭 ran out while the track loads: it is not played.',
              target: '#player.playback.empty',
              actions: ['unloadAudio', 'restoreLevel'],
            },
            REMOVE_FROM_QUEUE: [
              {
                guard: 'removesCurrentWithOthers',
                target: 'buffering',
                reenter: true,
                actions: ['removeItem', ...toCurrent],
              },
              { actions: ['removeItem', 'persistQueue'] },
            ],
          },
        },
        playing: {
          description: 'The track plays: the progress bar moves and the main button shows 暂停.',
          tags: ['playing'],
          entry: [{ type: 'announce', params: { playing: true } }, 'forgetResumePoint'],
          on: {
            'audio.timeupdate': {
              guard: 'entersEndFade',
              description: 'The track 定时关闭 stops after is in its last seconds: the output fades until it ends.',
              actions: ['setTime', 'fadeBeforeEnd'],
            },
            SLEEP: {
              description: '定时关闭 ran out: playback pauses where it is (the queue keeps its place).',
              target: 'paused',
              actions: ['pauseAudio', 'restoreLevel'],
            },
            TOGGLE_PLAY: { target: 'paused', actions: 'pauseAudio' },
            SEEK: { guard: 'durationKnown', actions: 'seekAudio' },
            SEEK_BY: { guard: 'durationKnown', actions: ['seekAudioBy', 'stepTime'] },
            SEEK_TO: { guard: 'durationKnown', actions: 'seekAudioTo' },
            'audio.paused': 'paused',
            'audio.playRejected': 'paused',
            'audio.handedOver': handOverTransition,
            'audio.ended': onTrackEnd,
            'audio.error': { target: 'empty', actions: failLoad },
            REMOVE_FROM_QUEUE: [
              {
                guard: 'removesCurrentWithOthers',
                description: 'The playing track left the queue: the item that slid into place plays.',
                target: 'buffering',
                actions: ['removeItem', ...toCurrent],
              },
              { actions: ['removeItem', 'persistQueue'] },
            ],
          },
        },
        paused: {
          description: 'The track is paused: the main button shows 播放.',
          tags: ['paused'],
          entry: { type: 'announce', params: { playing: false } },
          on: {
            TOGGLE_PLAY: { target: 'playing', actions: 'playAudio' },
            SEEK: { guard: 'durationKnown', target: 'playing', actions: ['seekAudio', 'playAudio'] },
            SEEK_BY: {
              guard: 'durationKnown',
              description: 'A step from the keyboard: stays paused.',
              actions: ['seekAudioBy', 'stepTime'],
            },
            SEEK_TO: { guard: 'durationKnown', target: 'playing', actions: ['seekAudioTo', 'playAudio'] },
            'audio.playing': 'playing',
            'audio.handedOver': {
              ...handOverTransition,
              description:
                'A pause crossed the hand-over: the next track, which the actor started, is current and plays.',
            },
            'audio.ended': onTrackEnd,
            'audio.error': { target: 'empty', actions: failLoad },
          },
        },
        ended: {
          description: 'The track ended with nothing to advance to (the queue was cleared while it played).',
          tags: ['ended'],
          entry: { type: 'announce', params: { playing: false } },
          on: {
            TOGGLE_PLAY: { target: 'playing', actions: ['restart', 'seekToStart', 'playAudio'] },
            SEEK: { guard: 'durationKnown', target: 'playing', actions: ['seekAudio', 'playAudio'] },
            SEEK_BY: { guard: 'durationKnown', target: 'playing', actions: ['seekAudioBy', 'stepTime', 'playAudio'] },
            SEEK_TO: { guard: 'durationKnown', target: 'playing', actions: ['seekAudioTo', 'playAudio'] },
          },
        },
      },
    },
    loopMode: {
      description: 'The loop mode button: 队列循环, 单曲循环 or 队列随机.',
      initial: 'listLoop',
      states: {
        listLoop: {
          description: '队列循环: the queue starts again after its last track.',
          tags: ['listLoop'],
          on: { CYCLE_LOOP_MODE: 'trackLoop' },
        },
        trackLoop: {
          description: '单曲循环: the current track repeats.',
          tags: ['trackLoop'],
          on: { CYCLE_LOOP_MODE: 'shuffle' },
        },
        shuffle: {
          description: '队列随机: the next track is picked at random.',
          tags: ['shuffle'],
          on: { CYCLE_LOOP_MODE: 'listLoop' },
        },
      },
    },
    stat: {
      description: 'One play report per time a track becomes current, after 10 s of uninterrupted playing.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No play report waits (nothing became current since the last one).',
          always: { guard: 'newPlay', target: 'pending', actions: 'takePlay' },
        },
        pending: {
          description: 'A play report waits for 10 s of playing.',
          always: { guard: 'newPlay', target: 'pending', reenter: true, actions: 'takePlay' },
          initial: 'held',
          states: {
            held: {
              description: 'Not playing (buffering, paused): the count waits; playing again starts it from 0.',
              always: { guard: 'isPlaying', target: 'counting' },
            },
            counting: {
              description: 'The track plays: the 10 s count runs.',
              always: { guard: not('isPlaying'), target: 'held' },
              after: { statReportDelay: { guard: 'hasNowPlaying', target: '#player.stat.reporting' } },
            },
          },
        },
        reporting: {
          description: 'The play is reported to the server.',
          always: { guard: 'newPlay', target: 'pending', actions: 'takePlay' },
          invoke: {
            id: 'reportPlay',
            src: 'reportPlay',
            input: ({ context }) => playReport(context, STAT_REPORT_DELAY_MS),
            // the answer is null (docs/protocol.md#play-statistics); a failed report is dropped
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
    overlap: {
      description:
        '淡入淡出: after a hand-over with a fade, the track before fades out under the new one until its end. A skip, a pause or a seek ends the overlap at once (that track goes quiet within 80 ms, the new one is at full level).',
      initial: 'none',
      states: {
        none: {
          description: 'One track is heard.',
          on: { 'audio.crossfading': { target: 'fading' } },
        },
        fading: {
          tags: 'crossfading',
          description: 'Two tracks are heard: the one before fading out, the current one fading in.',
          on: {
            'audio.overlapEnded': { target: 'none' },
            ...Object.fromEntries(OVERLAP_ENDERS.map((type) => [type, { target: 'none', actions: 'endOverlap' }])),
          },
        },
      },
    },
    preloader: {
      description:
        'Gapless: after each jump, the track that follows the current one (by loop mode) is resolved and loaded into a second audio element, one at a time, once the current track plays, so it never takes bandwidth from the track the listener waits for. When it is ready, the audio actor starts it the moment the current one ends (playback: audio.handedOver). A change of queue or loop mode that changes what follows drops it and prepares again.',
      initial: 'idle',
      on: {
        CYCLE_LOOP_MODE: {
          description: 'Another loop mode: another track may follow.',
          target: '.idle',
          actions: ['clearPreloadTarget', 'askPreload'],
        },
        'audio.handedOver': { target: '.idle', actions: 'clearPreloadTarget' },
        STOP_AFTER: [
          {
            guard: 'willStopAfterCurrent',
            description: '定时关闭 stops after the current item: nothing follows it now.',
            target: '.idle',
            actions: ['setStopAfter', 'dropNextAudio', 'clearPreloadTarget'],
          },
          {
            guard: 'stopsNoLonger',
            description: 'The stop after the current item is cancelled: what follows is prepared again.',
            target: '.idle',
            actions: ['setStopAfter', 'restoreEndFade', 'clearPreloadTarget', 'askPreload'],
          },
          { actions: 'setStopAfter' },
        ],
      },
      states: {
        idle: {
          description: 'No following track is being prepared.',
          always: [
            {
              guard: and(['newJump', 'isPlaying', 'stopsAfterCurrent']),
              description: '定时关闭 stops after the current item: nothing is prepared.',
              actions: 'takeJump',
            },
            {
              guard: and(['newJump', 'isPlaying', 'isTrackLoop', 'isCurrentInQueue']),
              description: '单曲循环: the same track follows.',
              target: 'preloading',
              actions: ['takeJump', { type: 'setPreloadTarget', params: { mode: 'trackLoop' } }],
            },
            {
              guard: and(['newJump', 'isPlaying', 'isShuffle', 'hasQueue']),
              description: '随机: a random other item follows, drawn now.',
              target: 'preloading',
              actions: ['takeJump', { type: 'setPreloadTarget', params: { mode: 'shuffle' } }],
            },
            {
              guard: and(['newJump', 'isPlaying', 'isListLoop', 'hasNextToPreload']),
              target: 'preloading',
              actions: ['takeJump', { type: 'setPreloadTarget', params: { mode: 'listLoop' } }],
            },
            { guard: and(['newJump', 'isPlaying']), description: 'Nothing follows.', actions: 'takeJump' },
          ],
        },
        preloading: {
          description: "The following track's source is resolved.",
          always: [
            {
              guard: not('nextUpStillFollows'),
              description:
                'Another item follows now: the running preload is stopped; the new one starts once the current track plays.',
              target: 'idle',
              actions: ['clearPreloadTarget', 'askPreload'],
            },
            {
              guard: 'newJump',
              description: 'The same item still follows: the request is dropped.',
              actions: 'takeJump',
            },
          ],
          invoke: {
            id: 'preload',
            src: 'preload',
            input: ({ context }) => context.preloadTarget?.track ?? loadingTrack(context),
            onDone: [
              {
                guard: { type: 'hasDirectSource', params: ({ event }) => ({ source: event.output }) },
                target: 'loadingNext',
                actions: [{ type: 'setPreloadSource', params: ({ event }) => event.output! }, 'prepareNextAudio'],
              },
              {
                description: 'Streamed by parts: it starts the usual way at the end.',
                target: 'idle',
                actions: 'clearPreloadTarget',
              },
            ],
            onError: { target: 'idle', actions: 'clearPreloadTarget' },
          },
        },
        loadingNext: {
          description: 'The second audio element loads the following track.',
          always: [
            {
              guard: not('nextUpStillFollows'),
              target: 'idle',
              actions: ['dropNextAudio', 'clearPreloadTarget', 'askPreload'],
            },
            { guard: 'newJump', actions: 'takeJump' },
          ],
          on: {
            CYCLE_LOOP_MODE: { target: 'idle', actions: ['dropNextAudio', 'clearPreloadTarget', 'askPreload'] },
            'audio.nextReady': 'ready',
            'audio.nextFailed': {
              description: 'It cannot load: at the end the usual way is taken, which shows why it cannot play.',
              target: 'idle',
              actions: 'clearPreloadTarget',
            },
          },
        },
        ready: {
          description:
            'The following track can play through: the audio actor starts it as the current one ends, without a gap.',
          always: [
            {
              guard: not('nextUpStillFollows'),
              target: 'idle',
              actions: ['dropNextAudio', 'clearPreloadTarget', 'askPreload'],
            },
            { guard: 'newJump', actions: 'takeJump' },
          ],
          on: {
            CYCLE_LOOP_MODE: { target: 'idle', actions: ['dropNextAudio', 'clearPreloadTarget', 'askPreload'] },
            'audio.nextFailed': { target: 'idle', actions: 'clearPreloadTarget' },
          },
        },
      },
    },
  },
});

export type PlayerRef = ActorRefFrom<typeof playerMachine>;
export type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;

const shownStatuses = ['buffering', 'playing', 'paused', 'ended'] as const;

/** the player status (docs/behaviour.md#player) of a snapshot, from its tags: buffering, playing, paused or ended; else empty */
export function playbackStatus(snapshot: PlayerSnapshot): PlaybackStatus {
  return shownStatuses.find((status) => snapshot.hasTag(status)) ?? 'empty';
}

/** the loop mode, from its tag */
export function loopModeOf(snapshot: PlayerSnapshot): LoopMode {
  return snapshot.hasTag('trackLoop') ? 'trackLoop' : snapshot.hasTag('shuffle') ? 'shuffle' : 'listLoop';
}
