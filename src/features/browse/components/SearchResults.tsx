import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { ActionIcon, Anchor, Card, Stack, Text } from '@mantine/core';
import { IconDisc } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useCredentialsKnown } from '@/features/library';
import { PlayButton, TrackMenu } from '@/features/player/components';
import { AlbumWall, albumPath } from '@/ui/AlbumWall';
import { PageSpinner } from '@/ui/PageSpinner';
import { Tip } from '@/ui/Tip';
import { TrackList } from '@/ui/TrackList';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/features/pageLoad';
import { useBrowse } from '../context';

const Empty = () => <Text c="dimmed">{text.search.empty}</Text>;

export function TrackResults({ keyword }: { keyword: string }) {
  const browse = useBrowse();
  // which found tracks can play is known once the credentials are
  const credentialsKnown = useCredentialsKnown();
  if (!credentialsKnown) return <PageSpinner />;
  return (
    <PageLoad name="trackSearch" key={keyword} load={() => browse.searchTracks(keyword)}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        const { tracks, playable } = state.data;
        if (tracks.length === 0) return <Empty />;
        return (
          <TrackList
            tracks={tracks}
            listIndex={0}
            ariaLabel={text.search.tracks}
            playSlot={(track) => <PlayButton tracks={playable} track={track} />}
            actions={(track) => (
              <TrackMenu track={track} disabled={!playable.includes(track)}>
                <Tip label={text.search.albumInfo}>
                  <ActionIcon
                    component={Link}
                    href={albumPath(track.albumId)}
                    variant="subtle"
                    aria-label={text.search.albumInfo}
                  >
                    <IconDisc size={18} />
                  </ActionIcon>
                </Tip>
              </TrackMenu>
            )}
          />
        );
      }}
    </PageLoad>
  );
}

export function AlbumResults({ keyword }: { keyword: string }) {
  const browse = useBrowse();
  const credentialsKnown = useCredentialsKnown();
  if (!credentialsKnown) return <PageSpinner />;
  return (
    <PageLoad name="albumSearch" key={keyword} load={() => browse.searchAlbums(keyword)}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        if (state.data.albums.length === 0) return <Empty />;
        return (
          <AlbumWall
            albums={state.data.albums}
            coverUrlOf={(id) => state.data.covers[id] ?? null}
            ariaLabel={text.search.albums}
          />
        );
      }}
    </PageLoad>
  );
}

/** public playlists (and one's own) by name, each opening its page, with a link to its maker's page */
export function PlaylistResults({ keyword }: { keyword: string }) {
  const browse = useBrowse();
  return (
    <PageLoad name="playlistSearch" key={keyword} load={() => browse.searchPlaylists(keyword)}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        if (state.data.length === 0) return <Empty />;
        return (
          <Stack gap="sm" role="list" aria-label={text.search.playlists}>
            {state.data.map((playlist) => (
              <Card key={playlist.id} withBorder padding="sm" role="listitem" aria-label={playlist.name}>
                <Anchor component={Link} href={`/playlist/${playlist.id}`} fw={600}>
                  {playlist.name}
                </Anchor>
                {playlist.description && (
                  <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {playlist.description}
                  </Text>
                )}
                {playlist.owner !== '' && (
                  <Anchor component={Link} href={`/listener/${playlist.owner}`} size="sm">
                    {text.search.playlistMaker}
                  </Anchor>
                )}
              </Card>
            ))}
          </Stack>
        );
      }}
    </PageLoad>
  );
}
