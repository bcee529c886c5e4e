// Sample events for `npm run paths -- lyricsEditor` and tests/machines/lyricsEditor.paths.test.ts (payloads
// included, beside the events derived from the machine), its starts (编辑歌词 on a track with lyrics, 添加歌词
// on one without, 添加翻译) and the state key. Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError, NetworkError } from '@/services/api/errors';
import type { LyricVersion } from '@/rules/lyrics';
import type { LyricsEditorContext, LyricsEditorInput } from './lyricsEditorMachine';

const track = { albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01', discId: 1, trackId: 1 };
const anniv = { userId: '', nickname: 'Anniv', avatar: '' };

export const sampleSource: LyricVersion = {
  type: 'lrc',
  language: 'zh-CN',
  data: '[ti:港灯]\n[00:00.50]港口的灯 一盏一盏亮起\n[00:04.00]照着回家的船',
  contributor: anniv,
};

export const sampleTranslation: LyricVersion = {
  type: 'lrc',
  language: 'en',
  data: '[00:00.50]The harbour lights come on one by one\n[00:04.00]Lighting the boats home',
  contributor: anniv,
};

/** 编辑歌词 on 港灯, which has a source and an English translation */
export const pathInput: LyricsEditorInput = {
  track,
  part: 'source',
  source: sampleSource,
  translations: [sampleTranslation],
  shown: sampleTranslation,
};

/** 添加歌词 on a track without lyrics; 添加翻译 on 港灯 */
export const pathMoreInputs: LyricsEditorInput[] = [
  { track: { ...track, trackId: 3 }, part: 'source', source: null, translations: [], shown: null },
  { ...pathInput, part: 'translation' },
];

export const pathEvents: AnyEventObject[] = [
  // the source fixed (its language), a translation in Japanese: each passes for one start only
  { type: 'SUBMIT', form: { type: 'lrc', language: 'zh-CN', data: '[00:00.50]港口的灯\n[00:04.00]照着回家的船' } },
  { type: 'SUBMIT', form: { type: 'text', language: 'ja', data: '港の灯\n帰りの船を照らす' } },
  // a second of 75: refused with the line and the stamp
  { type: 'SUBMIT', form: { type: 'lrc', language: 'zh-CN', data: '[00:00.50]港口的灯\n[01:75.00]照着回家的船' } },
  // no language
  { type: 'SUBMIT', form: { type: 'text', language: ' ', data: '港口的灯' } },
  { type: 'CLEAR_FORM_ERROR' },
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.patchLyrics', output: null },
  { type: 'xstate.error.actor.patchLyrics', error: new ApiError(902003, 'lyric is too long') },
  { type: 'xstate.error.actor.patchLyrics', error: new NetworkError(null) },
];

/** Where it is, which start it walks, and the message it shows (so a refused form and its clearing are walked). */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as LyricsEditorContext;
  return JSON.stringify([snapshot.value, c.part, c.source !== null, c.formError, c.saved]);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  SUBMIT: 'the listener presses 保存',
  CLEAR_FORM_ERROR: 'the listener changes the field the message is about',
  CLOSE: 'the listener presses 取消 (or closes the dialog)',
  'xstate.done.actor.patchLyrics': 'the server takes the lyrics',
  'xstate.error.actor.patchLyrics': 'the server refuses them, or does not answer',
};
