import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useCreated } from '@/ui/useLoaded';
import type { Scrobbling } from './start';

// scrobbling loads after the first page (app/system.ts)
const [ScrobblingProvider, useScrobblingLater] = providedContext<LoadedLater<Scrobbling>>('Scrobbling');
export { ScrobblingProvider };

/** the scrobbling feature, null until its code has loaded (the 设置 tab asks for it) */
export const useScrobbling = (): Scrobbling | null => useCreated(useScrobblingLater());
