// Fakes for player tests: a fake audio actor that records commands and lets the test send reports
// back through the real sendBack, and a started player with fake services.
import { createActor, fromCallback } from 'xstate';
import {
  playerMachine,
  type FoundCover,
  type PlayerEmitted,
  type PlayerInput,
  type PlayerSource,
  type PlayReportInput,
  type LibraryBusyInput,
} from '@/features/player/playerMachine';
import { sampleTrack } from '@/shared/model.samples';
import { trackKey, type TrackInfo } from '@/shared/track';
import type { AudioCommand, AudioInput, AudioReport } from '@/features/player/audioActor';
import { fakeService, flush } from './fakes';

export function fakeAudio() {
  const commands: AudioCommand[] = [];
  const inputs: AudioInput[] = [];
  let sendBack: ((event: AudioReport) => void) | null = null;
  let stopped = 0;
  const logic = fromCallback<AudioCommand, AudioInput>(({ sendBack: back, receive, input }) => {
    inputs.push(input);
    sendBack = back;
    receive((command) => commands.push(command));
    return () => {
      stopped++;
    };
  });
  return {
    logic,
    commands,
    inputs,
    get stopped() {
      return stopped;
    },
    /** a report from the element, through the actor's own sendBack */
    report(event: AudioReport) {
      if (!sendBack) throw new Error('the audio actor was not started');
      sendBack(event);
    },
    /** the command types since the last call */
    take(): string[] {
      return commands.splice(0).map((c) => c.type);
    },
  };
}

export const track = (id: string, over: Partial<TrackInfo> = {}): TrackInfo => ({ ...sampleTrack(id), ...over });

export const sourceOf = (t: TrackInfo): PlayerSource => ({
  url: `https://lib.example/${t.albumId}/${t.discId}/${t.trackId}?auth=tok&quality=lossless`,
  coverUrl: `https://lib.example/${t.albumId}/${t.discId}/cover`,
  quality: 'lossless',
});

/** what the audio actor is told a loaded element plays (its 音量均衡 gain follows it) */
export const playedOf = (t: TrackInfo) => ({
  track: trackKey(t),
  albumId: t.albumId,
  discId: t.discId,
  trackId: t.trackId,
  quality: 'lossless',
});

export function startPlayer(input: PlayerInput = {}) {
  const audio = fakeAudio();
  const resolveSource = fakeService<PlayerSource, TrackInfo>();
  const preload = fakeService<PlayerSource | null, TrackInfo>();
  const reportPlay = fakeService<void, PlayReportInput>();
  const findCover = fakeService<FoundCover, TrackInfo>();
  const libraryBusy = fakeService<number | null, LibraryBusyInput>();
  const machine = playerMachine.provide({
    actors: {
      audio: audio.logic,
      resolveSource: resolveSource.logic,
      preload: preload.logic,
      reportPlay: reportPlay.logic,
      findCover: findCover.logic,
      libraryBusy: libraryBusy.logic,
    },
  });
  const actor = createActor(machine, { input });
  const emitted: PlayerEmitted[] = [];
  for (const type of ['notify', 'queueChanged', 'volumeChanged', 'nowPlayingChanged', 'slept'] as const) {
    actor.on(type, (e) => emitted.push(e as PlayerEmitted));
  }
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    audio,
    resolveSource,
    preload,
    reportPlay,
    findCover,
    libraryBusy,
    emitted,
    snapshot,
    context: () => snapshot().context,
    /** notify events' messages since the start (or the last clear) */
    notices: () => emitted.filter((e) => e.type === 'notify').map((e) => (e as { message: string }).message),
    /** resolves the pending source request for the loading track */
    async resolve() {
      const call = resolveSource.last;
      call.resolve(sourceOf(call.input));
      await flush();
    },
    /** source resolved and the element reports playing */
    async playThrough() {
      await this.resolve();
      audio.report({ type: 'audio.playing' });
    },
  };
}

export type StartedPlayer = ReturnType<typeof startPlayer>;

/** playing `tracks[index]`, with `loops` presses of the loop button first; commands and emits cleared */
export async function playingFrom(tracks: TrackInfo[], index = 0, loops = 0, input: PlayerInput = {}) {
  const p = startPlayer(input);
  for (let i = 0; i < loops; i++) p.actor.send({ type: 'CYCLE_LOOP_MODE' });
  p.actor.send({ type: 'REPLACE_AND_PLAY', tracks, index });
  await p.playThrough();
  p.audio.take();
  p.emitted.length = 0;
  return p;
}
