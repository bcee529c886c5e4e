// The heart of a track (rows, player bar) and the like button of an album page. What it shows is
// the store's state, or the state asked for while its toggle (owned by the favourites store, alive
// only while a request is in flight) waits for the server; back as it was if the request fails.
import { ActionIcon } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { text } from '@/shared/text';
import { trackKey, type TrackInfo } from '@/shared/track';
import { Tip } from '@/ui/Tip';
import { useFavourites } from '../context';
import type { FavouriteTarget } from '../favouriteToggleMachine';
import { favouritesKnownOf, heartToggleOf, isAlbumLiked, isTrackLiked, toggleAskingOf } from '../selectors';

function Heart({ target, liked, size }: { target: FavouriteTarget; liked: boolean; size: 'md' | 'lg' }) {
  const { favourites } = useFavourites();
  const toggle = useSelector(favourites, heartToggleOf(target));
  // while a request is in flight: what it asks for
  const asking = useSelector(toggle, toggleAskingOf);
  // until the store knows the lists, a click could ask for the wrong thing
  const known = useSelector(favourites, favouritesKnownOf);
  const busy = asking !== null;
  const shown = asking ?? liked;
  const label = shown ? text.album.unlike : text.album.like;
  return (
    <Tip label={label}>
      <ActionIcon
        variant={size === 'lg' ? 'light' : 'subtle'}
        size={size}
        color="pink"
        aria-label={label}
        aria-pressed={shown}
        aria-busy={busy || undefined}
        disabled={!known}
        onClick={() => favourites.send({ type: 'TOGGLE_FAVOURITE', target, liked })}
      >
        {shown ? <IconHeartFilled size={size === 'lg' ? 20 : 18} /> : <IconHeart size={size === 'lg' ? 20 : 18} />}
      </ActionIcon>
    </Tip>
  );
}

function TrackHeartOf({ track }: { track: TrackInfo }) {
  const { favourites } = useFavourites();
  const liked = useSelector(favourites, isTrackLiked(trackKey(track)));
  return <Heart target={{ kind: 'track', track }} liked={liked} size="md" />;
}

/** the heart of one track; the same track shows the same state everywhere */
export function TrackHeart({ track }: { track: TrackInfo }) {
  return <TrackHeartOf key={trackKey(track)} track={track} />;
}

function AlbumLikeOf({ albumId }: { albumId: string }) {
  const { favourites } = useFavourites();
  const liked = useSelector(favourites, isAlbumLiked(albumId));
  return <Heart target={{ kind: 'album', albumId }} liked={liked} size="lg" />;
}

/** the album page's 添加喜欢 / 取消喜欢 */
export function AlbumLikeButton({ albumId }: { albumId: string }) {
  return <AlbumLikeOf key={albumId} albumId={albumId} />;
}
