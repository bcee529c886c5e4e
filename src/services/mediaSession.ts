// The operating system's media controls (docs/behaviour.md#player): metadata of the current track and handlers for
// play, pause, previous and next. Browsers without the Media Session API are left alone.

export interface MediaInfo {
  title: string;
  artist: string;
  album: string;
  /** an object URL or absolute URL of the cover, when known */
  artwork?: string;
}

export interface MediaHandlers {
  play: () => void;
  pause: () => void;
  previous: () => void;
  next: () => void;
}

type Session = Pick<MediaSession, 'setActionHandler'> & {
  metadata: MediaMetadata | null;
  playbackState: MediaSessionPlaybackState;
};

function session(nav: Navigator | undefined = globalThis.navigator): Session | null {
  return nav && 'mediaSession' in nav ? (nav.mediaSession as Session) : null;
}

export function setMediaInfo(info: MediaInfo | null, playing: boolean, nav?: Navigator): void {
  const s = session(nav);
  if (!s) return;
  if (info === null || typeof MediaMetadata === 'undefined') {
    s.metadata = null;
  } else {
    s.metadata = new MediaMetadata({
      title: info.title,
      artist: info.artist,
      album: info.album,
      artwork: info.artwork ? [{ src: info.artwork }] : [],
    });
  }
  s.playbackState = info === null ? 'none' : playing ? 'playing' : 'paused';
}

/** installs the handlers; the returned function removes them */
export function setMediaHandlers(handlers: MediaHandlers, nav?: Navigator): () => void {
  const s = session(nav);
  if (!s) return () => {};
  const actions = {
    play: handlers.play,
    pause: handlers.pause,
    previoustrack: handlers.previous,
    nexttrack: handlers.next,
  };
  const install = (to: (action: keyof typeof actions) => (() => void) | null) => {
    for (const action of Object.keys(actions) as (keyof typeof actions)[]) {
      try {
        s.setActionHandler(action, to(action));
      } catch {
        // an action this browser does not know
      }
    }
  };
  install((action) => actions[action]);
  return () => install(() => null);
}
