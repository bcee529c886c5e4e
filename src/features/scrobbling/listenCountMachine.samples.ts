// Sample events for `npm run paths -- listenCount` and tests/machines/listenCount.paths.test.ts
// (payloads included). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import type { TrackInfo } from '@/shared/track';
// a stub an exported path can name (docs/qa.md#replay-an-exported-file), not a bare function
import { returns } from '../../../model-paths/pathReplay';

const track: TrackInfo = {
  albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01',
  discId: 1,
  trackId: 1,
  title: '港灯',
  artist: '港灯乐团',
  type: 'normal',
  albumTitle: '港灯夜曲',
};

export const pathEvents: AnyEventObject[] = [
  { type: 'TRACK_CHANGED', track, duration: 180 },
  { type: 'TRACK_CHANGED', track: null, duration: null },
  { type: 'PLAYING' },
  { type: 'PAUSED' },
  { type: 'DURATION_KNOWN', seconds: 200 },
];

// a fixed clock, so the paths are the same every run
export const pathInput = { now: returns(1_764_400_000_000) };

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  TRACK_CHANGED: 'a track becomes current (a jump, the next track, 单曲循环 again) or the queue empties',
  PLAYING: 'the track plays',
  PAUSED: 'the track pauses or waits for data',
  DURATION_KNOWN: 'the track’s length becomes known',
  'xstate.after.listenDue.listenCount.track.playing': 'half the track or 4 minutes have played',
};
