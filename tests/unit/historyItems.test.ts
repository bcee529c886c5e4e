// 最近播放's days and times: a heading for each local calendar day (今天, 昨天, then the date with its
// weekday, the year only when it is another), the time each play began.
import { describe, expect, test } from 'vitest';
import { dayLabel, historyItems, timeOfDay } from '@/rules/history';

const words = { today: '今天', yesterday: '昨天' };
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime() / 1000;
const now = new Date(2026, 10, 29, 9, 30); // Sunday 29 November 2026, 09:30

describe('days and times of the history', () => {
  test('今天, 昨天 (just after midnight too), then the date with its weekday; another year says its year', () => {
    expect(dayLabel(new Date(at(2026, 11, 29, 0, 1) * 1000), now, words)).toBe('今天');
    expect(dayLabel(new Date(at(2026, 11, 28, 23, 59) * 1000), now, words)).toBe('昨天');
    expect(dayLabel(new Date(at(2026, 11, 27) * 1000), now, words)).toBe('11月27日 星期五');
    expect(dayLabel(new Date(at(2025, 12, 31) * 1000), now, words)).toBe('2025年12月31日 星期三');
    // the first of the month: yesterday is the last of the one before
    expect(dayLabel(new Date(at(2026, 10, 31, 22) * 1000), new Date(2026, 10, 1, 8), words)).toBe('昨天');
  });

  test('a time is the local hour and minute', () => {
    expect(timeOfDay(at(2026, 11, 29, 7, 5))).toBe('07:05');
    expect(timeOfDay(at(2026, 11, 29, 23, 59))).toBe('23:59');
  });

  test('a heading before the first play of each day, the plays in their order', () => {
    const plays = [at(2026, 11, 29, 9), at(2026, 11, 29, 8), at(2026, 11, 28, 22), at(2026, 11, 20, 10)].map((t) => ({
      at: t,
    }));
    const items = historyItems(plays, now, words);
    expect(items.map((item) => (item.kind === 'day' ? item.label : item.index))).toEqual([
      '今天',
      0,
      1,
      '昨天',
      2,
      '11月20日 星期五',
      3,
    ]);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
    expect(historyItems([], now, words)).toEqual([]);
  });
});
