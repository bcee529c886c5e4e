// Sample events for `npm run paths -- stats` and tests/machines/stats.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import { summariseStats } from '@/rules/stats';
// a stub an exported path can name (docs/qa.md#replay-an-exported-file), not a bare function
import { returns } from '../../../model-paths/pathReplay';
import type { StatsResult } from './statsMachine';

const result: StatsResult = {
  bars: [
    { label: '11/28', plays: 3 },
    { label: '11/29', plays: 1 },
  ],
  summary: summariseStats(
    [
      {
        track: {
          albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01',
          discId: 1,
          trackId: 1,
          title: '港灯',
          artist: '港灯乐团',
          type: 'normal',
          albumTitle: '港灯夜曲',
          tags: ['group:港灯乐团'],
          known: true,
        },
        count: 4,
        seconds: 180,
      },
    ],
    20,
  ),
  albums: { '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01': { title: '港灯夜曲', artist: '港灯乐团' } },
  playable: ['3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01-1-1'],
};
const noAnswer = { name: 'NetworkError', status: null, message: '网络错误' };

export const pathEvents: AnyEventObject[] = [
  { type: 'CHOOSE_PERIOD', period: 'year' },
  { type: 'xstate.done.actor.loadStats', output: result },
  { type: 'xstate.error.actor.loadStats', error: noAnswer },
];

// a fixed clock, so the paths are the same every run
export const pathInput = { now: returns(1_764_400_000_000) };

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  CHOOSE_PERIOD: 'the listener picks a period (7 天, 30 天, 一年, 全部)',
  RETRY: 'the listener presses 重试',
  'xstate.done.actor.loadStats': 'the period’s statistics arrive',
  'xstate.error.actor.loadStats': 'the statistics cannot be read',
};
