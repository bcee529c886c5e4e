// What fills the track slots (src/ui/trackSlots.ts): the heart on rows and in the player bar and the
// album page's like button, for a signed-in listener only (spec 6: nothing to like signed out).
import { useMemo, type ReactNode } from 'react';
import { AlbumLikeButton, TrackHeart } from '@/features/favourites/components';
import { useLoginState } from '@/features/session';
import { TrackSlotsContext, type TrackSlots } from '@/ui/trackSlots';

export function TrackSlotsProvider({ children }: { children: ReactNode }) {
  const signedIn = useLoginState() === 'loggedIn';
  const slots = useMemo<TrackSlots>(
    () =>
      signedIn
        ? {
            rowButtons: (track) => <TrackHeart track={track} />,
            nowPlaying: (track) => <TrackHeart track={track} />,
            album: (albumId) => <AlbumLikeButton albumId={albumId} />,
          }
        : {},
    [signedIn],
  );
  return <TrackSlotsContext.Provider value={slots}>{children}</TrackSlotsContext.Provider>;
}
