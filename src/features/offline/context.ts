import type { LoadedLater } from '@/shared/loadedLater';
import type { TrackIdentity } from '@/shared/track';
import { providedContext } from '@/ui/providedContext';
import { useLoaded, useReady } from '@/ui/useLoaded';
import type { KeepingRef } from './keepingMachine';

// the keeping actor loads after the first page (app/system.ts creates it once somebody is signed in)
const [KeepingProvider, useKeepingLater] = providedContext<LoadedLater<KeepingRef>>('Keeping');
export { KeepingProvider };

/** the keeping actor; the view waits (its Suspense fallback shows) until its code has loaded */
export const useKeeping = (): KeepingRef => useReady(useKeepingLater());

/** the keeping actor once the app has created it, null until then; never loads it (the first page's dialog host) */
export const useKeepingLoaded = (): KeepingRef | null => useLoaded(useKeepingLater());

/** reads a kept track ahead of a play, in the listener's quality (readKeptAhead, composed by the app) */
export const [KeptAheadProvider, useReadKeptAhead] = providedContext<(track: TrackIdentity) => void>('KeptAhead');
