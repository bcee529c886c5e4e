// An album or disc cover from the cover store (blob → object URL, docs/behaviour.md#streaming-and-library-choice): a skeleton while it
// loads, a neutral picture when it fails, a text instead when no library has the album, and an
// empty frame while nobody can tell yet.
import '@mantine/core/styles/Skeleton.layer.css';
import { useCallback, useSyncExternalStore, type CSSProperties } from 'react';
import { Skeleton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { text } from '@/shared/firstPageText';
import { useCoverStore } from './coverStoreContext';
import classes from './Cover.module.css';

export interface CoverProps {
  /** null: no library has the album; undefined: not known yet (an empty frame) */
  url: string | null | undefined;
  /** '' when the cover is decorative (its title is next to it) */
  alt: string;
  /** edge length in px; omit to fill the width of the parent (square) */
  size?: number;
  unavailableText?: string;
}

export function Cover({ url, alt, size, unavailableText = text.album.unavailable }: CoverProps) {
  const box = size === undefined ? { width: '100%', aspectRatio: '1' } : { width: size, height: size };
  if (url === undefined) return <div className={classes.box} style={box} aria-hidden="true" />;
  if (url === null) {
    return (
      <div className={classes.box} style={box}>
        <span className={classes.unavailable}>{unavailableText}</span>
      </div>
    );
  }
  return <LoadedCover url={url} alt={alt} box={box} />;
}

function LoadedCover({ url, alt, box }: { url: string; alt: string; box: CSSProperties }) {
  const store = useCoverStore();
  const subscribe = useCallback((onChange: () => void) => store.subscribe(url, onChange), [store, url]);
  const snapshot = useSyncExternalStore(subscribe, () => store.get(url));
  // alt '' = decorative (the cover sits beside its title, e.g. inside an album card's link)
  const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };

  if (snapshot.status === 'ready' && snapshot.objectUrl) {
    return (
      <div className={classes.box} style={box}>
        <img className={classes.image} src={snapshot.objectUrl} alt={alt} draggable={false} />
      </div>
    );
  }
  if (snapshot.status === 'error') {
    return (
      <div className={classes.box} style={box} {...label}>
        <IconPhotoOff size="40%" stroke={1.5} aria-hidden />
      </div>
    );
  }
  return <Skeleton style={box} radius="sm" aria-busy="true" {...label} />;
}
