// Favourites (docs/behaviour.md#other-pages, #favourites): liked tracks and albums, the hearts, /fav and /fav/albums.
export { favouritesMachine, type FavouritesRef } from './favouritesMachine';
export { favouriteToggleMachine } from './favouriteToggleMachine';
export { startFavourites, type FavouritesFeature } from './start';
export { FavouritesProvider } from './context';
