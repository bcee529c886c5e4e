// Sample events for `npm run paths -- lyrics` and tests/machines/lyrics.paths.test.ts (payloads included,
// beside the events derived from the machine), and the state key both walk with. Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

export const pathEvents: AnyEventObject[] = [
  { type: 'TRACK', track: { albumId: 'album-a', discId: 1, trackId: 1 } },
  { type: 'TRACK', track: null },
  { type: 'xstate.done.actor.fetchLyrics', output: { synced: true, lines: [{ time: 0.5, text: '港口的灯' }] } },
  { type: 'xstate.done.actor.fetchLyrics', output: null },
  { type: 'xstate.error.actor.fetchLyrics', error: new Error('未知网络错误') },
];

/** Value and what is held (the track, its lyrics or the error): each answer is walked for the track, and TRACK from each. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  TRACK: 'the /now page shows a track (another track becomes current)',
  'xstate.done.actor.fetchLyrics': 'the lyrics arrive (or the track has none)',
  'xstate.error.actor.fetchLyrics': 'the lyrics cannot be loaded',
  RETRY: 'the listener presses 重试',
};
