// The favourites' real actors over the favourites API (given once with .provide()). The API module
// loads on first use, out of the first page.
import { fromPromise } from 'xstate';
import { keepingOnly, type AnswerCopies } from '@/services/api/answerCopies';
import type { ApiClient } from '@/services/api/client';

const favouriteApi = () => import('@/services/api/favorite');
import type { LoadedFavourites } from './favouritesMachine';
import type { SubmitInput } from './favouriteToggleMachine';

/** `copies`: the answers kept on this device, so the liked tracks and albums show offline */
export function defineFavouritesActors({ api, copies }: { api: ApiClient; copies?: AnswerCopies }) {
  return {
    loadFavourites: fromPromise<LoadedFavourites, void>(async () => {
      const { getFavouriteAlbums, getFavouriteTracks } = await favouriteApi();
      const [tracks, albums] = await Promise.all([getFavouriteTracks(api, copies), getFavouriteAlbums(api, copies)]);
      return { tracks, albums };
    }),
    // read again after a heart's change the server accepted: a copy from before it would undo the change shown
    loadFavouriteAlbums: fromPromise<string[], void>(async () =>
      (await favouriteApi()).getFavouriteAlbums(api, keepingOnly(copies)),
    ),
  };
}

export function defineFavouriteToggleActors({ api }: { api: ApiClient }) {
  return {
    submit: fromPromise<void, SubmitInput>(async ({ input: { target, like } }) => {
      const service = await favouriteApi();
      if (target.kind === 'track') {
        return like ? service.addFavouriteTrack(api, target.track) : service.removeFavouriteTrack(api, target.track);
      }
      return like ? service.addFavouriteAlbum(api, target.albumId) : service.removeFavouriteAlbum(api, target.albumId);
    }),
  };
}
