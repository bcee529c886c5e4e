import { crc16, crc8 } from '../../../server/demo/flac.js';

/*
 * An independent minimal FLAC decoder for tests: mono/any channel count is not needed, only what
 * our encoder writes (mono, 16-bit, constant / verbatim / fixed subframes, Rice residuals), plus
 * strict checks of every frame's CRC-8 and CRC-16.
 */

export interface StreamInfo {
  minBlockSize: number;
  maxBlockSize: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  totalSamples: number;
  md5: string;
}

class BitReader {
  pos = 0; // bit position
  constructor(private readonly data: Uint8Array) {}
  read(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.data[this.pos >> 3];
      if (byte === undefined) throw new Error('unexpected end of data');
      v = v * 2 + ((byte >> (7 - (this.pos & 7))) & 1);
      this.pos++;
    }
    return v;
  }
  signed(n: number): number {
    const v = this.read(n);
    return v >= 2 ** (n - 1) ? v - 2 ** n : v;
  }
  unary(): number {
    let q = 0;
    while (this.read(1) === 0) q++;
    return q;
  }
  align(): void {
    this.pos = (this.pos + 7) & ~7;
  }
  get bytePos(): number {
    return this.pos >> 3;
  }
}

export function readStreamInfo(data: Uint8Array): StreamInfo {
  const r = new BitReader(data);
  if (r.read(32) !== 0x664c6143) throw new Error('not a FLAC file');
  r.read(1);
  if (r.read(7) !== 0) throw new Error('first block is not STREAMINFO');
  if (r.read(24) !== 34) throw new Error('bad STREAMINFO length');
  const info = {
    minBlockSize: r.read(16),
    maxBlockSize: r.read(16),
  };
  r.read(24);
  r.read(24);
  const sampleRate = r.read(20);
  const channels = r.read(3) + 1;
  const bitsPerSample = r.read(5) + 1;
  const totalSamples = r.read(36);
  const md5 = Buffer.from(data.subarray(26, 42)).toString('hex');
  return { ...info, sampleRate, channels, bitsPerSample, totalSamples, md5 };
}

/** Decodes all frames; throws on any CRC mismatch or unsupported coding. */
export function decodeFlac(data: Uint8Array): { info: StreamInfo; samples: Int16Array; frames: number } {
  const info = readStreamInfo(data);
  // skip metadata blocks
  let p = 4;
  for (;;) {
    const last = data[p]! & 0x80;
    const len = (data[p + 1]! << 16) | (data[p + 2]! << 8) | data[p + 3]!;
    p += 4 + len;
    if (last) break;
  }
  const out = new Int16Array(info.totalSamples);
  let written = 0;
  let frames = 0;
  while (p < data.length) {
    const r = new BitReader(data.subarray(p));
    if (r.read(15) !== 0x7ffc) throw new Error(`no frame sync at byte ${p}`);
    r.read(1);
    const sizeCode = r.read(4);
    const rateCode = r.read(4);
    if (r.read(4) !== 0) throw new Error('only mono is supported');
    if (r.read(3) !== 4) throw new Error('only 16-bit is supported');
    r.read(1);
    const first = r.read(8);
    const extra = first < 0x80 ? 0 : first >= 0xe0 ? 2 : 1;
    r.read(8 * extra);
    let blockSize: number;
    if (sizeCode === 12) blockSize = 4096;
    else if (sizeCode === 7) blockSize = r.read(16) + 1;
    else if (sizeCode === 6) blockSize = r.read(8) + 1;
    else throw new Error(`unsupported block size code ${sizeCode}`);
    if (rateCode === 12 || rateCode === 13 || rateCode === 14) throw new Error('unsupported rate code');
    const headerEnd = r.bytePos;
    if (r.read(8) !== crc8(data, p, p + headerEnd)) throw new Error(`CRC-8 mismatch in frame ${frames}`);
    const block = decodeSubframe(r, blockSize);
    r.align();
    const crcAt = r.bytePos;
    const expected = r.read(16);
    if (expected !== crc16(data, p, p + crcAt)) throw new Error(`CRC-16 mismatch in frame ${frames}`);
    out.set(block, written);
    written += blockSize;
    p += r.bytePos;
    frames++;
  }
  if (written !== info.totalSamples)
    throw new Error(`decoded ${written} samples, STREAMINFO says ${info.totalSamples}`);
  return { info, samples: out, frames };
}

function decodeSubframe(r: BitReader, n: number): Int16Array {
  if (r.read(1) !== 0) throw new Error('bad subframe padding');
  const type = r.read(6);
  if (r.read(1) !== 0) throw new Error('wasted bits unsupported');
  const x = new Int16Array(n);
  if (type === 0) {
    x.fill(r.signed(16));
    return x;
  }
  if (type === 1) {
    for (let i = 0; i < n; i++) x[i] = r.signed(16);
    return x;
  }
  if ((type & 0x38) !== 0x08) throw new Error(`unsupported subframe type ${type}`);
  const order = type & 7;
  for (let i = 0; i < order; i++) x[i] = r.signed(16);
  if (r.read(2) !== 0) throw new Error('unsupported residual coding');
  const partitionOrder = r.read(4);
  const parts = 1 << partitionOrder;
  const res = new Int32Array(n);
  let i = order;
  for (let part = 0; part < parts; part++) {
    const k = r.read(4);
    if (k === 15) throw new Error('escape partitions unsupported');
    const count = (n >> partitionOrder) - (part === 0 ? order : 0);
    for (let j = 0; j < count; j++) {
      const u = r.unary() * 2 ** k + r.read(k);
      res[i++] = u % 2 === 0 ? u / 2 : -(u + 1) / 2;
    }
  }
  for (let j = order; j < n; j++) {
    const e = res[j]!;
    let v: number;
    switch (order) {
      case 0:
        v = e;
        break;
      case 1:
        v = e + x[j - 1]!;
        break;
      case 2:
        v = e + 2 * x[j - 1]! - x[j - 2]!;
        break;
      case 3:
        v = e + 3 * x[j - 1]! - 3 * x[j - 2]! + x[j - 3]!;
        break;
      default:
        v = e + 4 * x[j - 1]! - 6 * x[j - 2]! + 4 * x[j - 3]! - x[j - 4]!;
    }
    x[j] = v;
  }
  return x;
}
