// The <audio> element as an actor (DESIGN.md 7): the player machine invokes it for its whole life
// and sends it commands (`audio.load`, `audio.play`, …); the element's events come back as reports
// with other names (`audio.playing`, `audio.ended`, …) so a report never re-triggers a command.
// Stopping the actor pauses the element, drops its source and removes every listener.
import { fromCallback } from 'xstate';

export type AudioCommand =
  | { type: 'audio.load'; url: string; autoplay: boolean }
  /** stop and forget the source (before the next track resolves, or after a failure) */
  | { type: 'audio.unload' }
  | { type: 'audio.play' }
  | { type: 'audio.pause' }
  | { type: 'audio.seek'; time: number }
  /** volume in percent 0–100 */
  | { type: 'audio.volume'; volume: number; muted: boolean };

export type AudioReport =
  /** enough data to start (canplay) */
  | { type: 'audio.loaded'; duration: number | null }
  | { type: 'audio.playing' }
  /** paused by anything but the end of the track (the user, the OS, a headset) */
  | { type: 'audio.paused' }
  | { type: 'audio.timeupdate'; currentTime: number; duration: number | null }
  | { type: 'audio.ended' }
  | { type: 'audio.error'; message: string }
  /** play() was refused, e.g. autoplay blocked (NotAllowedError) */
  | { type: 'audio.playRejected'; name: string; message: string };

/** what the actor needs of an HTMLAudioElement (tests pass an EventTarget with these members) */
export interface AudioElementLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  volume: number;
  muted: boolean;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly error: { code: number; message?: string } | null;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
}

export interface AudioInput {
  /** percent 0–100 */
  volume: number;
  muted: boolean;
}

export type CreateAudioElement = () => AudioElementLike;

const defaultElement: CreateAudioElement = () => new Audio();

/** MediaError codes → a short reason (the toast shows the catalogue text; this is for logs/tests) */
const MEDIA_ERRORS: Record<number, string> = {
  1: 'aborted',
  2: 'network error',
  3: 'decode error',
  4: 'source not supported',
};

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) && value >= 0 ? value : null;
}

function clampVolume(percent: number): number {
  if (!Number.isFinite(percent)) return 1;
  return Math.min(Math.max(percent, 0), 100) / 100;
}

/** the audio actor over an element factory (default: `new Audio()`) */
export function createAudioActor(createElement: CreateAudioElement = defaultElement) {
  return fromCallback<AudioCommand, AudioInput>(({ sendBack, receive, input }) => {
    let stopped = false;
    const report = (event: AudioReport) => {
      if (!stopped) sendBack(event);
    };
    let element: AudioElementLike;
    try {
      element = createElement();
    } catch (e) {
      // No audio in this browser: stay alive (the player keeps sending commands) and fail loads.
      const message = e instanceof Error ? e.message : String(e);
      receive((command) => {
        if (command.type === 'audio.load') report({ type: 'audio.error', message });
      });
      return () => {
        stopped = true;
      };
    }
    const hasSource = () => element.getAttribute('src') !== null && element.src !== '';
    const times = () => ({ currentTime: finiteOrNull(element.currentTime) ?? 0, duration: finiteOrNull(element.duration) });

    const play = () => {
      let pending: Promise<void> | undefined;
      try {
        pending = element.play();
      } catch (e) {
        pending = Promise.reject(e);
      }
      // Older engines return undefined; a rejection must never go unhandled.
      pending?.catch((e: unknown) => {
        const name = e instanceof Error || (e !== null && typeof e === 'object' && 'name' in e) ? String((e as { name: unknown }).name) : 'Error';
        // AbortError: a newer load() or pause() interrupted this play(); nothing to report.
        if (name === 'AbortError') return;
        report({ type: 'audio.playRejected', name, message: e instanceof Error ? e.message : String(e) });
      });
    };

    const listeners: Record<string, () => void> = {
      canplay: () => report({ type: 'audio.loaded', duration: finiteOrNull(element.duration) }),
      // Only when still playing: a `pause` queued before a quick resume must not undo it.
      playing: () => {
        if (!element.paused) report({ type: 'audio.playing' });
      },
      // The end of a track pauses the element just before `ended`; that is reported as `ended` only.
      pause: () => {
        if (element.paused && !element.ended) report({ type: 'audio.paused' });
      },
      timeupdate: () => report({ type: 'audio.timeupdate', ...times() }),
      durationchange: () => report({ type: 'audio.timeupdate', ...times() }),
      ended: () => report({ type: 'audio.ended' }),
      // An element without a source (after unload) has nothing to fail.
      error: () => {
        if (!hasSource()) return;
        const code = element.error?.code ?? 0;
        report({ type: 'audio.error', message: element.error?.message || MEDIA_ERRORS[code] || 'media error' });
      },
    };
    for (const [type, listener] of Object.entries(listeners)) element.addEventListener(type, listener);

    element.preload = 'auto';
    element.volume = clampVolume(input.volume);
    element.muted = input.muted;

    const unload = () => {
      element.pause();
      element.removeAttribute('src');
      element.load();
    };

    const run = (command: AudioCommand) => {
      switch (command.type) {
        case 'audio.load':
          element.src = command.url;
          element.load();
          if (command.autoplay) play();
          break;
        case 'audio.unload':
          if (hasSource()) unload();
          break;
        case 'audio.play':
          play();
          break;
        case 'audio.pause':
          element.pause();
          break;
        case 'audio.seek':
          if (Number.isFinite(command.time) && command.time >= 0) element.currentTime = command.time;
          break;
        case 'audio.volume':
          element.volume = clampVolume(command.volume);
          element.muted = command.muted;
          break;
      }
    };
    // A throwing element (a bad seek, a detached element) must not kill the actor: report instead.
    receive((command) => {
      try {
        run(command);
      } catch (e) {
        report({ type: 'audio.error', message: e instanceof Error ? e.message : String(e) });
      }
    });

    return () => {
      stopped = true;
      for (const [type, listener] of Object.entries(listeners)) element.removeEventListener(type, listener);
      try {
        unload();
      } catch {
        // a stopping player has nobody left to tell
      }
    };
  });
}

export const audioActor = createAudioActor();

/**
 * Warms the browser's cache for a track that will play next: a detached element loads the URL
 * until it could play through (or fails, or `signal` aborts), then lets go of it.
 * A helper for the wiring's `preload` actor; resolves in every case (a preload is best effort).
 */
export function preloadAudio(url: string, signal?: AbortSignal, createElement: CreateAudioElement = defaultElement): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const element = createElement();
    const done = () => {
      element.removeEventListener('canplaythrough', done);
      element.removeEventListener('error', done);
      signal?.removeEventListener('abort', done);
      element.removeAttribute('src');
      element.load();
      resolve();
    };
    element.addEventListener('canplaythrough', done);
    element.addEventListener('error', done);
    signal?.addEventListener('abort', done);
    element.preload = 'auto';
    element.src = url;
    element.load();
  });
}
