// The long-lived player: its real actors, the effects of what it emits (queue and volume stored,
// media session metadata), and the saved queue restored without playing.
import { createActor, type InspectionEvent } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import type { SettingsRef } from '@/features/settings';
import { setMediaInfo } from '@/services/mediaSession';
import { trackKey, type TrackInfo } from '@/shared/track';
import { readLocal, removeLocal, writeLocal } from '@/storage/local';
import { definePlayerActors, type PlayerDeps } from './actors';
import { playerMachine } from './playerMachine';

export interface PlayerOptions {
  accessFor: (track: TrackInfo) => Promise<LibraryAccess>;
  settings: SettingsRef;
  fetch?: typeof globalThis.fetch;
  /** the track as kept on this device, played in preference to any library */
  keptSource?: PlayerDeps['keptSource'];
  /** a source already in hand (a kept track read ahead), loaded at once */
  sourceInHand?: PlayerDeps['sourceInHand'];
  albumTrackCount?: PlayerDeps['albumTrackCount'];
  recordPlay: PlayerDeps['recordPlay'];
  inspect?: (event: InspectionEvent) => void;
}

export function startPlayer({
  accessFor,
  settings,
  fetch,
  keptSource,
  sourceInHand,
  albumTrackCount,
  recordPlay,
  inspect,
}: PlayerOptions) {
  const actors = definePlayerActors({
    accessFor,
    quality: () => settings.getSnapshot().context.quality,
    fetch,
    keptSource,
    sourceInHand,
    albumTrackCount,
    recordPlay,
  });
  const player = createActor(playerMachine.provide({ actors }), {
    input: {
      volume: readLocal('player.volume'),
      muted: readLocal('player.muted'),
    },
    inspect,
  });
  player.on('queueChanged', ({ queue, index }) => writeLocal('playlist', { tracks: queue, index }));
  player.on('volumeChanged', ({ volume, muted }) => {
    writeLocal('player.volume', volume);
    writeLocal('player.muted', muted);
  });
  player.on('nowPlayingChanged', ({ nowPlaying, playing }) =>
    setMediaInfo(
      nowPlaying && {
        title: nowPlaying.title,
        artist: nowPlaying.artist,
        album: nowPlaying.albumTitle,
        artwork: nowPlaying.coverUrl ?? undefined,
      },
      playing,
    ),
  );
  player.start();

  const saved = readLocal('playlist');
  const stopped = readLocal('player.position');
  const selected = saved.tracks[saved.index];
  if (saved.tracks.length > 0)
    player.send({
      type: 'RESTORE',
      queue: saved.tracks,
      index: saved.index,
      at: selected && stopped?.key === trackKey(selected) ? stopped.seconds : 0,
    });
  // where the current track is, for 继续播放 after a reload (its code loads after the first page)
  void import('./resumePoint').then(({ keepResumePoint }) => keepResumePoint(player));
  return player;
}

/** what signing out forgets of the player on this device: the saved queue and where it stopped */
export function forgetSavedQueue(): void {
  removeLocal('playlist');
  removeLocal('player.position');
}
