// The favourites' real actors over the favourites API (given once with .provide()).
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import * as favoriteApi from '@/services/api/favorite';
import type { LoadedFavourites } from './favouritesMachine';
import type { SubmitInput } from './favouriteToggleMachine';

export function defineFavouritesActors({ api }: { api: ApiClient }) {
  return {
    loadFavourites: fromPromise<LoadedFavourites, void>(async () => {
      const [tracks, albums] = await Promise.all([favoriteApi.getFavouriteTracks(api), favoriteApi.getFavouriteAlbums(api)]);
      return { tracks, albums };
    }),
    loadFavouriteAlbums: fromPromise<string[], void>(() => favoriteApi.getFavouriteAlbums(api)),
  };
}

export function defineFavouriteToggleActors({ api }: { api: ApiClient }) {
  return {
    submit: fromPromise<void, SubmitInput>(({ input: { target, like } }) => {
      if (target.kind === 'track') {
        return like ? favoriteApi.addFavouriteTrack(api, target.track) : favoriteApi.removeFavouriteTrack(api, target.track);
      }
      return like ? favoriteApi.addFavouriteAlbum(api, target.albumId) : favoriteApi.removeFavouriteAlbum(api, target.albumId);
    }),
  };
}

export type FavouriteToggleActors = ReturnType<typeof defineFavouriteToggleActors>;
