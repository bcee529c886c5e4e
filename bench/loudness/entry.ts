/**
 * Browser side of the loudness benchmark (bundled by bench/loudness.ts, run in headless Chromium):
 * the page posts the synthetic 5-minute track to the loudness worker in chunks of one second,
 * all in one go as a page holding a decoded track would, and waits for the result, watching its
 * own main thread for long tasks meanwhile. Then the same measurement on the page's own thread,
 * for what the worker saves it.
 */
import { createLoudnessWorker } from '@/services/loudness/loudnessWorker';
import { createLoudnessMeter, type LoudnessResult } from '@/services/loudness/meter';
import { syntheticTrack, TRACK_RATE } from './track';

export interface WorkerTimings {
  /** the first chunk posted → the result in hand */
  measureMs: number;
  /** how long posting the chunks kept the main thread (one task) */
  postingMs: number;
  /** the longest main-thread task (PerformanceObserver longtask, > 50 ms) meanwhile; 0 when none */
  longestTaskMs: number;
  /** each such task: when it started (ms after the first chunk was posted) and how long it took */
  longTasks: { at: number; ms: number }[];
  result: LoudnessResult;
}

export interface PageThreadTimings {
  /** the same measurement on the page's thread: one task */
  measureMs: number;
  result: LoudnessResult;
}

const track = syntheticTrack();
// one worker for every run, as the app has one: the first run also starts it
const loudness = createLoudnessWorker();
let runs = 0;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 50));

async function inWorker(): Promise<WorkerTimings> {
  // each run hands its own copies over (the worker takes the buffers); copied before timing
  const chunks = track.map((channels) => channels.map((channel) => channel.slice()));
  await nextTask();
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  const id = `track-${++runs}`;
  const started = performance.now();
  loudness.startMeasure(id, TRACK_RATE, 2);
  for (const chunk of chunks) loudness.addChunk(id, chunk);
  const postingMs = performance.now() - started;
  const result = await loudness.finish(id);
  const measureMs = performance.now() - started;
  // entries are delivered after the task; give the observer a turn
  await nextTask();
  observer.disconnect();
  const longTasks = entries.map((entry) => ({ at: entry.startTime - started, ms: entry.duration }));
  return { measureMs, postingMs, longestTaskMs: Math.max(0, ...longTasks.map((task) => task.ms)), longTasks, result };
}

async function onPageThread(): Promise<PageThreadTimings> {
  await nextTask();
  const started = performance.now();
  const meter = createLoudnessMeter(TRACK_RATE, 2);
  for (const chunk of track) meter.add(chunk);
  const result = meter.result();
  return { measureMs: performance.now() - started, result };
}

declare global {
  interface Window {
    loudnessBench: { inWorker: typeof inWorker; onPageThread: typeof onPageThread };
  }
}
window.loudnessBench = { inWorker, onPageThread };
