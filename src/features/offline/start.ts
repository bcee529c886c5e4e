// The keeping actor with its real actors: its queue saved as it changes (a reload resumes it).
import { createActor, type InspectionEvent } from 'xstate';
import { defineKeepingActors, type KeepingDeps } from './actors';
import { keepingMachine } from './keepingMachine';

export function startKeeping({ inspect, ...deps }: KeepingDeps & { inspect?: (event: InspectionEvent) => void }) {
  const keeping = createActor(keepingMachine.provide({ actors: defineKeepingActors(deps) }), { inspect });
  keeping.on('queueChanged', ({ queue }) => {
    void import('@/storage/keptAudio').then((storage) => storage.saveKeepQueue(queue)).catch((error: unknown) => console.warn('the download queue could not be saved', error));
  });
  return keeping.start();
}
