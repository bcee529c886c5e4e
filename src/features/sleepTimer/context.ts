import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useCreated } from '@/ui/useLoaded';
import type { SleepTimerRef } from './sleepTimerMachine';

// the sleep timer loads after the first page, with the 定时关闭 button (app/system.ts)
const [SleepTimerProvider, useSleepTimerLater] = providedContext<LoadedLater<SleepTimerRef>>('SleepTimer');
export { SleepTimerProvider };

/**
 * The sleep timer, null until its code has loaded; the button that asks for it has it created. It
 * never suspends: the button is in the frame (the player bar), whose updates a pending read would hold.
 */
export const useSleepTimer = (): SleepTimerRef | null => useCreated(useSleepTimerLater());
