import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { createFakeAnniv, type WireAlbum } from './fakeAnniv';
import { currentPath, renderApp, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const HOME = 'https://home.example';
const albumA: WireAlbum = {
  album_id: A,
  title: 'Harbor Lights',
  catalog: 'DEMO-1',
  artist: 'Mio',
  date: '2023-04-12',
  type: 'normal',
  tags: [],
  discs: [{ catalog: 'DEMO-1', tracks: [{ title: 'Opening' }, { title: 'Night Ferry' }] }],
};
const albumB: WireAlbum = {
  album_id: B,
  title: 'Sea Harp',
  catalog: 'DEMO-3',
  artist: 'Aya',
  date: '2022-01-01',
  type: 'normal',
  tags: [],
  discs: [{ catalog: 'DEMO-3', tracks: [{ title: 'Waves' }] }],
};

async function signedIn(path: string, setup: (server: ReturnType<typeof createFakeAnniv>) => void = () => {}) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  server.libraries.set(HOME, { lastUpdate: 10, albums: [A, B] });
  server.addCredential({ name: 'Home', url: HOME });
  server.albums.set(A, albumA);
  server.albums.set(B, albumB);
  setup(server);
  const app = renderApp(path, server);
  await screen.findByRole('link', { name: 'Mio' });
  // pages load again once the library has synced: wait for that before holding on to any element
  // (a fresh device: both albums are new to it, and the toast counts them)
  await screen.findByText(text.library.syncSucceeded(2));
  return app;
}

/** the row as it is now: a list may render again (a sync finishing), so rows are looked up afresh */
const rowOf = (title: string) => screen.getByText(title).closest('li')!;
const heartIn = (element: HTMLElement) => within(element).getByRole('button', { name: /添加喜欢|取消喜欢/ });
/** the heart of a track row, once the favourites are known (it is disabled before) */
async function readyHeart(title: string) {
  await waitFor(() => expect((heartIn(rowOf(title)) as HTMLButtonElement).disabled).toBe(false));
  return heartIn(rowOf(title));
}

describe('liking tracks', () => {
  it('a heart on the album page likes the track: toast, filled heart, first on /fav', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn(`/album/${A}`, (s) => s.likeTrack(B, 1, 1));
    const heart = await readyHeart('Night Ferry');
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);
    expect(await screen.findByText(text.favourites.added)).toBeTruthy();
    await waitFor(() => expect(heartIn(rowOf('Night Ferry')).getAttribute('aria-pressed')).toBe('true'));
    expect(heartIn(rowOf('Night Ferry')).getAttribute('aria-label')).toBe(text.album.unlike);
    expect(
      server.requests.filter((r) => r.method === 'PUT' && r.path === '/api/favorite/music').map((r) => r.body),
    ).toEqual([{ album_id: A, disc_id: 1, track_id: 2 }]);

    await user.click(screen.getByRole('link', { name: text.drawer.favouriteTracks }));
    expect(await screen.findByRole('heading', { name: text.favourites.tracks })).toBeTruthy();
    const list = await screen.findByRole('list', { name: text.favourites.tracks });
    // newest first: the new like before the one the server already had
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('Night Ferry'), expect.stringContaining('Waves')]),
    );
    expect(heartIn(within(list).getAllByRole('listitem')[0]!).getAttribute('aria-pressed')).toBe('true');
  });

  it('a double click while the server thinks sends one request (no double submission); the heart shows the asked state meanwhile', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn(`/album/${A}`);
    const heart = await readyHeart('Opening');
    server.state.delayMs = 300;
    await user.dblClick(heart);
    expect(heartIn(rowOf('Opening')).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText(text.favourites.added)).toBeTruthy();
    expect(server.requests.filter((r) => r.path === '/api/favorite/music' && r.method !== 'GET')).toHaveLength(1);
  });

  it("a heart's toggle belongs to the favourites store: there while its request is in flight, its toast shown after its row has left, then stopped", async () => {
    const user = userEvent.setup();
    const { server, system } = await signedIn(`/album/${A}`);
    const heart = await readyHeart('Opening');
    const { favourites } = await system.favourites.ready();
    const toggles = () => Object.keys(favourites.getSnapshot().context.toggles);
    expect(toggles()).toEqual([]);
    server.state.delayMs = 300;
    await user.click(heart);
    expect(toggles()).toHaveLength(1);
    expect(favourites.getSnapshot().children[toggles()[0]!]).toBeDefined();
    // the album page (and the row) goes away before the answer
    await user.click(screen.getByRole('link', { name: text.drawer.favouriteTracks }));
    expect(await screen.findByText(text.favourites.added)).toBeTruthy();
    await waitFor(() => expect(toggles()).toEqual([]));
    const list = await screen.findByRole('list', { name: text.favourites.tracks });
    await waitFor(() => expect(within(list).getByText('Opening')).toBeTruthy());
  });

  it('unliking on /fav removes the row; the server down while toggling: its message, the heart as it was', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/fav', (s) => {
      s.likeTrack(A, 1, 1);
      s.likeTrack(A, 1, 2);
    });
    const list = await screen.findByRole('list', { name: text.favourites.tracks });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    server.state.httpStatus = 502;
    await user.click(await readyHeart('Opening'));
    expect(await screen.findByText('网络错误: 502 Bad Gateway')).toBeTruthy();
    await waitFor(() => expect(heartIn(rowOf('Opening')).getAttribute('aria-pressed')).toBe('true'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    server.state.httpStatus = undefined;
    await user.click(await readyHeart('Opening'));
    expect(await screen.findByText(text.favourites.removed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Opening')).toBeNull());
    expect(screen.getByText('Night Ferry')).toBeTruthy();
  });

  it('empty lists say so', async () => {
    await signedIn('/fav');
    expect(await screen.findByText(text.favourites.noTracks)).toBeTruthy();
    window.history.pushState(null, '', '/fav/albums');
    expect(await screen.findByText(text.favourites.noAlbums)).toBeTruthy();
  });
});

describe('liking albums', () => {
  it('the album page like button likes the album, the liked list is read again, and it shows on /fav/albums', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn(`/album/${B}`);
    const header = (await screen.findByRole('heading', { name: 'Sea Harp' })).parentElement!;
    const like = await within(header).findByRole('button', { name: text.album.like });
    await waitFor(() => expect((like as HTMLButtonElement).disabled).toBe(false));
    await user.click(like);
    expect(await screen.findByText(text.favourites.added)).toBeTruthy();
    await waitFor(() =>
      expect(within(header).getByRole('button', { name: text.album.unlike }).getAttribute('aria-pressed')).toBe('true'),
    );
    const albumCalls = server.requests.filter((r) => r.path === '/api/favorite/album').map((r) => r.method);
    expect(albumCalls).toEqual(['GET', 'PUT', 'GET']);

    await user.click(screen.getByRole('link', { name: text.drawer.favouriteAlbums }));
    await waitFor(() => expect(currentPath()).toBe('/fav/albums'));
    expect(await screen.findByText('Sea Harp')).toBeTruthy();
  });
});

describe('signed out', () => {
  it('the queue page shows no hearts', async () => {
    const server = createFakeAnniv();
    renderApp('/queue', server);
    expect(await screen.findByRole('heading', { name: text.queue.title })).toBeTruthy();
    await screen.findByRole('link', { name: text.header.login });
    expect(screen.queryByRole('button', { name: text.album.like })).toBeNull();
  });
});

describe('liked lists that cannot be read', () => {
  it('我喜欢的音乐 and 我喜欢的专辑 offer 重试, not "none liked yet"; 重试 reads them again', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/fav', (s) => {
      s.likeTrack(B, 1, 1);
      s.state.unavailable = new Set(['GET /api/favorite/music']);
    });
    await screen.findByRole('button', { name: text.retry });
    expect(screen.queryByText(text.favourites.noTracks)).toBeNull();
    await user.click(screen.getByRole('link', { name: text.drawer.favouriteAlbums }));
    await screen.findByRole('button', { name: text.retry });
    expect(screen.queryByText(text.favourites.noAlbums)).toBeNull();

    server.state.unavailable = undefined;
    await user.click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByText(text.favourites.noAlbums)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: text.drawer.favouriteTracks }));
    expect(await screen.findByText('Waves')).toBeTruthy();
  });
});
