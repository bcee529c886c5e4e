// Favourites (docs/behaviour.md#other-pages, #favourites): liked tracks and albums, the hearts, /fav and /fav/albums.
export { FavouritesProvider } from './context';
