// The whole app with hash addresses (a server that serves the build as files only, like anniv-go):
// links, the address bar, query parameters, the login return path and share links all live after
// `/#`, and the original client's hash links open their pages.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAddressMode } from '@/services/addresses';
import { text } from '@/shared/text';
import { createFakeAnniv, type WireAlbum } from './fakeAnniv';
import { renderApp, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const HOME = 'https://home.example';
const album: WireAlbum = {
  album_id: A,
  title: 'Harbor Lights',
  catalog: 'DEMO-1',
  artist: 'Mio',
  date: '2023-04-12',
  type: 'normal',
  tags: ['category:Lo-Fi/Chill'],
  discs: [{ catalog: 'DEMO-1', tracks: [{ title: 'Opening' }] }],
};

function fakeServer() {
  const server = createFakeAnniv();
  server.libraries.set(HOME, { lastUpdate: 10, albums: [A] });
  server.albums.set(A, album);
  server.tags.push({ type: 'category', name: 'Lo-Fi/Chill' });
  Object.assign(server.albumsByTag, { 'category:Lo-Fi/Chill': [A] });
  return server;
}

async function signedInAt(address: string) {
  const server = fakeServer();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  server.addCredential({ name: 'Home', url: HOME });
  setAddressMode('hash');
  const app = renderApp(address, server);
  await screen.findByRole('link', { name: 'Mio' });
  return app;
}

const address = () => window.location.pathname + window.location.search + window.location.hash;

describe('hash addresses', () => {
  it("the original client's album list link opens the library's albums, and every link is a hash link", async () => {
    const user = userEvent.setup();
    await signedInAt(`/#/album/list?url=${HOME}`);
    const link = await screen.findByRole('link', { name: /Harbor Lights/ });
    expect(link.getAttribute('href')).toBe(`/#/album/${A}`);
    expect(screen.getByRole('link', { name: text.drawer.library }).getAttribute('href')).toBe('/#/library');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: /Harbor Lights/ })).toBeTruthy();
    expect(address()).toBe(`/#/album/${A}`);
    // a tag link from the album page, with the tag's reserved characters kept encoded
    const tag = screen.getByRole('link', { name: 'Lo-Fi/Chill' });
    expect(tag.getAttribute('href')).toBe('/#/tag/category%3ALo-Fi%2FChill');
    await user.click(tag);
    expect(await screen.findByRole('heading', { name: 'Lo-Fi/Chill' })).toBeTruthy();
    // Back returns to the album
    window.history.back();
    expect(await screen.findByRole('heading', { name: /Harbor Lights/ })).toBeTruthy();
  });

  it('the search keyword is kept in the hash and read back from it', async () => {
    const user = userEvent.setup();
    const { server } = await signedInAt('/#/search?keyword=Opening');
    expect(await screen.findByText('Opening')).toBeTruthy();
    expect(
      server.requests.some(
        (r) => r.path === '/api/search' && new URLSearchParams(r.query).get('keyword') === 'Opening',
      ),
    ).toBe(true);
    const box = screen.getByRole('textbox', { name: text.search.submit });
    await user.clear(box);
    await user.type(box, 'Sea{Enter}');
    await waitFor(() => expect(address()).toBe('/#/search?keyword=Sea'));
  });

  it('a signed-out visitor is sent to the login page with the return path in the hash, and back after signing in', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.addCredential({ name: 'Home', url: HOME });
    setAddressMode('hash');
    renderApp('/#/album/list?url=https://home.example', server);
    await waitFor(() =>
      expect(address()).toBe(`/#/user/login?return=${encodeURIComponent('/album/list?url=https://home.example')}`),
    );
    await user.type(await screen.findByLabelText(text.auth.email), 'mio@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'pw');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    await waitFor(() => expect(address()).toBe('/#/album/list?url=https://home.example'));
  });
});
