// The one Web Audio graph every element of the player feeds (docs/architecture.md#7-playback):
//
//   element → source → track gain → fader ─┐
//   element → source → track gain → fader ─┴→ preamp → 10 bands → level → volume → speakers
//                 └→ tap (measures the track's loudness; no output)
//
// The track gain is 音量均衡's (normaliser.ts), one per element so that a hand-over changes it
// with the track; the fader is 淡入淡出's, where two elements overlap on equal-power curves.
// `level` is the sleep timer's fade, scheduled on the audio clock; `volume` is the player's volume
// and mute. The bands are peaking filters an octave wide; at 0 dB they pass the sound unchanged, so
// the bypass is every band and the preamp moved to 0 dB, without a gap. The graph starts with the
// first element routed through it (a play, inside the listener's gesture), never at page load.
import { EQ_BAND_HZ, OVERLAP_CUT_S } from '@/shared/constants';
import type { ContextLike, FilterLike, GainLike, NodeLike, ParamLike } from './audioNodes';
import { DEFAULT_SOUND, type EqualiserGains, type SoundSettings } from '@/rules/sound';
import { readSoundSettings } from '@/storage/soundSettings';
import { createLoudnessWorker } from '@/services/loudness/loudnessWorker';
import { readMeasuredAlbum, readMeasuredTrack, saveMeasuredTrack } from '@/storage/loudnessDb';
import { createNormaliser, type Normaliser, type PlayedTrack, type TapLike } from './normaliser';
import tapUrl from './loudnessTap.worklet.ts?worker&url';
import { equaliserGains } from '@/rules/equaliser';
import { crossfadeSeconds } from '@/rules/crossfade';

export type CreateContext = () => ContextLike;

/** 音量均衡 in the graph: its normaliser (on the graph's audio clock), and how a tap on an element's source is made (null: none here) */
export interface Loudness {
  makeNormaliser(now: () => number): Normaliser;
  makeTap(context: ContextLike): Promise<(TapLike & NodeLike) | null>;
}

export interface AudioGraph {
  /**
   * Routes the element through the graph, once for its life. False while the graph cannot sound
   * (no Web Audio here, or a context the browser has not let run yet): the element then plays
   * straight to the speakers at its own volume.
   */
  route(element: object): boolean;
  /** whether the element's sound goes through the graph */
  routes(element: object): boolean;
  /** the element is let go: its source leaves the graph */
  release(element: object): void;
  /** what an element loads (null: a track the player cannot name): its 音量均衡 gain follows it */
  load(element: object, played: PlayedTrack | null): void;
  /** the element sought: this play does not hear its track whole */
  seeked(element: object): void;
  /** the element played its track to the end */
  ended(element: object): void;
  /**
   * 淡入淡出: `from` fades out and `to` in over `seconds`, on equal-power curves on the audio
   * clock. False when either plays straight (then there is nothing to fade: the hand-over is gapless).
   */
  crossfade(from: object, to: object, seconds: number): boolean;
  /** an overlap ended early (a skip, a pause, a seek): `outgoing` goes quiet and `incoming` full at once, without a click */
  endOverlap(outgoing: readonly object[], incoming: object): void;
  /** asks a context that does not run yet to run (called on a play, inside the gesture) */
  wake(): void;
  /** the output stops running while no element is routed (a page touched but never played) */
  sleepIfIdle(): void;
  /** called each time the context starts running (elements that played straight can be routed) */
  onRunning(listener: () => void): void;
  /** volume 0–1 */
  setVolume(volume: number, muted: boolean): void;
  /** the level falls to silence over `ms` on an equal-power curve */
  fadeOut(ms: number): void;
  /** the level back to full, quickly but without a click */
  restoreLevel(): void;
  /** the 均衡器's curve (all 0 dB while it is off) and 音量均衡, applied while playing */
  setSound(sound: SoundSettings): void;
  /** 淡入淡出 from one element's track into the other's, seconds: 0 unless the graph can fade both */
  fadeSeconds(from: object, to: object): number;
  close(): void;
}

/** an octave wide: the bands meet about 3 dB down */
const BAND_Q = Math.SQRT2;
/** how quickly a changed gain settles (time constant, s): no click, no audible glide */
const SETTLE_S = 0.015;
/** points of the fade curve (the browser interpolates between them) */
const FADE_POINTS = 64;

const dbToGain = (db: number) => 10 ** (db / 20);

function defaultContext(): ContextLike {
  return new AudioContext() as unknown as ContextLike;
}

/** a cosine from `from` to 0: the level an equal-power fade-out passes through */
export function fadeOutCurve(from: number, points = FADE_POINTS): Float32Array {
  const curve = new Float32Array(points);
  for (let i = 0; i < points; i++) curve[i] = from * Math.cos(((i / (points - 1)) * Math.PI) / 2);
  return curve;
}

/** a sine from 0 to 1: the level an equal-power fade-in passes through (the fade-out's mirror) */
export function fadeInCurve(points = FADE_POINTS): Float32Array {
  const curve = new Float32Array(points);
  for (let i = 0; i < points; i++) curve[i] = Math.sin(((i / (points - 1)) * Math.PI) / 2);
  return curve;
}

/**
 * The graph over a context factory (default: the browser's AudioContext). Made without a context:
 * the first route() creates it, so a page that never plays starts no audio hardware.
 */
export function createAudioGraph(
  createContext: CreateContext | null = defaultContext,
  loudness: Loudness | null = null,
): AudioGraph {
  let context: ContextLike | null = null;
  let broken = createContext === null;
  let bus: { preamp: GainLike; bands: FilterLike[]; level: GainLike; volume: GainLike } | null = null;
  const sources = new Map<object, { source: NodeLike; gain: GainLike; fader: GainLike }>();
  const normaliser = loudness?.makeNormaliser(() => context?.currentTime ?? 0) ?? null;
  /** what each element plays, for 音量均衡 (set before or after it is routed) */
  const playing = new Map<object, PlayedTrack | null>();
  const runningListeners: Array<() => void> = [];
  let volumeNow = { volume: 1, muted: false };
  let soundNow: SoundSettings = DEFAULT_SOUND;
  let gainsNow: EqualiserGains = { preampDb: 0, bands: EQ_BAND_HZ.map(() => 0) };

  const settle = (param: ParamLike, value: number) => {
    if (!context) return;
    param.cancelScheduledValues(context.currentTime);
    param.setTargetAtTime(value, context.currentTime, SETTLE_S);
  };

  const applyVolume = () => {
    if (bus) settle(bus.volume.gain, volumeNow.muted ? 0 : volumeNow.volume);
  };
  const applyEqualiser = () => {
    if (!bus) return;
    settle(bus.preamp.gain, dbToGain(gainsNow.preampDb));
    bus.bands.forEach((band, i) => {
      settle(band.gain, gainsNow.bands[i] ?? 0);
    });
  };

  /** the context and the shared chain, made once; null where there is no Web Audio */
  const ready = (): ContextLike | null => {
    if (context || broken || !createContext) return context;
    try {
      const made = createContext();
      const preamp = made.createGain();
      const bands = EQ_BAND_HZ.map((hz) => {
        const band = made.createBiquadFilter();
        band.type = 'peaking';
        band.frequency.value = hz;
        band.Q.value = BAND_Q;
        band.gain.value = 0;
        return band;
      });
      const level = made.createGain();
      const volume = made.createGain();
      let last: NodeLike = preamp;
      for (const node of [...bands, level, volume]) {
        last.connect(node);
        last = node;
      }
      volume.connect(made.destination);
      context = made;
      bus = { preamp, bands, level, volume };
      made.addEventListener('statechange', () => {
        if (made.state === 'running') for (const listener of runningListeners) listener();
      });
      // the values set before the first route(), now without a glide
      volume.gain.value = volumeNow.muted ? 0 : volumeNow.volume;
      preamp.gain.value = dbToGain(gainsNow.preampDb);
      bands.forEach((band, i) => {
        band.gain.value = gainsNow.bands[i] ?? 0;
      });
    } catch (e) {
      // no Web Audio (or it refused): every element plays straight, as before the graph
      console.warn('audio graph unavailable', e);
      broken = true;
    }
    return context;
  };

  /** a routed element's track: its gain from what is known, and a tap to measure it if need be */
  /** a tap on the element's source, when 音量均衡 wants its track measured (`fromStart`: before it plays) */
  const measure = (element: object, played: PlayedTrack, fromStart: boolean) => {
    const routed = sources.get(element);
    if (!loudness || !normaliser || !routed || !context || !normaliser.wantsTap(element)) return;
    const made = context;
    void loudness.makeTap(made).then((tap) => {
      if (!tap) return;
      // the element moved on meanwhile (another track, or let go): this tap has nothing to hear
      if (sources.get(element) !== routed || playing.get(element) !== played) {
        tap.disconnect();
        return;
      }
      routed.source.connect(tap);
      normaliser.tap(element, tap, made.sampleRate, fromStart);
    });
  };
  const startLoudness = (element: object, played: PlayedTrack | null) => {
    const routed = sources.get(element);
    if (!normaliser || !routed) return;
    normaliser.load(element, played, routed.gain.gain);
    if (played) measure(element, played, true);
  };

  return {
    route(element) {
      if (sources.has(element)) return true;
      const made = ready();
      if (!made || !bus) return false;
      if (made.state !== 'running') {
        void made.resume().catch(() => undefined);
        return false;
      }
      try {
        const source = made.createMediaElementSource(element as never);
        const gain = made.createGain();
        const fader = made.createGain();
        source.connect(gain);
        gain.connect(fader);
        fader.connect(bus.preamp);
        sources.set(element, { source, gain, fader });
        if (playing.has(element)) startLoudness(element, playing.get(element) ?? null);
        return true;
      } catch (e) {
        // an element routed elsewhere already, or a browser that refuses: it plays straight
        console.warn('audio element not routed', e);
        return false;
      }
    },
    routes: (element) => sources.has(element),
    release(element) {
      const routed = sources.get(element);
      routed?.source.disconnect();
      routed?.gain.disconnect();
      routed?.fader.disconnect();
      sources.delete(element);
      playing.delete(element);
      normaliser?.release(element);
    },
    load(element, played) {
      playing.set(element, played);
      const routed = sources.get(element);
      // an element used again for another track is heard in full, whatever it last faded to
      if (routed && context) {
        routed.fader.gain.cancelScheduledValues(context.currentTime);
        routed.fader.gain.setValueAtTime(1, context.currentTime);
      }
      if (routed) startLoudness(element, played);
    },
    crossfade(from, to, seconds) {
      const [out, into] = [sources.get(from), sources.get(to)];
      if (!context || !out || !into || !(seconds > 0)) return false;
      const now = context.currentTime;
      const level = out.fader.gain.value;
      out.fader.gain.cancelScheduledValues(now);
      out.fader.gain.setValueCurveAtTime(fadeOutCurve(level), now, seconds);
      into.fader.gain.cancelScheduledValues(now);
      into.fader.gain.setValueCurveAtTime(fadeInCurve(), now, seconds);
      return true;
    },
    endOverlap(outgoing, incoming) {
      if (!context) return;
      const now = context.currentTime;
      const ramp = (param: ParamLike, to: number) => {
        const from = param.value;
        param.cancelScheduledValues(now);
        param.setValueAtTime(from, now);
        param.linearRampToValueAtTime(to, now + OVERLAP_CUT_S);
      };
      for (const element of outgoing) {
        const routed = sources.get(element);
        if (routed) ramp(routed.fader.gain, 0);
      }
      const routed = sources.get(incoming);
      if (routed) ramp(routed.fader.gain, 1);
    },
    seeked: (element) => normaliser?.seeked(element),
    ended: (element) => normaliser?.ended(element),
    wake() {
      const made = ready();
      if (made && made.state !== 'running') void made.resume().catch(() => undefined);
    },
    sleepIfIdle() {
      if (context?.state === 'running' && sources.size === 0) void context.suspend().catch(() => undefined);
    },
    onRunning(listener) {
      runningListeners.push(listener);
    },
    setVolume(volume, muted) {
      volumeNow = { volume, muted };
      applyVolume();
    },
    fadeOut(ms) {
      if (!context || !bus) return;
      const param = bus.level.gain;
      const now = context.currentTime;
      const from = param.value;
      param.cancelScheduledValues(now);
      param.setValueAtTime(from, now);
      if (ms > 0) param.setValueCurveAtTime(fadeOutCurve(from), now, ms / 1000);
      else param.setValueAtTime(0, now);
    },
    restoreLevel() {
      if (!context || !bus) return;
      const param = bus.level.gain;
      const now = context.currentTime;
      const from = param.value;
      param.cancelScheduledValues(now);
      param.setValueAtTime(from, now);
      param.setTargetAtTime(1, now, SETTLE_S);
    },
    fadeSeconds: (from, to) =>
      sources.has(from) && sources.has(to)
        ? crossfadeSeconds(soundNow.crossfade, playing.get(from) ?? null, playing.get(to) ?? null)
        : 0,
    setSound(sound) {
      soundNow = sound;
      gainsNow = equaliserGains(sound.equaliser);
      applyEqualiser();
      normaliser?.setSettings(sound.normalisation);
      // turned on while a track plays: it is measured from here (not a whole hearing)
      for (const [element, played] of playing) if (played) measure(element, played, false);
    },
    close() {
      for (const element of sources.keys()) normaliser?.release(element);
      for (const { source, gain, fader } of sources.values()) {
        source.disconnect();
        gain.disconnect();
        fader.disconnect();
      }
      sources.clear();
      runningListeners.length = 0;
      void context?.close().catch(() => undefined);
      context = null;
      bus = null;
    },
  };
}

/**
 * The graph the player starts with: the browser's, with the sound settings this device stored, and
 * 音量均衡 measuring in a worker and keeping what it measured on this device.
 */
export function createStoredAudioGraph(albumTrackCount: (albumId: string) => Promise<number | null>): AudioGraph {
  const meter = createLoudnessWorker();
  let tapModule: Promise<boolean> | null = null;
  const loadTapModule = (real: AudioContext) =>
    (tapModule ??= real.audioWorklet.addModule(tapUrl).then(
      () => true,
      (error: unknown) => {
        console.warn('loudness cannot be measured here', error);
        return false;
      },
    ));
  // The tap's module is added as the output is made (the listener's first press), not at the first
  // play: adding it restarts the output on the worklet's thread, which at a play held back the
  // track's start by tens of ms.
  const context = () => {
    const made = defaultContext();
    void loadTapModule(made as unknown as AudioContext);
    return made;
  };
  const graph = createAudioGraph(context, {
    makeNormaliser: (now) =>
      createNormaliser({
        readTrack: readMeasuredTrack,
        readAlbum: readMeasuredAlbum,
        save: (played, measured) => saveMeasuredTrack({ ...played, ...measured }),
        albumTrackCount,
        meter,
        now,
        setInterval: (run, ms) => setInterval(run, ms),
        clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
      }),
    async makeTap(context) {
      const real = context as unknown as AudioContext;
      if (!(await loadTapModule(real))) return null;
      return new AudioWorkletNode(real, 'loudness-tap', {
        numberOfInputs: 1,
        numberOfOutputs: 0,
        channelCount: 2,
        channelCountMode: 'explicit',
        channelInterpretation: 'speakers',
      }) as unknown as TapLike & NodeLike;
    },
  });
  graph.setSound(readSoundSettings());
  // The output starts at the listener's first press or key, not at the play it leads to: starting it
  // takes tens of ms, which then stay out of click → playing. Untouched for a while, it stops again.
  if (typeof window !== 'undefined') {
    const warm = () => {
      graph.wake();
      setTimeout(() => graph.sleepIfIdle(), IDLE_OUTPUT_MS);
    };
    for (const type of ['pointerdown', 'keydown'] as const)
      window.addEventListener(type, warm, { once: true, capture: true, passive: true });
  }
  return graph;
}

/** how long an output started by a press waits for something to play before it stops again */
const IDLE_OUTPUT_MS = 30_000;
