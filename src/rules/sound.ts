// The sound settings of this device (docs/behaviour.md#sound): 音量均衡's mode and target, the
// equaliser's preset, bands, preamp and bypass, read from local storage checked for shape (the
// curves: rules/equaliser.ts; the gains of loudness: rules/loudnessGain.ts).
import {
  CROSSFADE_MAX_S,
  DEFAULT_TARGET_LUFS,
  EQ_BAND_HZ,
  EQ_MAX_DB,
  EQ_PRESETS,
  NORMALISATION_MODES,
  TARGET_LUFS_RANGE,
  type EqPreset,
  type NormalisationMode,
} from '@/shared/constants';
import { isRecord } from './narrow';

export interface EqualiserSettings {
  /** off: the bypass (every band and the preamp at 0 dB) */
  on: boolean;
  preset: EqPreset;
  /** the listener's own bands and preamp (自定义), kept while a preset is chosen */
  custom: { bands: number[]; preampDb: number };
}

export interface NormalisationSettings {
  mode: NormalisationMode;
  /** LUFS, a whole number within TARGET_LUFS_RANGE */
  targetLufs: number;
}

export interface CrossfadeSettings {
  /** 淡入淡出: whole seconds the next track overlaps the end of the current one, 0–12; 0: gapless */
  seconds: number;
  /** tracks that follow each other on one album are handed over gaplessly, not faded */
  albumsGapless: boolean;
}

export interface SoundSettings {
  normalisation: NormalisationSettings;
  crossfade: CrossfadeSettings;
  equaliser: EqualiserSettings;
}

/** what the graph is told: the preamp and one gain per band, dB */
export interface EqualiserGains {
  preampDb: number;
  bands: number[];
}

const FLAT = EQ_BAND_HZ.map(() => 0);

export const DEFAULT_SOUND: SoundSettings = {
  normalisation: { mode: 'off', targetLufs: DEFAULT_TARGET_LUFS },
  crossfade: { seconds: 0, albumsGapless: true },
  equaliser: { on: false, preset: 'flat', custom: { preampDb: 0, bands: FLAT } },
};

/** a gain in dB within ±EQ_MAX_DB, to a tenth; anything unreadable is 0 */
export function clampGainDb(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.round(Math.min(Math.max(value, -EQ_MAX_DB), EQ_MAX_DB) * 10) / 10;
}

/** a target loudness: a whole number of LUFS within the range; anything unreadable is the default */
export function clampTargetLufs(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_TARGET_LUFS;
  return Math.round(Math.min(Math.max(value, TARGET_LUFS_RANGE[0]), TARGET_LUFS_RANGE[1]));
}

/** a crossfade length: whole seconds from 0 to 12; anything unreadable is 0 (gapless) */
export function clampCrossfadeSeconds(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.round(Math.min(Math.max(value, 0), CROSSFADE_MAX_S));
}

function isMode(value: unknown): value is NormalisationMode {
  return typeof value === 'string' && (NORMALISATION_MODES as readonly string[]).includes(value);
}

function isPreset(value: unknown): value is EqPreset {
  return typeof value === 'string' && (EQ_PRESETS as readonly string[]).includes(value);
}

/** what local storage held, checked for shape: each part that is damaged falls back on its own */
export function parseSoundSettings(value: unknown): SoundSettings {
  const normalisation = isRecord(value) && isRecord(value.normalisation) ? value.normalisation : {};
  const crossfade = isRecord(value) && isRecord(value.crossfade) ? value.crossfade : {};
  const equaliser = isRecord(value) && isRecord(value.equaliser) ? value.equaliser : {};
  const custom = isRecord(equaliser.custom) ? equaliser.custom : {};
  const bands =
    Array.isArray(custom.bands) && custom.bands.length === EQ_BAND_HZ.length
      ? custom.bands.map(clampGainDb)
      : DEFAULT_SOUND.equaliser.custom.bands;
  return {
    normalisation: {
      mode: isMode(normalisation.mode) ? normalisation.mode : DEFAULT_SOUND.normalisation.mode,
      targetLufs: clampTargetLufs(normalisation.targetLufs),
    },
    crossfade: {
      seconds: clampCrossfadeSeconds(crossfade.seconds),
      albumsGapless:
        typeof crossfade.albumsGapless === 'boolean' ? crossfade.albumsGapless : DEFAULT_SOUND.crossfade.albumsGapless,
    },
    equaliser: {
      on: typeof equaliser.on === 'boolean' ? equaliser.on : DEFAULT_SOUND.equaliser.on,
      preset: isPreset(equaliser.preset) ? equaliser.preset : DEFAULT_SOUND.equaliser.preset,
      custom: { bands, preampDb: clampGainDb(custom.preampDb) },
    },
  };
}
