// The element the player plays: the player makes its <audio> elements with `new Audio()` and never
// attaches them to the document, so an init script wraps `window.Audio` (every element lands in
// `window.__audios`) and `HTMLMediaElement.prototype.play` (the element play() was last called on
// is `window.__player`; preload elements are never played).
// Its sound goes through the player's Web Audio graph, where the volume, the mute and the sleep
// timer's fade are gains: the script notes each node's connections, so `window.__graphGain(element)`
// multiplies the gains from the element's source to the speakers (null: the element plays straight),
// and an analyser hears what reaches them (`outputLevelAt`).
import type { Page } from 'playwright-core';
import { createLoudnessMeter } from '@/services/loudness/meter';

// Kept a string: a function would be serialised after the test transform, helpers and all.
export const AUDIO_SPY = `(() => {
  const NativeAudio = window.Audio;
  const audios = [];
  window.__audios = audios;
  window.__player = null;
  const SpyAudio = function (src) {
    const element = src === undefined ? new NativeAudio() : new NativeAudio(src);
    audios.push(element);
    return element;
  };
  SpyAudio.prototype = NativeAudio.prototype;
  window.Audio = SpyAudio;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    window.__player = this;
    return play.call(this);
  };
  const outputs = new Map();
  const sources = new Map();
  const connect = AudioNode.prototype.connect;
  AudioNode.prototype.connect = function (target, ...rest) {
    if (target instanceof AudioNode) outputs.set(this, [...(outputs.get(this) || []), target]);
    // what reaches the speakers is listened to as well (an analyser needs no destination to run)
    if (target instanceof AudioDestinationNode) {
      const analyser = this.context.createAnalyser();
      analyser.fftSize = 16384;
      analyser.smoothingTimeConstant = 0;
      connect.call(this, analyser);
      window.__graphOutput = analyser;
      window.__graphOutNode = this;
    }
    return connect.call(this, target, ...rest);
  };
  const disconnect = AudioNode.prototype.disconnect;
  AudioNode.prototype.disconnect = function (...args) {
    if (args.length === 0) outputs.delete(this);
    return disconnect.apply(this, args);
  };
  const createSource = AudioContext.prototype.createMediaElementSource;
  AudioContext.prototype.createMediaElementSource = function (element) {
    const source = createSource.call(this, element);
    sources.set(element, source);
    return source;
  };
  // what reaches the speakers for the next \`seconds\`, each channel as base64 of its float samples
  window.__recordOutput = (seconds) =>
    new Promise((resolve) => {
      const node = window.__graphOutNode;
      const context = node.context;
      const recorder = context.createScriptProcessor(4096, 2, 2);
      const channels = [[], []];
      const wanted = Math.round(seconds * context.sampleRate);
      let frames = 0;
      recorder.onaudioprocess = (event) => {
        if (frames >= wanted) return;
        for (let c = 0; c < 2; c++) channels[c].push(event.inputBuffer.getChannelData(c).slice());
        frames += event.inputBuffer.length;
        if (frames < wanted) return;
        node.disconnect(recorder);
        recorder.disconnect();
        const encode = (parts) => {
          const all = new Float32Array(frames);
          let at = 0;
          for (const part of parts) {
            all.set(part, at);
            at += part.length;
          }
          let text = '';
          const bytes = new Uint8Array(all.buffer);
          for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return btoa(text);
        };
        resolve({ sampleRate: context.sampleRate, left: encode(channels[0]), right: encode(channels[1]) });
      };
      connect.call(node, recorder);
      connect.call(recorder, context.destination);
    });
  window.__graphGain = (element) => {
    let node = sources.get(element);
    if (!node || !outputs.has(node)) return null;
    let gain = 1;
    while (node && !(node instanceof AudioDestinationNode)) {
      if (node instanceof GainNode) gain *= node.gain.value;
      node = (outputs.get(node) || [])[0];
    }
    return node ? gain : 0;
  };
})();`;

export interface AudioState {
  found: boolean;
  paused: boolean;
  currentTime: number;
  duration: number;
  /** the element muted, or the graph's gain down to silence */
  muted: boolean;
  /** the level heard: the element's volume times the gains of the graph it feeds */
  volume: number;
  /** whether its sound goes through the player's graph */
  routed: boolean;
  src: string;
}

/** what the element play() was last called on is doing (install AUDIO_SPY with page.addInitScript first) */
export function audio(page: Page): Promise<AudioState> {
  return page.evaluate(() => {
    const spied = window as unknown as {
      __player: HTMLAudioElement | null;
      __graphGain: (element: HTMLAudioElement) => number | null;
    };
    const element = spied.__player;
    if (!element)
      return {
        found: false,
        paused: true,
        currentTime: 0,
        duration: NaN,
        muted: false,
        volume: 0,
        routed: false,
        src: '',
      };
    const gain = spied.__graphGain(element);
    return {
      found: true,
      paused: element.paused,
      currentTime: element.currentTime,
      duration: element.duration,
      muted: element.muted || gain === 0,
      volume: element.volume * (gain ?? 1),
      routed: gain !== null,
      src: element.currentSrc || element.src,
    };
  });
}

/**
 * The level (dB, the analyser's full scale) of what the graph sends to the speakers at `hz`: the
 * strongest bin within 20 Hz of it, over one analysis window of the output now.
 */
export async function outputLevelAt(page: Page, hz: number): Promise<number> {
  return (await outputNow(page, [hz])).levels[0]!;
}

/** the loudness (EBU R128, LUFS) of what the graph sends to the speakers over the next `seconds` */
export async function outputLoudness(page: Page, seconds: number): Promise<number | null> {
  const recorded = await page.evaluate(
    (s) =>
      (
        window as unknown as {
          __recordOutput: (s: number) => Promise<{ sampleRate: number; left: string; right: string }>;
        }
      ).__recordOutput(s),
    seconds,
  );
  const decode = (base64: string) => {
    const bytes = Buffer.from(base64, 'base64');
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  };
  const meter = createLoudnessMeter(recorded.sampleRate, 2);
  meter.add([decode(recorded.left), decode(recorded.right)]);
  return meter.result().integratedLufs;
}

/** the level (dB of full scale, RMS) of what the graph sends to the speakers, over one analysis window */
export async function outputRmsDb(page: Page): Promise<number> {
  return (await outputNow(page, [])).levels[0]!;
}

/**
 * In one step in the page: the played element's time, the output's level at each of `hz` (as
 * `outputLevelAt`) and, last, its RMS level (as `outputRmsDb`).
 */
export function outputNow(page: Page, hz: number[]): Promise<{ currentTime: number; levels: number[] }> {
  return page.evaluate((wanted) => {
    const spied = window as unknown as { __player: HTMLAudioElement | null; __graphOutput?: AnalyserNode };
    const analyser = spied.__graphOutput;
    const currentTime = spied.__player?.currentTime ?? 0;
    if (!analyser) return { currentTime, levels: [...wanted, 0].map(() => Number.NEGATIVE_INFINITY) };
    const bins = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(bins);
    const width = analyser.context.sampleRate / analyser.fftSize;
    const levels = wanted.map((frequency) => {
      let level = Number.NEGATIVE_INFINITY;
      for (let i = Math.floor((frequency - 20) / width); i <= Math.ceil((frequency + 20) / width); i++)
        level = Math.max(level, bins[i] ?? Number.NEGATIVE_INFINITY);
      return level;
    });
    const samples = new Float32Array(analyser.fftSize);
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    return { currentTime, levels: [...levels, 10 * Math.log10(sum / samples.length)] };
  }, hz);
}

/** what this device measured of tracks' loudness (IndexedDB `loudness`): each record's key, quality and LUFS */
export function measuredLoudness(page: Page): Promise<{ key: string; quality: string; lufs: number }[]> {
  return page.evaluate(
    () =>
      new Promise<{ key: string; quality: string; lufs: number }[]>((resolve) => {
        const open = indexedDB.open('loudness');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('tracks')) return resolve([]);
          const all = db.transaction('tracks').objectStore('tracks').getAll();
          all.onsuccess = () => resolve(all.result as { key: string; quality: string; lufs: number }[]);
          all.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      }),
  );
}
