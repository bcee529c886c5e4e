import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { createFakeAnniv, type FakePlaylist, type WireAlbum } from './fakeAnniv';
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
  discs: [{ catalog: 'DEMO-3', tracks: [{ title: 'Waves' }, { title: 'Tide' }] }],
};

const list = (over: Partial<FakePlaylist> & { id: string }): FakePlaylist => ({
  name: 'Night drive',
  description: '',
  is_public: false,
  cover: { album_id: '', disc_id: 1 },
  owner: '1',
  last_modified: 1,
  items: [],
  ...over,
});
const normal = (id: string, albumId: string, trackId: number) => ({
  id,
  type: 'normal' as const,
  description: '',
  info: { album_id: albumId, disc_id: 1, track_id: trackId },
});

async function signedIn(path: string, setup: (server: ReturnType<typeof createFakeAnniv>) => void = () => {}) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  await server.addUser('ren@example.com', 'pw', 'Ren');
  server.signIn('mio@example.com');
  // the library holds album A only: B's tracks cannot play
  server.libraries.set(HOME, { lastUpdate: 10, albums: [A] });
  server.addCredential({ name: 'Home', url: HOME });
  server.albums.set(A, albumA);
  server.albums.set(B, albumB);
  setup(server);
  const app = renderApp(path, server);
  await screen.findByRole('link', { name: 'Mio' });
  // a fresh device: album A is new to it
  await screen.findByText(text.library.syncSucceeded(1));
  return app;
}

describe('/playlist', () => {
  it('creates a list: the name is required and bounded, HTML stays text, the new list shows', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/playlist');
    expect(await screen.findByText(text.playlist.empty)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: text.playlist.create }));
    const dialog = await screen.findByRole('dialog', { name: text.playlist.create });
    await user.click(within(dialog).getByRole('button', { name: text.playlist.confirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe(text.playlist.nameRequired);
    const name = within(dialog).getByLabelText(text.playlist.name);
    await user.click(name);
    await user.paste('x'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: text.playlist.confirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe(text.playlist.nameTooLong(200));
    await user.clear(name);
    await user.type(name, '<b>Late</b> night');
    await user.click(within(dialog).getByLabelText(text.playlist.isPublic));
    await user.click(within(dialog).getByRole('button', { name: text.playlist.confirm }));

    const card = await screen.findByRole('article', { name: '<b>Late</b> night' });
    expect(within(card).getByText(text.playlist.public)).toBeTruthy();
    expect(card.querySelector('b')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.find((r) => r.method === 'PUT' && r.path === '/api/playlist')?.body).toEqual({
      name: '<b>Late</b> night',
      description: '',
      is_public: true,
      cover: { album_id: '', disc_id: 1 },
      items: [],
    });
  });

  it('delete asks first (删除播放列表确认), then the list is gone', async () => {
    const user = userEvent.setup();
    await signedIn('/playlist', (s) => s.playlists.push(list({ id: '1' }), list({ id: '2', name: 'Morning' })));
    const card = await screen.findByRole('article', { name: 'Night drive' });
    await user.click(within(card).getByRole('button', { name: text.playlist.delete }));
    const dialog = await screen.findByRole('dialog', { name: text.playlist.deleteConfirm });
    await user.click(within(dialog).getByRole('button', { name: text.playlist.confirm }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Night drive' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Morning' })).toBeTruthy();
  });
});

describe('添加到播放列表', () => {
  it("from a row's More menu: choose a list, 添加成功, the track is appended", async () => {
    const user = userEvent.setup();
    const { server } = await signedIn(`/album/${A}`, (s) => s.playlists.push(list({ id: '1' })));
    const row = (await screen.findByText('Night Ferry')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: text.track.more }));
    await user.click(await screen.findByRole('menuitem', { name: text.playlist.addTo }));
    const dialog = await screen.findByRole('dialog', { name: text.playlist.addTo });
    await user.click(await within(dialog).findByRole('button', { name: 'Night drive' }));
    expect(await screen.findByText(text.playlist.added)).toBeTruthy();
    expect(server.playlists[0]!.items.map((i) => i.info)).toEqual([{ album_id: A, disc_id: 1, track_id: 2 }]);
  });

  it('or into a new list created from the dialog', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn(`/album/${A}`);
    const row = (await screen.findByText('Opening')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: text.track.more }));
    await user.click(await screen.findByRole('menuitem', { name: text.playlist.addTo }));
    await user.click(
      within(await screen.findByRole('dialog', { name: text.playlist.addTo })).getByRole('button', {
        name: text.playlist.createNew,
      }),
    );
    const create = await screen.findByRole('dialog', { name: text.playlist.create });
    await user.type(within(create).getByLabelText(text.playlist.name), 'Fresh');
    await user.click(within(create).getByRole('button', { name: text.playlist.confirm }));
    expect(await screen.findByText(text.playlist.added)).toBeTruthy();
    expect(server.playlists.map((p) => [p.name, p.items.length])).toEqual([['Fresh', 1]]);
  });
});

describe('/playlist/{id}', () => {
  const seeded = (s: ReturnType<typeof createFakeAnniv>) =>
    s.playlists.push(
      list({
        id: '1',
        description: 'for the road',
        items: [
          normal('11', A, 1),
          normal('12', B, 1),
          { id: '13', type: 'dummy', description: '', info: { title: 'Lost song', artist: 'Nobody' } },
          { id: '14', type: 'album', description: '', info: A },
        ],
      }),
      list({ id: '2', name: 'Ren public', owner: '2', is_public: true, items: [normal('21', A, 2)] }),
      list({ id: '3', name: 'Ren private', owner: '2' }),
    );

  it('shows every kind of item; only playable ones play; play-all queues the playable tracks in order', async () => {
    const user = userEvent.setup();
    const { system } = await signedIn('/playlist/1', seeded);
    expect(await screen.findByRole('heading', { name: 'Night drive' })).toBeTruthy();
    expect(screen.getByText('for the road')).toBeTruthy();
    const items = await screen.findByRole('list', { name: 'Night drive' });
    const row = (title: string) => within(items).getByText(title).closest('li')!;
    await waitFor(() =>
      expect(
        (within(row('Opening')).getByRole('button', { name: text.player.play }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    // B is in no library: its track cannot play; the dummy has no play button at all
    expect((within(row('Waves')).getByRole('button', { name: text.player.play }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(row('Lost song')).queryByRole('button', { name: text.player.play })).toBeNull();
    expect(within(row('Lost song')).getByText(text.playlist.unplayable)).toBeTruthy();
    const albumRow = within(items).getByRole('link', { name: 'Harbor Lights' }).closest('li')!;
    expect(within(albumRow).getByText(text.playlist.albumItem)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: text.album.playAll }));
    // the album item stands for its tracks; a track already queued is not queued twice (docs/behaviour.md#player)
    expect(system.player.getSnapshot().context.queue.map((t) => t.title)).toEqual(['Opening', 'Night Ferry']);
  });

  it('the owner edits the info (修改播放列表信息成功), removes an item (删除成功) and moves one', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/playlist/1', seeded);
    await user.click(await screen.findByRole('button', { name: text.playlist.edit }));
    const dialog = await screen.findByRole('dialog', { name: text.playlist.edit });
    const name = within(dialog).getByLabelText(text.playlist.name);
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: text.playlist.confirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe(text.playlist.nameRequired);
    await user.type(name, 'Night ride');
    await user.click(within(dialog).getByRole('button', { name: text.playlist.confirm }));
    expect(await screen.findByText(text.playlist.editSucceeded)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Night ride' })).toBeTruthy();

    const items = screen.getByRole('list', { name: 'Night ride' });
    const row = (title: string) => within(items).getByText(title).closest('li')!;
    await user.click(within(row('Lost song')).getByRole('button', { name: text.playlist.removeItem }));
    expect(await screen.findByText(text.itemRemoved)).toBeTruthy();
    await waitFor(() => expect(within(items).queryByText('Lost song')).toBeNull());

    await user.click(within(row('Opening')).getByRole('button', { name: text.playlist.moveDown }));
    await waitFor(() => expect(server.playlists[0]!.items.map((i) => i.id)).toEqual(['12', '11', '14']));
    const titles = () =>
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '');
    await waitFor(() => expect(titles()[0]).toContain('Waves'));
  });

  it("another user's public list shows without edit, move or remove; their private list says why", async () => {
    await signedIn('/playlist/2', seeded);
    expect(await screen.findByRole('heading', { name: 'Ren public' })).toBeTruthy();
    await screen.findByText('Night Ferry');
    expect(screen.queryByRole('button', { name: text.playlist.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: text.playlist.removeItem })).toBeNull();
    window.history.pushState(null, '', '/playlist/3');
    expect(await screen.findAllByText('permission denied')).not.toHaveLength(0);
  });

  it("a list names its maker: another listener's nickname links to their page, with their public lists only", async () => {
    await signedIn('/playlist/2', (s) => {
      seeded(s);
      s.playlists.push(list({ id: '4', name: 'Ren morning', owner: '2', is_public: true, description: 'wake up' }));
    });
    await screen.findByRole('heading', { name: 'Ren public' });
    const maker = await screen.findByRole('link', { name: 'Ren' });
    await userEvent.setup().click(maker);
    expect(currentPath()).toBe('/listener/2');
    expect(await screen.findByRole('heading', { name: 'Ren' })).toBeTruthy();
    const lists = await screen.findAllByRole('article');
    expect(lists.map((l) => l.getAttribute('aria-label'))).toEqual(['Ren public', 'Ren morning']);
    expect(screen.getByText('wake up')).toBeTruthy();
    await userEvent.setup().click(within(lists[1]!).getByRole('link', { name: 'Ren morning' }));
    expect(currentPath()).toBe('/playlist/4');
  });

  it("one's own list says 我 and links to one's page; a listener id that is no number, or unknown, says so", async () => {
    await signedIn('/playlist/1', seeded);
    await userEvent.setup().click(await screen.findByRole('link', { name: text.listener.me }));
    expect(currentPath()).toBe('/listener/1');
    expect(await screen.findByRole('heading', { name: 'Mio' })).toBeTruthy();
    // Mio's one list is private: not on the page
    expect(await screen.findByText(text.listener.none)).toBeTruthy();
    window.history.pushState(null, '', '/listener/abc');
    expect(await screen.findByText(text.listener.idInvalid)).toBeTruthy();
    window.history.pushState(null, '', '/listener/99');
    expect(await screen.findAllByText('user not exist')).not.toHaveLength(0);
  });

  it("another listener's public list can be liked: it shows under 我喜欢的歌单, and one no longer public shows as such", async () => {
    const { server } = await signedIn('/playlist/2', (s) => {
      seeded(s);
      // liked earlier, made private since
      s.favouritePlaylists.push('3');
    });
    await screen.findByRole('heading', { name: 'Ren public' });
    const like = await screen.findByRole('button', { name: text.favourites.likePlaylist });
    await userEvent.setup().click(like);
    expect(await screen.findByText(text.favourites.added)).toBeTruthy();
    expect(server.favouritePlaylists).toEqual(['2', '3']);
    const unlike = await screen.findByRole('button', { name: text.favourites.unlikePlaylist });
    expect(unlike.getAttribute('aria-pressed')).toBe('true');

    await userEvent.setup().click(await screen.findByRole('link', { name: text.drawer.favouritePlaylists }));
    expect(currentPath()).toBe('/fav/playlists');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Ren public', text.favourites.playlistGone]);
    expect(within(cards[0]!).getByRole('link', { name: 'Ren public' }).getAttribute('href')).toBe('/playlist/2');
    // the one no longer public can still be unliked
    await userEvent.setup().click(within(cards[1]!).getByRole('button', { name: text.favourites.unlikePlaylist }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(server.favouritePlaylists).toEqual(['2']);
  });

  it("one's own list and a private one have no like button", async () => {
    await signedIn('/playlist/1', seeded);
    await screen.findByRole('link', { name: text.listener.me });
    expect(screen.queryByRole('button', { name: text.favourites.likePlaylist })).toBeNull();
  });

  it("search finds public lists (and one's own) by name under 歌单, each linking to its page and its maker", async () => {
    await signedIn('/search?keyword=ren', seeded);
    await userEvent.setup().click(await screen.findByRole('tab', { name: text.search.playlists }));
    const found = await screen.findByRole('list', { name: text.search.playlists });
    // Ren private is not Mio's: not found
    const items = within(found).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Ren public']);
    expect(within(items[0]!).getByRole('link', { name: 'Ren public' }).getAttribute('href')).toBe('/playlist/2');
    await userEvent.setup().click(within(items[0]!).getByRole('link', { name: text.search.playlistMaker }));
    expect(currentPath()).toBe('/listener/2');
    expect(await screen.findByRole('heading', { name: 'Ren' })).toBeTruthy();
  });

  it('an id that is not a number says so; an unknown one gives the server message', async () => {
    await signedIn('/playlist/abc', seeded);
    expect(await screen.findByText(text.playlist.idInvalid)).toBeTruthy();
    window.history.pushState(null, '', '/playlist/99');
    expect(await screen.findAllByText('playlist not found')).not.toHaveLength(0);
    expect(currentPath()).toBe('/playlist/99');
  });

  it('the cover: the first playable album when none is stored; the text when no library has it', async () => {
    await signedIn('/playlist/1', (s) => {
      seeded(s);
      s.playlists.push(list({ id: '4', name: 'Unreachable', items: [normal('41', B, 1)] }));
    });
    await screen.findByRole('heading', { name: 'Night drive' });
    await waitFor(() => expect(document.querySelector('[aria-label="Night drive"][role="img"]')).not.toBeNull());
    window.history.pushState(null, '', '/playlist/4');
    expect(await screen.findByText(text.playlist.coverUnavailable)).toBeTruthy();
  });
});
