import { describe, expect, it, vi } from 'vitest';
import { LOOP_REPORT_LINE, loopReportSeconds, reportEventLoop } from '../../server/loopReport';

describe('REPORT_EVENT_LOOP', () => {
  it('is off unless a positive number of seconds is given, and refuses anything else', () => {
    expect(loopReportSeconds(undefined)).toBe(0);
    expect(loopReportSeconds('')).toBe(0);
    expect(loopReportSeconds('0')).toBe(0);
    expect(loopReportSeconds('1')).toBe(1);
    expect(loopReportSeconds('0.5')).toBe(0.5);
    for (const bad of ['-1', 'yes', 'NaN', '3601', 'Infinity'])
      expect(() => loopReportSeconds(bad)).toThrow(/REPORT_EVENT_LOOP/);
  });

  it('prints one line an interval that the hostile bench can read, with the delay a blocked loop had', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const lines: string[] = [];
    const stop = reportEventLoop(1, (line) => lines.push(line));
    try {
      // let the histogram's sampling timer start, hold the loop up for 60 ms, let the timer run again
      await new Promise((resolve) => setTimeout(resolve, 20));
      const until = Date.now() + 60;
      while (Date.now() < until) {
        // busy: what a stalled request handler does to everyone else
      }
      await new Promise((resolve) => setTimeout(resolve, 30));
      vi.advanceTimersByTime(1000);
    } finally {
      stop();
      vi.useRealTimers();
    }
    expect(lines).toHaveLength(1);
    const match = [...lines[0]!.matchAll(LOOP_REPORT_LINE)][0];
    expect(match, lines[0]).toBeDefined();
    expect(Number(match![2])).toBeGreaterThanOrEqual(40);
    expect(match![3]).toBe('1');
  });

  it('prints nothing when off', () => {
    const print = vi.fn();
    reportEventLoop(0, print)();
    expect(print).not.toHaveBeenCalled();
  });
});
