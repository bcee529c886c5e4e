// A windowed list of fixed-height rows: only the rows in view (plus a margin) are in the DOM, so a
// queue of thousands of tracks renders and scrolls like a short one.
import { useEffect, useState, type ReactNode, type UIEvent } from 'react';

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** height of the scrolling viewport in px */
  height: number;
  /** rows rendered beyond each edge of the viewport */
  overscan?: number;
  itemKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  ariaLabel: string;
  /** told when the rows in view reach the last `overscan` × 2 (a list read a page at a time asks for the next) */
  onNearEnd?: () => void;
}

export function visibleRange(scrollTop: number, height: number, rowHeight: number, count: number, overscan: number) {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { first, last };
}

export function VirtualList<T>({
  items,
  rowHeight,
  height,
  overscan = 6,
  itemKey,
  renderRow,
  ariaLabel,
  onNearEnd,
}: VirtualListProps<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const { first, last } = visibleRange(scrollTop, height, rowHeight, items.length, overscan);
  const nearEnd = last >= items.length - overscan * 2;
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows that arrived with the end still in view ask again
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, items.length]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop);

  return (
    <div style={{ height, overflowY: 'auto', position: 'relative' }} onScroll={onScroll}>
      <ul
        aria-label={ariaLabel}
        style={{ listStyle: 'none', margin: 0, padding: 0, position: 'relative', height: items.length * rowHeight }}
      >
        {items.slice(first, last).map((item, offset) => {
          const index = first + offset;
          return (
            <li
              key={itemKey(item, index)}
              aria-setsize={items.length}
              aria-posinset={index + 1}
              style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight }}
            >
              {renderRow(item, index)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
