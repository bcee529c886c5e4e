import type { TrackIdentity } from '@/shared/track';
import { providedContext } from '@/ui/providedContext';
import type { KeepingRef } from './keepingMachine';

export const [KeepingProvider, useKeeping] = providedContext<KeepingRef>('Keeping');

/** reads a kept track ahead of a play, in the listener's quality (readKeptAhead, composed by the app) */
export const [KeptAheadProvider, useReadKeptAhead] = providedContext<(track: TrackIdentity) => void>('KeptAhead');
