// Loudness measurements as messages: what the page's thread sends to the worker that measures
// (loudness.worker.ts), and the handler that runs them there, or on the page's thread where no
// worker runs (loudnessWorker.ts). Several run at once, each under the id its sender gave it; the
// samples come in chunks, and only a finish (and a peek: the measurement so far) is answered.
import { createLoudnessMeter, type LoudnessMeter, type LoudnessResult } from './meter';

export type LoudnessRequest =
  | { kind: 'start'; id: string; sampleRate: number; channelCount: number }
  | { kind: 'chunk'; id: string; channels: Float32Array[] }
  | { kind: 'finish'; id: string }
  /** what the samples so far measure; the measurement goes on */
  | { kind: 'peek'; id: string }
  | { kind: 'cancel'; id: string };

export type LoudnessAnswer = (
  | { id: string; ok: true; result: LoudnessResult }
  | { id: string; ok: false; message: string }
) & { peek?: true };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The handler: one meter per running id. A start that fails (a sample rate or a channel count the
 * meter refuses), or a chunk that does (the wrong number of channels), fails that measurement:
 * its later chunks are dropped and its finish answers the reason. A start under a running id
 * starts it again; a chunk, finish or cancel under an id not running (finished, cancelled, never
 * started) is dropped, and a finish then answers so.
 */
export function createMeasurements(): (request: LoudnessRequest) => LoudnessAnswer | null {
  const running = new Map<string, LoudnessMeter | { failed: string }>();
  return (request) => {
    const { id } = request;
    switch (request.kind) {
      case 'start':
        try {
          running.set(id, createLoudnessMeter(request.sampleRate, request.channelCount));
        } catch (error) {
          running.set(id, { failed: messageOf(error) });
        }
        return null;
      case 'chunk': {
        const meter = running.get(id);
        if (meter && 'add' in meter) {
          try {
            meter.add(request.channels);
          } catch (error) {
            running.set(id, { failed: messageOf(error) });
          }
        }
        return null;
      }
      case 'cancel':
        running.delete(id);
        return null;
      case 'peek': {
        const meter = running.get(id);
        if (!meter) return { id, ok: false, message: `no loudness measurement ${id} is running`, peek: true };
        if ('failed' in meter) return { id, ok: false, message: meter.failed, peek: true };
        return { id, ok: true, result: meter.result(), peek: true };
      }
      case 'finish': {
        const meter = running.get(id);
        running.delete(id);
        if (!meter) return { id, ok: false, message: `no loudness measurement ${id} is running` };
        if ('failed' in meter) return { id, ok: false, message: meter.failed };
        return { id, ok: true, result: meter.result() };
      }
    }
  };
}
