import { ActionIcon, Text } from '@mantine/core';
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
