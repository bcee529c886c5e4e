// Playback controls of a track row (spec 2.4): the play/pause slot, add to the play queue, and the
// More menu with 稍后播放. Favourites and playlists add their own items when they arrive.
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { ActionIcon, Group, Menu } from '@mantine/core';
import { IconDots, IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlaylistAdd } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useSystem } from '@/app/SystemContext';
import { playbackStatus } from '@/features/player/playerMachine';
import { toQueueTrack, type QueueTrack } from '@/features/player/queue';
import { trackKey } from '@/shared/track';
import { text } from '@/shared/text';
import { Tip } from '@/ui/Tip';

/** Is this track the player's current one, and is it playing? */
function useCurrent(track: QueueTrack) {
  const { player } = useSystem();
  const key = trackKey(track);
  const current = useSelector(player, (s) => s.context.nowPlaying !== null && trackKey(s.context.nowPlaying) === key);
  const playing = useSelector(player, (s) => current && playbackStatus(s) === 'playing');
  return { current, playing };
}

/**
 * The current track pauses or resumes; any other track replaces the queue with the list and plays
 * from there (spec 4.2, as on shared lists).
 */
export function PlayButton({ tracks, index, disabled = false }: { tracks: readonly QueueTrack[]; index: number; disabled?: boolean }) {
  const { player } = useSystem();
  const track = tracks[index]!;
  const { current, playing } = useCurrent(track);
  const label = playing ? text.player.pause : text.player.play;
  const onClick = () =>
    current
      ? player.send({ type: 'TOGGLE_PLAY' })
      : player.send({ type: 'REPLACE_AND_PLAY', tracks: tracks.map(toQueueTrack), index });
  return (
    <ActionIcon variant={current ? 'light' : 'subtle'} radius="xl" aria-label={label} disabled={disabled} onClick={onClick}>
      {playing ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
    </ActionIcon>
  );
}

export function TrackMenu({ track, disabled = false, children }: { track: QueueTrack; disabled?: boolean; children?: ReactNode }) {
  const { player } = useSystem();
  const key = trackKey(track);
  const queuedAt = useSelector(player, (s) => s.context.queue.findIndex((t) => trackKey(t) === key));
  return (
    <Group gap={2} wrap="nowrap">
      <Tip label={text.track.addToQueue}>
        <ActionIcon
          variant="subtle"
          aria-label={text.track.addToQueue}
          disabled={disabled}
          onClick={() => player.send({ type: 'ADD_TO_QUEUE', tracks: [toQueueTrack(track)] })}
        >
          <IconPlaylistAdd size={18} />
        </ActionIcon>
      </Tip>
      {children}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={text.track.more}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={disabled} onClick={() => player.send({ type: 'PLAY_LATER', track: toQueueTrack(track) })}>
            {text.track.playLater}
          </Menu.Item>
          <Menu.Item disabled={queuedAt < 0} onClick={() => player.send({ type: 'REMOVE_FROM_QUEUE', index: queuedAt })}>
            {text.queue.remove}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** playSlot / actions for a TrackList whose tracks all play from the libraries (or none do) */
export function playableList(tracks: readonly QueueTrack[], playable: boolean) {
  return {
    playSlot: (_: QueueTrack, index: number) => <PlayButton tracks={tracks} index={index} disabled={!playable} />,
    actions: (track: QueueTrack) => <TrackMenu track={track} disabled={!playable} />,
  };
}
