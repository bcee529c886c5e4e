// The app status actor, with the real service worker when main.tsx gives it one.
import { createActor, fromPromise, type AnyActorLogic, type InspectionEvent } from 'xstate';
import { appStatusMachine } from './appStatusMachine';

export interface AppStatusDeps {
  /** asks the server something small (GET /api/info); resolves when it answers */
  checkServer: () => Promise<unknown>;
  /** the `serviceWorker` actor (main.tsx passes the registered one; absent: none) */
  serviceWorker?: AnyActorLogic;
  inspect?: (event: InspectionEvent) => void;
}

export function startAppStatus({ checkServer, serviceWorker, inspect }: AppStatusDeps) {
  const checking = fromPromise<void>(async () => {
    await checkServer();
  });
  const machine = appStatusMachine.provide({
    actors: { checkServer: checking, ...(serviceWorker && { serviceWorker: serviceWorker as never }) },
  });
  return createActor(machine, { inspect }).start();
}
