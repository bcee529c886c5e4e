// 音量均衡 at play time (docs/behaviour.md#sound): each element's own gain in the graph, from what is
// known of its track. A track measured before (stored on this device) gets its gain at once; one
// not measured yet starts at a safe level, is measured as it plays (the tap hears it before any
// gain; the meter runs in a worker) and glides to its gain as the measurement firms up. A track
// heard whole, from its start to its end without a seek, is stored for every play after. While
// 音量均衡 is off nothing is looked up or measured (a track starts as fast as without it); turned on
// mid-track, what plays is looked up and measured from there (not a whole hearing).
import { albumLoudness, normalisationGainDb, type Loudness } from '@/rules/loudnessGain';
import type { NormalisationSettings } from '@/rules/sound';
import { DEFAULT_TARGET_LUFS, LOUDNESS_ESTIMATE_AFTER_S, LOUDNESS_ESTIMATE_EVERY_MS } from '@/shared/constants';
import type { LoudnessWorker } from '@/services/loudness/loudnessWorker';
import type { ParamLike } from './audioNodes';
import type { TapChunk } from './loudnessTap.worklet';

/** which track an element plays, in which quality (its loudness is kept per quality) */
export interface PlayedTrack {
  /** trackKey */
  track: string;
  albumId: string;
  discId: number;
  trackId: number;
  quality: string;
}

/** the tap on an element's source (an AudioWorkletNode): chunks come through its port */
export interface TapLike {
  readonly port: { onmessage: ((event: { data: TapChunk }) => void) | null; postMessage(message: unknown): void };
  disconnect(): void;
}

export interface NormaliserDeps {
  readTrack(track: string, quality: string): Promise<Loudness | null>;
  readAlbum(albumId: string, quality: string): Promise<Loudness[]>;
  save(played: PlayedTrack, loudness: Loudness): Promise<void>;
  /** how many tracks the album has, when known: its gain counts once every one is measured */
  albumTrackCount(albumId: string): Promise<number | null>;
  meter: Pick<LoudnessWorker, 'startMeasure' | 'addChunk' | 'peek' | 'finish' | 'cancel'>;
  /** the audio clock (s), for the gain's glide */
  now(): number;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** how quickly a gain glides to a new value (time constant, s): a slow fade, never a jump */
const GLIDE_S = 0.6;

interface Slot {
  played: PlayedTrack | null;
  gain: ParamLike;
  stored: Loudness | null;
  album: Loudness | null;
  estimate: Loudness | null;
  /** its stored measurements were asked for (not while 音量均衡 is off) */
  lookedUp: boolean;
  /** the measurement running while it plays, and whether it has heard it all so far */
  measuring: { id: string; tap: TapLike; timer: unknown; whole: boolean } | null;
}

export interface Normaliser {
  /** an element loads a track (null: one the player cannot name); its gain starts at what is known */
  load(element: object, played: PlayedTrack | null, gain: ParamLike): void;
  /** whether the element's track is to be measured now (音量均衡 on, not measured, no tap yet): the graph then makes a tap */
  wantsTap(element: object): boolean;
  /**
   * the element's tap (stereo at the graph's rate), once the graph has one: the track is measured
   * unless it was before; `fromStart`: the tap hears the track from its beginning (a whole hearing can be kept)
   */
  tap(element: object, tap: TapLike, sampleRate: number, fromStart: boolean): void;
  /** a seek: this play no longer hears the track whole */
  seeked(element: object): void;
  /** the track played to its end: a whole hearing is stored */
  ended(element: object): void;
  release(element: object): void;
  setSettings(settings: NormalisationSettings): void;
}

let measurements = 0;

export function createNormaliser(deps: NormaliserDeps): Normaliser {
  const slots = new Map<object, Slot>();
  let settings: NormalisationSettings = { mode: 'off', targetLufs: DEFAULT_TARGET_LUFS };

  const apply = (slot: Slot, glide: boolean) => {
    const db = normalisationGainDb(settings, slot.stored ?? slot.estimate, slot.album);
    const value = 10 ** (db / 20);
    const now = deps.now();
    slot.gain.cancelScheduledValues(now);
    if (glide) slot.gain.setTargetAtTime(value, now, GLIDE_S);
    else slot.gain.setValueAtTime(value, now);
  };

  /** the album's loudness once every one of its tracks is measured in this quality, else null */
  const completeAlbum = async ({ albumId, quality }: PlayedTrack): Promise<Loudness | null> => {
    const [measured, count] = await Promise.all([deps.readAlbum(albumId, quality), deps.albumTrackCount(albumId)]);
    return count !== null && measured.length >= count ? albumLoudness(measured) : null;
  };

  const stopMeasuring = (slot: Slot, cancel: boolean) => {
    const running = slot.measuring;
    if (!running) return;
    slot.measuring = null;
    deps.clearInterval(running.timer);
    running.tap.port.onmessage = null;
    running.tap.disconnect();
    if (cancel) deps.meter.cancel(running.id);
  };

  const lookUp = (element: object, slot: Slot) => {
    slot.lookedUp = true;
    void readStored(element, slot);
  };
  const readStored = async (element: object, slot: Slot) => {
    const played = slot.played;
    if (!played) return;
    try {
      const [stored, album] = await Promise.all([deps.readTrack(played.track, played.quality), completeAlbum(played)]);
      if (slots.get(element) !== slot || slot.played !== played) return;
      slot.stored = stored;
      slot.album = album;
      if (stored) stopMeasuring(slot, true);
      apply(slot, true);
    } catch (error) {
      // no store on this device (private mode): the track is measured as it plays, every time
      console.warn('loudness measurements could not be read', error);
    }
  };

  const store = async (slot: Slot, played: PlayedTrack, id: string) => {
    const result = await deps.meter.finish(id);
    if (result.integratedLufs === null) return;
    const loudness = { lufs: result.integratedLufs, truePeakDbtp: result.truePeakDbtp, seconds: result.seconds };
    await deps.save(played, loudness);
    if (slot.played === played) slot.stored = loudness;
  };

  return {
    load(element, played, gain) {
      const old = slots.get(element);
      if (old) stopMeasuring(old, true);
      const slot: Slot = { played, gain, stored: null, album: null, estimate: null, lookedUp: false, measuring: null };
      slots.set(element, slot);
      apply(slot, false);
      if (settings.mode !== 'off') lookUp(element, slot);
    },
    wantsTap(element) {
      const slot = slots.get(element);
      return settings.mode !== 'off' && !!slot?.played && !slot.stored && !slot.measuring;
    },
    tap(element, tap, sampleRate, fromStart) {
      const slot = slots.get(element);
      if (!slot?.played || slot.stored || slot.measuring) {
        tap.disconnect();
        return;
      }
      const id = `${slot.played.track}|${slot.played.quality}#${++measurements}`;
      deps.meter.startMeasure(id, sampleRate, 2);
      tap.port.onmessage = ({ data }) => {
        if (data.channels[0]?.length) deps.meter.addChunk(id, data.channels);
      };
      const timer = deps.setInterval(() => {
        deps.meter.peek(id).then(
          (result) => {
            if (slot.measuring?.id !== id || slot.stored || result.integratedLufs === null) return;
            if (result.seconds < LOUDNESS_ESTIMATE_AFTER_S) return;
            slot.estimate = { lufs: result.integratedLufs, truePeakDbtp: result.truePeakDbtp, seconds: result.seconds };
            apply(slot, true);
          },
          () => undefined,
        );
      }, LOUDNESS_ESTIMATE_EVERY_MS);
      slot.measuring = { id, tap, timer, whole: fromStart };
    },
    seeked(element) {
      const running = slots.get(element)?.measuring;
      if (running) running.whole = false;
    },
    ended(element) {
      const slot = slots.get(element);
      const running = slot?.measuring;
      const played = slot?.played;
      if (!slot || !running || !played) return;
      if (!running.whole) {
        stopMeasuring(slot, true);
        return;
      }
      // what the tap still holds comes first, then the measurement ends (letting the element go
      // meanwhile does not stop it)
      const { tap, id } = running;
      slot.measuring = null;
      deps.clearInterval(running.timer);
      tap.port.onmessage = ({ data }) => {
        if (data.channels[0]?.length) deps.meter.addChunk(id, data.channels);
        if (!data.flushed) return;
        tap.port.onmessage = null;
        tap.disconnect();
        store(slot, played, id).catch((error: unknown) => console.warn('a loudness measurement was not kept', error));
      };
      tap.port.postMessage('flush');
    },
    release(element) {
      const slot = slots.get(element);
      if (!slot) return;
      // a measurement being stored (the track ended) finishes by itself
      stopMeasuring(slot, true);
      slots.delete(element);
    },
    setSettings(next) {
      settings = next;
      for (const [element, slot] of slots) {
        apply(slot, true);
        if (settings.mode !== 'off' && !slot.lookedUp) lookUp(element, slot);
      }
    },
  };
}
