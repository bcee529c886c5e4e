// The 均衡器's curves (docs/behaviour.md#sound): the ready-made presets, and the gains the graph applies
// for the settings. Apart from rules/sound.ts so the first page, which reads the stored settings,
// does not carry them: they load with the graph and the 音效 panel.
import type { EqPreset } from '@/shared/constants';
import { DEFAULT_SOUND, type EqualiserGains, type EqualiserSettings } from './sound';

/**
 * The ready-made curves, 31 Hz → 16 kHz. A preset that lifts bands lowers the preamp by about its
 * largest lift, so that a full-scale master does not clip.
 */
export const EQ_PRESET_GAINS: Record<Exclude<EqPreset, 'custom'>, EqualiserGains> = {
  flat: DEFAULT_SOUND.equaliser.custom,
  bassBoost: { preampDb: -6, bands: [7, 6, 5, 3, 1, 0, 0, 0, 0, 0] },
  vocal: { preampDb: -3, bands: [-3, -2, -1, 1, 3, 4, 3, 1, 0, -2] },
  classical: { preampDb: 0, bands: [0, 0, 0, 0, 0, 0, -2, -3, -3, -4] },
  rock: { preampDb: -4, bands: [5, 4, 3, 1, -1, -1, 1, 3, 4, 5] },
  electronic: { preampDb: -4, bands: [5, 4, 1, 0, -2, 2, 1, 1, 4, 5] },
};

/** the bands and preamp the chosen preset stands for (the listener's own for 自定义) */
export function presetGains(equaliser: EqualiserSettings): EqualiserGains {
  return equaliser.preset === 'custom' ? equaliser.custom : EQ_PRESET_GAINS[equaliser.preset];
}

/** what the graph applies: the preset's gains, or 0 dB everywhere when bypassed */
export function equaliserGains(equaliser: EqualiserSettings): EqualiserGains {
  return equaliser.on ? presetGains(equaliser) : EQ_PRESET_GAINS.flat;
}
