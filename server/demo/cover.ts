import { encode as encodeJpeg } from 'jpeg-js';

/**
 * Draws a demo cover: a diagonal two-colour gradient with a pattern (rings, stripes, dots or
 * waves), distinct per album; disc covers shift the hue and swap the pattern so they differ too.
 */

export type CoverPattern = 'rings' | 'stripes' | 'dots' | 'waves';
export const COVER_PATTERNS: readonly CoverPattern[] = ['rings', 'stripes', 'dots', 'waves'];

export interface CoverSpec {
  /** Base hue in degrees. */
  hue: number;
  pattern: CoverPattern;
  size?: number;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const hh = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hh % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hh < 1 ? [c, x, 0] : hh < 2 ? [x, c, 0] : hh < 3 ? [0, c, x] : hh < 4 ? [0, x, c] : hh < 5 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

function patternValue(pattern: CoverPattern, u: number, v: number): number {
  switch (pattern) {
    case 'rings': {
      const d = Math.hypot(u - 0.62, v - 0.4);
      return 0.5 + 0.5 * Math.cos(d * 42);
    }
    case 'stripes':
      return ((u + v * 0.6) * 9) % 1 < 0.5 ? 1 : 0;
    case 'dots': {
      const cu = ((u * 7) % 1) - 0.5;
      const cv = ((v * 7) % 1) - 0.5;
      return Math.hypot(cu, cv) < 0.28 ? 1 : 0;
    }
    case 'waves':
      return 0.5 + 0.5 * Math.sin(v * 30 + Math.sin(u * 9) * 2.5);
  }
}

export function drawCover(spec: CoverSpec): Uint8Array {
  const size = spec.size ?? 300;
  const data = Buffer.alloc(size * size * 4);
  const from = hslToRgb(spec.hue, 0.65, 0.38);
  const to = hslToRgb(spec.hue + 70, 0.7, 0.62);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      const t = (u + v) / 2;
      const p = patternValue(spec.pattern, u, v) * 0.22;
      const i = (y * size + x) * 4;
      for (let ch = 0; ch < 3; ch++) {
        const base = from[ch]! + (to[ch]! - from[ch]!) * t;
        data[i + ch] = Math.max(0, Math.min(255, Math.round(base * (1 - p) + 255 * p)));
      }
      data[i + 3] = 255;
    }
  }
  return new Uint8Array(encodeJpeg({ data, width: size, height: size }, 85).data);
}
