// Sample events for `npm run paths -- settings` and tests/machines/settings.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { COLOR_SCHEMES, PAGE_CLOSE_ACTIONS, QUALITIES } from '@/shared/constants';

// every value of every setting
export const pathEvents: AnyEventObject[] = [
  ...QUALITIES.map((quality) => ({ type: 'SET_QUALITY', quality })),
  ...PAGE_CLOSE_ACTIONS.map((action) => ({ type: 'SET_PAGE_CLOSE_ACTION', action })),
  ...COLOR_SCHEMES.map((colorScheme) => ({ type: 'SET_COLOR_SCHEME', colorScheme })),
];

export const pathInput = { quality: 'lossless', pageOnCloseAction: 'none', colorScheme: 'auto' };

/** One state, the settings in context: the walk reaches every combination of them. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  SET_QUALITY: 'the listener picks a 音质偏好 (高, 很高, 极高, Hi-Res)',
  SET_PAGE_CLOSE_ACTION: 'the listener picks a 页面关闭行为 (无, 播放时确认)',
  SET_COLOR_SCHEME: 'the listener picks an 外观 (跟随系统, 浅色, 深色)',
};
