// Sample events for `npm run paths -- history` and tests/machines/history.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import type { HistoryPage, HistoryRow } from './historyMachine';

const ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const row = (at: number, trackId: number, playable = true): HistoryRow => ({
  at,
  track: {
    albumId: ALBUM,
    discId: 1,
    trackId,
    title: `曲 ${trackId}`,
    artist: '港灯乐团',
    type: 'normal',
    albumTitle: '港灯夜曲',
  },
  known: true,
  playable,
});
const page = (rows: HistoryRow[], end: boolean): HistoryPage => ({ rows, end });
const noAnswer = { name: 'NetworkError', status: null, message: '网络错误' };

export const pathEvents: AnyEventObject[] = [
  // a full page: more on the server
  { type: 'xstate.done.actor.firstPage', output: page([row(1_700_000_300, 1), row(1_700_000_200, 2, false)], false) },
  // everything there is
  { type: 'xstate.done.actor.firstPage', output: page([row(1_700_000_300, 1)], true) },
  { type: 'xstate.error.actor.firstPage', error: noAnswer },
  { type: 'xstate.done.actor.nextPage', output: page([row(1_700_000_100, 3)], false) },
  { type: 'xstate.done.actor.nextPage', output: page([row(1_700_000_000, 4)], true) },
  { type: 'xstate.error.actor.nextPage', error: noAnswer },
  // plays sent while the page shows: one new play on top of what shows
  { type: 'xstate.done.actor.newestPage', output: page([row(1_700_000_400, 5), row(1_700_000_300, 1)], false) },
  { type: 'xstate.error.actor.newestPage', error: noAnswer },
  // the libraries now have track 2 and not track 1
  { type: 'xstate.done.actor.checkPlayable', output: [`${ALBUM}-1-2`] },
  { type: 'xstate.error.actor.checkPlayable', error: noAnswer },
];

/** The state and whether the server has more: the end of the history is walked apart from the rest. */
export const pathStateKey = (snapshot: { value: unknown; context: { end: boolean; rows: unknown[] } }) =>
  JSON.stringify([snapshot.value, snapshot.context.end, snapshot.context.rows.length > 0]);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  LOAD_MORE: 'the listener scrolls near the end of 最近播放',
  RETRY: 'the listener presses 重试',
  'xstate.done.actor.firstPage': 'the newest plays arrive',
  'xstate.error.actor.firstPage': 'the newest plays cannot be read',
  'xstate.done.actor.nextPage': 'the next page of plays arrives',
  'xstate.error.actor.nextPage': 'the next page cannot be read',
  NEW_PLAYS: 'plays the listener made are sent while 最近播放 shows',
  'xstate.done.actor.newestPage': 'the newest plays arrive',
  'xstate.error.actor.newestPage': 'the newest plays cannot be read',
  LIBRARIES_CHANGED: 'the listener’s libraries change (a sync, a library added or removed, the network gone)',
  'xstate.done.actor.checkPlayable': 'which rows can play is known again',
  'xstate.error.actor.checkPlayable': 'which rows can play cannot be checked',
};
