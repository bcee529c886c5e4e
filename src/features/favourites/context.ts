import { providedContext } from '@/ui/providedContext';
import type { FavouritesFeature } from './start';

export const [FavouritesProvider, useFavourites] = providedContext<FavouritesFeature>('Favourites');
