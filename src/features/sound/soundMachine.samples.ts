// Sample events for `npm run paths -- sound` and tests/machines/sound.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEFAULT_SOUND } from '@/rules/sound';

export const pathEvents: AnyEventObject[] = [
  { type: 'SET_NORMALISATION', mode: 'album' },
  // below −23 LUFS: held at −23
  { type: 'SET_TARGET_LOUDNESS', lufs: -30 },
  // past 12 s: held at 12
  { type: 'SET_CROSSFADE', seconds: 15 },
  { type: 'SET_ALBUMS_GAPLESS', on: false },
  { type: 'EQUALISER_ON' },
  { type: 'EQUALISER_OFF' },
  { type: 'CHOOSE_EQ_PRESET', preset: 'bassBoost' },
  { type: 'CHOOSE_EQ_PRESET', preset: 'custom' },
  { type: 'SET_EQ_BAND', band: 5, db: 12 },
  // past the last band: refused
  { type: 'SET_EQ_BAND', band: 10, db: 3 },
  // past −12 dB: held at −12
  { type: 'SET_EQ_PREAMP', db: -20 },
];

export const pathInput = DEFAULT_SOUND;

/** The settings in context: each curve, on and off, is walked, and every event from each. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.context);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  SET_NORMALISATION: 'the listener picks 音量均衡 (关, 按歌曲, 按专辑)',
  SET_TARGET_LOUDNESS: 'the listener moves the 目标响度',
  SET_CROSSFADE: 'the listener moves 淡入淡出 (0 to 12 s)',
  SET_ALBUMS_GAPLESS: 'the listener turns 同一专辑的连续曲目无缝衔接 on or off',
  EQUALISER_ON: 'the listener turns the 均衡器 on in 音效',
  EQUALISER_OFF: 'the listener turns the 均衡器 off in 音效',
  CHOOSE_EQ_PRESET: 'the listener picks a 预设 (平直, 低音增强, 人声, 古典, 摇滚, 电子, 自定义)',
  SET_EQ_BAND: 'the listener moves a band of the 均衡器 (31 Hz … 16 kHz)',
  SET_EQ_PREAMP: 'the listener moves the 前置放大',
};
