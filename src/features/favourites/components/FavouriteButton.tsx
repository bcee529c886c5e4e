// The heart of a track (rows, player bar) and the like button of an album page. Each runs its own
// favouriteToggle actor; what it shows is the store's state, or the state asked for while a
// request is in flight (and back as it was if the request fails).
import { ActionIcon } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { createActor } from 'xstate';
import { text } from '@/shared/text';
import { trackKey, type TrackInfo } from '@/shared/track';
import { useNotify } from '@/ui/notify';
import { Tip } from '@/ui/Tip';
import { useFavourites } from '../context';
import type { FavouriteTarget } from '../favouriteToggleMachine';
import { favouritesKnownOf, isAlbumLiked, isTrackLiked } from '../selectors';

/**
 * The heart's toggle actor. Not stopped when the heart goes away: a request in flight still lands
 * (the store learns the change, the toast shows) when its row is re-rendered or scrolled away
 * meanwhile. An idle actor holds no timer or request, so an unused one is simply dropped.
 */
function useToggle(target: FavouriteTarget) {
  const { favourites, toggle } = useFavourites();
  const notify = useNotify();
  const notifyRef = useRef(notify);
  notifyRef.current = notify;
  const [actor] = useState(() => {
    const created = createActor(toggle, { input: { target, store: favourites } });
    created.on('notify', (e) => notifyRef.current(e.severity, e.message));
    return created.start();
  });
  return actor;
}

function Heart({ target, liked, size }: { target: FavouriteTarget; liked: boolean; size: 'md' | 'lg' }) {
  const { favourites } = useFavourites();
  const actor = useToggle(target);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const asking = useSelector(actor, (s) => s.context.liking);
  // until the store knows the lists, a click could ask for the wrong thing
  const known = useSelector(favourites, favouritesKnownOf);
  const shown = busy ? asking : liked;
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
        onClick={() => actor.send({ type: 'TOGGLE', liked })}
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
  // a new track (the player bar's) gets a new toggle actor
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
