// Now playing (docs/behaviour.md#other-pages): a large cover over a blurred copy of itself, title and artist.
import { Group, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { usePlayer } from '../context';
import { currentTimeOf, nowPlayingOf } from '../selectors';
import { ArtistText } from '@/ui/ArtistText';
import { Cover } from '@/ui/Cover';
import { useTrackSlots } from '@/ui/trackSlots';
import { text } from '@/shared/text';
import classes from './NowPage.module.css';

export default function NowPage() {
  const player = usePlayer();
  const nowPlaying = useSelector(player, nowPlayingOf);
  const time = useSelector(player, currentTimeOf);
  const slots = useTrackSlots();
  if (!nowPlaying) return <Text c="dimmed">{text.queue.empty}</Text>;
  return (
    <section className={classes.stage} aria-label={text.player.nowPlaying}>
      {nowPlaying.coverUrl && (
        <div className={classes.backdrop} aria-hidden="true">
          <Cover url={nowPlaying.coverUrl} alt="" />
        </div>
      )}
      <div className={classes.front}>
        <div style={{ width: 320, maxWidth: '70vw' }}>
          <Cover url={nowPlaying.coverUrl} alt={nowPlaying.title} />
        </div>
        <Title order={2}>{nowPlaying.title}</Title>
        <ArtistText artist={nowPlaying.artist} artists={nowPlaying.artists} />
        <Text size="sm" opacity={0.8}>
          {nowPlaying.albumTitle}
        </Text>
        <Group gap="xs" justify="center">
          {slots.sleepTimer?.()}
          {slots.sound?.()}
        </Group>
        {slots.lyrics?.(nowPlaying, time, (seconds) => player.send({ type: 'SEEK_TO', seconds }))}
      </div>
    </section>
  );
}
