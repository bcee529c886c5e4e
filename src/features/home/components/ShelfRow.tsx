// A shelf's covers (docs/behaviour.md#home): a list named after its shelf, the album wall's card for
// each album (cover, title, edition, artist, a link to its album) with a play button on its cover.
// The row scrolls sideways by touch; ← and → (Home, End) move between the covers. An album that
// cannot play here and now (no library holds it; offline, nothing of it kept) is dimmed and says so.
import { ActionIcon } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { text } from '@/shared/text';
import { AlbumCard } from '@/ui/AlbumWall';
import type { ShelfAlbum } from '../shelfMachine';
import classes from './Shelf.module.css';

const KEY_STEPS: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => Math.min(at + 1, last),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/** ← → Home End: the focus goes to that cover's link (the browser scrolls it into view) */
function moveBetweenCovers(event: KeyboardEvent<HTMLUListElement>) {
  const step = KEY_STEPS[event.key];
  const items = [...event.currentTarget.children];
  const at = items.findIndex((item) => item.contains(document.activeElement));
  if (!step || at < 0) return;
  event.preventDefault();
  items[step(at, items.length - 1)]?.querySelector<HTMLElement>('a')?.focus();
}

interface ShelfRowProps {
  label: string;
  albums: readonly ShelfAlbum[];
  /** the album whose tracks are being read to play */
  starting: string | null;
  onPlay: (albumId: string) => void;
}

export function ShelfRow({ label, albums, starting, onPlay }: ShelfRowProps) {
  return (
    // the arrow keys move between the links inside the list
    <ul className={classes.row} aria-label={label} onKeyDown={moveBetweenCovers}>
      {albums.map(({ album, cover, playable }) => (
        <li key={album.albumId} className={classes.item}>
          <AlbumCard album={album} cover={cover} dimmed={!playable}>
            {!playable && cover !== null && <span className={classes.unavailable}>{text.home.unavailable}</span>}
          </AlbumCard>
          {playable && (
            <ActionIcon
              className={classes.play}
              size="lg"
              radius="xl"
              aria-label={text.home.playAlbum(album.title)}
              loading={starting === album.albumId}
              onClick={() => onPlay(album.albumId)}
            >
              <IconPlayerPlayFilled size={18} />
            </ActionIcon>
          )}
        </li>
      ))}
    </ul>
  );
}
