// The album wall (docs/behaviour.md#album-wall): cover, title, artist and edition; an album no library holds shows
// 资源不可用 请尝试同步音频仓库 in place of its cover. Each card is a real link to /album/{albumId}; 主页's
// shelves show the same card.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { albumFullTitle } from '@/rules/albumInfo';
import type { AlbumInfo } from '@/shared/types';
import { text } from '@/shared/text';
import { ArtistText } from './ArtistText';
import { Cover } from './Cover';
import { useTrackSlots } from './trackSlots';
import classes from './AlbumWall.module.css';

export interface AlbumWallProps {
  albums: readonly AlbumInfo[];
  /** the cover through the chosen library (coverUrl of the credential), or null when none holds it */
  coverUrlOf: (albumId: string) => string | null;
  /** names the grid for assistive technology */
  ariaLabel?: string;
}

export function albumPath(albumId: string): string {
  return `/album/${encodeURIComponent(albumId)}`;
}

export function AlbumWall({ albums, coverUrlOf, ariaLabel }: AlbumWallProps) {
  return (
    <ul className={classes.grid} aria-label={ariaLabel}>
      {albums.map((album) => (
        <li key={album.albumId}>
          <AlbumCard album={album} cover={coverUrlOf(album.albumId)} />
        </li>
      ))}
    </ul>
  );
}

interface AlbumCardProps {
  album: AlbumInfo;
  /** the cover through the library that serves it, or null when none holds it */
  cover: string | null;
  /** its cover dimmed: the album cannot play here and now (主页's shelves) */
  dimmed?: boolean;
  /** more lines under the artist */
  children?: ReactNode;
}

/** one album as a card: a link to its page with its cover, title, edition and artist (the wall's, 主页's shelves') */
export function AlbumCard({ album, cover, dimmed = false, children }: AlbumCardProps) {
  const { albumTile } = useTrackSlots();
  return (
    <Link href={albumPath(album.albumId)} className={classes.card} data-dimmed={dimmed || undefined}>
      <Cover url={cover} alt="" unavailableText={text.album.unavailable} />
      <span className={classes.titleLine}>
        {albumTile?.(album)}
        <span className={classes.title} title={albumFullTitle(album)}>
          {album.title}
        </span>
      </span>
      {album.edition && <span className={classes.edition}>{album.edition}</span>}
      <ArtistText artist={album.artist} className={classes.artist} />
      {children}
    </Link>
  );
}
