// The player's real actors and the effects of its emitted events: queue and volume persisted,
// the saved queue restored (without playing), media session, and the leave-page confirmation.
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { playerMachine, playbackStatus } from './playerMachine';
import type { LibrariesRef } from '@/features/library/librariesMachine';
import type { SettingsRef } from '@/features/settings/settingsMachine';
import type { NotifyEvent } from '@/shared/effects';
import type { ApiClient } from '@/services/api/client';
import { reportPlay } from '@/services/api/stat';
import { preloadAudio } from './audioActor';
import { setMediaHandlers, setMediaInfo } from '@/services/mediaSession';
import { canStream, streamThroughMediaSource, type MediaStream } from '@/services/mediaStream';
import {
  browserSupport,
  findTrackCover,
  headProbe,
  rememberingProbe,
  resolveTrackSource,
  type LibraryChoiceDeps,
  type TrackSourceDeps,
} from '@/services/stream';
import { trackKey } from '@/shared/track';
import { readLocal, writeLocal } from '@/storage/local';
import { text } from '@/shared/text';

export interface PlayerDeps {
  api: ApiClient;
  libraries: LibrariesRef;
  settings: SettingsRef;
  notify: (event: NotifyEvent) => void;
  fetch?: typeof globalThis.fetch;
  inspect?: (event: InspectionEvent) => void;
}

export function createPlayer({ api, libraries, settings, notify, fetch, inspect }: PlayerDeps) {
  // one probe for playing and preloading: a preloaded track starts without probing again
  const probe = rememberingProbe(headProbe(fetch));
  // Sources are built from the credentials and settings of the moment: a stored queue holds no URLs.
  const libraryDeps = (): LibraryChoiceDeps => ({
    credentials: libraries.getSnapshot().context.credentials,
    availableLibraries: async (albumId) => (await import('@/storage/albumDb')).getAlbumLibraries(albumId),
  });
  const sourceDeps = (): TrackSourceDeps => ({
    ...libraryDeps(),
    quality: settings.getSnapshot().context.quality,
    probe,
    ...browserSupport(),
  });
  // the track being streamed by parts, if any: cancelled when another source is chosen
  let stream: MediaStream | null = null;

  const player = createActor(
    playerMachine.provide({
      actors: {
        resolveSource: fromPromise(async ({ input }) => {
          const source = await resolveTrackSource(input, sourceDeps());
          stream?.cancel();
          stream = null;
          if (source.mode === 'mediaSource' && source.type !== null && canStream(source.type)) {
            stream = streamThroughMediaSource(source.url, source.type);
            return { url: stream.objectUrl, coverUrl: source.coverUrl };
          }
          return { url: source.url, coverUrl: source.coverUrl };
        }),
        preload: fromPromise(async ({ input, signal }) => {
          const source = await resolveTrackSource(input, sourceDeps());
          // a streamed track is fetched when it plays; a direct one warms the HTTP cache now
          if (source.mode === 'direct') await preloadAudio(source.url, signal);
        }),
        findCover: fromPromise(async ({ input }) => {
          const key = trackKey(input);
          // before the credentials load (or when they failed to) nobody can tell which library has it
          if (!libraries.getSnapshot().matches('ready')) return { key, coverUrl: undefined };
          return { key, coverUrl: await findTrackCover(input, libraryDeps()) };
        }),
        // not tied to the actor's signal: a report in flight when the next track starts still lands
        reportPlay: fromPromise(({ input }) => reportPlay(api, input)),
      },
    }),
    { input: { volume: readLocal('player.volume'), muted: readLocal('player.muted') }, inspect },
  );
  player.on('notify', notify);
  player.on('queueChanged', ({ queue, index }) => writeLocal('playlist', { tracks: queue, index }));
  player.on('volumeChanged', ({ volume, muted }) => {
    writeLocal('player.volume', volume);
    writeLocal('player.muted', muted);
  });
  player.on('nowPlayingChanged', ({ nowPlaying, playing }) =>
    setMediaInfo(
      nowPlaying && { title: nowPlaying.title, artist: nowPlaying.artist, album: nowPlaying.albumTitle, artwork: nowPlaying.coverUrl ?? undefined },
      playing,
    ),
  );
  player.start();

  const saved = readLocal('playlist');
  if (saved.tracks.length > 0) player.send({ type: 'RESTORE', queue: saved.tracks, index: saved.index });
  return player;
}

export type PlayerRef = ReturnType<typeof createPlayer>;

/** elements where Space already means something (typing, pressing, moving a slider) */
const SPACE_OWNERS = 'input, textarea, select, button, a[href], summary, [contenteditable=""], [contenteditable="true"], [role="button"], [role="slider"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"]';

/** Space plays and pauses, as in other players, unless the focused element uses Space itself */
export function isPlayPauseKey(event: KeyboardEvent): boolean {
  if (event.code !== 'Space' || event.repeat || event.defaultPrevented) return false;
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return false;
  const target = event.target;
  return !(target instanceof Element && target.closest(SPACE_OWNERS));
}

/** OS media keys, the Space key and the leave-page question; returns the cleanup */
export function attachPlayerToWindow(player: PlayerRef, settings: SettingsRef): () => void {
  const isPlaying = () => playbackStatus(player.getSnapshot()) === 'playing';
  const removeHandlers = setMediaHandlers({
    play: () => !isPlaying() && player.send({ type: 'TOGGLE_PLAY' }),
    pause: () => isPlaying() && player.send({ type: 'TOGGLE_PLAY' }),
    previous: () => player.send({ type: 'PREVIOUS' }),
    next: () => player.send({ type: 'NEXT' }),
  });
  const beforeUnload = (event: BeforeUnloadEvent) => {
    if (settings.getSnapshot().context.pageOnCloseAction !== 'confirmWhenPlaying' || !isPlaying()) return;
    event.preventDefault();
    // older browsers show (or at least need) a returnValue
    event.returnValue = text.player.confirmLeave;
  };
  const keyDown = (event: KeyboardEvent) => {
    if (!isPlayPauseKey(event)) return;
    event.preventDefault(); // not a page scroll
    player.send({ type: 'TOGGLE_PLAY' });
  };
  window.addEventListener('beforeunload', beforeUnload);
  window.addEventListener('keydown', keyDown);
  return () => {
    removeHandlers();
    window.removeEventListener('beforeunload', beforeUnload);
    window.removeEventListener('keydown', keyDown);
  };
}
