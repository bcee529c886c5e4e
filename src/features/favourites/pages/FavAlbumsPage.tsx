// 我喜欢的专辑 (docs/behaviour.md#other-pages): the liked albums, newest first, as a paged album wall.
import { Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useBrowse } from '@/features/browse';
import { useCredentialsKnown, useSyncGeneration } from '@/features/library';
import { text } from '@/shared/text';
import { LoadedAlbumWall } from '@/ui/LoadedAlbumWall';
import { PageLoad } from '@/features/pageLoad';
import { PagedList } from '@/ui/PagedList';
import { PageSpinner } from '@/ui/PageSpinner';
import { useFavourites } from '../context';
import { FavouritesRetry } from '../components/FavouritesRetry';
import { favouriteAlbumsOf, favouritesFailedOf, favouritesKnownOf } from '../selectors';

function LikedAlbums({ albums }: { albums: string[] }) {
  const browse = useBrowse();
  const generation = useSyncGeneration();
  return (
    <PagedList items={albums} ariaLabel={text.favourites.albums}>
      {(pageIds) => (
        <PageLoad
          name="favouriteAlbums"
          key={pageIds.join(',')}
          refresh={generation}
          load={() => browse.albumPage(pageIds)}
        >
          {(page) => <LoadedAlbumWall state={page} />}
        </PageLoad>
      )}
    </PagedList>
  );
}

export default function FavAlbumsPage() {
  const { favourites } = useFavourites();
  const known = useSelector(favourites, favouritesKnownOf);
  const failed = useSelector(favourites, favouritesFailedOf);
  const albums = useSelector(favourites, favouriteAlbumsOf);
  const credentialsKnown = useCredentialsKnown();
  return (
    <Stack>
      <Title order={2}>{text.favourites.albums}</Title>
      {!known || !credentialsKnown ? (
        <PageSpinner />
      ) : failed ? (
        <FavouritesRetry />
      ) : albums.length === 0 ? (
        <Text c="dimmed">{text.favourites.noAlbums}</Text>
      ) : (
        <LikedAlbums albums={albums} />
      )}
    </Stack>
  );
}
