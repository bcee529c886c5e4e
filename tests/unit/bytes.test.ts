import { describe, expect, test } from 'vitest';
import { formatBytes } from '@/rules/bytes';

describe('sizes as a listener reads them', () => {
  test.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [612_000, '598 KB'],
    [38.2 * 1024 * 1024, '38.2 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [3 * 1024 ** 5, '3072.0 TB'],
    [Number.NaN, '0 B'],
    [-5, '0 B'],
  ])('%d bytes: %s', (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });
});
