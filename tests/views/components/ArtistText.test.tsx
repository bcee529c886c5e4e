import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { ArtistText } from '@/ui/ArtistText';
import { renderAt } from './render';

describe('ArtistText', () => {
  test('the artist in display form', () => {
    renderAt('/', <ArtistText artist="港灯乐团（小林、阿健）、Mio Aoki" />);
    expect(screen.getByText('港灯乐团 [小林 · 阿健]、Mio Aoki')).toBeTruthy();
  });

  test('credits by role with the catalogue labels; an unknown role as it is', () => {
    const { container } = renderAt(
      '/',
      <ArtistText artist="Mio Aoki" artists={{ composer: 'Ren Kishi', 'irish-harp': 'Aya', theremin: 'Kai' }} />,
    );
    const line = container.querySelector('span[title]');
    expect(line?.textContent).toBe('Mio Aoki / 作曲: Ren Kishi / 竖琴: Aya / theremin: Kai');
    expect(line?.getAttribute('title')).toBe('Mio Aoki / 作曲: Ren Kishi / 竖琴: Aya / theremin: Kai');
  });
});
