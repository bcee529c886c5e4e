import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Cover } from '@/ui/Cover';
import { coverStoreOver, renderAt } from './render';

const jpeg = () => new Response(new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }));

describe('Cover', () => {
  test('a skeleton while loading, then the image from an object URL', async () => {
    let release: (r: Response) => void = () => {};
    const net = coverStoreOver(() => new Promise<Response>((resolve) => (release = resolve)));
    const { container } = renderAt(
      '/',
      <Cover url="https://lib.example/a1/cover" alt="Harbor Lights" size={120} />,
      net.store,
    );
    const placeholder = screen.getByRole('img', { name: 'Harbor Lights' });
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('img')).toBeNull();

    // the fetch starts in a task after the render
    await waitFor(() => expect(net.requests).toHaveLength(1));
    release(jpeg());
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe('blob:test-1'));
    expect(screen.getByRole('img', { name: 'Harbor Lights' }).tagName).toBe('IMG');
    expect(net.requests).toEqual(['https://lib.example/a1/cover']);
  });

  test('StrictMode (effects run twice) and two covers of one URL: one fetch, one object URL', async () => {
    const net = coverStoreOver(() => jpeg());
    const { container } = renderAt(
      '/',
      <StrictMode>
        <Cover url="https://lib.example/a1/cover" alt="A" />
        <Cover url="https://lib.example/a1/cover" alt="B" />
      </StrictMode>,
      net.store,
    );
    await waitFor(() => expect(container.querySelectorAll('img[src="blob:test-1"]')).toHaveLength(2));
    expect(net.requests).toHaveLength(1);
    expect(net.revoked).toEqual([]);
  });

  test('revoked when it leaves the screen', async () => {
    const net = coverStoreOver(() => jpeg());
    const view = renderAt('/', <Cover url="https://lib.example/a1/cover" alt="A" />, net.store);
    await waitFor(() => expect(view.container.querySelector('img')).not.toBeNull());
    view.unmount();
    await waitFor(() => expect(net.revoked).toEqual(['blob:test-1']));
  });

  test('a neutral placeholder when the cover is missing', async () => {
    const net = coverStoreOver(() => new Response('', { status: 404 }));
    const { container } = renderAt('/', <Cover url="https://lib.example/a1/cover" alt="Harbor Lights" />, net.store);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    expect(screen.getByRole('img', { name: 'Harbor Lights' }).getAttribute('aria-busy')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  test('no library: the unavailable text, nothing fetched', () => {
    const net = coverStoreOver(() => jpeg());
    renderAt('/', <Cover url={null} alt="A" unavailableText="资源不可用 请尝试同步音频仓库" />, net.store);
    expect(screen.getByText('资源不可用 请尝试同步音频仓库')).toBeTruthy();
    expect(net.requests).toEqual([]);
  });
});
