// The album wall (docs/behaviour.md#album-wall): cover, title, artist and edition; an album no library holds shows
// 资源不可用 请尝试同步音频仓库 in place of its cover. Each card is a real link to /album/{albumId}.
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
  const { albumTile } = useTrackSlots();
  return (
    <ul className={classes.grid} aria-label={ariaLabel}>
      {albums.map((album) => (
        <li key={album.albumId}>
          <Link href={albumPath(album.albumId)} className={classes.card}>
            <Cover url={coverUrlOf(album.albumId)} alt="" unavailableText={text.album.unavailable} />
            <span className={classes.titleLine}>
              {albumTile?.(album)}
              <span className={classes.title} title={albumFullTitle(album)}>
                {album.title}
              </span>
            </span>
            {album.edition && <span className={classes.edition}>{album.edition}</span>}
            <ArtistText artist={album.artist} className={classes.artist} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
