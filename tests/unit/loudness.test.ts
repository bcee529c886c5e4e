// The loudness meter against EBU Tech 3341 (2023): its minimum-requirements signals synthesized
// here, at 44.1 and 48 kHz (and a few at 96 and 192 kHz, where the meter oversamples less).
// Tech 3341 accepts ±0.1 LU for integrated loudness and +0.2/−0.4 dB for true peak; the tests
// hold the meter to those. Measured errors (docs/performance.md has them): cases 1–6 within
// ±0.025 LU; true-peak cases 15–19 from −0.021 to +0.0001 dB of the table's −6.0 and +3.0 dBTP
// (which round 0.50 FFS, −6.02 dB, and 1.41 FFS, +2.98 dB).
//
// Not synthesized: cases 7 and 8 are excerpts of real programmes (the EBU's files, not a
// formula). Cases 20–23 are made by an anti-aliasing filter the document does not specify, so
// a synthesized copy would not be theirs; on the EBU's own files the meter reads them 0.08 to
// 0.17 dB low, within the tolerance. Cases 9–14 are about momentary and short-term loudness,
// which this meter does not report.
import { describe, expect, test } from 'vitest';
import { kWeighting } from '@/services/loudness/kWeighting';
import { createLoudnessMeter, type LoudnessMeter } from '@/services/loudness/meter';

/** one period of a 1 kHz sine at `rate` (a whole number of samples: 441 at 44.1 kHz, 48 at 48 kHz) */
function kilohertzPeriod(rate: number): Float64Array {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const length = rate / gcd(rate, 1000);
  return Float64Array.from({ length }, (_, i) => Math.sin((2 * Math.PI * 1000 * i) / rate));
}

/**
 * Feeds `meter` a 1 kHz sine through segments of [seconds, dBFS per channel] in 1 s chunks, the
 * same phase in every channel and continuous across segments, as Tech 3341's tones are.
 */
function playTones(meter: Pick<LoudnessMeter, 'add'>, rate: number, segments: [number, number[]][]): void {
  const period = kilohertzPeriod(rate);
  let t = 0;
  for (const [seconds, levels] of segments) {
    const gains = levels.map((db) => 10 ** (db / 20));
    for (let left = Math.round(seconds * rate); left > 0; ) {
      const length = Math.min(rate, left);
      const channels = gains.map(() => new Float32Array(length));
      for (let i = 0; i < length; i++) {
        const v = period[(t + i) % period.length]!;
        for (let c = 0; c < gains.length; c++) channels[c]![i] = v * gains[c]!;
      }
      meter.add(channels);
      t += length;
      left -= length;
    }
  }
}

const stereo = (db: number): number[] => [db, db];

/** Tech 3341 table 1: the tones, and the integrated loudness expected (±0.1 LU) */
const LOUDNESS_CASES: { name: string; segments: [number, number[]][]; expected: number }[] = [
  { name: '1: stereo 1 kHz at −23 dBFS, 20 s', segments: [[20, stereo(-23)]], expected: -23 },
  { name: '2: as 1 at −33 dBFS', segments: [[20, stereo(-33)]], expected: -33 },
  {
    name: '3: 10 s at −36, 60 s at −23, 10 s at −36 dBFS (the relative gate)',
    segments: [
      [10, stereo(-36)],
      [60, stereo(-23)],
      [10, stereo(-36)],
    ],
    expected: -23,
  },
  {
    name: '4: −72, −36, −23, −36, −72 dBFS (both gates)',
    segments: [
      [10, stereo(-72)],
      [10, stereo(-36)],
      [60, stereo(-23)],
      [10, stereo(-36)],
      [10, stereo(-72)],
    ],
    expected: -23,
  },
  {
    name: '5: 20 s at −26, 20.1 s at −20, 20 s at −26 dBFS',
    segments: [
      [20, stereo(-26)],
      [20.1, stereo(-20)],
      [20, stereo(-26)],
    ],
    expected: -23,
  },
  {
    name: '6: 5.0 channels, L and R at −28, C at −24, Ls and Rs at −30 dBFS',
    segments: [[20, [-28, -28, -24, -30, -30]]],
    expected: -23,
  },
];

/** Tech 3341 table 2: stereo sines at fs/divisor with 10 ms fades, and the true peak expected (+0.2/−0.4 dB) */
const PEAK_CASES = [
  { name: '15: fs/4, 0.50 FFS, phase 0°', divisor: 4, amplitude: 0.5, phase: 0, expected: -6 },
  { name: '16: fs/4, 0.50 FFS, phase 45° (samples at −9 dBFS)', divisor: 4, amplitude: 0.5, phase: 45, expected: -6 },
  { name: '17: fs/6, 0.50 FFS, phase 60°', divisor: 6, amplitude: 0.5, phase: 60, expected: -6 },
  { name: '18: fs/8, 0.50 FFS, phase 67.5°', divisor: 8, amplitude: 0.5, phase: 67.5, expected: -6 },
  { name: '19: fs/4, 1.41 FFS, phase 45° (samples at 0 dBFS)', divisor: 4, amplitude: 1.41, phase: 45, expected: 3 },
];

function peakSignal(rate: number, { divisor, amplitude, phase }: (typeof PEAK_CASES)[number]): Float32Array {
  const length = rate; // 1 s: the duration "does not matter"
  const fade = Math.round(0.01 * rate);
  return Float32Array.from({ length }, (_, i) => {
    const gain = Math.min(1, i / fade, (length - 1 - i) / fade);
    return gain * amplitude * Math.sin((2 * Math.PI * i) / divisor + (phase * Math.PI) / 180);
  });
}

function truePeakOf(rate: number, signal: Float32Array): number {
  const meter = createLoudnessMeter(rate, 2);
  meter.add([signal, signal]);
  return meter.result().truePeakDbtp;
}

describe('K-weighting', () => {
  test('derived at 48 kHz, both biquads are the ones BS.1770-4 tabulates', () => {
    const { shelf, highPass } = kWeighting(48_000);
    const table = {
      shelf: { b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285, a1: -1.69065929318241 },
      highPass: { b0: 1, b1: -2, b2: 1, a1: -1.99004745483398, a2: 0.99007225036621 },
    };
    for (const [key, value] of Object.entries({ ...table.shelf, a2: 0.73248077421585 }))
      expect(shelf[key as keyof typeof shelf]).toBeCloseTo(value, 12);
    for (const [key, value] of Object.entries(table.highPass))
      expect(highPass[key as keyof typeof highPass]).toBeCloseTo(value, 12);
  });
});

describe.each([44_100, 48_000])('Tech 3341 at %i Hz', (rate) => {
  test.each(LOUDNESS_CASES)('integrated loudness, case $name', ({ segments, expected }) => {
    const meter = createLoudnessMeter(rate, segments[0]![1].length);
    playTones(meter, rate, segments);
    const { integratedLufs, seconds } = meter.result();
    expect(Math.abs(integratedLufs! - expected)).toBeLessThanOrEqual(0.1);
    expect(seconds).toBeCloseTo(
      segments.reduce((sum, [s]) => sum + s, 0),
      9,
    );
  });

  test.each(PEAK_CASES)('true peak, case $name', (peakCase) => {
    const error = truePeakOf(rate, peakSignal(rate, peakCase)) - peakCase.expected;
    expect(error).toBeLessThanOrEqual(0.2);
    expect(error).toBeGreaterThanOrEqual(-0.4);
  });
});

describe('other sample rates', () => {
  test('96 kHz: case 1 reads −23 LUFS, and the 2× oversampling still finds the peaks of 15–19', () => {
    const meter = createLoudnessMeter(96_000, 2);
    playTones(meter, 96_000, [[20, stereo(-23)]]);
    expect(Math.abs(meter.result().integratedLufs! + 23)).toBeLessThanOrEqual(0.1);
    for (const peakCase of PEAK_CASES) {
      const error = truePeakOf(96_000, peakSignal(96_000, peakCase)) - peakCase.expected;
      expect(error).toBeLessThanOrEqual(0.2);
      expect(error).toBeGreaterThanOrEqual(-0.4);
    }
  });

  test('192 kHz: no oversampling (the samples are dense enough for audio): a 1 kHz tone peaks at its level', () => {
    const meter = createLoudnessMeter(192_000, 2);
    playTones(meter, 192_000, [[2, stereo(-6)]]);
    const { integratedLufs, truePeakDbtp } = meter.result();
    expect(Math.abs(integratedLufs! + 6)).toBeLessThanOrEqual(0.1);
    expect(truePeakDbtp).toBeCloseTo(-6, 3);
  });
});

describe('true peak', () => {
  test('a peak between samples is found after a louder sample elsewhere (the blocks it skips cannot hold one)', () => {
    const rate = 48_000;
    // quiet tone; one sample at −7 dBFS; later the burst of case 16 (samples at −9 dBFS, true peak −6 dBTP)
    const meter = createLoudnessMeter(rate, 2);
    playTones(meter, rate, [[2, stereo(-40)]]);
    const spike = new Float32Array(rate);
    spike[1000] = 10 ** (-7 / 20);
    meter.add([spike, spike]);
    expect(meter.result().truePeakDbtp).toBeCloseTo(-7, 3);
    const burst = peakSignal(rate, PEAK_CASES[1]!);
    meter.add([burst, burst]);
    const error = meter.result().truePeakDbtp + 6;
    expect(error).toBeLessThanOrEqual(0.2);
    expect(error).toBeGreaterThanOrEqual(-0.4);
  });
});

describe('channels', () => {
  test('mono counts its one channel once: a 1 kHz tone at −23 dBFS is 3 LU quieter than in stereo', () => {
    const meter = createLoudnessMeter(48_000, 1);
    playTones(meter, 48_000, [[5, [-23]]]);
    expect(meter.result().integratedLufs).toBeCloseTo(-26.01, 1);
  });

  test('5.1 in Web Audio order (L, R, C, LFE, Ls, Rs): the LFE channel is left out, the surrounds weigh 1.41', () => {
    const meter = createLoudnessMeter(48_000, 6);
    playTones(meter, 48_000, [[20, [-28, -28, -24, 0, -30, -30]]]);
    expect(Math.abs(meter.result().integratedLufs! + 23)).toBeLessThanOrEqual(0.1);
  });

  test('more than 5.1, or a chunk whose channels do not match, is refused rather than measured wrongly', () => {
    expect(() => createLoudnessMeter(48_000, 8)).toThrow(RangeError);
    expect(() => createLoudnessMeter(0, 2)).toThrow(RangeError);
    const meter = createLoudnessMeter(48_000, 2);
    expect(() => meter.add([new Float32Array(10)])).toThrow(RangeError);
    expect(() => meter.add([new Float32Array(10), new Float32Array(9)])).toThrow(RangeError);
  });
});

describe('silence and short audio', () => {
  test('silence has no integrated loudness and a true peak of −∞', () => {
    const meter = createLoudnessMeter(44_100, 2);
    meter.add([new Float32Array(44_100 * 3), new Float32Array(44_100 * 3)]);
    expect(meter.result()).toEqual({ integratedLufs: null, truePeakDbtp: -Infinity, seconds: 3 });
  });

  test('audio under the absolute gate (−70 LUFS) has none either, but its peak', () => {
    const meter = createLoudnessMeter(44_100, 2);
    playTones(meter, 44_100, [[3, stereo(-75)]]);
    const { integratedLufs, truePeakDbtp } = meter.result();
    expect(integratedLufs).toBeNull();
    expect(truePeakDbtp).toBeCloseTo(-75, 1);
  });

  test('under 400 ms (not one whole block) has none; the first block counts once it is whole', () => {
    const meter = createLoudnessMeter(48_000, 2);
    playTones(meter, 48_000, [[0.399, stereo(-23)]]);
    expect(meter.result().integratedLufs).toBeNull();
    playTones(meter, 48_000, [[0.001, stereo(-23)]]);
    expect(meter.result().integratedLufs).not.toBeNull();
  });
});

describe('streaming', () => {
  test('chunks of any sizes measure what one chunk does, and a result may be read between them', () => {
    const rate = 44_100;
    // case 5, then a loud burst whose peak falls across chunk boundaries
    const whole = createLoudnessMeter(rate, 2);
    playTones(whole, rate, [
      [2, stereo(-26)],
      [2.1, stereo(-20)],
      [2, stereo(-26)],
    ]);
    const burst = peakSignal(rate, PEAK_CASES[1]!);
    whole.add([burst, burst]);
    const expected = whole.result();

    // the same samples, gathered, then fed in chunks of 1, 7, 4410, 10000… samples
    const left: Float32Array[] = [];
    const right: Float32Array[] = [];
    const recorder = {
      add: ([l, r]: readonly Float32Array[]) => {
        left.push(l!);
        right.push(r!);
      },
    };
    playTones(recorder, rate, [
      [2, stereo(-26)],
      [2.1, stereo(-20)],
      [2, stereo(-26)],
    ]);
    left.push(burst);
    right.push(burst);
    const join = (parts: Float32Array[]) => {
      const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const part of parts) {
        out.set(part, at);
        at += part.length;
      }
      return out;
    };
    const [l, r] = [join(left), join(right)];
    const sizes = [1, 7, 4410, 10_000, 3, 44_100, 1234, 2, 65_536];
    const chunked = createLoudnessMeter(rate, 2);
    for (let at = 0, k = 0; at < l.length; k++) {
      const size = sizes[k % sizes.length]!;
      chunked.add([l.subarray(at, at + size), r.subarray(at, at + size)]);
      at += size;
      if (k === 5) chunked.result();
    }
    const result = chunked.result();
    expect(result.truePeakDbtp).toBe(expected.truePeakDbtp);
    expect(result.seconds).toBe(expected.seconds);
    expect(result.integratedLufs).toBeCloseTo(expected.integratedLufs!, 9);
  });
});
