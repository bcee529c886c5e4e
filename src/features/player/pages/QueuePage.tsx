import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconPlayerPauseFilled, IconPlayerPlayFilled, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { usePlayer } from '../context';
import { isPlaying, nowPlayingKeyOf } from '../selectors';
import type { TrackInfo } from '@/shared/track';
import { trackKey } from '@/shared/track';
import { ArtistText } from '@/ui/ArtistText';
import { RowMenu } from '@/ui/RowMenu';
import { Tip } from '@/ui/Tip';
import { useTrackSlots } from '@/ui/trackSlots';
import { VirtualList } from '@/ui/VirtualList';
import { useWindowHeight } from '@/ui/useWindowHeight';
import { text } from '@/shared/text';
import classes from './QueuePage.module.css';

const ROW_HEIGHT = 56;
/** header, player bar, page padding and the title row */
const CHROME_HEIGHT = 56 + 72 + 32 + 60;

/** what other features add to a row (the heart; 添加到播放列表 in a More menu) */
function RowExtras({ track }: { track: TrackInfo }) {
  const slots = useTrackSlots();
  const menuItems = slots.menuItems?.([track]);
  return (
    <>
      {slots.rowButtons?.(track)}
      {menuItems && (
        <RowMenu label={text.track.more} icon={<IconDots size={16} />} color="gray">
          {menuItems}
        </RowMenu>
      )}
    </>
  );
}

function QueueRow({
  track,
  index,
  current,
  playing,
}: {
  track: TrackInfo;
  index: number;
  current: boolean;
  playing: boolean;
}) {
  const player = usePlayer();
  const label = current && playing ? text.player.pause : text.player.play;
  return (
    // striped by position: a virtual list's rows are not siblings in one parent
    <div className={classes.row} aria-current={current ? 'true' : undefined} data-odd={index % 2 === 0 || undefined}>
      <ActionIcon
        variant="subtle"
        radius="xl"
        aria-label={label}
        onClick={() => player.send(current ? { type: 'TOGGLE_PLAY' } : { type: 'PLAY_INDEX', index })}
      >
        {current && playing ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
      </ActionIcon>
      <span className={classes.number}>{String(index + 1).padStart(2, '0')}</span>
      <div className={classes.text}>
        <Text size="sm" truncate>
          {track.title}
        </Text>
        <div className={classes.artist}>
          <ArtistText artist={track.artist} />
        </div>
      </div>
      <RowExtras track={track} />
      <Tip label={text.queue.remove}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={text.queue.remove}
          onClick={() => player.send({ type: 'REMOVE_FROM_QUEUE', index })}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tip>
    </div>
  );
}

export default function QueuePage() {
  const player = usePlayer();
  const queue = useSelector(player, (s) => s.context.queue);
  const currentKey = useSelector(player, nowPlayingKeyOf);
  const playing = useSelector(player, isPlaying);
  const height = Math.max(useWindowHeight() - CHROME_HEIGHT, ROW_HEIGHT * 4);
  const slots = useTrackSlots();

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2}>{text.queue.title}</Title>
        <Group gap="xs">
          {queue.length > 0 && slots.listActions?.(queue)}
          {queue.length > 0 && slots.share?.(queue, {})}
          <Button
            variant="light"
            color="red"
            disabled={queue.length === 0}
            onClick={() => player.send({ type: 'CLEAR_QUEUE' })}
          >
            {text.queue.clear}
          </Button>
        </Group>
      </Group>
      {queue.length === 0 ? (
        <Text c="dimmed">{text.queue.empty}</Text>
      ) : (
        <VirtualList
          items={queue}
          rowHeight={ROW_HEIGHT}
          height={Math.min(height, queue.length * ROW_HEIGHT)}
          ariaLabel={text.queue.title}
          itemKey={(track) => trackKey(track)}
          renderRow={(track, index) => {
            const current = trackKey(track) === currentKey;
            return <QueueRow track={track} index={index} current={current} playing={current && playing} />;
          }}
        />
      )}
    </Stack>
  );
}
