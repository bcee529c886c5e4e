import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { AlbumWall } from '@/ui/AlbumWall';
import type { AlbumInfo } from '@/shared/types';
import { coverStoreOver, renderAt } from './render';

const album = (albumId: string, title: string, extra: Partial<AlbumInfo> = {}): AlbumInfo => ({
  albumId,
  title,
  catalog: '',
  artist: 'Mio Aoki',
  date: '2023',
  type: 'normal',
  tags: [],
  discs: [],
  ...extra,
});

const HARBOR = album('a1', 'Harbor Lights', { edition: 'Deluxe', artist: '港灯乐团（小林、阿健）' });
const TIDE = album('a2', 'Tide');

describe('AlbumWall', () => {
  test('cards with cover, title, edition and artist; no library → the unavailable text', async () => {
    const net = coverStoreOver(() => new Response(new Blob([new Uint8Array([1])])));
    const { container } = renderAt(
      '/library',
      <AlbumWall
        albums={[HARBOR, TIDE]}
        coverUrlOf={(id) => (id === 'a1' ? 'https://lib.example/a1/cover' : null)}
        ariaLabel="专辑"
      />,
      net.store,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/album/a1', '/album/a2']);
    expect(screen.getByText('Harbor Lights').getAttribute('title')).toBe('Harbor Lights【Deluxe】');
    expect(screen.getByText('Deluxe')).toBeTruthy();
    expect(screen.getByText('港灯乐团 [小林 · 阿健]')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Tide/ }).textContent).toContain('资源不可用 请尝试同步音频仓库');
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe('blob:test-1'));
    expect(net.requests).toEqual(['https://lib.example/a1/cover']);
  });

  test('clicking a card opens /album/{albumId}', () => {
    renderAt(
      '/library',
      <Switch>
        <Route path="/album/:id">{(params) => <p>album page {params.id}</p>}</Route>
        <Route>
          <AlbumWall albums={[HARBOR]} coverUrlOf={() => null} />
        </Route>
      </Switch>,
    );
    fireEvent.click(screen.getByRole('link', { name: /Harbor Lights/ }));
    expect(window.location.pathname).toBe('/album/a1');
    expect(screen.getByText('album page a1')).toBeTruthy();
  });
});
