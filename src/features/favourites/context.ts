import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useReady } from '@/ui/useLoaded';
import type { FavouritesFeature } from './start';

// the favourites store loads after the first page (app/system.ts creates it once somebody is signed in)
export const [FavouritesProvider, useFavouritesLater] = providedContext<LoadedLater<FavouritesFeature>>('Favourites');

/** the favourites store; the view waits (its Suspense fallback shows) until its code has loaded */
export const useFavourites = (): FavouritesFeature => useReady(useFavouritesLater());
