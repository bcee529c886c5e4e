import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useReady } from '@/ui/useLoaded';
import type { Home } from './start';

// 主页's shelves load with its code (app/homeSources.ts)
const [HomeProvider, useHomeLater] = providedContext<LoadedLater<Home>>('Home');
export { HomeProvider };

/** the shelves' sources, for the home page (it waits in its Suspense boundary while their code loads) */
export const useHome = (): Home => useReady(useHomeLater());
