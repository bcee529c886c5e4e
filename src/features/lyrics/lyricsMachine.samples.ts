// Sample events for `npm run paths -- lyrics` and tests/machines/lyrics.paths.test.ts (payloads included,
// beside the events derived from the machine), and the state key both walk with. Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { lyricsOf } from '@/rules/lyrics';
import type { LyricsContext } from './lyricsMachine';
import { sampleSource, sampleTranslation } from './lyricsEditorMachine.samples';

/** 港灯's lyrics: synced, with its English translation beside the lines */
export const sampleLyrics = lyricsOf(sampleSource, [sampleTranslation]);

export const pathEvents: AnyEventObject[] = [
  { type: 'TRACK', track: { albumId: 'album-a', discId: 1, trackId: 1 } },
  { type: 'TRACK', track: null },
  { type: 'xstate.done.actor.fetchLyrics', output: sampleLyrics },
  { type: 'xstate.done.actor.fetchLyrics', output: null },
  { type: 'xstate.error.actor.fetchLyrics', error: new Error('未知网络错误') },
  { type: 'SHOW_TRANSLATION', on: false },
  { type: 'SHOW_TRANSLATION', on: true },
  { type: 'OPEN_EDITOR', part: 'source' },
  { type: 'OPEN_EDITOR', part: 'translation' },
  // the editor saved a Japanese translation, or was closed
  {
    type: 'xstate.done.actor.lyricsEditor',
    output: { type: 'text', language: 'ja', data: '港の灯\n帰りの船を照らす', contributor: null },
  },
  { type: 'xstate.done.actor.lyricsEditor', output: null },
];

/** Value and what is held (the track, its lyrics or the error, 显示翻译, whether an editor is open): each answer is walked for the track, and TRACK from each. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const { editor, ...held } = snapshot.context as LyricsContext;
  return JSON.stringify([snapshot.value, held, editor !== null]);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  TRACK: 'the /now page shows a track (another track becomes current)',
  'xstate.done.actor.fetchLyrics': 'the lyrics arrive (or the track has none)',
  'xstate.error.actor.fetchLyrics': 'the lyrics cannot be loaded',
  RETRY: 'the listener presses 重试',
  SHOW_TRANSLATION: 'the listener turns 显示翻译 on or off',
  OPEN_EDITOR: 'the listener presses 编辑歌词 (添加歌词) or 添加翻译',
  'xstate.done.actor.lyricsEditor': 'the editor is done: saved (歌词已保存) or 取消',
};
