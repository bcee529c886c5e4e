import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { VirtualList, visibleRange } from '@/ui/VirtualList';

const items = Array.from({ length: 5000 }, (_, i) => `Track ${i + 1}`);

describe('VirtualList', () => {
  it.each([
    [0, 600, 60, 5000, 2, { first: 0, last: 12 }],
    [6000, 600, 60, 5000, 2, { first: 98, last: 112 }],
    [299_400, 600, 60, 5000, 2, { first: 4988, last: 5000 }],
    [0, 600, 60, 3, 2, { first: 0, last: 3 }],
  ])('visibleRange(%i, %i, %i, %i, %i)', (top, height, row, count, overscan, expected) => {
    expect(visibleRange(top, height, row, count, overscan)).toEqual(expected);
  });

  it('renders only the rows in view of a 5,000-item list, and follows scrolling', () => {
    render(
      <VirtualList
        items={items}
        rowHeight={60}
        height={600}
        overscan={2}
        itemKey={(t) => t}
        renderRow={(t) => <span>{t}</span>}
        ariaLabel="queue"
      />,
    );
    const list = screen.getByRole('list', { name: 'queue' });
    expect(list.querySelectorAll('li')).toHaveLength(12);
    expect(screen.getByText('Track 1')).toBeTruthy();
    expect(screen.queryByText('Track 200')).toBeNull();
    expect(list.querySelector('li')?.getAttribute('aria-setsize')).toBe('5000');

    const viewport = list.parentElement!;
    viewport.scrollTop = 60 * 199;
    fireEvent.scroll(viewport);
    expect(screen.getByText('Track 200')).toBeTruthy();
    expect(screen.queryByText('Track 1')).toBeNull();
    expect(list.querySelectorAll('li').length).toBeLessThanOrEqual(16);
  });
});
