/*
 * A small FLAC encoder for the demo library: 16-bit mono, fixed-size blocks, per block the best of
 * constant / fixed-predictor (orders 0..4) / verbatim subframes, Rice-coded residuals with
 * partitioning. Output is a complete stream: "fLaC", STREAMINFO (with MD5), frames with CRC-8
 * header and CRC-16 footer.
 */

import { createHash } from 'node:crypto';
import { BitWriter, crc16, crc8 } from './bits.js';

export { crc16, crc8 } from './bits.js';

const BLOCK_SIZE = 4096;
const MAX_RICE_PARAM = 14; // 4-bit parameters; 15 is the escape code
const MAX_PARTITION_ORDER = 6;

function sampleRateCode(rate: number): number {
  const codes: Record<number, number> = {
    88200: 1,
    176400: 2,
    192000: 3,
    8000: 4,
    16000: 5,
    22050: 6,
    24000: 7,
    32000: 8,
    44100: 9,
    48000: 10,
    96000: 11,
  };
  return codes[rate] ?? 0; // 0 = take it from STREAMINFO
}

function writeUtf8Number(w: BitWriter, n: number): void {
  if (n < 0x80) {
    w.write(n, 8);
    return;
  }
  if (n < 0x800) {
    w.write(0xc0 | (n >> 6), 8);
  } else if (n < 0x10000) {
    w.write(0xe0 | (n >> 12), 8);
    w.write(0x80 | ((n >> 6) & 0x3f), 8);
  } else {
    throw new Error('frame number too large for this encoder');
  }
  w.write(0x80 | (n & 0x3f), 8);
}

/**
 * Rice-codes residuals x[start..end) of the fixed predictor `order` with parameter k. The bit
 * packing is inlined (locals instead of BitWriter calls): this loop is most of the encoding time.
 */
function writeResiduals(w: BitWriter, x: Int16Array, start: number, end: number, order: number, k: number): void {
  const buf = w.buf;
  let pos = w.pos;
  let acc = w.acc;
  let bits = w.bits;
  const low = (1 << k) - 1;
  for (let i = start; i < end; i++) {
    let r: number;
    if (order === 2) r = x[i]! - 2 * x[i - 1]! + x[i - 2]!;
    else if (order === 1) r = x[i]! - x[i - 1]!;
    else if (order === 3) r = x[i]! - 3 * x[i - 1]! + 3 * x[i - 2]! - x[i - 3]!;
    else if (order === 0) r = x[i]!;
    else r = x[i]! - 4 * x[i - 1]! + 6 * x[i - 2]! - 4 * x[i - 3]! + x[i - 4]!;
    const u = r >= 0 ? r << 1 : (-r << 1) - 1;
    let q = u >>> k;
    // unary part: q zeros then a one, then the k low bits
    while (q + 1 + k > 24) {
      const z = Math.min(q, 24);
      acc <<= z;
      bits += z;
      q -= z;
      while (bits >= 8) {
        bits -= 8;
        buf[pos++] = (acc >>> bits) & 0xff;
      }
      acc &= (1 << bits) - 1;
      if (q === 0) break;
    }
    const n = q + 1 + k;
    acc = (acc << n) | (1 << k) | (u & low);
    bits += n;
    while (bits >= 8) {
      bits -= 8;
      buf[pos++] = (acc >>> bits) & 0xff;
    }
    acc &= (1 << bits) - 1;
  }
  w.pos = pos;
  w.acc = acc;
  w.bits = bits;
}

const POW2 = Array.from({ length: MAX_RICE_PARAM + 1 }, (_, k) => 2 ** k);

/** Best Rice parameter and its bit cost for n values summing to sum (estimate near log2(mean)). */
function riceCost(sum: number, n: number): { k: number; bits: number } {
  const mean = n > 0 ? sum / n : 0;
  const guess = mean < 1 ? 0 : Math.min(MAX_RICE_PARAM, Math.floor(Math.log2(mean)));
  let bestK = guess;
  let bestBits = Infinity;
  for (let k = Math.max(0, guess - 1); k <= Math.min(MAX_RICE_PARAM, guess + 1); k++) {
    const bits = n * (k + 1) + Math.floor(sum / POW2[k]!);
    if (bits < bestBits) {
      bestBits = bits;
      bestK = k;
    }
  }
  return { k: bestK, bits: bestBits };
}

interface Plan {
  order: number;
  partitionOrder: number;
  params: number[];
  bits: number;
}

/** Chooses predictor order and Rice partitioning for one block (x = block samples). */
function planFixed(x: Int16Array, sums: Float64Array): Plan {
  const n = x.length;
  let maxP = 0;
  while (maxP < MAX_PARTITION_ORDER && n % (1 << (maxP + 1)) === 0 && n >> (maxP + 1) > 4) maxP++;
  const finest = 1 << maxP;
  const finestSize = n >> maxP;
  // One pass: zig-zag residual sums of all five fixed predictors per finest partition.
  // sums[order * 64 + partition]; residuals before index `order` are warm-up and not counted.
  sums.fill(0);
  let p1 = 0,
    p2 = 0,
    p3 = 0,
    p4 = 0; // previous differences of orders 0..3
  for (let part = 0, i = 0; part < finest; part++) {
    let s0 = 0,
      s1 = 0,
      s2 = 0,
      s3 = 0,
      s4 = 0;
    for (const end = i + finestSize; i < end; i++) {
      const d0 = x[i]!;
      const d1 = d0 - p1;
      const d2 = d1 - p2;
      const d3 = d2 - p3;
      const d4 = d3 - p4;
      s0 += d0 >= 0 ? d0 : -d0;
      s1 += d1 >= 0 ? d1 : -d1;
      s2 += d2 >= 0 ? d2 : -d2;
      s3 += d3 >= 0 ? d3 : -d3;
      s4 += d4 >= 0 ? d4 : -d4;
      p1 = d0;
      p2 = d1;
      p3 = d2;
      p4 = d3;
      if (i === 0)
        s1 = s2 = s3 = s4 = 0; // warm-up samples carry no residual
      else if (i === 1) s2 = s3 = s4 = 0;
      else if (i === 2) s3 = s4 = 0;
      else if (i === 3) s4 = 0;
    }
    // zig-zag of r is about 2|r|
    sums[part] = 2 * s0;
    sums[64 + part] = 2 * s1;
    sums[128 + part] = 2 * s2;
    sums[192 + part] = 2 * s3;
    sums[256 + part] = 2 * s4;
  }
  let best: Plan | null = null;
  for (let order = 0; order <= 4 && order < n; order++) {
    for (let p = 0; p <= maxP; p++) {
      const parts = 1 << p;
      const group = finest / parts;
      const size = n / parts;
      if (size <= order) break;
      let bits = 6 + 8 + 16 * order; // subframe header + residual header + warm-up
      const params: number[] = [];
      for (let part = 0; part < parts; part++) {
        let sum = 0;
        for (let g = part * group; g < (part + 1) * group; g++) sum += sums[order * 64 + g]!;
        const c = riceCost(sum, part === 0 ? size - order : size);
        params.push(c.k);
        bits += 4 + c.bits;
      }
      if (!best || bits < best.bits) best = { order, partitionOrder: p, params, bits };
    }
  }
  return best!;
}

function writeBlock(w: BitWriter, x: Int16Array, sums: Float64Array): void {
  const n = x.length;
  const first = x[0]!;
  let constant = true;
  for (let i = 1; i < n && constant; i++) constant = x[i] === first;
  if (constant) {
    w.write(0, 8); // constant subframe
    w.write(first & 0xffff, 16);
    return;
  }
  const plan = planFixed(x, sums);
  if (plan.bits >= 8 + 16 * n) {
    w.write(0x02, 8); // verbatim subframe
    for (let i = 0; i < n; i++) w.write(x[i]! & 0xffff, 16);
    return;
  }
  const { order, partitionOrder, params } = plan;
  w.write((0x08 | order) << 1, 8); // fixed subframe, no wasted bits
  for (let i = 0; i < order; i++) w.write(x[i]! & 0xffff, 16);
  w.write(0, 2); // Rice, 4-bit parameters
  w.write(partitionOrder, 4);
  const size = n >> partitionOrder;
  for (let part = 0; part < params.length; part++) {
    const k = params[part]!;
    w.write(k, 4);
    const start = part === 0 ? order : part * size;
    const end = (part + 1) * size;
    writeResiduals(w, x, start, end, order, k);
  }
}

/** Encodes 16-bit mono PCM as a FLAC file. */
export function encodeFlac(samples: Int16Array, sampleRate: number): Uint8Array {
  const total = samples.length;
  const w = new BitWriter(Math.ceil(total * 1.2) + 1024);
  const sums = new Float64Array(5 * 64);

  w.write(0x664c6143 >>> 16, 16); // "fLaC"
  w.write(0x664c6143 & 0xffff, 16);
  w.write(0x80, 8); // last metadata block, type 0 = STREAMINFO
  w.write(34, 24);
  const streamInfoAt = w.pos;
  w.zeros(34 * 8); // filled in at the end

  let minFrame = Infinity;
  let maxFrame = 0;
  const rateCode = sampleRateCode(sampleRate);
  for (let frame = 0, offset = 0; offset < total; frame++, offset += BLOCK_SIZE) {
    const block = samples.subarray(offset, Math.min(offset + BLOCK_SIZE, total));
    w.ensure(block.length * 3 + 64); // worst case of a frame; writes below do not grow the buffer
    const start = w.pos;
    w.write(0xfff8, 16); // sync, reserved 0, fixed block size
    const sizeCode = block.length === BLOCK_SIZE ? 12 : 7;
    w.write(sizeCode, 4);
    w.write(rateCode, 4);
    w.write(0, 4); // mono
    w.write(4, 3); // 16 bits per sample
    w.write(0, 1);
    writeUtf8Number(w, frame);
    if (sizeCode === 7) w.write(block.length - 1, 16);
    w.write(crc8(w.buf, start, w.pos), 8);
    writeBlock(w, block, sums);
    w.alignToByte();
    w.write(crc16(w.buf, start, w.pos), 16);
    const size = w.pos - start;
    minFrame = Math.min(minFrame, size);
    maxFrame = Math.max(maxFrame, size);
  }

  const out = w.bytes();
  const info = new BitWriter(34);
  const blockSize = total >= BLOCK_SIZE ? BLOCK_SIZE : Math.max(total, 16);
  info.write(blockSize, 16);
  info.write(blockSize, 16);
  info.write(Number.isFinite(minFrame) ? minFrame : 0, 24);
  info.write(maxFrame, 24);
  info.write(sampleRate, 20);
  info.write(0, 3); // channels - 1
  info.write(15, 5); // bits per sample - 1
  info.writeLong(total, 36);
  const md5 = createHash('md5')
    .update(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength))
    .digest();
  out.set(info.bytes(), streamInfoAt);
  out.set(md5, streamInfoAt + 18);
  return out;
}
