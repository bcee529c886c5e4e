// One item of a list: a track plays, an album item plays its album, a dummy item shows greyed;
// the owner's actions at the end.
import '@mantine/core/styles/Anchor.layer.css';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PlayButton, TrackMenu } from '@/features/player/components';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { AlbumInfo, PlaylistItem } from '@/shared/types';
import type { AlbumAccess } from '@/features/library';
import { ArtistText } from '@/ui/ArtistText';
import { typeLabel } from '@/ui/TrackList';
import type { PlaylistRef } from '../playlistMachine';
import { PlaylistItemActions } from './PlaylistItemActions';
import classes from './PlaylistItemRow.module.css';

/** what the page knows of the list's albums: which library serves them, the album items' infos */
export interface ListAccess {
  access: AlbumAccess;
  albums: Map<string, AlbumInfo>;
}

export interface PlaylistItemRowProps {
  item: PlaylistItem;
  index: number;
  known: ListAccess | null;
  playable: readonly TrackInfo[];
  owner: PlaylistRef | null;
}

export function PlaylistItemRow({ item, index, known, playable, owner }: PlaylistItemRowProps) {
  const number = String(index + 1).padStart(2, '0');
  let main: ReactNode;
  let play = null;
  let actions = null;
  if (item.type === 'normal') {
    const { track } = item;
    const label = typeLabel(track.type);
    play = <PlayButton tracks={playable} track={track} />;
    actions = <TrackMenu track={track} disabled={!known?.access.canPlay(track)} />;
    main = (
      <>
        <div className={classes.line}>
          <span className={classes.title}>{track.title}</span>
          {label && <span className={classes.type}>{label}</span>}
        </div>
        <div className={classes.sub}>
          <ArtistText artist={track.artist} className={classes.artist} />
          {track.albumTitle && <span className={classes.album}>{track.albumTitle}</span>}
        </div>
      </>
    );
  } else if (item.type === 'album') {
    const album = known?.albums.get(item.albumId);
    const first = playable.find((t) => t.albumId === item.albumId);
    // the album's first playable track starts it; none plays when no library has the album
    play = first ? <PlayButton tracks={playable} track={first} /> : null;
    main = (
      <>
        <div className={classes.line}>
          <Anchor component={Link} href={`/album/${item.albumId}`} className={classes.title} inherit>
            {album?.title ?? item.albumId}
          </Anchor>
          <span className={classes.type}>{text.playlist.albumItem}</span>
        </div>
        <div className={classes.sub}>{album && <ArtistText artist={album.artist} className={classes.artist} />}</div>
      </>
    );
  } else {
    main = (
      <>
        <div className={classes.line}>
          <span className={classes.title}>{item.title}</span>
          <span className={classes.type}>{text.playlist.unplayable}</span>
        </div>
        <div className={classes.sub}>
          <span className={classes.artist}>{item.artist}</span>
        </div>
      </>
    );
  }
  return (
    <div
      className={classes.row}
      data-odd={index % 2 === 0 || undefined}
      data-dummy={item.type === 'dummy' || undefined}
    >
      <div className={classes.slot}>{play}</div>
      <span className={classes.number}>{number}</span>
      <div className={classes.main}>{main}</div>
      <div className={classes.actions}>
        {actions}
        {owner && <PlaylistItemActions actor={owner} item={item} />}
      </div>
    </div>
  );
}
