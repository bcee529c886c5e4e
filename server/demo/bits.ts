/* Bit-level helpers of the FLAC encoder: CRC-8 / CRC-16 as FLAC defines them and an MSB-first bit writer. */

const CRC8_TABLE = new Uint8Array(256);
const CRC16_TABLE = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  let c8 = i;
  for (let b = 0; b < 8; b++) c8 = c8 & 0x80 ? ((c8 << 1) ^ 0x07) & 0xff : (c8 << 1) & 0xff;
  CRC8_TABLE[i] = c8;
  let c16 = i << 8;
  for (let b = 0; b < 8; b++) c16 = c16 & 0x8000 ? ((c16 << 1) ^ 0x8005) & 0xffff : (c16 << 1) & 0xffff;
  CRC16_TABLE[i] = c16;
}

export function crc8(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = CRC8_TABLE[crc ^ data[i]!]!;
  return crc;
}

export function crc16(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = ((crc << 8) & 0xffff) ^ CRC16_TABLE[(crc >> 8) ^ data[i]!]!;
  return crc;
}

/** MSB-first bit writer over a growable byte buffer. */
export class BitWriter {
  buf: Uint8Array;
  pos = 0; // bytes written
  acc = 0;
  bits = 0; // pending bits in acc (always < 8 between calls)

  constructor(capacity: number) {
    this.buf = new Uint8Array(capacity);
  }

  ensure(extra: number): void {
    if (this.pos + extra <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + extra + 1024));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** Writes the low n bits of v, n ≤ 24. */
  write(v: number, n: number): void {
    if (n === 0) return;
    this.acc = (this.acc << n) | (v & ((1 << n) - 1));
    this.bits += n;
    if (this.bits >= 8) {
      while (this.bits >= 8) {
        this.bits -= 8;
        this.buf[this.pos++] = (this.acc >>> this.bits) & 0xff;
      }
      this.acc &= (1 << this.bits) - 1;
    }
  }

  /** Writes up to 53 bits (for the 36-bit sample count). */
  writeLong(v: number, n: number): void {
    while (n > 24) {
      n -= 24;
      this.write(Math.floor(v / 2 ** n) & 0xffffff, 24);
    }
    this.write(v % 2 ** n, n);
  }

  zeros(n: number): void {
    while (n > 24) {
      this.write(0, 24);
      n -= 24;
    }
    this.write(0, n);
  }

  alignToByte(): void {
    if (this.bits > 0) this.write(0, 8 - this.bits);
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}
