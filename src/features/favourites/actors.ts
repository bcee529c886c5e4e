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
      const { getFavouriteAlbums, getFavouritePlaylists, getFavouriteTracks } = await favouriteApi();
      const [tracks, albums, playlists] = await Promise.all([
        getFavouriteTracks(api, copies),
        getFavouriteAlbums(api, copies),
        getFavouritePlaylists(api, copies),
      ]);
      return { tracks, albums, playlists };
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
      if (target.kind === 'playlist') {
        const { id } = target.playlist;
        return like ? service.addFavouritePlaylist(api, id) : service.removeFavouritePlaylist(api, id);
      }
      return like ? service.addFavouriteAlbum(api, target.albumId) : service.removeFavouriteAlbum(api, target.albumId);
    }),
  };
}
