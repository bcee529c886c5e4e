// What the 定时关闭 views read of a sleep timer snapshot.
import type { SleepScope, SleepTimerSnapshot } from './sleepTimerMachine';

/** when the timed pause comes (ms since the epoch); null unless a length runs */
export const sleepEndsAt = (snapshot: SleepTimerSnapshot): number | null =>
  snapshot.hasTag('timed') ? snapshot.context.endsAt : null;

/** the end the timer waits for; null unless it waits for one */
export const sleepScope = (snapshot: SleepTimerSnapshot): SleepScope | null =>
  snapshot.hasTag('atEnd') ? snapshot.context.scope : null;

export const sleepRunning = (snapshot: SleepTimerSnapshot): boolean => snapshot.hasTag('running');

/** mm:ss (h:mm:ss from an hour) of what is left; never below 0:00 */
export function formatSleepLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
