import { ActionIcon, Text } from '@mantine/core';
import { IconDisc } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useCredentials, useSystem } from '@/app/SystemContext';
import { searchAlbums, searchTracks } from '@/services/api/meta';
import { coverUrlsFor, withCovers } from '@/features/browse/actors';
import type { ApiClient } from '@/services/api/client';
import type { Credential } from '@/shared/types';
import { PlayButton, TrackMenu } from '@/features/player/components/TrackControls';
import { AlbumWall, albumPath } from '@/ui/AlbumWall';
import { PageSpinner } from '@/ui/PageSpinner';
import { Tip } from '@/ui/Tip';
import { TrackList } from '@/ui/TrackList';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/ui/PageLoad';

const Empty = () => <Text c="dimmed">{text.search.empty}</Text>;

/** found tracks and which of their albums some library holds (only those play) */
async function loadTrackResults(api: ApiClient, keyword: string, credentials: Credential[]) {
  const tracks = await searchTracks(api, keyword);
  const covers = await coverUrlsFor([...new Set(tracks.map((t) => t.albumId))], credentials);
  return { tracks, playable: tracks.filter((t) => covers[t.albumId]) };
}

export function TrackResults({ keyword }: { keyword: string }) {
  const { api } = useSystem();
  const credentials = useCredentials();
  if (credentials === null) return <PageSpinner />;
  return (
    <PageLoad key={keyword} load={() => loadTrackResults(api, keyword, credentials)}>
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
            playSlot={(track) => {
              const at = playable.indexOf(track);
              return <PlayButton tracks={at < 0 ? [track] : playable} index={Math.max(at, 0)} disabled={at < 0} />;
            }}
            actions={(track) => (
              <TrackMenu track={track} disabled={!playable.includes(track)}>
                <Tip label={text.search.albumInfo}>
                  <ActionIcon component={Link} href={albumPath(track.albumId)} variant="subtle" aria-label={text.search.albumInfo}>
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
