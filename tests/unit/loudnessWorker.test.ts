// Loudness measured behind a worker boundary. The fake worker runs the real worker's handler on
// this thread, with what a worker's messages do: each message is cloned, the buffers it lists are
// transferred (detached on the sending side), and answers arrive later, in order.
import { describe, expect, test, vi } from 'vitest';
import { createLoudnessWorker, type MeasureWorker } from '@/services/loudness/loudnessWorker';
import { createMeasurements, type LoudnessAnswer, type LoudnessRequest } from '@/services/loudness/measurements';
import { createLoudnessMeter } from '@/services/loudness/meter';

function fakeWorker() {
  const handle = createMeasurements();
  const posted: LoudnessRequest[] = [];
  const listeners = {
    message: [] as ((event: { data: LoudnessAnswer }) => void)[],
    error: [] as ((event: { message?: string }) => void)[],
  };
  const worker: MeasureWorker = {
    postMessage(request, transfer) {
      const copy = structuredClone(request, { transfer });
      posted.push(copy);
      setTimeout(() => {
        const answer = handle(copy);
        if (answer) for (const listener of listeners.message) listener({ data: structuredClone(answer) });
      }, 0);
    },
    addEventListener: (type: 'message' | 'error', listener: never) => listeners[type].push(listener),
  };
  return {
    worker,
    posted,
    fail: (message: string) => {
      for (const listener of listeners.error) listener({ message });
    },
  };
}

/** a chunk of a 1 kHz stereo tone at `db` dBFS, from sample `from` */
function toneChunk(rate: number, from: number, length: number, db: number): Float32Array[] {
  const gain = 10 ** (db / 20);
  const left = Float32Array.from({ length }, (_, i) => gain * Math.sin((2 * Math.PI * 1000 * (from + i)) / rate));
  return [left, left.slice()];
}

/** what a meter on this thread measures for the same chunks */
function measuredHere(rate: number, chunks: Float32Array[][]) {
  const meter = createLoudnessMeter(rate, 2);
  for (const chunk of chunks) meter.add(chunk.map((channel) => channel.slice()));
  return meter.result();
}

describe('loudness behind a worker', () => {
  test('measurements run side by side under their ids; one worker, started by the first', async () => {
    const fake = fakeWorker();
    let made = 0;
    const loudness = createLoudnessWorker(() => {
      made++;
      return fake.worker;
    });
    expect(made).toBe(0);
    const quiet = [0, 1, 2].map((s) => toneChunk(48_000, s * 48_000, 48_000, -30));
    const loud = [0, 1, 2].map((s) => toneChunk(44_100, s * 44_100, 44_100, -14));
    const expectedQuiet = measuredHere(48_000, quiet);
    const expectedLoud = measuredHere(44_100, loud);

    loudness.startMeasure('quiet', 48_000, 2);
    loudness.startMeasure('loud', 44_100, 2);
    for (let i = 0; i < 3; i++) {
      loudness.addChunk('quiet', quiet[i]!);
      loudness.addChunk('loud', loud[i]!);
    }
    const [a, b] = await Promise.all([loudness.finish('quiet'), loudness.finish('loud')]);
    expect(a).toEqual(expectedQuiet);
    expect(b).toEqual(expectedLoud);
    expect(a.integratedLufs).toBeCloseTo(-30, 1);
    expect(b.integratedLufs).toBeCloseTo(-14, 1);
    expect(made).toBe(1);
  });

  test('a peek tells what the samples so far measure, and the measurement goes on to its finish', async () => {
    const fake = fakeWorker();
    const loudness = createLoudnessWorker(() => fake.worker);
    const chunks = [0, 1, 2, 3].map((s) => toneChunk(48_000, s * 48_000, 48_000, -20));
    loudness.startMeasure('track', 48_000, 2);
    loudness.addChunk('track', chunks[0]!);
    loudness.addChunk('track', chunks[1]!);
    const early = await loudness.peek('track');
    expect(early.seconds).toBeCloseTo(2, 5);
    expect(early.integratedLufs).toBeCloseTo(-20, 1);
    loudness.addChunk('track', chunks[2]!);
    loudness.addChunk('track', chunks[3]!);
    expect((await loudness.finish('track')).seconds).toBeCloseTo(4, 5);
    await expect(loudness.peek('track')).rejects.toThrow(/no loudness measurement track/);
  });

  test("a chunk's buffers are handed over, not copied: the arrays are empty here afterwards", async () => {
    const fake = fakeWorker();
    const loudness = createLoudnessWorker(() => fake.worker);
    loudness.startMeasure('t', 48_000, 2);
    const chunk = toneChunk(48_000, 0, 48_000, -23);
    loudness.addChunk('t', chunk);
    expect(chunk.map((channel) => channel.length)).toEqual([0, 0]);
    // two channels that are views of one buffer: it is transferred once
    const shared = new Float32Array(2 * 48_000);
    shared.set(toneChunk(48_000, 48_000, 48_000, -23)[0]!);
    shared.set(toneChunk(48_000, 48_000, 48_000, -23)[0]!, 48_000);
    loudness.addChunk('t', [shared.subarray(0, 48_000), shared.subarray(48_000)]);
    expect(shared.length).toBe(0);
    const result = await loudness.finish('t');
    expect(result.seconds).toBe(2);
    expect(result.integratedLufs).toBeCloseTo(-23, 1);
    expect(fake.posted.map((request) => request.kind)).toEqual(['start', 'chunk', 'chunk', 'finish']);
  });

  test('a format the meter refuses, a cancelled or an unknown measurement: the finish rejects with the reason', async () => {
    const fake = fakeWorker();
    const loudness = createLoudnessWorker(() => fake.worker);
    loudness.startMeasure('seven', 48_000, 7);
    loudness.addChunk(
      'seven',
      Array.from({ length: 7 }, () => new Float32Array(10)),
    );
    await expect(loudness.finish('seven')).rejects.toThrow('7 channels');

    loudness.startMeasure('mono', 48_000, 1);
    loudness.addChunk('mono', toneChunk(48_000, 0, 100, -23));
    await expect(loudness.finish('mono')).rejects.toThrow('2 channels, not 1');

    loudness.startMeasure('dropped', 48_000, 2);
    loudness.addChunk('dropped', toneChunk(48_000, 0, 48_000, -23));
    loudness.cancel('dropped');
    await expect(loudness.finish('dropped')).rejects.toThrow('no loudness measurement dropped is running');
    await expect(loudness.finish('never')).rejects.toThrow('no loudness measurement never is running');
    // a finish asked for before the cancel still answers
    loudness.startMeasure('late', 48_000, 2);
    loudness.addChunk('late', toneChunk(48_000, 0, 48_000, -23));
    const late = loudness.finish('late');
    loudness.cancel('late');
    expect((await late).seconds).toBe(1);
  });

  test('a worker that fails: its measurements reject, and later ones run on this thread', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const fake = fakeWorker();
      let made = 0;
      const loudness = createLoudnessWorker(() => {
        made++;
        return fake.worker;
      });
      loudness.startMeasure('waiting', 48_000, 2);
      loudness.startMeasure('unfinished', 48_000, 2);
      loudness.addChunk('unfinished', toneChunk(48_000, 0, 48_000, -23));
      const waiting = loudness.finish('waiting');
      fake.fail('out of memory');
      await expect(waiting).rejects.toThrow('the loudness worker failed (out of memory)');
      loudness.addChunk('unfinished', toneChunk(48_000, 48_000, 48_000, -23));
      await expect(loudness.finish('unfinished')).rejects.toThrow('the loudness worker failed (out of memory)');
      expect(warn).toHaveBeenCalledOnce();

      const posted = fake.posted.length;
      loudness.startMeasure('after', 48_000, 2);
      const chunk = toneChunk(48_000, 0, 48_000, -23);
      loudness.addChunk('after', chunk);
      expect(chunk[0]!.length).toBe(48_000); // on this thread nothing is handed over
      expect((await loudness.finish('after')).integratedLufs).toBeCloseTo(-23, 1);
      expect(fake.posted.length).toBe(posted);
      expect(made).toBe(1);
    } finally {
      warn.mockRestore();
    }
  });

  test('without workers (Node, old browsers) every measurement runs on this thread', async () => {
    const loudness = createLoudnessWorker(null);
    loudness.startMeasure('here', 44_100, 2);
    loudness.addChunk('here', toneChunk(44_100, 0, 44_100, -18));
    expect((await loudness.finish('here')).integratedLufs).toBeCloseTo(-18, 1);
  });
});
