// The shared paged list (docs/behaviour.md#paged-lists): page and count live in the URL query and change in place (no
// history entries); sizes 10/20/30/50; the page count is floor(items/size)+1 as the spec says.
// PagedList pages a list it holds; Paged pages one it only knows the length of, rendering the
// current page's range (a library of 100,000 albums loads just the page shown).
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Fragment, type Key, type ReactNode } from 'react';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZES } from '@/shared/constants';
import { pageCount, parsePaging } from '@/rules/paging';
import { text } from '@/shared/text';
import { useQueryParams } from './useQueryParams';

export interface PagedListProps<T> {
  items: readonly T[];
  /** names the list region for assistive technology */
  ariaLabel: string;
  /** one item; `index` is its position in `items` (not in the page) */
  renderItem?: (item: T, index: number) => ReactNode;
  /** the whole page at once (a grid, a track list); `offset` is the position of its first item */
  children?: (pageItems: T[], offset: number) => ReactNode;
  /** React key of an item rendered with renderItem; default its position */
  itemKey?: (item: T, index: number) => Key;
}

const SIZE_OPTIONS = PAGE_SIZES.map(String);

/** page and count from the URL, and setters that keep the other query parameters */
function usePaging() {
  const [params, update] = useQueryParams();
  const { page, count } = parsePaging(params.toString());
  return {
    page,
    count,
    setPage: (next: number) => update({ page: next }),
    // a new size starts again at the first page
    setCount: (next: number) => update({ count: next, page: 1 }),
  };
}

export function PagedList<T>({ items, ariaLabel, renderItem, children, itemKey }: PagedListProps<T>) {
  return (
    <Paged length={items.length} ariaLabel={ariaLabel}>
      {(offset, size) => {
        const pageItems = items.slice(offset, offset + size);
        return children
          ? children(pageItems, offset)
          : pageItems.map((item, i) => (
              <Fragment key={itemKey ? itemKey(item, offset + i) : offset + i}>
                {renderItem?.(item, offset + i)}
              </Fragment>
            ));
      }}
    </Paged>
  );
}

export interface PagedProps {
  /** how many items the list has */
  length: number;
  ariaLabel: string;
  /** the current page: `size` items from position `offset` (fewer on the last page) */
  children: (offset: number, size: number) => ReactNode;
}

export function Paged({ length, ariaLabel, children }: PagedProps) {
  const { page, count, setPage, setCount } = usePaging();
  const total = pageCount(length, count);
  const current = Math.min(page, total);
  const offset = (current - 1) * count;

  return (
    <section aria-label={ariaLabel}>
      {children(offset, count)}
      <Group justify="space-between" align="center" mt="md" gap="sm">
        <nav aria-label={text.paging.label}>
          <Pagination
            total={total}
            value={current}
            onChange={setPage}
            withEdges
            size="sm"
            getItemProps={(p) => ({ 'aria-label': text.paging.page(p) })}
            getControlProps={(control) => ({ 'aria-label': text.paging[control] })}
          />
        </nav>
        <Group gap="xs" align="center">
          <Text size="sm" c="dimmed">
            {text.paging.total(total)}
          </Text>
          <NativeSelect
            size="xs"
            aria-label={text.paging.pageSize}
            data={SIZE_OPTIONS}
            value={String(count)}
            onChange={(event) => setCount(Number(event.currentTarget.value))}
          />
        </Group>
      </Group>
    </section>
  );
}
