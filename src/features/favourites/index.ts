// Favourites (spec 2.8, 3, 4.5): liked tracks and albums, the hearts, /fav and /fav/albums.
export { favouritesMachine, type FavouritesRef } from './favouritesMachine';
export { favouriteToggleMachine } from './favouriteToggleMachine';
export { startFavourites, type FavouritesFeature } from './start';
export { FavouritesProvider } from './context';
