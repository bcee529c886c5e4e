// Paging of the shared list component (docs/behaviour.md#paged-lists): page and count live in the URL query.
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/shared/constants';

export interface Paging {
  page: number;
  count: number;
}

/** floor(items/size)+1 exactly as docs/behaviour.md#paged-lists says, so 30 items at 30 a page show 2 pages */
export function pageCount(items: number, size: number): number {
  if (!(size > 0)) return 1;
  return Math.floor(Math.max(0, items) / size) + 1;
}

const INTEGER = /^[+-]?\d+$/;

/** page and count from a query string (with or without `?`); bad values take the defaults */
export function parsePaging(search: string): Paging {
  const params = new URLSearchParams(search);
  const pageText = params.get('page')?.trim() ?? '';
  const countText = params.get('count')?.trim() ?? '';
  const page = INTEGER.test(pageText) ? Math.max(1, Number(pageText)) : DEFAULT_PAGE;
  const count = Number(countText);
  return {
    page,
    count: INTEGER.test(countText) && (PAGE_SIZES as readonly number[]).includes(count) ? count : DEFAULT_PAGE_SIZE,
  };
}
