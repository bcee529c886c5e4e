// The keeping actor with its real actors: its queue saved as it changes (a reload resumes it), and
// the 保存到本机 dialogs it spawns sizing tracks through the same libraries.
import { createActor, type InspectionEvent } from 'xstate';
import { defineKeepingActors, type KeepingDeps } from './actors';
import { keepingMachine } from './keepingMachine';
import { keepPlanMachine } from './keepPlanMachine';

export function startKeeping({ inspect, ...deps }: KeepingDeps & { inspect?: (event: InspectionEvent) => void }) {
  const { estimateKeep, ...actors } = defineKeepingActors(deps);
  const keepPlan = keepPlanMachine.provide({ actors: { estimateKeep } });
  const keeping = createActor(keepingMachine.provide({ actors: { ...actors, keepPlan } }), { inspect });
  keeping.on('queueChanged', ({ queue }) => {
    void import('@/storage/keptAudio')
      .then((storage) => storage.saveKeepQueue(queue))
      .catch((error: unknown) => console.warn('the download queue could not be saved', error));
  });
  return keeping.start();
}
