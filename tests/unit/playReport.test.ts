// A counted play as the player hands it on: the track, when it began (now − 10 s, in seconds) and,
// when the element knows it, the track's length (我的统计 sums listening time with it).
import { expect, test } from 'vitest';
import { initialContext, playReport } from '@/features/player/playerModel';

const track = { albumId: 'a', discId: 1, trackId: 2, title: 't', artist: 'x', type: 'normal', albumTitle: 'A' };

test('the play began 10 s ago; its length goes with it once known, not before', () => {
  const context = { ...initialContext({ now: () => 1_700_000_010_000 }), queue: [track], index: 0 };
  expect(playReport(context, 10_000)).toEqual({
    track: { albumId: 'a', discId: 1, trackId: 2 },
    at: [1_700_000_000],
  });
  expect(playReport({ ...context, duration: 212.4 }, 10_000)).toEqual({
    track: { albumId: 'a', discId: 1, trackId: 2 },
    at: [1_700_000_000],
    seconds: 212.4,
  });
  expect(playReport({ ...context, duration: Number.POSITIVE_INFINITY }, 10_000).seconds).toBeUndefined();
});
