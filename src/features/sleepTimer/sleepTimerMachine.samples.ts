// Sample events for `npm run paths -- sleepTimer` and tests/machines/sleepTimer.paths.test.ts (payloads
// included, beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
// a stub an exported path can name (docs/qa.md#replay-an-exported-file), not a bare function
import { returns } from '../../../model-paths/pathReplay';

export const pathEvents: AnyEventObject[] = [
  { type: 'SET_TIMER', minutes: 15 },
  { type: 'SET_TIMER', minutes: 0 },
  { type: 'STOP_AFTER', scope: 'track' },
  { type: 'STOP_AFTER', scope: 'queue' },
];

// a fixed clock, so the delays (and the paths) are the same every run
export const pathInput = { now: returns(1_700_000_000_000) };

/** The state and the end waited for: each end is walked, and every event from each. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify([snapshot.value, (snapshot.context as { scope: string | null }).scope]);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  SET_TIMER: 'the listener picks a length in 定时关闭 (15 分钟 … 90 分钟, or 自定义时长)',
  STOP_AFTER: 'the listener picks 播放完当前歌曲 or 播放完整个队列 in 定时关闭',
  CANCEL: 'the listener picks 取消定时关闭',
  PLAYER_SLEPT: 'the player pauses at the end the timer waited for',
  'xstate.after.untilFade.sleepTimer.timed.counting': 'the time runs down to its last 10 s',
  'xstate.after.untilPause.sleepTimer.timed.fading': 'the last 10 s have passed',
};
