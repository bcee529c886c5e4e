// A track kept on this device is measured from its kept bytes: decoded, fed to the real meter in
// one-second chunks (here on this thread), stored per track and quality; a mono track counts on both
// channels (as it is heard); a track measured before, or gone meanwhile, is left alone.
import { describe, expect, it, vi } from 'vitest';
import { measureKeptTrack, type MeasureKeptDeps } from '@/features/offline/measureKept';
import { createLoudnessWorker } from '@/services/loudness/loudnessWorker';

const KEY = { albumId: 'album-a', discId: 1, trackId: 2, quality: 'lossless' as const };
const RATE = 8_000;

/** `seconds` of a 1 kHz sine at `amplitude`, as decoding would give it */
const sine = (seconds: number, amplitude: number) =>
  Float32Array.from({ length: seconds * RATE }, (_, i) => amplitude * Math.sin((2 * Math.PI * 1000 * i) / RATE));

function deps(channels: Float32Array[], over: Partial<MeasureKeptDeps> = {}) {
  const saved: unknown[] = [];
  const all: MeasureKeptDeps = {
    readBody: async () => new Blob([new Uint8Array(4)]),
    decode: async () => ({ sampleRate: RATE, channels }),
    meter: createLoudnessWorker(null),
    measured: async () => false,
    save: async (track, loudness) => {
      saved.push({ ...track, ...loudness });
    },
    ...over,
  };
  return { all, saved };
}

describe('measuring a kept track', () => {
  it('a stereo track: its loudness and true peak, stored under its key and quality', async () => {
    const tone = sine(5, 0.1);
    const { all, saved } = deps([tone, tone.slice()]);
    await measureKeptTrack(KEY, all);
    expect(saved).toEqual([
      {
        track: 'album-a-1-2',
        albumId: 'album-a',
        quality: 'lossless',
        lufs: expect.closeTo(-20, 0),
        truePeakDbtp: expect.closeTo(-20, 0),
        seconds: 5,
      },
    ]);
  });

  it('a mono track measures as heard, on both channels: 3 dB over the same samples in one', async () => {
    const mono = deps([sine(5, 0.1)]);
    await measureKeptTrack(KEY, mono.all);
    const one = createLoudnessWorker(null);
    one.startMeasure('one', RATE, 1);
    one.addChunk('one', [sine(5, 0.1)]);
    const alone = (await one.finish('one')).integratedLufs!;
    expect((mono.saved[0] as { lufs: number }).lufs - alone).toBeCloseTo(3.01, 1);
  });

  it('measured before, gone meanwhile, or silent: nothing is read, decoded or stored', async () => {
    const decode = vi.fn(async () => ({ sampleRate: RATE, channels: [sine(1, 0.1)] }));
    const before = deps([], { measured: async () => true, decode });
    await measureKeptTrack(KEY, before.all);
    const gone = deps([], { readBody: async () => null, decode });
    await measureKeptTrack(KEY, gone.all);
    expect(decode).not.toHaveBeenCalled();
    const silent = deps([new Float32Array(RATE * 3)]);
    await measureKeptTrack(KEY, silent.all);
    expect([...before.saved, ...gone.saved, ...silent.saved]).toEqual([]);
  });
});
