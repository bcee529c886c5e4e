// 我喜欢的音乐 (docs/behaviour.md#other-pages): the liked tracks, newest first, as paged track rows with play-all
// and 保存到本机 (the player's PlayableTracks: which of them can play comes from library access for
// their albums, loaded again when the set of albums or the synced libraries change, not on every like).
import { Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { PlayableTracks } from '@/features/player/components';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import { PageSpinner } from '@/ui/PageSpinner';
import { useTrackSlots } from '@/ui/trackSlots';
import { useFavourites } from '../context';
import { FavouritesRetry } from '../components/FavouritesRetry';
import { favouritesFailedOf, favouriteTracksOf, favouritesKnownOf } from '../selectors';

function LikedTracks({ tracks }: { tracks: TrackInfo[] }) {
  const slots = useTrackSlots();
  return (
    <PlayableTracks
      name="favouriteTracks"
      tracks={tracks}
      ariaLabel={text.favourites.tracks}
      header={(playable) => slots.keep?.(playable, tracks.length)}
    />
  );
}

export default function FavTracksPage() {
  const { favourites } = useFavourites();
  const known = useSelector(favourites, favouritesKnownOf);
  const failed = useSelector(favourites, favouritesFailedOf);
  const tracks = useSelector(favourites, favouriteTracksOf);
  return (
    <Stack>
      <Title order={2}>{text.favourites.tracks}</Title>
      {!known ? (
        <PageSpinner />
      ) : failed ? (
        <FavouritesRetry />
      ) : tracks.length === 0 ? (
        <Text c="dimmed">{text.favourites.noTracks}</Text>
      ) : (
        <LikedTracks tracks={tracks} />
      )}
    </Stack>
  );
}
