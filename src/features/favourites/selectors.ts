// What views read of the favourites store.
import type { FavouritesSnapshot } from './favouritesMachine';

export const isTrackLiked = (key: string) => (s: FavouritesSnapshot): boolean => s.context.trackKeys.has(key);
export const isAlbumLiked = (albumId: string) => (s: FavouritesSnapshot): boolean => s.context.albumIds.has(albumId);
export const favouriteTracksOf = (s: FavouritesSnapshot) => s.context.tracks;
export const favouriteAlbumsOf = (s: FavouritesSnapshot) => s.context.albums;
/** the lists are known (loaded, or their load ended in an error) */
export const favouritesKnownOf = (s: FavouritesSnapshot): boolean => s.hasTag('ready') || s.hasTag('failed');
