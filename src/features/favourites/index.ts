// Favourites (docs/behaviour.md#other-pages, #favourites): liked tracks and albums, the hearts, /fav and /fav/albums.
export { startFavourites } from './start';
export { FavouritesProvider } from './context';
