// 添加到播放列表 (docs/behaviour.md#track-rows, #other-pages): the More-menu item of a track row, and the queue page's button for
// the whole queue. Both open the playlists store's dialog with the tracks to add.
import { Button } from '@mantine/core';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { text } from '@/shared/text';
import { RowMenuItem } from '@/ui/RowMenu';
import { trackInfoOf, type TrackInfo } from '@/shared/track';
import { usePlaylists } from '../context';

function useAddTracks() {
  const { playlists } = usePlaylists();
  return (tracks: readonly TrackInfo[]) => playlists.send({ type: 'ADD_TRACKS', tracks: tracks.map(trackInfoOf) });
}

export function AddToPlaylistMenuItem({ tracks }: { tracks: readonly TrackInfo[] }) {
  const add = useAddTracks();
  return (
    <RowMenuItem leftSection={<IconPlaylistAdd size={14} />} onClick={() => add(tracks)}>
      {text.playlist.addTo}
    </RowMenuItem>
  );
}

/** `queue`: the tracks are the whole play queue (将播放队列添加到播放列表) */
export function AddToPlaylistButton({ tracks, queue = false }: { tracks: readonly TrackInfo[]; queue?: boolean }) {
  const add = useAddTracks();
  return (
    <Button
      variant="light"
      leftSection={<IconPlaylistAdd size={16} />}
      disabled={tracks.length === 0}
      onClick={() => add(tracks)}
    >
      {queue ? text.playlist.addQueue : text.playlist.addTo}
    </Button>
  );
}
