// The heart of a track (rows, player bar) and the like button of an album page or a playlist's page. What it shows is
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
import type { LikedPlaylist } from '@/shared/types';
import {
  favouritesKnownOf,
  heartToggleOf,
  isAlbumLiked,
  isPlaylistLiked,
  isTrackLiked,
  toggleAskingOf,
} from '../selectors';

interface HeartProps {
  target: FavouriteTarget;
  liked: boolean;
  size: 'md' | 'lg';
  /** what it is named, liked and not (a track's or album's: 取消喜欢 / 添加喜欢) */
  labels?: { like: string; unlike: string };
}

function Heart({ target, liked, size, labels = text.album }: HeartProps) {
  const { favourites } = useFavourites();
  const toggle = useSelector(favourites, heartToggleOf(target));
  // while a request is in flight: what it asks for
  const asking = useSelector(toggle, toggleAskingOf);
  // until the store knows the lists, a click could ask for the wrong thing
  const known = useSelector(favourites, favouritesKnownOf);
  const busy = asking !== null;
  const shown = asking ?? liked;
  const label = shown ? labels.unlike : labels.like;
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

function PlaylistLikeOf({ playlist }: { playlist: LikedPlaylist }) {
  const { favourites } = useFavourites();
  const liked = useSelector(favourites, isPlaylistLiked(playlist.id));
  const labels = { like: text.favourites.likePlaylist, unlike: text.favourites.unlikePlaylist };
  return <Heart target={{ kind: 'playlist', playlist }} liked={liked} size="lg" labels={labels} />;
}

/** another listener's public playlist: 添加喜欢 / 取消喜欢 on its page (listed under 我喜欢的歌单) */
export function PlaylistLikeButton({ playlist }: { playlist: LikedPlaylist }) {
  return <PlaylistLikeOf key={playlist.id} playlist={playlist} />;
}
