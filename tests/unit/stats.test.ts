// 我的统计's rules: the periods' bars in the listener's calendar, and what a period's counts add up
// to (plays, listening time with unknown lengths estimated, top tracks, albums, artists and tags).
import { describe, expect, test } from 'vitest';
import { listeningTime, statsBuckets, statsRange, summariseStats } from '@/rules/stats';

const now = new Date(2026, 10, 29, 9, 30); // 29 November 2026
const local = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime() / 1000;

describe('the bars of a period', () => {
  test('7 天: today and the six days before, each a day long, named month/day', () => {
    const bars = statsBuckets('week', now);
    expect(bars.map((b) => b.label)).toEqual(['11/23', '11/24', '11/25', '11/26', '11/27', '11/28', '11/29']);
    expect(bars[0]!.from).toBe(local(2026, 11, 23));
    expect(bars.at(-1)!.to).toBe(local(2026, 11, 30));
    for (const bar of bars.slice(1)) expect(bar.from).toBe(bars[bars.indexOf(bar) - 1]!.to);
  });

  test('30 天 crosses the month; 一年 is the last twelve months by month; 全部 runs by year from the first play', () => {
    const month = statsBuckets('month', now);
    expect(month).toHaveLength(30);
    expect(month[0]!.label).toBe('10/31');
    expect(statsBuckets('year', now).map((b) => b.label)).toEqual([
      '12月',
      '1月',
      '2月',
      '3月',
      '4月',
      '5月',
      '6月',
      '7月',
      '8月',
      '9月',
      '10月',
      '11月',
    ]);
    expect(statsBuckets('year', now)[0]!.from).toBe(local(2025, 12, 1));
    expect(statsBuckets('all', now, 2023).map((b) => b.label)).toEqual(['2023', '2024', '2025', '2026']);
    expect(statsBuckets('all', now).map((b) => b.label)).toEqual(['2026']);
  });

  test('what the server is asked: from the first bar (0 for all time) to now', () => {
    expect(statsRange('week', now)).toEqual({ from: local(2026, 11, 23), to: Math.floor(now.getTime() / 1000) });
    expect(statsRange('all', now).from).toBe(0);
  });
});

describe('what the counts add up to', () => {
  const track = (id: number, artist: string, tags: string[] = [], albumId = 'a') => ({
    albumId,
    artist,
    tags,
    id,
  });

  test('plays, tracks by plays, albums, each named artist (a band’s members too, not their instruments) and each tag counted per play', () => {
    const summary = summariseStats(
      [
        { track: track(1, 'Mio'), count: 2, seconds: 200 },
        {
          track: track(2, '港灯乐团（小林（吉他）、阿健）', ['group:港灯乐团', 'genre:jazz'], 'b'),
          count: 5,
          seconds: 100,
        },
        { track: track(3, 'Mio、Aya', ['genre:jazz']), count: 1, seconds: null },
      ],
      10,
    );
    expect(summary.plays).toBe(8);
    expect(summary.tracks.map((t) => t.track.id)).toEqual([2, 1, 3]);
    expect(summary.albums).toEqual([
      { key: 'b', count: 5 },
      { key: 'a', count: 3 },
    ]);
    expect(summary.artists).toEqual([
      { key: '港灯乐团', count: 5 },
      { key: '小林', count: 5 },
      { key: '阿健', count: 5 },
      { key: 'Mio', count: 3 },
      { key: 'Aya', count: 1 },
    ]);
    expect(summary.tags).toEqual([
      { key: 'genre:jazz', count: 6 },
      { key: 'group:港灯乐团', count: 5 },
    ]);
    // 2 × 200 + 5 × 100 known; the one unknown play at their average (900 / 7)
    expect(summary.estimatedPlays).toBe(1);
    expect(summary.seconds).toBe(Math.round(900 + 900 / 7));
  });

  test('no length known at all: 4 minutes a play; the lists are cut to the limit', () => {
    const summary = summariseStats(
      Array.from({ length: 5 }, (_, i) => ({ track: track(i, `A${i}`, [], `al${i}`), count: 5 - i, seconds: null })),
      3,
    );
    expect(summary.seconds).toBe(15 * 240);
    expect(summary.tracks).toHaveLength(3);
    expect(summary.albums.map((a) => a.key)).toEqual(['al0', 'al1', 'al2']);
  });

  test('listening time reads in hours and minutes', () => {
    expect(listeningTime(45 * 60)).toBe('45 分');
    expect(listeningTime(12 * 3600 + 5 * 60 + 10)).toBe('12 小时 5 分');
  });
});
