// Track rows (docs/behaviour.md#track-rows), used wherever tracks are listed; a row shows a TrackInfo (shared/track.ts).
// Rows are plain elements with one double-click handler on the list, so long lists stay light.
// Double-click writes highlight=listIndex-itemIndex into the URL (in place); on load that row is
// scrolled into view.
import { useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { TRACK_NUMBER_DIGITS } from '@/shared/constants';
import { trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';
import { text } from '@/shared/text';
import { ArtistText } from './ArtistText';
import { useSearchParam } from './useQueryParams';
import classes from './TrackList.module.css';

export interface TrackListProps<T extends TrackInfo> {
  tracks: readonly T[];
  /** which list of the page this is (an album page has one per disc) */
  listIndex: number;
  /** position of tracks[0] in the whole list, for paged lists; numbers and highlight use it */
  startIndex?: number;
  /** show the position, zero-padded to 2 digits */
  showNumber?: boolean;
  /** show the album title on the second line; default true */
  showAlbum?: boolean;
  /** left of the row: the play/pause button; `index` is the position in the whole list */
  playSlot?: (track: T, index: number) => ReactNode;
  /** right of the row: queue, favourite, more… */
  actions?: (track: T, index: number) => ReactNode;
  ariaLabel?: string;
}

const HIGHLIGHT_PARAM = 'highlight';

function highlightValue(listIndex: number, itemIndex: number): string {
  return `${listIndex}-${itemIndex}`;
}

function trackNumber(position: number): string {
  return String(position).padStart(TRACK_NUMBER_DIGITS, '0');
}

export function typeLabel(type: string): string {
  return Object.hasOwn(text.track.types, type) ? (text.track.types[type] ?? '') : type;
}

/** trackKey, made unique when a list holds the same track twice (playlists may) */
function rowKeys(tracks: readonly TrackIdentity[]): string[] {
  const seen = new Map<string, number>();
  return tracks.map((track) => {
    const key = trackKey(track);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n === 0 ? key : `${key}#${n}`;
  });
}

export function TrackList<T extends TrackInfo>({
  tracks,
  listIndex,
  startIndex = 0,
  showNumber = false,
  showAlbum = true,
  playSlot,
  actions,
  ariaLabel,
}: TrackListProps<T>) {
  const [highlight, setHighlight] = useSearchParam(HIGHLIGHT_PARAM);
  const listRef = useRef<HTMLUListElement>(null);
  const scrolledFor = useRef<string | null>(null);
  const keys = useMemo(() => rowKeys(tracks), [tracks]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tracks that arrive may bring the highlighted row
  useEffect(() => {
    if (highlight === null || scrolledFor.current === highlight) return;
    const row = listRef.current?.querySelector<HTMLElement>('[data-highlighted]');
    if (!row) return;
    scrolledFor.current = highlight;
    row.scrollIntoView({ block: 'center' });
  }, [highlight, tracks]);

  const onDoubleClick = (event: MouseEvent<HTMLUListElement>) => {
    const row = (event.target as Element).closest<HTMLElement>('[data-index]');
    if (!row || !listRef.current?.contains(row)) return;
    const value = highlightValue(listIndex, Number(row.dataset.index));
    // the row is already in view: no scrolling for a highlight made here
    scrolledFor.current = value;
    setHighlight(value);
  };

  return (
    <ul ref={listRef} className={classes.list} aria-label={ariaLabel} onDoubleClick={onDoubleClick}>
      {tracks.map((track, i) => {
        const index = startIndex + i;
        return (
          <TrackRow
            key={keys[i]}
            track={track}
            index={index}
            highlighted={highlight === highlightValue(listIndex, index)}
            showNumber={showNumber}
            showAlbum={showAlbum}
            playSlot={playSlot}
            actions={actions}
          />
        );
      })}
    </ul>
  );
}

interface TrackRowProps<T extends TrackInfo> {
  track: T;
  /** position in the whole list (numbering, highlight, slots) */
  index: number;
  highlighted: boolean;
  showNumber: boolean;
  showAlbum: boolean;
  playSlot?: (track: T, index: number) => ReactNode;
  actions?: (track: T, index: number) => ReactNode;
}

/** one row: an <li> of plain elements, for use inside TrackList's <ul> */
function TrackRow<T extends TrackInfo>({
  track,
  index,
  highlighted,
  showNumber,
  showAlbum,
  playSlot,
  actions,
}: TrackRowProps<T>) {
  const label = typeLabel(track.type);
  return (
    <li
      className={classes.row}
      data-index={index}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
    >
      <div className={classes.slot}>{playSlot?.(track, index)}</div>
      {showNumber && <span className={classes.number}>{trackNumber(index + 1)}</span>}
      <div className={classes.main}>
        <div className={classes.line}>
          <span className={classes.title}>{track.title}</span>
          {label && <span className={classes.type}>{label}</span>}
        </div>
        <div className={classes.sub}>
          <ArtistText artist={track.artist} artists={track.artists} className={classes.artist} />
          {showAlbum && track.albumTitle && <span className={classes.album}>{track.albumTitle}</span>}
        </div>
      </div>
      {actions && <div className={classes.actions}>{actions(track, index)}</div>}
    </li>
  );
}
