// Sample events for `npm run paths -- lyrics` and tests/machines/lyrics.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';

export const pathEvents: AnyEventObject[] = [
  { type: 'TRACK', track: { albumId: 'album-a', discId: 1, trackId: 1 } },
  { type: 'TRACK', track: null },
  { type: 'xstate.done.actor.fetchLyrics', output: { synced: true, lines: [{ time: 0.5, text: '港口的灯' }] } },
  { type: 'xstate.done.actor.fetchLyrics', output: null },
  { type: 'xstate.error.actor.fetchLyrics', error: new Error('未知网络错误') },
];
