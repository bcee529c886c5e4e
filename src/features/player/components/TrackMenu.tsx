// A track row's actions (docs/behaviour.md#track-rows): add to the play queue, what other features put into the row
// (the heart), and the More menu with 稍后播放 and theirs (添加到播放列表).
import { ActionIcon, Group } from '@mantine/core';
import { IconDots, IconPlaylistAdd } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { trackInfoOf, trackKey, type TrackInfo } from '@/shared/track';
import { text } from '@/shared/text';
import { RowMenu, RowMenuItem } from '@/ui/RowMenu';
import { Tip } from '@/ui/Tip';
import { useTrackSlots } from '@/ui/trackSlots';
import { usePlayer } from '../context';
import { queuedIndexOf } from '../selectors';

/**
 * A row's actions: 添加到当前播放队列, what other features put into the row (the heart) and its
 * More menu (稍后播放, 从播放队列移除, and theirs: 添加到播放列表). `children`: the page's own extras.
 */
export function TrackMenu({
  track,
  disabled = false,
  children,
}: {
  track: TrackInfo;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const player = usePlayer();
  const slots = useTrackSlots();
  const queuedAt = useSelector(player, queuedIndexOf(trackKey(track)));
  return (
    <Group gap={2} wrap="nowrap">
      <Tip label={text.track.addToQueue}>
        <ActionIcon
          variant="subtle"
          aria-label={text.track.addToQueue}
          disabled={disabled}
          onClick={() => player.send({ type: 'ADD_TO_QUEUE', tracks: [trackInfoOf(track)] })}
        >
          <IconPlaylistAdd size={18} />
        </ActionIcon>
      </Tip>
      {slots.rowButtons?.(track)}
      {children}
      <RowMenu label={text.track.more} icon={<IconDots size={18} />}>
        <RowMenuItem disabled={disabled} onClick={() => player.send({ type: 'PLAY_LATER', track: trackInfoOf(track) })}>
          {text.track.playLater}
        </RowMenuItem>
        <RowMenuItem
          disabled={queuedAt < 0}
          onClick={() => player.send({ type: 'REMOVE_FROM_QUEUE', index: queuedAt })}
        >
          {text.queue.remove}
        </RowMenuItem>
        {slots.menuItems?.([track])}
      </RowMenu>
    </Group>
  );
}
