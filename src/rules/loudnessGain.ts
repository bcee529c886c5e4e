// 音量均衡's arithmetic (docs/behaviour.md#sound): the gain that brings a track, or its album, to the
// target loudness without its true peak going past the ceiling.
import { TRUE_PEAK_CEILING_DBTP, UNMEASURED_LUFS } from '@/shared/constants';
import type { NormalisationSettings } from './sound';

/** a measurement (EBU R128): integrated loudness, true peak, and how many seconds were measured */
export interface Loudness {
  lufs: number;
  truePeakDbtp: number;
  seconds: number;
}

/** no gain past this either way: a near-silent track is not raised to a roar */
const MAX_GAIN_DB = 20;

/**
 * An album's loudness from its tracks': their power averaged by length (an album measured whole
 * gates a little differently; within a few tenths of a LU on music), and the highest true peak.
 */
export function albumLoudness(tracks: readonly Loudness[]): Loudness | null {
  const seconds = tracks.reduce((sum, track) => sum + track.seconds, 0);
  if (tracks.length === 0 || seconds <= 0) return null;
  const power = tracks.reduce((sum, track) => sum + track.seconds * 10 ** (track.lufs / 10), 0) / seconds;
  return {
    lufs: 10 * Math.log10(power),
    truePeakDbtp: Math.max(...tracks.map((track) => track.truePeakDbtp)),
    seconds,
  };
}

/**
 * The gain (dB) for what plays. `album` counts only once every track of the album is measured (by
 * album; else the track's own). Nothing known yet: as if the track were UNMEASURED_LUFS, never raised.
 */
export function normalisationGainDb(
  settings: NormalisationSettings,
  track: Loudness | null,
  album: Loudness | null,
): number {
  if (settings.mode === 'off') return 0;
  const known = settings.mode === 'album' && album ? album : track;
  if (!known) return Math.min(0, settings.targetLufs - UNMEASURED_LUFS);
  const gain = Math.min(settings.targetLufs - known.lufs, TRUE_PEAK_CEILING_DBTP - known.truePeakDbtp);
  return Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, gain));
}
