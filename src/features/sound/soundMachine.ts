// The sound settings of this device (ours, beyond the original client; docs/behaviour.md#sound): the
// 均衡器 on or bypassed, its preset, and the listener's own curve (自定义). Every change is emitted:
// the wiring stores it and the player applies it while playing.
import { assertEvent, assign, emit, setup, type ActorRefFrom } from 'xstate';
import { EQ_BAND_HZ, type EqPreset, type NormalisationMode } from '@/shared/constants';
import { clampCrossfadeSeconds, clampGainDb, clampTargetLufs, type SoundSettings } from '@/rules/sound';
import { presetGains } from '@/rules/equaliser';

export type SoundEvent =
  /** 音量均衡: off, by track or by album */
  | { type: 'SET_NORMALISATION'; mode: NormalisationMode }
  /** the loudness tracks are brought to, LUFS */
  | { type: 'SET_TARGET_LOUDNESS'; lufs: number }
  /** 淡入淡出: seconds of overlap, 0 (gapless) to 12 */
  | { type: 'SET_CROSSFADE'; seconds: number }
  /** whether tracks that follow each other on one album skip the fade (gapless) */
  | { type: 'SET_ALBUMS_GAPLESS'; on: boolean }
  | { type: 'EQUALISER_ON' }
  /** the bypass: the sound as it was mastered */
  | { type: 'EQUALISER_OFF' }
  | { type: 'CHOOSE_EQ_PRESET'; preset: EqPreset }
  /** one band (0 = 31 Hz … 9 = 16 kHz) moved, dB */
  | { type: 'SET_EQ_BAND'; band: number; db: number }
  | { type: 'SET_EQ_PREAMP'; db: number };

export type SoundChangedEvent = { type: 'soundChanged'; sound: SoundSettings };

export const soundMachine = setup({
  types: {
    context: {} as SoundSettings,
    events: {} as SoundEvent,
    input: {} as SoundSettings,
    emitted: {} as SoundChangedEvent,
  },
  guards: {
    isBand: ({ event }) =>
      event.type === 'SET_EQ_BAND' && Number.isInteger(event.band) && event.band >= 0 && event.band < EQ_BAND_HZ.length,
  },
  actions: {
    setNormalisation: assign(({ context, event }) => {
      assertEvent(event, 'SET_NORMALISATION');
      return { normalisation: { ...context.normalisation, mode: event.mode } };
    }),
    setTarget: assign(({ context, event }) => {
      assertEvent(event, 'SET_TARGET_LOUDNESS');
      return { normalisation: { ...context.normalisation, targetLufs: clampTargetLufs(event.lufs) } };
    }),
    setCrossfade: assign(({ context, event }) => {
      assertEvent(event, 'SET_CROSSFADE');
      return { crossfade: { ...context.crossfade, seconds: clampCrossfadeSeconds(event.seconds) } };
    }),
    setAlbumsGapless: assign(({ context, event }) => {
      assertEvent(event, 'SET_ALBUMS_GAPLESS');
      return { crossfade: { ...context.crossfade, albumsGapless: event.on } };
    }),
    turnOn: assign(({ context }) => ({ equaliser: { ...context.equaliser, on: true } })),
    turnOff: assign(({ context }) => ({ equaliser: { ...context.equaliser, on: false } })),
    choosePreset: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_EQ_PRESET');
      return { equaliser: { ...context.equaliser, preset: event.preset } };
    }),
    /** a band moved on a ready-made curve: the listener's own starts from that curve (自定义) */
    setBand: assign(({ context, event }) => {
      assertEvent(event, 'SET_EQ_BAND');
      const from = presetGains(context.equaliser);
      const bands = from.bands.map((db, i) => (i === event.band ? clampGainDb(event.db) : db));
      return { equaliser: { ...context.equaliser, preset: 'custom' as const, custom: { ...from, bands } } };
    }),
    setPreamp: assign(({ context, event }) => {
      assertEvent(event, 'SET_EQ_PREAMP');
      const custom = { ...presetGains(context.equaliser), preampDb: clampGainDb(event.db) };
      return { equaliser: { ...context.equaliser, preset: 'custom' as const, custom } };
    }),
    announce: emit(({ context }) => ({ type: 'soundChanged' as const, sound: context })),
  },
}).createMachine({
  description:
    'The 音效 settings of this device: 音量均衡 (off, by track or by album, and its target), 淡入淡出 and the 均衡器 (on or bypassed, its preset and 自定义 curve).',
  id: 'sound',
  context: ({ input }) => input,
  on: {
    SET_NORMALISATION: { actions: ['setNormalisation', 'announce'] },
    SET_TARGET_LOUDNESS: {
      description: 'A target outside −23…−8 LUFS is held at the nearest end.',
      actions: ['setTarget', 'announce'],
    },
    SET_CROSSFADE: {
      description: '淡入淡出: 0 to 12 s (outside: the nearest end); 0 is the gapless hand-over.',
      actions: ['setCrossfade', 'announce'],
    },
    SET_ALBUMS_GAPLESS: { actions: ['setAlbumsGapless', 'announce'] },
    EQUALISER_ON: { actions: ['turnOn', 'announce'] },
    EQUALISER_OFF: { description: 'The bypass: the sound passes unchanged.', actions: ['turnOff', 'announce'] },
    CHOOSE_EQ_PRESET: {
      description: 'Choosing a preset turns the 均衡器 on, so the listener hears it.',
      actions: ['choosePreset', 'turnOn', 'announce'],
    },
    SET_EQ_BAND: {
      guard: 'isBand',
      description: 'A band moved: the curve becomes 自定义, and the 均衡器 is on to be heard.',
      actions: ['setBand', 'turnOn', 'announce'],
    },
    SET_EQ_PREAMP: {
      description: 'The preamp moved: the curve becomes 自定义, and the 均衡器 is on to be heard.',
      actions: ['setPreamp', 'turnOn', 'announce'],
    },
  },
});

export type SoundRef = ActorRefFrom<typeof soundMachine>;
