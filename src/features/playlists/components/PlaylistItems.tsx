// A list's items as a virtual list, so a list of thousands renders only the rows in view.
import { Text } from '@mantine/core';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { Playlist } from '@/shared/types';
import { useWindowHeight } from '@/ui/useWindowHeight';
import { VirtualList } from '@/ui/VirtualList';
import type { PlaylistRef } from '../playlistMachine';
import { PlaylistItemRow, type ListAccess } from './PlaylistItemRow';

export const ROW_HEIGHT = 60;
/** header, player bar, page padding and the playlist's own header */
const CHROME_HEIGHT = 56 + 72 + 32 + 260;

interface PlaylistItemsProps {
  playlist: Playlist;
  known: ListAccess | null;
  playable: readonly TrackInfo[];
  /** the page's actor when the user owns the list (moves and removal), else null */
  owner: PlaylistRef | null;
}

export function PlaylistItems({ playlist, known, playable, owner }: PlaylistItemsProps) {
  const height = Math.max(useWindowHeight() - CHROME_HEIGHT, ROW_HEIGHT * 5);
  if (playlist.items.length === 0) return <Text c="dimmed">{text.playlist.noItems}</Text>;
  return (
    <VirtualList
      items={playlist.items}
      rowHeight={ROW_HEIGHT}
      height={Math.min(height, playlist.items.length * ROW_HEIGHT)}
      ariaLabel={playlist.name}
      itemKey={(item) => item.id}
      renderRow={(item, index) => (
        <PlaylistItemRow item={item} index={index} known={known} playable={playable} owner={owner} />
      )}
    />
  );
}
