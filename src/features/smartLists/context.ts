import type { LoadedLater } from '@/shared/loadedLater';
import { useSyncExternalStore } from 'react';
import { providedContext } from '@/ui/providedContext';
import { useReady } from '@/ui/useLoaded';
import type { SmartLists } from './start';

// 智能歌单 loads with its first page (app/system.ts)
const [SmartListsProvider, useSmartListsLater] = providedContext<LoadedLater<SmartLists>>('SmartLists');
export { SmartListsProvider };

/** the feature, for its pages (they wait in their Suspense boundary while its code loads) */
export const useSmartLists = (): SmartLists => useReady(useSmartListsLater());

/** moves when a like or a play changed what the lists read: a list shown loads again */
export function useSmartListsChanges(feature: SmartLists): number {
  return useSyncExternalStore(feature.changes.subscribe, feature.changes.current, feature.changes.current);
}
