// The long-lived favourites store, with the hearts' toggles it spawns.
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
  const favouriteToggle = favouriteToggleMachine.provide({ actors: defineFavouriteToggleActors({ api }) });
  const favourites = createActor(favouritesMachine.provide({ actors: { ...defineFavouritesActors({ api }), favouriteToggle } }), { inspect });
  favourites.start();
  return { favourites };
}

export type FavouritesFeature = ReturnType<typeof startFavourites>;
