// The size of tracks before 保存到本机: lossless by the file's length, transcoded by duration × bit
// rate, the rest of a long list from the tracks asked.
import { describe, expect, it } from 'vitest';
import { listBytes, spreadSample, trackBytes } from '@/rules/keepSize';

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? null });

describe('trackBytes', () => {
  it('lossless: the length the library sends, else the original size', () => {
    expect(
      trackBytes(
        headers({
          'content-type': 'audio/flac',
          'x-origin-type': 'audio/flac',
          'content-length': '31457280',
          'x-audio-quality': 'lossless',
        }),
        'lossless',
      ),
    ).toBe(31_457_280);
    expect(trackBytes(headers({ 'x-origin-size': '1000', 'x-audio-quality': 'lossless' }), 'lossless')).toBe(1000);
  });

  it('a library that sends the original whatever was asked (the reference server): its length', () => {
    expect(
      trackBytes(
        headers({
          'content-type': 'audio/flac',
          'x-origin-type': 'audio/flac',
          'content-length': '5000',
          'x-duration-seconds': '200',
        }),
        'low',
      ),
    ).toBe(5000);
  });

  it('transcoded: duration × the bit rate of the quality served', () => {
    // 200 s at 128 kbit/s
    expect(
      trackBytes(
        headers({
          'content-type': 'audio/aac',
          'x-origin-type': 'audio/flac',
          'x-duration-seconds': '200',
          'x-audio-quality': 'low',
        }),
        'high',
      ),
    ).toBe(3_200_000);
    expect(
      trackBytes(
        headers({ 'content-type': 'audio/aac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '200' }),
        'high',
      ),
    ).toBe(6_400_000);
  });

  it('an answer that says nothing usable: unknown', () => {
    expect(trackBytes(headers({ 'content-type': 'audio/aac', 'x-duration-seconds': 'soon' }), 'medium')).toBeNull();
    expect(trackBytes(headers({ 'x-audio-quality': 'lossless', 'content-length': '-3' }), 'lossless')).toBeNull();
  });
});

describe('listBytes and spreadSample', () => {
  it('sums when every track was sized; otherwise the mean of those sized for every track', () => {
    expect(listBytes([100, 200, 300], 3)).toBe(600);
    expect(listBytes([100, null, 300], 10)).toBe(2000);
    expect(listBytes([null, null], 2)).toBeNull();
  });

  it('asks every track of a short list and an even spread of a long one, first and last included', () => {
    expect(spreadSample(3, 24)).toEqual([0, 1, 2]);
    const picked = spreadSample(1000, 24);
    expect(picked).toHaveLength(24);
    expect(picked[0]).toBe(0);
    expect(picked.at(-1)).toBe(999);
    expect(new Set(picked).size).toBe(24);
  });
});
