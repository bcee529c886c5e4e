// The long-lived favourites store, with the hearts' toggles it spawns.
import { createActor, type InspectionEvent } from 'xstate';
import type { AnswerCopies } from '@/services/api/answerCopies';
import type { ApiClient } from '@/services/api/client';
import { defineFavouritesActors, defineFavouriteToggleActors } from './actors';
import { favouritesMachine } from './favouritesMachine';
import { favouriteToggleMachine } from './favouriteToggleMachine';

export interface FavouritesOptions {
  api: ApiClient;
  /** the answers kept on this device for pages to open offline */
  copies?: AnswerCopies;
  inspect?: (event: InspectionEvent) => void;
}

export function startFavourites({ api, copies, inspect }: FavouritesOptions) {
  const favouriteToggle = favouriteToggleMachine.provide({ actors: defineFavouriteToggleActors({ api }) });
  const favourites = createActor(
    favouritesMachine.provide({ actors: { ...defineFavouritesActors({ api, copies }), favouriteToggle } }),
    { inspect },
  );
  favourites.start();
  return { favourites };
}

export type FavouritesFeature = ReturnType<typeof startFavourites>;
