// 我喜欢的歌单 (ours): the playlists the listener liked, newest first, each opening its page, with
// its heart to unlike it. One that is no longer public shows greyed as such (its name and maker are
// no longer told) and can still be unliked.
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { text } from '@/shared/text';
import type { LikedPlaylist } from '@/shared/types';
import { PageSpinner } from '@/ui/PageSpinner';
import { useFavourites } from '../context';
import { FavouritesRetry } from '../components/FavouritesRetry';
import { PlaylistLikeButton } from '../components/FavouriteButton';
import { favouritePlaylistsOf, favouritesFailedOf, favouritesKnownOf } from '../selectors';

function LikedPlaylistCard({ playlist }: { playlist: LikedPlaylist }) {
  const gone = playlist.name === '';
  return (
    <Card withBorder padding="md" component="article" aria-label={gone ? text.favourites.playlistGone : playlist.name}>
      <Group justify="space-between" wrap="nowrap">
        {gone ? (
          <Text c="dimmed">{text.favourites.playlistGone}</Text>
        ) : (
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} href={`/playlist/${playlist.id}`} fw={600} truncate>
              {playlist.name}
            </Anchor>
            {playlist.owner !== '' && (
              <Anchor component={Link} href={`/listener/${playlist.owner}`} size="sm" c="dimmed">
                {text.listener.seeOwner}
              </Anchor>
            )}
          </Stack>
        )}
        <PlaylistLikeButton playlist={playlist} />
      </Group>
    </Card>
  );
}

export default function FavPlaylistsPage() {
  const { favourites } = useFavourites();
  const known = useSelector(favourites, favouritesKnownOf);
  const failed = useSelector(favourites, favouritesFailedOf);
  const playlists = useSelector(favourites, favouritePlaylistsOf);
  return (
    <Stack>
      <Title order={2}>{text.favourites.playlists}</Title>
      {!known ? (
        <PageSpinner />
      ) : failed ? (
        <FavouritesRetry />
      ) : playlists.length === 0 ? (
        <Text c="dimmed">{text.favourites.noPlaylists}</Text>
      ) : (
        playlists.map((playlist) => <LikedPlaylistCard key={playlist.id} playlist={playlist} />)
      )}
    </Stack>
  );
}
