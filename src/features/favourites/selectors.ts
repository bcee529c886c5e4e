// What views read of the favourites store.
import type { FavouritesSnapshot } from './favouritesMachine';
import { heartIdOf, type FavouriteTarget, type FavouriteToggleSnapshot } from './favouriteToggleMachine';

export const isTrackLiked =
  (key: string) =>
  (s: FavouritesSnapshot): boolean =>
    s.context.trackKeys.has(key);
export const isAlbumLiked =
  (albumId: string) =>
  (s: FavouritesSnapshot): boolean =>
    s.context.albumIds.has(albumId);
export const isPlaylistLiked =
  (playlistId: string) =>
  (s: FavouritesSnapshot): boolean =>
    s.context.playlistIds.has(playlistId);
export const favouritePlaylistsOf = (s: FavouritesSnapshot) => s.context.playlists;
export const favouriteTracksOf = (s: FavouritesSnapshot) => s.context.tracks;
export const favouriteAlbumsOf = (s: FavouritesSnapshot) => s.context.albums;
/** the lists could not be read (the pages offer 重试) */
export const favouritesFailedOf = (s: FavouritesSnapshot): boolean => s.hasTag('failed');
/** the lists are known (loaded, or their load ended in an error) */
export const favouritesKnownOf = (s: FavouritesSnapshot): boolean => s.hasTag('ready') || s.hasTag('failed');
/** the toggle of a heart's target while its request is in flight, else undefined */
export const heartToggleOf = (target: FavouriteTarget) => {
  const id = heartIdOf(target);
  return (s: FavouritesSnapshot) => s.context.toggles[id];
};
/** what a toggle's request in flight asks for (true = like); null when none is in flight */
export const toggleAskingOf = (s: FavouriteToggleSnapshot | undefined): boolean | null =>
  s?.hasTag('busy') ? s.context.liking : null;
