// How much space tracks take in a quality, from what their library answers to a HEAD request
// (docs/protocol.md#audio-and-quality): the original file's size for lossless, the duration at the
// transcoding bit rate otherwise (a transcoded answer has no length until it ends).
import { TRANSCODED_KBPS, type Quality } from '@/shared/constants';

export interface SizeHeaders {
  get(name: string): string | null;
}

const number = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

const mediaType = (value: string | null) => value?.split(';')[0]?.trim().toLowerCase() ?? '';

/** One track's bytes as the library would send them for `asked`; null when its answer does not say. */
export function trackBytes(headers: SizeHeaders, asked: Quality): number | null {
  const served = headers.get('x-audio-quality')?.trim().toLowerCase();
  const quality: Quality =
    served === 'low' || served === 'medium' || served === 'high' || served === 'lossless' ? served : asked;
  const original =
    mediaType(headers.get('content-type')) !== '' &&
    mediaType(headers.get('content-type')) === mediaType(headers.get('x-origin-type'));
  if (quality === 'lossless' || original)
    return number(headers.get('content-length')) ?? number(headers.get('x-origin-size'));
  const seconds = number(headers.get('x-duration-seconds'));
  return seconds === null ? null : Math.round((seconds * TRANSCODED_KBPS[quality] * 1000) / 8);
}

/** The whole list's bytes from the tracks that were sized (their mean for the others); null when none was. */
export function listBytes(sized: readonly (number | null)[], count: number): number | null {
  const known = sized.filter((bytes): bytes is number => bytes !== null);
  if (known.length === 0) return null;
  const sum = known.reduce((a, b) => a + b, 0);
  return Math.round(known.length >= count ? sum : (sum / known.length) * count);
}

/** Up to `most` indexes of a list of `count`, spread evenly from its first to its last. */
export function spreadSample(count: number, most: number): number[] {
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: most }, (_, i) => Math.round((i * (count - 1)) / (most - 1)));
}
