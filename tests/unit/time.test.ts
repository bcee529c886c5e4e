import { describe, expect, it } from 'vitest';
import { formatProgress, formatTime } from '@/rules/time';

describe('formatTime', () => {
  it.each([
    [0, '00:00'],
    [9.99, '00:09'],
    [61, '01:01'],
    [630, '10:30'],
    [3725, '62:05'],
    [null, '--:--'],
    [undefined, '--:--'],
    [Number.NaN, '--:--'],
    [Number.POSITIVE_INFINITY, '--:--'],
    [-1, '--:--'],
  ])('%s → %s', (seconds, expected) => {
    expect(formatTime(seconds)).toBe(expected);
  });

  it('progress reads mm:ss / mm:ss', () => {
    expect(formatProgress(5, 90)).toBe('00:05 / 01:30');
    expect(formatProgress(5, null)).toBe('00:05 / --:--');
  });
});
