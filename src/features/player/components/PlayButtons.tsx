// The play buttons of track lists (docs/behaviour.md#track-rows, #album-page): a row's play/pause and a list's 播放全部. Kept
// apart from the row menu (TrackMenu) so a page with play buttons only (the shared page) does not
// load Mantine's menus.
import { ActionIcon, Button } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { trackInfoOf, trackKey, type TrackInfo } from '@/shared/track';
import { text } from '@/shared/text';
import { usePlayer } from '../context';
import { isCurrent, isPlaying } from '../selectors';

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
 * from there, replacing the queue (docs/behaviour.md#player, as on shared lists); the current track pauses or
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
    <ActionIcon
      variant={current ? 'light' : 'subtle'}
      radius="xl"
      aria-label={label}
      disabled={index < 0}
      onClick={onClick}
    >
      {playing ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
    </ActionIcon>
  );
}

/** replaces the queue with `tracks` and plays the first (播放全部, a 主页 shelf's cover) */
export function usePlayTracks(): (tracks: readonly TrackInfo[]) => void {
  const player = usePlayer();
  return useCallback(
    (tracks) => player.send({ type: 'REPLACE_AND_PLAY', tracks: tracks.map(trackInfoOf), index: 0 }),
    [player],
  );
}

/** 播放全部: replaces the queue with `tracks` (the list's playable ones) and plays the first; disabled when there are none */
export function PlayAllButton({ tracks, label }: { tracks: readonly TrackInfo[]; label: string }) {
  const play = usePlayTracks();
  return (
    <Button
      leftSection={<IconPlayerPlayFilled size={16} />}
      disabled={tracks.length === 0}
      onClick={() => play(tracks)}
    >
      {label}
    </Button>
  );
}
