// The sleep timer's actor (its code loads with the player bar's 定时关闭 button, after the first page).
import { createActor, type InspectionEvent } from 'xstate';
import { sleepTimerMachine } from './sleepTimerMachine';

export function startSleepTimer({ inspect }: { inspect?: (event: InspectionEvent) => void }) {
  return createActor(sleepTimerMachine, { input: {}, inspect }).start();
}
