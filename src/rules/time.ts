// Playback times as the player bar shows them (docs/behaviour.md#player): mm:ss, or --:-- when unknown.
import { text } from '@/shared/firstPageText';

export function formatTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0)
    return text.player.unknownTime;
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** `mm:ss / mm:ss` */
export function formatProgress(current: number | null | undefined, duration: number | null | undefined): string {
  return `${formatTime(current)} / ${formatTime(duration)}`;
}
