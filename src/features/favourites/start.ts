// The long-lived favourites store and the toggle logic every heart uses.
import { createActor, type InspectionEvent } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import { defineFavouritesActors, defineFavouriteToggleActors } from './actors';
import { favouritesMachine } from './favouritesMachine';
import { favouriteToggleMachine } from './favouriteToggleMachine';

export interface FavouritesOptions {
  api: ApiClient;
  inspect?: (event: InspectionEvent) => void;
}

export function startFavourites({ api, inspect }: FavouritesOptions) {
  const favourites = createActor(favouritesMachine.provide({ actors: defineFavouritesActors({ api }) }), { inspect });
  favourites.start();
  // each heart starts its own short-lived actor from this
  const toggle = favouriteToggleMachine.provide({ actors: defineFavouriteToggleActors({ api }) });
  return { favourites, toggle };
}

export type FavouritesFeature = ReturnType<typeof startFavourites>;
