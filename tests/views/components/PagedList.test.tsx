import { describe, expect, test } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { PagedList } from '@/ui/PagedList';
import { currentSearch, renderAt } from './render';

const ITEMS = Array.from({ length: 45 }, (_, i) => `Item ${i + 1}`);

function list(items = ITEMS) {
  return <PagedList items={items} ariaLabel="专辑列表" renderItem={(item, index) => <p>{`${index}:${item}`}</p>} />;
}

const shown = () =>
  within(screen.getByRole('region', { name: '专辑列表' }))
    .queryAllByText(/^\d+:Item/)
    .map((p) => p.textContent);

describe('PagedList', () => {
  test('defaults: page 1 of 30; total floor(45/30)+1 = 2', () => {
    renderAt('/album/list?url=https%3A%2F%2Flib.example', list());
    expect(shown()).toHaveLength(30);
    expect(shown()[0]).toBe('0:Item 1');
    expect(screen.getByText('共 2 页')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: '每页数量' }) as HTMLSelectElement).value).toBe('30');
  });

  test('page and count come from the URL; items keep their list index', () => {
    renderAt('/x?page=3&count=10', list());
    expect(shown()).toEqual([
      '20:Item 21',
      '21:Item 22',
      '22:Item 23',
      '23:Item 24',
      '24:Item 25',
      '25:Item 26',
      '26:Item 27',
      '27:Item 28',
      '28:Item 29',
      '29:Item 30',
    ]);
    expect(screen.getByText('共 5 页')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第 3 页' }).getAttribute('aria-current')).toBe('page');
  });

  test('next page replaces the history entry and keeps the other parameters', () => {
    renderAt('/album/list?url=https%3A%2F%2Flib.example&count=20', list());
    const before = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(currentSearch().get('page')).toBe('2');
    expect(currentSearch().get('url')).toBe('https://lib.example');
    expect(window.location.pathname).toBe('/album/list');
    expect(window.history.length).toBe(before);
    expect(shown()[0]).toBe('20:Item 21');

    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    expect(shown()).toEqual(['40:Item 41', '41:Item 42', '42:Item 43', '43:Item 44', '44:Item 45']);
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(currentSearch().get('page')).toBe('2');
  });

  test('a new page size starts at page 1 and keeps url=', () => {
    renderAt('/album/list?url=https%3A%2F%2Flib.example&page=2', list());
    const before = window.history.length;
    fireEvent.change(screen.getByRole('combobox', { name: '每页数量' }), { target: { value: '10' } });
    expect(currentSearch().get('count')).toBe('10');
    expect(currentSearch().get('page')).toBe('1');
    expect(currentSearch().get('url')).toBe('https://lib.example');
    expect(window.history.length).toBe(before);
    expect(shown()).toHaveLength(10);
    expect(screen.getByText('共 5 页')).toBeTruthy();
  });

  test('size choices are 10, 20, 30, 50; a bad count falls back to 30', () => {
    renderAt('/x?count=7', list());
    const select = screen.getByRole('combobox', { name: '每页数量' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['10', '20', '30', '50']);
    expect(select.value).toBe('30');
  });

  test('a page past the end shows the last page', () => {
    renderAt('/x?page=9', list());
    expect(shown()[0]).toBe('30:Item 31');
  });

  test('the whole page can be rendered at once', () => {
    renderAt(
      '/x?page=2&count=20',
      <PagedList items={ITEMS} ariaLabel="列表">
        {(page, offset) => <p>{`${offset}+${page.length}`}</p>}
      </PagedList>,
    );
    expect(screen.getByText('20+20')).toBeTruthy();
  });
});
