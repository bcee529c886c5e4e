// Sample events for `npm run paths -- keepPlan` (payloads included, beside the events derived from
// the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import { sampleTrack } from '@/shared/model.samples';

export const pathInput = { tracks: [sampleTrack('a'), sampleTrack('b')], quality: 'lossless' as const };

export const pathEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.estimateKeep', output: { bytes: 80_000_000, available: 2_000_000_000 } },
  // more than the space left
  { type: 'xstate.done.actor.estimateKeep', output: { bytes: 80_000_000, available: 10_000_000 } },
  { type: 'xstate.error.actor.estimateKeep', error: new Error('Failed to fetch') },
  { type: 'SET_QUALITY', quality: 'low' },
  { type: 'CONFIRM' },
  { type: 'CLOSE' },
];

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  'xstate.done.actor.estimateKeep': 'the size of the tracks and the space left are known',
  'xstate.error.actor.estimateKeep': 'the library cannot say how large the tracks are',
  SET_QUALITY: 'the listener picks another 音质',
  CONFIRM: 'the listener presses 开始保存',
  CLOSE: 'the listener presses 取消',
};
