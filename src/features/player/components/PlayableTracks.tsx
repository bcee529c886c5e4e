// A list of tracks as rows that play (我喜欢的音乐, a smart playlist): which of them can play comes
// from library access for their albums, read again when the set of albums or the synced libraries
// change; 播放全部 and each row's play button play the playable ones in order, each row has the
// usual menu. `header` adds to the row of 播放全部 (保存到本机, how many matched).
import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAccessGeneration, useLibraryAccess } from '@/features/library';
import { PageLoad } from '@/features/pageLoad';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import { PagedList } from '@/ui/PagedList';
import { PageSpinner } from '@/ui/PageSpinner';
import { TrackList } from '@/ui/TrackList';
import { PlayAllButton, PlayButton } from './PlayButtons';
import { TrackMenu } from './TrackMenu';

interface PlayableTracksProps {
  /** what the page's loader is called (the inspector's name for it) */
  name: string;
  tracks: TrackInfo[];
  /** names the rows for screen readers */
  ariaLabel: string;
  header?: (playable: TrackInfo[]) => ReactNode;
}

export function PlayableTracks({ name, tracks, ariaLabel, header }: PlayableTracksProps) {
  const access = useLibraryAccess();
  const generation = useAccessGeneration();
  const albumIds = [...new Set(tracks.map((t) => t.albumId))].sort();
  return (
    <PageLoad name={name} key={albumIds.join(',')} refresh={generation} load={() => access.forAlbums(albumIds)}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        const canPlay = state.status === 'success' ? state.data.canPlay : () => false;
        const playable = tracks.filter(canPlay);
        return (
          <Stack>
            <Group>
              <PlayAllButton tracks={playable} label={text.album.playAll} />
              {header?.(playable)}
            </Group>
            <PagedList items={tracks} ariaLabel={ariaLabel}>
              {(page, offset) => (
                <TrackList
                  tracks={page}
                  listIndex={0}
                  startIndex={offset}
                  ariaLabel={ariaLabel}
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
