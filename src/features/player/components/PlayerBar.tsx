// The player bar (docs/behaviour.md#the-frame), fixed at the bottom: cover (→ /now), previous / play-pause / next,
// progress, title, artist and album link, loop mode, queue (→ /queue), mute and volume.
import '@mantine/core/styles/Anchor.layer.css';
import { ActionIcon, Anchor, Group, Loader, Text } from '@mantine/core';
import {
  IconArrowsShuffle,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
  IconPlaylist,
  IconRepeat,
  IconRepeatOnce,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { Link } from 'wouter';
import { usePlayer } from '../context';
import type { LoopMode } from '../playerModel';
import { currentTimeOf, loopModeOf, nowPlayingOf, playbackStatus } from '../selectors';
import { formatProgress } from '@/rules/time';
import { ArtistText } from '@/ui/ArtistText';
import { Cover } from '@/ui/Cover';
import { Tip } from '@/ui/Tip';
import { useTrackSlots } from '@/ui/trackSlots';
import { text } from '@/shared/firstPageText';
import { ProgressBar } from './ProgressBar';
import classes from './PlayerBar.module.css';

const loopIcons: Record<LoopMode, typeof IconRepeat> = {
  listLoop: IconRepeat,
  trackLoop: IconRepeatOnce,
  shuffle: IconArrowsShuffle,
};

// Each part reads only what it shows and is memoised: a track starting (the click, its source, its
// duration, `playing`) renders what changed, not the whole bar, while its audio is being started
// on the same thread.

const skips = {
  PREVIOUS: { label: text.player.previous, Icon: IconPlayerSkipBackFilled },
  NEXT: { label: text.player.next, Icon: IconPlayerSkipForwardFilled },
} as const;

/** 上一首 / 下一首 */
const SkipButton = memo(function SkipButton({ to }: { to: keyof typeof skips }) {
  const player = usePlayer();
  const { label, Icon } = skips[to];
  return (
    <Tip label={label} placement="top">
      <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => player.send({ type: to })}>
        <Icon size={18} />
      </ActionIcon>
    </Tip>
  );
});

function PlayPauseButton() {
  const player = usePlayer();
  const status = useSelector(player, playbackStatus);
  const playing = status === 'playing';
  const label = playing ? text.player.pause : text.player.play;
  return (
    <Tip label={label} placement="top">
      <ActionIcon
        variant="filled"
        size="xl"
        radius="xl"
        aria-label={label}
        onClick={() => player.send({ type: 'TOGGLE_PLAY' })}
      >
        {status === 'buffering' ? (
          <Loader size={18} color="white" />
        ) : playing ? (
          <IconPlayerPauseFilled size={20} />
        ) : (
          <IconPlayerPlayFilled size={20} />
        )}
      </ActionIcon>
    </Tip>
  );
}

const Controls = memo(function Controls() {
  return (
    <Group gap={4} wrap="nowrap" className={classes.controls}>
      <SkipButton to="PREVIOUS" />
      <PlayPauseButton />
      <SkipButton to="NEXT" />
    </Group>
  );
});

const NowPlayingInfo = memo(function NowPlayingInfo() {
  const player = usePlayer();
  const nowPlaying = useSelector(player, nowPlayingOf);
  const current = useSelector(player, currentTimeOf);
  const duration = useSelector(player, (s) => s.context.duration);
  return (
    <div className={classes.middle}>
      <div className={classes.line}>
        <Text fw={600} size="sm" truncate>
          {nowPlaying?.title ?? ''}
        </Text>
        {nowPlaying && (
          <Anchor component={Link} href={`/album/${nowPlaying.albumId}`} size="xs" c="dimmed" truncate>
            {nowPlaying.albumTitle}
          </Anchor>
        )}
      </div>
      <div className={classes.line}>
        <div className={classes.artist}>{nowPlaying && <ArtistText artist={nowPlaying.artist} />}</div>
        <span className={classes.time}>
          {formatProgress(nowPlaying ? current : null, nowPlaying ? duration : null)}
        </span>
      </div>
      <ProgressBar
        current={current}
        duration={duration}
        onSeek={(fraction) => player.send({ type: 'SEEK', fraction })}
      />
    </div>
  );
});

function NowPlayingSlot() {
  const nowPlaying = useSelector(usePlayer(), nowPlayingOf);
  const slots = useTrackSlots();
  return nowPlaying && slots.nowPlaying?.(nowPlaying);
}

/** 定时关闭 and 音效, whose code loads after the first page */
function SleepTimerSlot() {
  return useTrackSlots().sleepTimer?.() ?? null;
}
function SoundSlot() {
  return useTrackSlots().sound?.() ?? null;
}

function LoopModeButton() {
  const player = usePlayer();
  const loopMode = useSelector(player, loopModeOf);
  const LoopIcon = loopIcons[loopMode];
  const loopLabel = text.player.loopModes[loopMode];
  return (
    <Tip label={loopLabel} placement="top">
      <ActionIcon variant="subtle" aria-label={loopLabel} onClick={() => player.send({ type: 'CYCLE_LOOP_MODE' })}>
        <LoopIcon size={18} />
      </ActionIcon>
    </Tip>
  );
}

function VolumeControls() {
  const player = usePlayer();
  const volume = useSelector(player, (s) => s.context.volume);
  const muted = useSelector(player, (s) => s.context.muted);
  const muteLabel = muted ? text.player.unmute : text.player.mute;
  return (
    <>
      <Tip label={muteLabel} placement="top">
        <ActionIcon variant="subtle" aria-label={muteLabel} onClick={() => player.send({ type: 'TOGGLE_MUTE' })}>
          {muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
        </ActionIcon>
      </Tip>
      <input
        className={classes.volume}
        type="range"
        min={0}
        max={100}
        step={1}
        aria-label={text.player.volume}
        value={muted ? 0 : volume}
        onChange={(e) => player.send({ type: 'SET_VOLUME', percent: Number(e.currentTarget.value) })}
      />
    </>
  );
}

const RightGroup = memo(function RightGroup() {
  return (
    <Group gap={4} wrap="nowrap" className={classes.right}>
      <NowPlayingSlot />
      <SleepTimerSlot />
      <SoundSlot />
      <LoopModeButton />
      <Tip label={text.player.queue} placement="top">
        <ActionIcon component={Link} href="/queue" variant="subtle" aria-label={text.player.queue}>
          <IconPlaylist size={18} />
        </ActionIcon>
      </Tip>
      <VolumeControls />
    </Group>
  );
});

export function PlayerBar() {
  const player = usePlayer();
  const coverUrl = useSelector(player, (s) => s.context.nowPlaying?.coverUrl ?? null);
  const title = useSelector(player, (s) => s.context.nowPlaying?.title ?? '');
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the page's footer is its contentinfo landmark, which a label names
    <footer className={classes.bar} aria-label={text.player.nowPlaying}>
      <Link href="/now" className={classes.cover} aria-label={text.player.nowPlaying}>
        {coverUrl && <Cover url={coverUrl} alt={title} size={56} />}
      </Link>
      <Controls />
      <NowPlayingInfo />
      <RightGroup />
    </footer>
  );
}
