/**
 * `npx tsx scripts/make-icons.ts`: draws the app icon (a record on a rounded indigo square) and
 * writes public/favicon.ico (PNG images of 16, 32 and 48 px), public/icon.svg and the installed
 * app's icons (public/icon-192.png, icon-512.png, and icon-maskable-512.png: full-bleed, the
 * record inside the 80 % safe zone that launchers may crop to a circle). The files are committed;
 * run this again only to change the icon.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';

const INDIGO = [0x42, 0x63, 0xeb] as const; // Mantine indigo 7: the app's primary colour
const WHITE = [0xff, 0xff, 0xff] as const;

/** colour and coverage of the icon at (x, y) in 0..1; a maskable icon fills the square, its record scaled into the safe zone */
function shade(x: number, y: number, maskable: boolean): { rgb: readonly number[]; alpha: number } {
  const r = 0.2; // corner radius of the square
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if (!maskable && Math.hypot(x - cx, y - cy) > r) return { rgb: INDIGO, alpha: 0 };
  const d = Math.hypot(x - 0.5, y - 0.5) / (maskable ? 0.8 : 1);
  if (d < 0.05) return { rgb: WHITE, alpha: 1 };
  if (d < 0.13) return { rgb: INDIGO, alpha: 1 };
  if (d < 0.36) return { rgb: WHITE, alpha: 1 };
  return { rgb: INDIGO, alpha: 1 };
}

/** RGBA pixels of a size × size icon, 4 × 4 samples per pixel */
function render(size: number, maskable: boolean): Buffer {
  const out = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const s = shade((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, maskable);
          r += s.rgb[0]! * s.alpha;
          g += s.rgb[1]! * s.alpha;
          b += s.rgb[2]! * s.alpha;
          a += s.alpha;
        }
      }
      const i = (py * size + px) * 4;
      out[i] = a ? Math.round(r / a) : 0;
      out[i + 1] = a ? Math.round(g / a) : 0;
      out[i + 2] = a ? Math.round(b / a) : 0;
      out[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function png(size: number, maskable = false): Buffer {
  const pixels = render(size, maskable);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** an ICO file holding PNG images (every browser reads PNG inside ICO) */
export function ico(sizes: number[]): Buffer {
  const images = sizes.map((size) => png(size));
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, i) => {
    const e = 6 + 16 * i;
    header[e] = size >= 256 ? 0 : size;
    header[e + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, e + 4); // planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(images[i]!.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += images[i]!.length;
  });
  return Buffer.concat([header, ...images]);
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="20" fill="#4263eb"/><circle cx="50" cy="50" r="36" fill="#fff"/><circle cx="50" cy="50" r="13" fill="#4263eb"/><circle cx="50" cy="50" r="5" fill="#fff"/></svg>
`;

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../public/favicon.ico', import.meta.url), ico([16, 32, 48]));
  writeFileSync(new URL('../public/icon.svg', import.meta.url), SVG);
  writeFileSync(new URL('../public/icon-192.png', import.meta.url), png(192));
  writeFileSync(new URL('../public/icon-512.png', import.meta.url), png(512));
  writeFileSync(new URL('../public/icon-maskable-512.png', import.meta.url), png(512, true));
  console.log('wrote public/favicon.ico, icon.svg, icon-192.png, icon-512.png and icon-maskable-512.png');
}
