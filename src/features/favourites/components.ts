// The favourites' views other parts render (through the app's track slots): hearts.
export { AlbumLikeButton, PlaylistLikeButton, TrackHeart } from './components/FavouriteButton';
