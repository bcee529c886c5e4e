import { ActionIcon, Text } from '@mantine/core';
import { IconDisc } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useCredentials, useSystem } from '@/app/SystemContext';
import { searchAlbums, searchTracks } from '@/services/api/meta';
import { withCovers } from '@/services/browse';
import { AlbumWall, albumPath } from '@/views/components/AlbumWall';
import { PageSpinner } from '@/views/components/PageSpinner';
import { Tip } from '@/views/components/Tip';
import { TrackList } from '@/views/components/TrackList';
import { text } from '@/views/text';
import { Notice } from '../shared/Notice';
import { PageLoad } from '../shared/PageLoad';

const Empty = () => <Text c="dimmed">{text.search.empty}</Text>;

export function TrackResults({ keyword }: { keyword: string }) {
  const { api } = useSystem();
  return (
    <PageLoad key={keyword} load={() => searchTracks(api, keyword)}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        if (state.data.length === 0) return <Empty />;
        return (
          <TrackList
            tracks={state.data}
            listIndex={0}
            ariaLabel={text.search.tracks}
            actions={(track) => (
              <Tip label={text.search.albumInfo}>
                <ActionIcon component={Link} href={albumPath(track.albumId)} variant="subtle" aria-label={text.search.albumInfo}>
                  <IconDisc size={18} />
                </ActionIcon>
              </Tip>
            )}
          />
        );
      }}
    </PageLoad>
  );
}

export function AlbumResults({ keyword }: { keyword: string }) {
  const { api } = useSystem();
  const credentials = useCredentials();
  if (credentials === null) return <PageSpinner />;
  return (
    <PageLoad key={keyword} load={async () => withCovers(await searchAlbums(api, keyword), credentials)}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        if (state.data.albums.length === 0) return <Empty />;
        return <AlbumWall albums={state.data.albums} coverUrlOf={(id) => state.data.covers[id] ?? null} ariaLabel={text.search.albums} />;
      }}
    </PageLoad>
  );
}
