import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useCreated } from '@/ui/useLoaded';
import type { Listening } from './start';

// what the listener played loads after the first page (app/system.ts)
const [ListeningProvider, useListeningLater] = providedContext<LoadedLater<Listening>>('Listening');
export { ListeningProvider };

/** the listening feature, null until its code has loaded (asked for by the first view that needs it) */
export const useListening = (): Listening | null => useCreated(useListeningLater());
