// Where a track's loudness is measured: in a worker when the browser has workers (measuring a
// 5-minute track on the page's thread would be one task of several hundred milliseconds), else on
// this thread (tests in Node, browsers without module workers, a worker that failed). The worker
// starts with the first measurement and stays for the next ones.
import { createMeasurements, type LoudnessAnswer, type LoudnessRequest } from './measurements';
import type { LoudnessResult } from './meter';

/** what the client needs of a worker (tests pass one that runs the handler on their thread) */
export interface MeasureWorker {
  postMessage(request: LoudnessRequest, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: { data: LoudnessAnswer }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

export type CreateMeasureWorker = () => MeasureWorker;

export interface LoudnessWorker {
  /** starts measuring a track under `id` (a start under a running id starts it again) */
  startMeasure(id: string, sampleRate: number, channelCount: number): void;
  /**
   * The track's next samples, one array per channel. Their buffers are handed to the worker, not
   * copied: the arrays are empty on this side afterwards, so each chunk needs arrays of its own.
   */
  addChunk(id: string, channels: readonly Float32Array[]): void;
  /** the measurement of everything added; rejects when it failed (a format the meter refuses, a worker that died) */
  finish(id: string): Promise<LoudnessResult>;
  /** what the samples added so far measure, while the measurement goes on (rejects as finish does) */
  peek(id: string): Promise<LoudnessResult>;
  /** drops a measurement; a finish asked for before still answers */
  cancel(id: string): void;
}

const browserWorker: CreateMeasureWorker | null =
  typeof Worker === 'undefined'
    ? null
    : () =>
        new Worker(new URL('./loudness.worker.ts', import.meta.url), {
          type: 'module',
          name: 'loudness',
        }) as unknown as MeasureWorker;

/** the buffers behind `channels`, each once (two channels may be views of one) */
function buffersOf(channels: readonly Float32Array[]): ArrayBuffer[] {
  const buffers = new Set(channels.map((channel) => channel.buffer));
  return [...buffers].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
}

interface Finishing {
  promise: Promise<LoudnessResult>;
  resolve(result: LoudnessResult): void;
  reject(error: Error): void;
}

function waitingFor(): Finishing {
  let resolve!: (result: LoudnessResult) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<LoudnessResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function createLoudnessWorker(createWorker: CreateMeasureWorker | null = browserWorker): LoudnessWorker {
  let worker: MeasureWorker | null = null;
  // set once a worker failed: every measurement from then on runs on this thread
  let onThisThread = createWorker === null;
  const here = createMeasurements();
  const finishing = new Map<string, Finishing>();
  // the measurements the worker holds, and those a failed worker took with it (and why)
  const onWorker = new Set<string>();
  const lost = new Map<string, string>();

  const peeking = new Map<string, Finishing>();

  const answered = (answer: LoudnessAnswer) => {
    if (answer.peek) {
      const asked = peeking.get(answer.id);
      peeking.delete(answer.id);
      if (answer.ok) asked?.resolve(answer.result);
      else asked?.reject(new Error(answer.message));
      return;
    }
    const waiting = finishing.get(answer.id);
    finishing.delete(answer.id);
    onWorker.delete(answer.id);
    if (answer.ok) waiting?.resolve(answer.result);
    else waiting?.reject(new Error(answer.message));
  };

  const started = (): MeasureWorker => {
    if (worker) return worker;
    const made = createWorker!();
    made.addEventListener('message', ({ data }) => answered(data));
    // a worker that cannot start or dies: the samples it was sent are gone with it, so its
    // measurements fail; later ones run on this thread, in tasks as long as their chunks
    made.addEventListener('error', (event) => {
      const reason = `the loudness worker failed (${event.message || 'no reason given'})`;
      console.warn(`${reason}; measurements run on the page from now on`);
      onThisThread = true;
      worker = null;
      for (const id of onWorker) lost.set(id, reason);
      onWorker.clear();
      const waiting = [...finishing.values(), ...peeking.values()];
      finishing.clear();
      peeking.clear();
      for (const { reject } of waiting) reject(new Error(reason));
    });
    worker = made;
    return made;
  };

  const send = (request: LoudnessRequest, transfer: Transferable[] = []) => {
    if (onThisThread) {
      const answer = here(request);
      if (answer) answered(answer);
    } else started().postMessage(request, transfer);
  };

  return {
    startMeasure(id, sampleRate, channelCount) {
      lost.delete(id);
      if (!onThisThread) onWorker.add(id);
      send({ kind: 'start', id, sampleRate, channelCount });
    },
    addChunk(id, channels) {
      send({ kind: 'chunk', id, channels: [...channels] }, buffersOf(channels));
    },
    finish(id) {
      const already = finishing.get(id);
      if (already) return already.promise;
      const reason = lost.get(id);
      if (reason !== undefined) {
        lost.delete(id);
        return Promise.reject(new Error(reason));
      }
      const asked = waitingFor();
      finishing.set(id, asked);
      send({ kind: 'finish', id });
      return asked.promise;
    },
    peek(id) {
      const already = peeking.get(id);
      if (already) return already.promise;
      const reason = lost.get(id);
      if (reason !== undefined) return Promise.reject(new Error(reason));
      const asked = waitingFor();
      peeking.set(id, asked);
      send({ kind: 'peek', id });
      return asked.promise;
    },
    cancel(id) {
      lost.delete(id);
      onWorker.delete(id);
      send({ kind: 'cancel', id });
    },
  };
}
