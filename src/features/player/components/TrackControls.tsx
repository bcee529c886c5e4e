// Playback controls of track lists (spec 2.4, 2.7): a row's play/pause slot, add to the play queue,
// the More menu with 稍后播放, and a list's 播放全部. Favourites and playlists add their own items
// when they arrive (TrackMenu's children).
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDots, IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlaylistAdd } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { trackInfoOf, trackKey, type TrackInfo } from '@/shared/track';
import { text } from '@/shared/text';
import { Tip } from '@/ui/Tip';
import { useTrackSlots } from '@/ui/trackSlots';
import { usePlayer } from '../context';
import { isCurrent, isPlaying, queuedIndexOf } from '../selectors';

/** Is this track the player's current one, and is it playing? */
function useCurrent(track: TrackInfo) {
  const player = usePlayer();
  const key = trackKey(track);
  const current = useSelector(player, isCurrent(key));
  const playing = useSelector(player, (s) => current && isPlaying(s));
  return { current, playing };
}

/**
 * A row's play button. `tracks`: the list's tracks that can play, in order; the row's track plays
 * from there, replacing the queue (spec 4.2, as on shared lists); the current track pauses or
 * resumes instead. Disabled when the row's track is not among them (no library can play it).
 */
export function PlayButton({ tracks, track }: { tracks: readonly TrackInfo[]; track: TrackInfo }) {
  const player = usePlayer();
  const { current, playing } = useCurrent(track);
  const key = trackKey(track);
  const index = tracks.findIndex((t) => trackKey(t) === key);
  const label = playing ? text.player.pause : text.player.play;
  const onClick = () =>
    current
      ? player.send({ type: 'TOGGLE_PLAY' })
      : player.send({ type: 'REPLACE_AND_PLAY', tracks: tracks.map(trackInfoOf), index });
  return (
    <ActionIcon variant={current ? 'light' : 'subtle'} radius="xl" aria-label={label} disabled={index < 0} onClick={onClick}>
      {playing ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
    </ActionIcon>
  );
}

/** 播放全部: replaces the queue with `tracks` (the list's playable ones) and plays the first; disabled when there are none */
export function PlayAllButton({ tracks, label }: { tracks: readonly TrackInfo[]; label: string }) {
  const player = usePlayer();
  return (
    <Button
      leftSection={<IconPlayerPlayFilled size={16} />}
      disabled={tracks.length === 0}
      onClick={() => player.send({ type: 'REPLACE_AND_PLAY', tracks: tracks.map(trackInfoOf), index: 0 })}
    >
      {label}
    </Button>
  );
}

/**
 * A row's actions: 添加到当前播放队列, what other features put into the row (the heart) and its
 * More menu (稍后播放, 从播放队列移除, and theirs: 添加到播放列表). `children`: the page's own extras.
 */
export function TrackMenu({ track, disabled = false, children }: { track: TrackInfo; disabled?: boolean; children?: ReactNode }) {
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
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={text.track.more}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={disabled} onClick={() => player.send({ type: 'PLAY_LATER', track: trackInfoOf(track) })}>
            {text.track.playLater}
          </Menu.Item>
          <Menu.Item disabled={queuedAt < 0} onClick={() => player.send({ type: 'REMOVE_FROM_QUEUE', index: queuedAt })}>
            {text.queue.remove}
          </Menu.Item>
          {slots.menuItems?.([track])}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
