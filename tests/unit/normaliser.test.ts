// 音量均衡 at play time, over a store in memory, the real meter (on this thread) and taps fed by the
// test: a measured track's gain at once, an unmeasured one from a safe start to its estimate, a
// whole hearing stored, by album once every track is measured, and the ceiling on true peaks.
import { describe, expect, it } from 'vitest';
import { createNormaliser, type PlayedTrack, type TapLike } from '@/features/player/normaliser';
import type { TapChunk } from '@/features/player/loudnessTap.worklet';
import { albumLoudness, normalisationGainDb, type Loudness } from '@/rules/loudnessGain';
import { createLoudnessWorker } from '@/services/loudness/loudnessWorker';
import { LOUDNESS_ESTIMATE_EVERY_MS, UNMEASURED_LUFS } from '@/shared/constants';
import { flush } from '../machines/fakes';
import { FakeGain } from '../machines/fakeAudioContext';

const RATE = 8_000;
const played = (n: number, albumId = 'album-a'): PlayedTrack => ({
  track: `${albumId}-1-${n}`,
  albumId,
  discId: 1,
  trackId: n,
  quality: 'lossless',
});
const dbOf = (gain: number) => 20 * Math.log10(gain);
/** the elements, by name (any object stands for one) */
const elements = new Map<string, object>();
const el = (name: string) => elements.get(name) ?? elements.set(name, { name }).get(name)!;

/** one second of a stereo 1 kHz tone whose loudness is about `lufs` */
function second(lufs: number): Float32Array[] {
  // BS.1770 is scaled so that a full-scale 1 kHz sine in both channels measures 0 LUFS
  const amplitude = 10 ** (lufs / 20);
  const left = Float32Array.from({ length: RATE }, (_, i) => amplitude * Math.sin((2 * Math.PI * 1000 * i) / RATE));
  return [left, left.slice()];
}

function fakeTap() {
  let disconnected = false;
  const tap: TapLike & { fed(chunk: TapChunk): void; disconnected: boolean } = {
    port: {
      onmessage: null,
      // a flush: what the tap holds (nothing, here), said to be the last
      postMessage: () => queueMicrotask(() => tap.port.onmessage?.({ data: { channels: [], flushed: true } })),
    },
    disconnect: () => {
      disconnected = true;
    },
    fed(chunk) {
      tap.port.onmessage?.({ data: chunk });
    },
    get disconnected() {
      return disconnected;
    },
  };
  return tap;
}

function setUp(albumTracks: number | null = null) {
  const stored = new Map<string, PlayedTrack & Loudness>();
  const timers = new Set<() => void>();
  const reads: string[] = [];
  const normaliser = createNormaliser({
    readTrack: async (track, quality) => {
      reads.push(track);
      return stored.get(`${track}|${quality}`) ?? null;
    },
    readAlbum: async (albumId, quality) =>
      [...stored.values()].filter((m) => m.albumId === albumId && m.quality === quality),
    save: async (p, loudness) => {
      stored.set(`${p.track}|${p.quality}`, { ...p, ...loudness });
    },
    albumTrackCount: async () => albumTracks,
    meter: createLoudnessWorker(null),
    now: () => 5,
    setInterval: (run) => {
      timers.add(run);
      return run;
    },
    clearInterval: (handle) => timers.delete(handle as () => void),
  });
  const tick = async () => {
    for (const run of timers) run();
    await flush();
  };
  return { normaliser, stored, tick, timers, reads };
}

const SETTINGS = { mode: 'track' as const, targetLufs: -14 };

describe('音量均衡', () => {
  it('the gain: to the target, never past −1 dBTP, off is 0 dB; unknown starts as if loud, never raised', () => {
    const loud = { lufs: -9, truePeakDbtp: -0.3, seconds: 30 };
    const quiet = { lufs: -23, truePeakDbtp: -12, seconds: 30 };
    const peaky = { lufs: -23, truePeakDbtp: -3, seconds: 30 };
    expect(normalisationGainDb(SETTINGS, loud, null)).toBeCloseTo(-5);
    expect(normalisationGainDb(SETTINGS, quiet, null)).toBeCloseTo(9);
    expect(normalisationGainDb(SETTINGS, peaky, null)).toBeCloseTo(2);
    expect(normalisationGainDb({ ...SETTINGS, mode: 'off' }, loud, null)).toBe(0);
    expect(normalisationGainDb(SETTINGS, null, null)).toBeCloseTo(-14 - UNMEASURED_LUFS);
    expect(normalisationGainDb({ ...SETTINGS, targetLufs: -8 }, null, null)).toBe(0);
    // by album: the album's value when known, else the track's
    const album = albumLoudness([loud, quiet])!;
    expect(album.lufs).toBeCloseTo(10 * Math.log10((10 ** -0.9 + 10 ** -2.3) / 2));
    expect(album.truePeakDbtp).toBe(-0.3);
    expect(normalisationGainDb({ ...SETTINGS, mode: 'album' }, quiet, album)).toBeCloseTo(-14 - album.lufs);
    expect(normalisationGainDb({ ...SETTINGS, mode: 'album' }, quiet, null)).toBeCloseTo(9);
    expect(albumLoudness([])).toBeNull();
  });

  it('a track measured before gets its gain at once, gliding; a tap is not needed for it', async () => {
    const { normaliser, stored } = setUp();
    stored.set('album-a-1-1|lossless', { ...played(1), lufs: -9, truePeakDbtp: -1, seconds: 30 });
    normaliser.setSettings(SETTINGS);
    const { gain } = new FakeGain();
    normaliser.load(el('element'), played(1), gain);
    // until the store answers: the safe start, set at once
    expect(dbOf(gain.value)).toBeCloseTo(-14 - UNMEASURED_LUFS);
    await flush();
    expect(dbOf(gain.value)).toBeCloseTo(-5);
    expect(gain.calls.at(-1)?.[0]).toBe('setTargetAtTime');
    const tap = fakeTap();
    normaliser.tap(el('element'), tap, RATE, true);
    expect(tap.disconnected).toBe(true);
  });

  it('an unmeasured track is measured as it plays: its gain glides to the estimate, and a whole hearing is stored', async () => {
    const { normaliser, stored, tick } = setUp();
    normaliser.setSettings(SETTINGS);
    const { gain } = new FakeGain();
    normaliser.load(el('element'), played(2), gain);
    await flush();
    const tap = fakeTap();
    normaliser.tap(el('element'), tap, RATE, true);
    tap.fed({ channels: second(-20) });
    await tick();
    // under 3 s heard: still the safe start
    expect(dbOf(gain.value)).toBeCloseTo(-14 - UNMEASURED_LUFS);
    for (let s = 0; s < 4; s++) tap.fed({ channels: second(-20) });
    await tick();
    expect(dbOf(gain.value)).toBeCloseTo(6, 0);
    normaliser.ended(el('element'));
    await flush();
    await flush();
    const kept = stored.get('album-a-1-2|lossless');
    expect(kept?.lufs).toBeCloseTo(-20, 0);
    expect(kept?.seconds).toBeCloseTo(5);
    expect(tap.disconnected).toBe(true);
    expect(LOUDNESS_ESTIMATE_EVERY_MS).toBeGreaterThan(0);
  });

  it('a play with a seek is not stored (it did not hear the track whole); a released element stops measuring', async () => {
    const { normaliser, stored, timers } = setUp();
    normaliser.setSettings(SETTINGS);
    normaliser.load(el('a'), played(3), new FakeGain().gain);
    await flush();
    const tap = fakeTap();
    normaliser.tap(el('a'), tap, RATE, true);
    tap.fed({ channels: second(-20) });
    normaliser.seeked(el('a'));
    normaliser.ended(el('a'));
    await flush();
    expect(stored.size).toBe(0);
    expect(tap.disconnected).toBe(true);
    normaliser.load(el('b'), played(4), new FakeGain().gain);
    await flush();
    const other = fakeTap();
    normaliser.tap(el('b'), other, RATE, true);
    expect(timers.size).toBe(1);
    normaliser.release(el('b'));
    expect(other.disconnected).toBe(true);
    expect(timers.size).toBe(0);
  });

  it('off, nothing is looked up or measured; turned on mid-track, the track is looked up and measured from there, never kept as whole', async () => {
    const { normaliser, stored, reads, tick } = setUp();
    const { gain } = new FakeGain();
    normaliser.load(el('element'), played(5), gain);
    await flush();
    expect(reads).toEqual([]);
    expect(normaliser.wantsTap(el('element'))).toBe(false);
    expect(dbOf(gain.value)).toBeCloseTo(0);
    normaliser.setSettings(SETTINGS);
    expect(reads).toEqual(['album-a-1-5']);
    expect(normaliser.wantsTap(el('element'))).toBe(true);
    const tap = fakeTap();
    normaliser.tap(el('element'), tap, RATE, false);
    expect(normaliser.wantsTap(el('element'))).toBe(false);
    for (let s = 0; s < 5; s++) tap.fed({ channels: second(-20) });
    await tick();
    // its estimate still steers the gain
    expect(dbOf(gain.value)).toBeCloseTo(6, 0);
    normaliser.ended(el('element'));
    await flush();
    expect(stored.size).toBe(0);
    // looked up once, however often the setting changes
    normaliser.setSettings({ ...SETTINGS, targetLufs: -16 });
    expect(reads).toEqual(['album-a-1-5']);
  });

  it('by album: one gain for every track once all of the album is measured; until then each its own', async () => {
    const quietTrack = { lufs: -24, truePeakDbtp: -12, seconds: 60 };
    const loudTrack = { lufs: -12, truePeakDbtp: -2, seconds: 60 };
    const first = setUp(3);
    first.stored.set('album-a-1-1|lossless', { ...played(1), ...quietTrack });
    first.stored.set('album-a-1-2|lossless', { ...played(2), ...loudTrack });
    first.normaliser.setSettings({ ...SETTINGS, mode: 'album' });
    const { gain } = new FakeGain();
    first.normaliser.load(el('e'), played(1), gain);
    await flush();
    // two of three tracks measured: the track's own gain
    expect(dbOf(gain.value)).toBeCloseTo(10);

    const whole = setUp(2);
    whole.stored.set('album-a-1-1|lossless', { ...played(1), ...quietTrack });
    whole.stored.set('album-a-1-2|lossless', { ...played(2), ...loudTrack });
    whole.normaliser.setSettings({ ...SETTINGS, mode: 'album' });
    const [one, two] = [new FakeGain().gain, new FakeGain().gain];
    whole.normaliser.load(el('e1'), played(1), one);
    whole.normaliser.load(el('e2'), played(2), two);
    await flush();
    const album = albumLoudness([quietTrack, loudTrack])!;
    expect(dbOf(one.value)).toBeCloseTo(-14 - album.lufs);
    expect(dbOf(two.value)).toBeCloseTo(dbOf(one.value));
    // by track again: each its own, at once
    whole.normaliser.setSettings(SETTINGS);
    expect(dbOf(one.value)).toBeCloseTo(10);
    expect(dbOf(two.value)).toBeCloseTo(-2);
  });
});
