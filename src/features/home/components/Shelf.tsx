// One shelf of 主页 as its machine says (docs/behaviour.md#home): a heading with 查看全部, then a
// placeholder row while it loads, the covers, or why it failed with 重试; nothing at all when it has
// nothing to show. 随便听听 has 换一批. What the shelf reads changed (`refresh`): it reads again with
// its covers kept. A cover's play button plays the album through the player.
import '@mantine/core/styles/Skeleton.layer.css';
import { Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { usePlayTracks } from '@/features/player/continue.public';
import { newSeed } from '@/rules/seeded';
import { text } from '@/shared/text';
import { useInspect } from '@/ui/inspect';
import { useSendWhenChanged } from '@/ui/useSendWhenChanged';
import { fromPromise } from 'xstate';
import { useHome } from '../context';
import { namedShelf, type ShelfSnapshot } from '../shelfMachine';
import type { ShelfName } from '../start';
import { ShelfRow } from './ShelfRow';
import classes from './Shelf.module.css';

const albumsOf = (s: ShelfSnapshot) => s.context.albums;
const errorOf = (s: ShelfSnapshot) => (s.matches({ content: 'failed' }) ? (s.context.error ?? '') : null);
const startingOf = (s: ShelfSnapshot) => s.context.starting;
const emptyOf = (s: ShelfSnapshot) => s.matches({ content: 'empty' });
const busyOf = (s: ShelfSnapshot) => s.hasTag('busy');

interface ShelfProps {
  name: ShelfName;
  title: string;
  /** its full list */
  href: string;
  /** a change reads the shelf again */
  refresh: string;
}

export function Shelf({ name, title, href, refresh }: ShelfProps) {
  const home = useHome();
  const inspect = useInspect();
  const [machine] = useState(() =>
    namedShelf(name).provide({
      actors: {
        loadShelf: fromPromise(({ input, signal }: { input: { seed: number }; signal: AbortSignal }) =>
          home.load(name, input.seed, signal),
        ),
        albumTracks: fromPromise(({ input }: { input: { albumId: string } }) => home.albumTracks(input.albumId)),
      },
    }),
  );
  const shelf = useActorRef(machine, { input: { seed: newSeed() }, inspect });
  const play = usePlayTracks();
  useEffect(() => shelf.on('play', ({ tracks }) => play(tracks)).unsubscribe, [shelf, play]);
  useSendWhenChanged(shelf, refresh, 'RELOAD');

  const albums = useSelector(shelf, albumsOf);
  const error = useSelector(shelf, errorOf);
  const starting = useSelector(shelf, startingOf);
  const empty = useSelector(shelf, emptyOf);
  const busy = useSelector(shelf, busyOf);
  const headingId = useId();
  if (empty) return null;
  return (
    <section aria-labelledby={headingId} aria-busy={busy}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Group gap="xs" wrap="nowrap">
          {name === 'random' && albums && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => shelf.send({ type: 'RESHUFFLE', seed: newSeed() })}
            >
              {text.home.reshuffle}
            </Button>
          )}
          <Button component={Link} href={href} variant="subtle" size="compact-sm" aria-label={text.home.allOf(title)}>
            {text.home.all}
          </Button>
        </Group>
      </Group>
      {error !== null ? (
        <Group gap="sm">
          <Text size="sm" c="red" role="alert">
            {text.home.failed(title, error)}
          </Text>
          <Button variant="light" size="compact-sm" onClick={() => shelf.send({ type: 'RETRY' })}>
            {text.home.retry}
          </Button>
        </Group>
      ) : albums ? (
        <ShelfRow
          label={title}
          albums={albums}
          starting={starting}
          onPlay={(albumId) => shelf.send({ type: 'PLAY_ALBUM', albumId })}
        />
      ) : (
        <div className={classes.row} role="status" aria-label={text.home.loading(title)}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className={classes.placeholder} />
          ))}
        </div>
      )}
    </section>
  );
}
