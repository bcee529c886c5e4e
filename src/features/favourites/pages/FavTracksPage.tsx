// 我喜欢的音乐 (docs/behaviour.md#other-pages): the liked tracks, newest first, as paged track rows with play-all. Which
// of them can play comes from library access for their albums, loaded again when the set of albums
// or the synced libraries change (not on every like).
import { Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useAccessGeneration, useLibraryAccess } from '@/features/library';
import { PlayAllButton, PlayButton, TrackMenu } from '@/features/player/components';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import { PageLoad } from '@/features/pageLoad';
import { PagedList } from '@/ui/PagedList';
import { PageSpinner } from '@/ui/PageSpinner';
import { TrackList } from '@/ui/TrackList';
import { useTrackSlots } from '@/ui/trackSlots';
import { useFavourites } from '../context';
import { FavouritesRetry } from '../components/FavouritesRetry';
import { favouritesFailedOf, favouriteTracksOf, favouritesKnownOf } from '../selectors';

function LikedTracks({ tracks }: { tracks: TrackInfo[] }) {
  const access = useLibraryAccess();
  const slots = useTrackSlots();
  const generation = useAccessGeneration();
  const albumIds = [...new Set(tracks.map((t) => t.albumId))].sort();
  return (
    <PageLoad
      name="favouriteTracks"
      key={albumIds.join(',')}
      refresh={generation}
      load={() => access.forAlbums(albumIds)}
    >
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        const canPlay = state.status === 'success' ? state.data.canPlay : () => false;
        const playable = tracks.filter(canPlay);
        return (
          <Stack>
            <Group>
              <PlayAllButton tracks={playable} label={text.album.playAll} />
              {slots.keep?.(playable, tracks.length)}
            </Group>
            <PagedList items={tracks} ariaLabel={text.favourites.tracks}>
              {(page, offset) => (
                <TrackList
                  tracks={page}
                  listIndex={0}
                  startIndex={offset}
                  ariaLabel={text.favourites.tracks}
                  playSlot={(track) => <PlayButton tracks={playable} track={track} />}
                  actions={(track) => <TrackMenu track={track} disabled={!canPlay(track)} />}
                />
              )}
            </PagedList>
          </Stack>
        );
      }}
    </PageLoad>
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
