// Sample events for `npm run paths -- keeping` and tests/machines/keeping.paths.test.ts (payloads
// included, beside the events derived from the machine), and the state key both walk with. Tooling
// only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { NetworkError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';

const keep = (id: string) => ({ track: sampleTrack(id), quality: 'lossless' as const });

export const pathEvents: AnyEventObject[] = [
  { type: 'LOAD' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.loadKept', output: { kept: [], queue: [], bytes: {} } },
  // a reload in the middle of a download: the saved queue
  { type: 'xstate.done.actor.loadKept', output: { kept: [], queue: [keep('a')], bytes: {} } },
  { type: 'xstate.error.actor.loadKept', error: new Error('IndexedDB is not available') },
  { type: 'PLAN', tracks: [sampleTrack('a')], quality: 'lossless' },
  { type: 'xstate.done.actor.keepPlan', output: [keep('a')] },
  { type: 'xstate.done.actor.keepPlan', output: [] },
  { type: 'KEEP', items: [keep('a')] },
  { type: 'KEEP', items: [keep('b')] },
  { type: 'DOWNLOAD_PROGRESS', bytes: 1_000_000, total: 4_000_000 },
  { type: 'TRACK_KEPT' },
  { type: 'TRACK_FAILED', error: new NetworkError(503, 'Service Unavailable') },
  { type: 'TRACK_FAILED', error: { name: 'QuotaExceededError', message: 'The quota has been exceeded.' } },
  { type: 'CANCEL' },
  { type: 'REMOVE', tracks: [sampleTrack('a')] },
  { type: 'xstate.done.actor.removeKept' },
  { type: 'xstate.error.actor.removeKept', error: new Error('QuotaExceededError') },
];

/** Value and what is held (kept, queued, the tries of the track): a retry differs from a first try. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const { kept, queue, failedTries, keptInBatch, plan } = snapshot.context as {
    kept: string[];
    queue: unknown[];
    failedTries: number;
    keptInBatch: number;
    plan: unknown;
  };
  return JSON.stringify([snapshot.value, kept, queue, failedTries, keptInBatch, plan !== null]);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  LOAD: 'somebody signs in',
  RESET: 'the listener signs out',
  'xstate.done.actor.loadKept': 'what this device keeps (and a queue a reload interrupted) is read',
  'xstate.error.actor.loadKept': 'this browser has no store for kept audio',
  PLAN: 'the listener presses 保存到本机',
  'xstate.done.actor.keepPlan': 'the 保存到本机 dialog closes (开始保存 or 取消)',
  KEEP: 'tracks are asked to be kept with no dialog',
  DOWNLOAD_PROGRESS: 'more of the track arrives',
  TRACK_KEPT: 'the track is stored on this device',
  TRACK_FAILED: 'the download fails',
  'xstate.after.retryDelay.keeping.waitingToRetry': 'a short wait passes: the download is tried again',
  CANCEL: 'the listener cancels the downloads',
  REMOVE: 'the listener presses 移除本机副本',
  'xstate.done.actor.removeKept': 'the tracks are removed from this device',
  'xstate.error.actor.removeKept': 'the tracks cannot be removed',
};
