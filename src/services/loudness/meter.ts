// A track's loudness as EBU R 128 measures it (ITU-R BS.1770-4): the integrated loudness, gated,
// and the true peak. It streams: samples come in chunks of any length, as a decoder or a fetch
// hands them over, and what it keeps is one number per 100 ms of audio (the energy of the 400 ms
// block ending there), so an hour-long track costs 36,000 numbers, not its samples.
// Mono, stereo and up to 5.1 in the usual channel order (Web Audio's and WAV's: L, R, C, LFE,
// Ls, Rs); more channels are refused rather than weighted wrongly.
import { kWeighting } from './kWeighting';
import { createTruePeakScanner } from './truePeak';

export interface LoudnessResult {
  /** gated integrated loudness, LUFS; null for silence, audio under the absolute gate or shorter than one block (400 ms) */
  integratedLufs: number | null;
  /** the highest true peak over every channel, dBTP; −Infinity for digital silence */
  truePeakDbtp: number;
  /** audio measured so far */
  seconds: number;
}

export interface LoudnessMeter {
  /** the next samples, one array per channel, all of the same length */
  add(channels: readonly Float32Array[]): void;
  /** the measurement so far (more samples may still be added) */
  result(): LoudnessResult;
}

/** BS.1770-4's channel weights by channel count: 1 for the front channels, 1.41 for the surrounds, 0 for the LFE */
const CHANNEL_WEIGHTS: Record<number, readonly number[]> = {
  1: [1],
  2: [1, 1],
  3: [1, 1, 1],
  4: [1, 1, 1.41, 1.41],
  5: [1, 1, 1, 1.41, 1.41],
  6: [1, 1, 1, 0, 1.41, 1.41],
};

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** blocks of 400 ms start every 100 ms (75 % overlap) */
const STEPS_PER_BLOCK = 4;

const loudnessOf = (energy: number) => -0.691 + 10 * Math.log10(energy);
const energyOf = (lufs: number) => 10 ** ((lufs + 0.691) / 10);

/** a filter state this small is silence: set to 0 so the IIRs never run on (slow) subnormal numbers */
const settle = (value: number) => (Math.abs(value) < 1e-30 ? 0 : value);

export function createLoudnessMeter(sampleRate: number, channelCount: number): LoudnessMeter {
  if (!(Number.isFinite(sampleRate) && sampleRate >= 8_000))
    throw new RangeError(`sample rate ${sampleRate}: 8 kHz or more are measured`);
  const weights = CHANNEL_WEIGHTS[channelCount];
  if (!weights) throw new RangeError(`${channelCount} channels: 1 to 6 (up to 5.1) are measured`);
  const { shelf, highPass } = kWeighting(sampleRate);
  const peaks = createTruePeakScanner(sampleRate, channelCount);
  const stepLength = Math.round(sampleRate / 10);
  // per channel: the last two input samples, the shelf's last two outputs, the high-pass's
  const state = new Float64Array(6 * channelCount);

  /** channel `c`'s samples [from, to) K-weighted; returns the sum of their squares */
  const weightedSquares = (c: number, x: Float32Array, from: number, to: number): number => {
    const { b0, b1, b2, a1, a2 } = shelf;
    const c1 = highPass.a1;
    const c2 = highPass.a2;
    const o = 6 * c;
    let x1 = state[o]!;
    let x2 = state[o + 1]!;
    let y1 = state[o + 2]!;
    let y2 = state[o + 3]!;
    let k1 = state[o + 4]!;
    let k2 = state[o + 5]!;
    let sum = 0;
    // direct form I, the feedback by the last output added last: each output then waits on the
    // one before for a multiply and a subtraction only. The transposed form II chains three
    // operations there and took twice as long.
    for (let i = from; i < to; i++) {
      const v = x[i]!;
      const y = b0 * v + b1 * x1 + b2 * x2 - a2 * y2 - a1 * y1;
      const k = y - 2 * y1 + y2 - c2 * k2 - c1 * k1;
      x2 = x1;
      x1 = v;
      y2 = y1;
      y1 = y;
      k2 = k1;
      k1 = k;
      sum += k * k;
    }
    state[o] = x1;
    state[o + 1] = x2;
    state[o + 2] = settle(y1);
    state[o + 3] = settle(y2);
    state[o + 4] = settle(k1);
    state[o + 5] = settle(k2);
    return sum;
  };

  // the weighted energy of the 100 ms step being filled, and of the three before it
  let stepEnergy = 0;
  let stepFill = 0;
  const previous = [0, 0, 0];
  let steps = 0;
  // one mean square per 400 ms block, i.e. per 100 ms step once the first block is whole
  let blocks = new Float64Array(1024);
  let blockCount = 0;
  let samples = 0;

  const endStep = () => {
    const [p1, p2, p3] = previous as [number, number, number];
    if (++steps >= STEPS_PER_BLOCK) {
      if (blockCount === blocks.length) {
        const grown = new Float64Array(2 * blocks.length);
        grown.set(blocks);
        blocks = grown;
      }
      blocks[blockCount++] = (stepEnergy + p1 + p2 + p3) / (STEPS_PER_BLOCK * stepLength);
    }
    previous[2] = p2;
    previous[1] = p1;
    previous[0] = stepEnergy;
    stepEnergy = 0;
    stepFill = 0;
  };

  return {
    add(channels) {
      if (channels.length !== channelCount) throw new RangeError(`${channels.length} channels, not ${channelCount}`);
      const length = channels[0]!.length;
      if (channels.some((channel) => channel.length !== length)) throw new RangeError('channels of different lengths');
      for (let c = 0; c < channelCount; c++) peaks.scan(c, channels[c]!);
      for (let from = 0; from < length; ) {
        const to = Math.min(length, from + stepLength - stepFill);
        for (let c = 0; c < channelCount; c++) {
          if (weights[c] !== 0) stepEnergy += weights[c]! * weightedSquares(c, channels[c]!, from, to);
        }
        stepFill += to - from;
        from = to;
        if (stepFill === stepLength) endStep();
      }
      samples += length;
    },
    result() {
      // BS.1770-4: the blocks over −70 LUFS, then of those the ones over their mean's loudness − 10 LU
      const absolute = energyOf(ABSOLUTE_GATE_LUFS);
      let sum = 0;
      let count = 0;
      for (let j = 0; j < blockCount; j++) {
        const energy = blocks[j]!;
        if (energy > absolute) {
          sum += energy;
          count++;
        }
      }
      let integratedLufs: number | null = null;
      if (count > 0) {
        const relative = Math.max(absolute, (sum / count) * 10 ** (RELATIVE_GATE_LU / 10));
        sum = 0;
        count = 0;
        for (let j = 0; j < blockCount; j++) {
          const energy = blocks[j]!;
          if (energy > relative) {
            sum += energy;
            count++;
          }
        }
        integratedLufs = loudnessOf(sum / count);
      }
      const peak = peaks.peak();
      return { integratedLufs, truePeakDbtp: 20 * Math.log10(peak), seconds: samples / sampleRate };
    },
  };
}
