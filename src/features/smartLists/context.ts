import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useReady } from '@/ui/useLoaded';
import type { SmartLists } from './start';

// 智能歌单 loads with its first page (app/system.ts)
const [SmartListsProvider, useSmartListsLater] = providedContext<LoadedLater<SmartLists>>('SmartLists');
export { SmartListsProvider };

/** the feature, for its pages (they wait in their Suspense boundary while its code loads) */
export const useSmartLists = (): SmartLists => useReady(useSmartListsLater());
