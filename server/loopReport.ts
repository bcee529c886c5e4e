import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * `REPORT_EVENT_LOOP=<seconds>`: every that many seconds the server prints how long its event loop
 * was held up, one line an interval:
 *
 *     event loop: p99 1.2 ms, max 4.5 ms over 1 s
 *
 * For operators watching a server under load, and for `npm run bench -- hostile`, which reads the
 * lines to tell the server's own delay from the cost of the attackers running beside it on the
 * same machine. Off (0) by default.
 */
export const LOOP_REPORT_LINE = /^event loop: p99 ([\d.]+) ms, max ([\d.]+) ms over ([\d.]+) s$/gm;

export function reportEventLoop(seconds: number, print: (line: string) => void = console.log): () => void {
  if (!(seconds > 0)) return () => {};
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns: number): string => (ns / 1e6).toFixed(1);
  const timer = setInterval(() => {
    print(`event loop: p99 ${ms(histogram.percentile(99))} ms, max ${ms(histogram.max)} ms over ${seconds} s`);
    histogram.reset();
  }, seconds * 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    histogram.disable();
  };
}

/** The seconds of `REPORT_EVENT_LOOP` (0 when unset); a value that is not a positive number is refused. */
export function loopReportSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '' || value.trim() === '0') return 0;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new Error(`REPORT_EVENT_LOOP must be a number of seconds between 0 and 3600, not "${value}"`);
  }
  return seconds;
}
