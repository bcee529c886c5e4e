// A shelf's covers (docs/behaviour.md#home): a list named after its shelf, one cover per album with
// title and artist, each a link to its album and a play button on the cover. The row scrolls
// sideways by touch; ← and → (Home, End) move between the covers. An album that cannot play here
// and now (no library holds it; offline, nothing of it kept) is dimmed and says so.
import { ActionIcon } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { text } from '@/shared/text';
import { albumPath } from '@/ui/AlbumWall';
import { ArtistText } from '@/ui/ArtistText';
import { Cover } from '@/ui/Cover';
import { useTrackSlots } from '@/ui/trackSlots';
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
  const { albumTile } = useTrackSlots();
  return (
    // the arrow keys move between the links inside the list
    <ul className={classes.row} aria-label={label} onKeyDown={moveBetweenCovers}>
      {albums.map(({ album, cover, playable }) => (
        <li key={album.albumId} className={playable ? classes.item : `${classes.item} ${classes.cannotPlay}`}>
          <Link href={albumPath(album.albumId)} className={classes.card}>
            <span className={classes.cover}>
              <Cover url={cover} alt="" unavailableText={text.album.unavailable} />
            </span>
            <span className={classes.title} title={album.title}>
              {albumTile?.(album)}
              {album.title}
            </span>
            <ArtistText artist={album.artist} className={classes.artist} />
            {!playable && cover !== null && <span className={classes.unavailable}>{text.home.unavailable}</span>}
          </Link>
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
