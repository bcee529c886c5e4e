// Model-based paths over the real player machine, all four regions (docs/architecture.md#10-tests-and-benchmarks): every path
// `npm run paths -- player` prints (from the samples beside the machine) is replayed with actors that settle only when the path says so, and
// every state must be reached. The walk tells states apart by value and queue size (pathStateKeys).
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import {
  loopModeOf,
  playbackStatus,
  playerMachine,
  type LoopMode,
  type PlaybackStatus,
  type PlayerSnapshot,
} from '@/features/player/playerMachine';
import type { PlayerTag } from '@/features/player/playerSetup';
import { pathEvents, pathFilter, pathInput, pathStateKey } from '@/features/player/playerMachine.samples';
import { itPrintsTheWalk, registryWalk } from './registryWalk';
import { text } from '@/shared/text';
import {
  assertAllStatesReached,
  defaultEvents,
  machinePaths,
  replayPath,
  stateIdsOf,
  type StateChecks,
} from '../../model-paths/modelPaths';

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const silentAudio = fromCallback(() => () => {});
const machine = playerMachine.provide({
  actors: {
    audio: silentAudio,
    resolveSource: pending,
    preload: pending,
    reportPlay: pending,
    findCover: pending,
    libraryBusy: pending,
  } as never,
});
// deterministic shuffle and clock for both the walk and the replays (the samples' input)
const input = pathInput;

const events = defaultEvents(machine, pathEvents);

/** what the interface shows comes from tags: exactly one status tag (none when empty) and one loop mode tag */
const shows = (status: PlaybackStatus) => (s: PlayerSnapshot) => {
  expect(playbackStatus(s)).toBe(status);
  expect(['buffering', 'playing', 'paused', 'ended'].filter((tag) => s.hasTag(tag as PlayerTag))).toEqual(
    status === 'empty' ? [] : [status],
  );
};
const loops = (mode: LoopMode) => (s: PlayerSnapshot) => {
  expect(loopModeOf(s)).toBe(mode);
  expect(['listLoop', 'trackLoop', 'shuffle'].filter((tag) => s.hasTag(tag as PlayerTag))).toEqual([mode]);
};

const checks: StateChecks<typeof machine> = {
  'playback.empty': (s) => {
    expect(s.context.source).toBeNull();
    shows('empty')(s);
  },
  'playback.buffering': (s) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.nowPlaying).not.toBeNull();
    shows('buffering')(s);
  },
  'playback.buffering.loading': (s) => expect(s.context.source).not.toBeNull(),
  'playback.playing': (s) => {
    expect(s.context.source).not.toBeNull();
    expect(s.hasTag('busy')).toBe(false);
    shows('playing')(s);
  },
  'playback.paused': (s) => {
    expect(s.context.nowPlaying).not.toBeNull();
    shows('paused')(s);
  },
  // ended rests only with a detached track: the queue was cleared while it played
  'playback.ended': (s) => {
    expect(s.context.nowPlaying).not.toBeNull();
    shows('ended')(s);
  },
  'loopMode.listLoop': loops('listLoop'),
  'loopMode.trackLoop': loops('trackLoop'),
  'loopMode.shuffle': loops('shuffle'),
  'stat.pending.counting': (s) => expect(s.matches({ playback: 'playing' })).toBe(true),
  // the report is in flight (the queue may have been cleared since it was taken)
  'stat.reporting': (s) => expect(s.children.reportPlay).toBeDefined(),
  'preloader.preloading': (s) => expect(s.context.preloadTarget).not.toBeNull(),
  // the second element holds the prepared track's source
  'preloader.loadingNext': (s) => expect(s.context.preloadTarget?.source).toBeTruthy(),
  'preloader.ready': (s) => expect(s.context.preloadTarget?.source).toBeTruthy(),
  'playback.empty.findingCover': (s) => expect(s.context.nowPlaying).not.toBeNull(),
};

describe('player machine paths', () => {
  const machineWalk = registryWalk('player', machine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('player', machineWalk);

  it('walks both playback and loop mode (and the stat and preload regions)', () => {
    expect(stateIdsOf(machine)).toEqual(
      expect.arrayContaining([
        'playback.ended',
        'loopMode.shuffle',
        'stat.pending.counting',
        'preloader.preloading',
        'preloader.ready',
        'playback.empty.findingCover',
      ]),
    );
    expect(paths.length).toBeGreaterThan(20);
  });

  it('reaches every state', () => {
    assertAllStatesReached(paths, machine);
  });

  it('the registry walk (npm run paths -- player) reaches every state too', () => {
    assertAllStatesReached(
      machinePaths(playerMachine, { events, serializeState: pathStateKey, filterEvents: pathFilter }),
      playerMachine,
    );
  });

  it('a failure on the way is explained with a catalogue text', async () => {
    const failing = paths.find((p) => p.steps.some((s) => s.event.type === 'xstate.error.actor.resolveSource'));
    expect(failing).toBeDefined();
    const { finalSnapshot } = await replayPath(machine, failing!, { input });
    expect([text.player.loadFailed, text.album.unavailable, null]).toContain(finalSnapshot.context.error);
  });

  it.each(cases)('%s', async (_, path) => {
    await replayPath(machine, path, { checks, input });
  });
});
