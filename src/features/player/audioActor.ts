// The <audio> element as an actor (docs/architecture.md#7-playback): the player machine invokes it for its whole life
// and sends it commands (`audio.load`, `audio.play`, …); the element's events come back as reports
// with other names (`audio.playing`, `audio.ended`, …) so a report never re-triggers a command.
// Stopping the actor pauses the element, drops its source and removes every listener.
import { fromCallback } from 'xstate';
import {
  FIRST_HAND_OVER_DELAY_MS,
  FIRST_ROUTED_HAND_OVER_DELAY_MS,
  HAND_OVER_WINDOW_MS,
  MAX_START_DELAY_MS,
  OVERLAP_CUT_S,
} from '@/shared/firstPageConstants';
import type { SoundSettings } from '@/rules/sound';
import type { AudioGraph } from './audioGraph';
import type { PlayedTrack } from './normaliser';

export type AudioCommand =
  /** `played`: which track it is (its 音量均衡 gain follows it); absent or null: unnamed */
  /** `startAt`: the second to start from (继续播放), 0 or absent for the start */
  | { type: 'audio.load'; url: string; autoplay: boolean; played?: PlayedTrack | null; startAt?: number }
  /** stop and forget the source (before the next track resolves, or after a failure) */
  | { type: 'audio.unload' }
  | { type: 'audio.play' }
  | { type: 'audio.pause' }
  | { type: 'audio.seek'; time: number }
  /** volume in percent 0–100 */
  | { type: 'audio.volume'; volume: number; muted: boolean }
  /**
   * Gapless playback: load the track that follows into a second element; once it is ready, it
   * starts the moment the current one ends (`audio.handedOver`).
   */
  | { type: 'audio.prepareNext'; url: string; played?: PlayedTrack | null }
  /** an overlap ends now: the outgoing track goes quiet at once (a skip, a pause, a seek) */
  | { type: 'audio.endOverlap' }
  /** forget the prepared next track (another one follows now, or none) */
  | { type: 'audio.dropNext' }
  /** the output fades to silence over `ms` (the sleep timer's last seconds); the track plays on */
  | { type: 'audio.fadeOut'; ms: number }
  /** the output at its full level again (a fade cancelled, or after the pause it led to) */
  | { type: 'audio.restoreLevel' }
  /** the sound settings (the 均衡器), applied while playing */
  | { type: 'audio.sound'; sound: SoundSettings };

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
  | { type: 'audio.playRejected'; name: string; message: string }
  /** the prepared next track can play through: it will take over at the end */
  | { type: 'audio.nextReady' }
  /** the prepared next track failed to load; the end of the current one is reported as `audio.ended` */
  | { type: 'audio.nextFailed'; message: string }
  /** the prepared next track started as the current one ended and is now the element played */
  | { type: 'audio.handedOver'; duration: number | null }
  /** …and the one before fades out under it for `seconds` (淡入淡出) */
  | { type: 'audio.crossfading'; seconds: number }
  /** the track faded out is gone (its end, or the overlap ended early) */
  | { type: 'audio.overlapEnded' };

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

/** the clock the hand-over is timed by (tests pass a fake) */
export interface AudioClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Asked for with CORS (libraries answer every origin), or the graph would hear silence from another origin.
const defaultElement: CreateAudioElement = () => {
  const element = new Audio();
  element.crossOrigin = 'anonymous';
  return element;
};

/**
 * the graph the elements feed; none where the browser has no Web Audio (they play straight). Its
 * code loads beside the first page's: until it is in, elements play straight.
 */
export type CreateGraph = () => AudioGraph | Promise<AudioGraph | null> | null;
/** the browser's graph; `albumTrackCount` tells 音量均衡 by album when an album is measured whole */
export const browserGraph =
  (albumTrackCount: (albumId: string) => Promise<number | null>): CreateGraph =>
  () =>
    typeof AudioContext === 'function'
      ? import('./audioGraph').then(
          ({ createStoredAudioGraph }) => createStoredAudioGraph(albumTrackCount),
          () => null,
        )
      : null;

const browserClock: AudioClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

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

/** a volume in percent (0–100) as the element's level (0–1); unreadable is full volume */
function clampVolumeLevel(percent: number): number {
  if (!Number.isFinite(percent)) return 1;
  return Math.min(Math.max(percent, 0), 100) / 100;
}

/** how often a fade sets the level (20 steps a second, each under 0.5 dB near full level) */
const FADE_STEP_MS = 50;

/** how many recent start-up delays the hand-over is timed by */
const START_DELAY_SAMPLES = 5;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function errorMessage(element: AudioElementLike): string {
  const code = element.error?.code ?? 0;
  return element.error?.message || MEDIA_ERRORS[code] || 'media error';
}

function hasSource(element: AudioElementLike): boolean {
  return element.getAttribute('src') !== null && element.src !== '';
}

function unload(element: AudioElementLike): void {
  element.pause();
  element.removeAttribute('src');
  element.load();
}

/**
 * The audio actor over an element factory (default: `new Audio()`).
 *
 * Gapless hand-over: a play() takes the browser a while to reach the speakers, so the prepared
 * element is started that long before the current one's last sample. The delay is measured on
 * this browser at every hand-over (from play() to the first sample, read off the element's clock),
 * and the timer is set again at each `timeupdate` of the last seconds, from the element's own
 * time. The old element plays out its last samples and is let go. With 淡入淡出 (the graph's rule
 * says how long) the prepared element starts that much earlier and the old one fades out under it.
 *
 * `createGraph` gives the Web Audio graph the elements feed (loaded beside the first page): each
 * element is routed at its first play; until then, or without one, elements play straight.
 */
export function createAudioActor(
  createElement: CreateAudioElement = defaultElement,
  clock: AudioClock = browserClock,
  createGraph: CreateGraph = () => null,
) {
  return fromCallback<AudioCommand, AudioInput>(({ sendBack, receive, input }) => {
    let stopped = false;
    const report = (event: AudioReport) => {
      if (!stopped) sendBack(event);
    };
    let first: AudioElementLike;
    try {
      first = createElement();
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

    let volume = clampVolumeLevel(input.volume);
    let muted = input.muted;
    /** the sound settings sent since the start (the graph reads the stored ones itself) */
    let sound: SoundSettings | null = null;
    let graph: AudioGraph | null = null;
    /** what each element plays, for a graph that arrives after the loads */
    const playedBy = new Map<AudioElementLike, PlayedTrack | null>();
    /** the fade's share of the volume: 1, down to 0 while the sleep timer fades the output */
    let level = 1;
    let fade: { from: number; at: number; ms: number } | null = null;
    let fadeTimer: unknown = null;
    /** the element played (every report is about it) */
    let current = first;
    /** the prepared next track, and whether it can play through */
    let next: AudioElementLike | null = null;
    let nextReady = false;
    /** elements fading out under the current one (a crossfade), until they end or the overlap is cut */
    const fading = new Set<AudioElementLike>();
    let cutTimer: unknown = null;
    /** old elements playing out their last samples after a hand-over */
    const retiring = new Set<AudioElementLike>();
    /**
     * ms from play() to the first sample of a prepared element while another one plays, measured
     * at each hand-over (a first start of the page's audio is slower and says nothing of it). A
     * start lands on the audio output's next callback, so single figures differ by one callback
     * period (23 ms in headless Chromium): the median of the last few is used. An element routed
     * through the running graph starts within a few ms (the graph already pulls sound), one that
     * plays straight opens the output first: the two are timed apart.
     */
    const startDelays = { routed: [] as number[], straight: [] as number[] };
    const startDelay = (routed: boolean) => {
      const measured = startDelays[routed ? 'routed' : 'straight'];
      if (measured.length > 0) return median(measured);
      return routed ? FIRST_ROUTED_HAND_OVER_DELAY_MS : FIRST_HAND_OVER_DELAY_MS;
    };
    /** a hand-over's start being measured: when play() was called, from which position, through the graph or not */
    let measuring: { at: number; from: number; routed: boolean } | null = null;
    let handOverTimer: unknown = null;
    const detachers = new Map<AudioElementLike, () => void>();

    const times = () => ({
      currentTime: finiteOrNull(current.currentTime) ?? 0,
      duration: finiteOrNull(current.duration),
    });

    const play = (element: AudioElementLike) => {
      let pending: Promise<void> | undefined;
      try {
        pending = element.play();
      } catch (e) {
        pending = Promise.reject(e);
      }
      // Older engines return undefined; a rejection must never go unhandled.
      pending?.catch((e: unknown) => {
        const name =
          e instanceof Error || (e !== null && typeof e === 'object' && 'name' in e)
            ? String((e as { name: unknown }).name)
            : 'Error';
        // AbortError: a newer load() or pause() interrupted this play(); nothing to report.
        if (name === 'AbortError' || element !== current) return;
        report({ type: 'audio.playRejected', name, message: e instanceof Error ? e.message : String(e) });
      });
    };

    const cancelHandOver = () => {
      if (handOverTimer !== null) clock.clearTimeout(handOverTimer);
      handOverTimer = null;
    };

    const release = (element: AudioElementLike) => {
      detachers.get(element)?.();
      detachers.delete(element);
      retiring.delete(element);
      if (fading.delete(element) && fading.size === 0) report({ type: 'audio.overlapEnded' });
      playedBy.delete(element);
      graph?.release(element);
      try {
        unload(element);
      } catch {
        // an element that cannot be unloaded is dropped all the same
      }
    };

    const dropNext = () => {
      cancelHandOver();
      if (next) release(next);
      next = null;
      nextReady = false;
    };

    /** 淡入淡出 into the prepared track, seconds (0: gapless; the graph's rule, where it fades both) */
    const nextFade = () => (next && graph ? graph.fadeSeconds(current, next) : 0);

    /** the outgoing tracks go quiet now and are let go once quiet */
    const endOverlap = () => {
      if (fading.size === 0) return;
      graph?.endOverlap([...fading], current);
      const outgoing = [...fading];
      if (cutTimer !== null) clock.clearTimeout(cutTimer);
      cutTimer = clock.setTimeout(() => {
        cutTimer = null;
        for (const element of outgoing) release(element);
      }, OVERLAP_CUT_S * 1000);
    };

    /**
     * The prepared element becomes the current one, started now; the old one plays out: its last
     * samples (gapless), or its last seconds fading out under the new one (淡入淡出: as long as
     * was chosen, or what is left when that is less, after a seek into it).
     */
    const handOver = () => {
      cancelHandOver();
      if (!next || !nextReady) return;
      const old = current;
      const duration = finiteOrNull(old.duration);
      const left = duration === null || old.ended ? 0 : duration - old.currentTime;
      const overlap = Math.min(nextFade(), left);
      current = next;
      next = null;
      nextReady = false;
      measuring = { at: clock.now(), from: current.currentTime, routed: graph?.routes(current) ?? false };
      play(current);
      const crossfading = overlap > 0.05 && (graph?.crossfade(old, current, overlap) ?? false);
      // a hand-over whose timer came after the end (a busy page) runs before the element's own
      // `ended`: the track was still heard to its end (音量均衡 keeps a whole hearing). Told twice
      // (from `ended` too) is harmless.
      if (old.ended) graph?.ended(old);
      if (old.ended || old.paused) release(old);
      else retiring.add(old);
      if (crossfading && retiring.has(old)) fading.add(old);
      report({ type: 'audio.handedOver', duration: finiteOrNull(current.duration) });
      if (fading.has(old)) report({ type: 'audio.crossfading', seconds: overlap });
    };

    /** (re)sets the hand-over timer from the current element's time; near the end only */
    const scheduleHandOver = () => {
      cancelHandOver();
      const duration = finiteOrNull(current.duration);
      if (!next || !nextReady || current.paused || duration === null) return;
      const remaining = (duration - current.currentTime) * 1000;
      const overlap = nextFade() * 1000;
      if (remaining > HAND_OVER_WINDOW_MS + overlap) return;
      const delay = startDelay(graph?.routes(next) ?? false);
      handOverTimer = clock.setTimeout(handOver, Math.max(0, remaining - overlap - delay));
    };

    /** the first sample of a fresh start: how long play() took to sound */
    const measureStart = () => {
      if (!measuring || current.paused) return;
      const played = (current.currentTime - measuring.from) * 1000;
      if (played <= 0) return;
      const delay = clock.now() - measuring.at - played;
      const measured = startDelays[measuring.routed ? 'routed' : 'straight'];
      measuring = null;
      if (delay < 0 || delay >= MAX_START_DELAY_MS) return;
      measured.push(delay);
      if (measured.length > START_DELAY_SAMPLES) measured.shift();
    };

    const currentListeners: Record<string, () => void> = {
      canplay: () => report({ type: 'audio.loaded', duration: finiteOrNull(current.duration) }),
      // Only when still playing: a `pause` queued before a quick resume must not undo it.
      playing: () => {
        if (!current.paused) report({ type: 'audio.playing' });
      },
      // The end of a track pauses the element just before `ended`; that is reported as `ended` only.
      pause: () => {
        cancelHandOver();
        if (current.paused && !current.ended) report({ type: 'audio.paused' });
      },
      timeupdate: () => {
        measureStart();
        scheduleHandOver();
        report({ type: 'audio.timeupdate', ...times() });
      },
      durationchange: () => report({ type: 'audio.timeupdate', ...times() }),
      seeking: cancelHandOver,
      // a timer that came too late (a busy page) still hands over at once, before anything else
      ended: () => {
        graph?.ended(current);
        if (next && nextReady) handOver();
        else report({ type: 'audio.ended' });
      },
      // An element without a source (after unload) has nothing to fail.
      error: () => {
        if (hasSource(current)) report({ type: 'audio.error', message: errorMessage(current) });
      },
    };
    const nextListeners: Record<string, (element: AudioElementLike) => void> = {
      canplaythrough: () => {
        if (nextReady) return;
        nextReady = true;
        report({ type: 'audio.nextReady' });
        scheduleHandOver();
      },
      error: (element) => {
        if (!hasSource(element)) return;
        const message = errorMessage(element);
        dropNext();
        report({ type: 'audio.nextFailed', message });
      },
    };

    /** one set of listeners per element, routed by the element's role at the time of the event */
    const attach = (element: AudioElementLike) => {
      const types = new Set([...Object.keys(currentListeners), ...Object.keys(nextListeners)]);
      const handlers = [...types].map((type) => {
        const handler = () => {
          if (stopped) return;
          if (element === current) currentListeners[type]?.();
          else if (element === next) nextListeners[type]?.(element);
          else if (retiring.has(element) && (type === 'ended' || type === 'pause' || type === 'error')) {
            // the end pauses the element before `ended` comes: either says it played to its end
            if (element.ended) graph?.ended(element);
            release(element);
          }
        };
        element.addEventListener(type, handler);
        return [type, handler] as const;
      });
      detachers.set(element, () => {
        for (const [type, handler] of handlers) element.removeEventListener(type, handler);
      });
      element.preload = 'auto';
      setLevel(element);
    };

    /** a routed element plays at full level into the graph, which sets the volume; others by themselves */
    const setLevel = (element: AudioElementLike) => {
      const routed = graph?.routes(element) ?? false;
      element.volume = routed ? 1 : volume * level;
      element.muted = routed ? false : muted;
    };
    const applyVolume = () => {
      for (const element of [current, next, ...retiring]) if (element) setLevel(element);
    };
    /** through the graph from now on, when it can sound (at a play: the listener's gesture lets it start) */
    const route = (element: AudioElementLike) => {
      if (graph?.route(element)) setLevel(element);
    };
    attach(current);
    /** what plays (and what is prepared) goes through the graph as soon as it can */
    const routeAll = () => {
      if (stopped) return;
      for (const element of [current, next, ...retiring]) if (element) route(element);
    };
    const takeGraph = (made: AudioGraph | null) => {
      if (!made) return;
      if (stopped) {
        made.close();
        return;
      }
      graph = made;
      made.setVolume(volume, muted);
      if (sound) made.setSound(sound);
      for (const [element, played] of playedBy) made.load(element, played);
      made.onRunning(routeAll);
      // a track already playing straight moves into it
      if (!current.paused) routeAll();
    };
    const made = createGraph();
    if (made instanceof Promise) void made.then(takeGraph, () => undefined);
    else takeGraph(made);

    const cancelFade = () => {
      if (fadeTimer !== null) clock.clearTimeout(fadeTimer);
      fadeTimer = null;
      fade = null;
    };
    /** an equal-power curve (cosine) from the level the fade started at down to silence */
    const stepFade = () => {
      fadeTimer = null;
      if (!fade) return;
      const done = fade.ms <= 0 ? 1 : Math.min(1, (clock.now() - fade.at) / fade.ms);
      level = fade.from * Math.cos((done * Math.PI) / 2);
      if (done >= 1) {
        level = 0;
        fade = null;
      } else fadeTimer = clock.setTimeout(stepFade, FADE_STEP_MS);
      applyVolume();
    };

    const run = (command: AudioCommand) => {
      switch (command.type) {
        case 'audio.load':
          cancelHandOver();
          current.src = command.url;
          current.load();
          // before the media is known this sets where it starts (the default playback start position)
          if (command.startAt) current.currentTime = command.startAt;
          playedBy.set(current, command.played ?? null);
          graph?.load(current, command.played ?? null);
          if (command.autoplay) {
            route(current);
            play(current);
          }
          break;
        case 'audio.unload':
          cancelHandOver();
          if (hasSource(current)) unload(current);
          break;
        case 'audio.play':
          route(current);
          play(current);
          break;
        case 'audio.pause':
          cancelHandOver();
          current.pause();
          break;
        case 'audio.seek':
          if (Number.isFinite(command.time) && command.time >= 0) {
            current.currentTime = command.time;
            graph?.seeked(current);
          }
          break;
        case 'audio.volume':
          volume = clampVolumeLevel(command.volume);
          muted = command.muted;
          graph?.setVolume(volume, muted);
          applyVolume();
          break;
        case 'audio.fadeOut': {
          cancelFade();
          const ms = Number.isFinite(command.ms) ? Math.max(command.ms, 0) : 0;
          graph?.fadeOut(ms);
          // an element that plays straight (no graph yet) fades by steps
          fade = { from: level, at: clock.now(), ms };
          stepFade();
          break;
        }
        case 'audio.restoreLevel':
          cancelFade();
          graph?.restoreLevel();
          level = 1;
          applyVolume();
          break;
        case 'audio.sound':
          sound = command.sound;
          graph?.setSound(sound);
          break;
        case 'audio.prepareNext': {
          dropNext();
          const element = createElement();
          next = element;
          attach(element);
          route(element);
          element.src = command.url;
          element.load();
          playedBy.set(element, command.played ?? null);
          graph?.load(element, command.played ?? null);
          break;
        }
        case 'audio.dropNext':
          dropNext();
          break;
        case 'audio.endOverlap':
          endOverlap();
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
      cancelHandOver();
      cancelFade();
      if (cutTimer !== null) clock.clearTimeout(cutTimer);
      for (const element of [current, next, ...retiring]) {
        if (!element) continue;
        detachers.get(element)?.();
        try {
          unload(element);
        } catch {
          // a stopping player has nobody left to tell
        }
      }
      graph?.close();
    };
  });
}

/** the actor the machine names; `definePlayerActors` gives the real one, with the graph */
export const audioActor = createAudioActor();
