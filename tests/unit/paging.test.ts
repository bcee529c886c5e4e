import { describe, expect, test } from 'vitest';
import { pageCount, parsePaging } from '@/rules/paging';

describe('paging (docs/behaviour.md#paged-lists)', () => {
  test.each([
    [0, 30, 1],
    [29, 30, 1],
    [30, 30, 2],
    [31, 30, 2],
    [100, 10, 11],
    [5, 0, 1],
  ])('pageCount(%i, %i) = %i', (items, size, pages) => {
    expect(pageCount(items, size)).toBe(pages);
  });

  test.each([
    ['', { page: 1, count: 30 }],
    ['?page=3&count=10', { page: 3, count: 10 }],
    ['page=2&count=50&url=https%3A%2F%2Fx', { page: 2, count: 50 }],
    ['?page=0&count=25', { page: 1, count: 30 }],
    ['?page=-4&count=20', { page: 1, count: 20 }],
    ['?page=abc&count=abc', { page: 1, count: 30 }],
    ['?page=2.5&count=10.0', { page: 1, count: 30 }],
    ['?page=&count=', { page: 1, count: 30 }],
  ])('parsePaging(%j)', (search, expected) => {
    expect(parsePaging(search)).toEqual(expected);
  });
});
