import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

// The app icon the build copies from public/ (drawn by scripts/make-icons.ts): /favicon.ico is a
// real icon, not the HTML page a missing file would fall back to.
describe('public/favicon.ico', () => {
  const ico = readFileSync(new URL('../../public/favicon.ico', import.meta.url));
  test('an ICO of PNG images at 16, 32 and 48 px', () => {
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1); // icon
    const count = ico.readUInt16LE(4);
    const entries = Array.from({ length: count }, (_, i) => {
      const e = 6 + 16 * i;
      const size = ico[e]!;
      const offset = ico.readUInt32LE(e + 12);
      const png = ico.subarray(offset, offset + ico.readUInt32LE(e + 8));
      return { size, png: png.subarray(1, 4).toString('latin1'), width: png.readUInt32BE(16) };
    });
    expect(entries).toEqual([16, 32, 48].map((size) => ({ size, png: 'PNG', width: size })));
  });
  test('the SVG icon is an SVG', () => {
    expect(readFileSync(new URL('../../public/icon.svg', import.meta.url), 'utf8')).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
  });
});
