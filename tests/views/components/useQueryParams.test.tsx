import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useSearchParam } from '@/ui/useQueryParams';

function Keyword() {
  const [keyword, setKeyword] = useSearchParam('keyword');
  return (
    <button type="button" onClick={() => setKeyword('100% 纯音乐 & more')}>
      {keyword ?? '(none)'}
    </button>
  );
}

describe('useSearchParam', () => {
  it('reads percent escapes exactly once (wouter decodes the search itself)', () => {
    window.history.replaceState(null, '', '/search?keyword=%2541%2526');
    render(<Keyword />);
    expect(screen.getByRole('button').textContent).toBe('%41%26');
  });

  it('writes in place, without a history entry, and reads back what was written', () => {
    window.history.replaceState(null, '', '/search?page=2');
    const before = window.history.length;
    render(<Keyword />);
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('100% 纯音乐 & more');
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    expect(window.history.length).toBe(before);
  });
});
