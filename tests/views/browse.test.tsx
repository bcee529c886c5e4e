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
  edition: 'Deluxe',
  catalog: 'DEMO-1',
  artist: 'Mio',
  date: '2023-04-12',
  type: 'normal',
  tags: ['organization:Org', 'category:Lo-Fi/Chill'],
  discs: [
    { catalog: 'DEMO-1', tracks: [{ title: 'Opening' }, { title: 'Night Ferry', type: 'instrumental' }] },
    { title: 'Live at Minato Hall', catalog: 'DEMO-2', tracks: [{ title: 'Talk', type: 'drama' }] },
  ],
};
const albumB: WireAlbum = {
  album_id: B,
  title: 'Sea Harp',
  catalog: 'DEMO-3',
  artist: 'Aya',
  date: '2022-01-01',
  type: 'absolute',
  tags: ['group:G', 'category:100% Acoustic'],
  discs: [{ catalog: 'DEMO-3', tracks: [{ title: 'Waves' }] }],
};

async function signedIn(path: string, albums: string[] = [A, B]) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  server.libraries.set(HOME, { lastUpdate: 10, albums });
  server.addCredential({ name: 'Home', url: HOME });
  server.albums.set(A, albumA);
  server.albums.set(B, albumB);
  server.tags.push(
    { type: 'organization', name: 'Org' },
    { type: 'group', name: 'G' },
    { type: 'category', name: '100% Acoustic' },
    { type: 'category', name: 'Lo-Fi/Chill' },
  );
  server.tagGraph['organization:Org'] = ['group:G'];
  Object.assign(server.albumsByTag, {
    'organization:Org': [A],
    'group:G': [B],
    'category:100% Acoustic': [B],
    'category:Lo-Fi/Chill': [A],
  });
  const app = renderApp(path, server);
  await screen.findByRole('link', { name: 'Mio' });
  return app;
}

const libraryUrl = `/album/list?url=${encodeURIComponent(HOME)}`;

describe('album list', () => {
  it('without url says 请指定音频仓库 URL', async () => {
    await signedIn('/album/list');
    expect(await screen.findByText(text.library.urlMissing)).toBeTruthy();
  });

  it('an unknown library says 未找到指定的音频仓库 and goes to /library', async () => {
    await signedIn('/album/list?url=https%3A%2F%2Funknown.example');
    expect(await screen.findByText(text.library.notFound)).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/library'));
  });

  it('a library with no synced albums says 请先同步一次该音频仓库', async () => {
    await signedIn(libraryUrl, []);
    // after the sync of the empty library has finished
    expect(await screen.findByText(text.library.notSynced)).toBeTruthy();
  });

  it('shows the synced albums, fetched in one metadata request', async () => {
    const { server } = await signedIn(libraryUrl);
    expect(await screen.findByText('Harbor Lights')).toBeTruthy();
    expect(await screen.findByText('Sea Harp')).toBeTruthy();
    const metaCalls = server.requests.filter((r) => r.path === '/api/meta/album');
    expect(metaCalls).toHaveLength(1);
    expect(new URLSearchParams(metaCalls[0]!.query).getAll('id[]').sort()).toEqual([A, B]);
    expect(screen.getByRole('link', { name: /Harbor Lights/ }).getAttribute('href')).toBe(`/album/${A}`);
  });

  it('a library of 10,000 albums opened at page 300 shows that page, asking only for its 30 albums', async () => {
    const big = 'https://big.example';
    const ids = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.signIn('mio@example.com');
    server.libraries.set(big, { lastUpdate: 10, albums: ids });
    server.addCredential({ name: 'Big', url: big });
    const shown = ids.slice(299 * 30, 300 * 30);
    for (const [i, id] of shown.entries())
      server.albums.set(id, { ...albumB, album_id: id, title: `Album ${299 * 30 + i}` });
    renderApp(`/album/list?url=${encodeURIComponent(big)}&page=300`, server);

    expect(await screen.findByText('Album 8970', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Album 8999')).toBeTruthy();
    expect(screen.getByText(text.paging.total(334))).toBeTruthy();
    expect(screen.getByRole('button', { name: text.paging.page(300) }).getAttribute('aria-current')).toBe('page');
    const asked = server.requests
      .filter((r) => r.path === '/api/meta/album')
      .flatMap((r) => new URLSearchParams(r.query).getAll('id[]'));
    expect(asked.sort()).toEqual([...shown].sort());
  });
});

describe('album page', () => {
  it('shows discs with their headings, numbered tracks, type tags and tag links', async () => {
    await signedIn(`/album/${A}`);
    expect(await screen.findByRole('heading', { name: 'Disc 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Disc 2 - Live at Minato Hall' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Harbor Lights' })).toBeTruthy();
    const disc1 = screen.getByRole('region', { name: 'Disc 1' });
    expect(within(disc1).getByText('01')).toBeTruthy();
    expect(within(disc1).getByText(text.track.types.instrumental!)).toBeTruthy();
    expect(screen.getByText(text.track.types.drama!)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lo-Fi/Chill' }).getAttribute('href')).toBe(
      '/tag/category%3ALo-Fi%2FChill',
    );
  });

  it('enables exactly the tracks the player can play: a token that lists some tracks plays only those', async () => {
    const user = userEvent.setup();
    const b64url = (value: unknown) =>
      btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const onlyNightFerry = `${b64url({ alg: 'HS256' })}.${b64url({ type: 'share', audios: { [A]: { '1': [2] } } })}.sig`;
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.signIn('mio@example.com');
    server.libraries.set(HOME, { lastUpdate: 10, albums: [A] });
    server.addCredential({ name: 'Shared', url: HOME, token: onlyNightFerry });
    server.albums.set(A, albumA);
    const { system } = renderApp(`/album/${A}`, server);

    const playOf = async (title: string) => {
      const row = (await screen.findByText(title)).closest('li')!;
      return within(row).getByRole('button', { name: text.player.play }) as HTMLButtonElement;
    };
    await waitFor(async () => expect((await playOf('Night Ferry')).disabled).toBe(false));
    expect((await playOf('Opening')).disabled).toBe(true);
    expect((await playOf('Talk')).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: text.album.playAll }));
    expect(system.player.getSnapshot().context.queue.map((t) => t.title)).toEqual(['Night Ferry']);
  });

  it('the tracks show before the library is known; when its first sync ends the buttons come on, with no skeleton in between', async () => {
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.signIn('mio@example.com');
    // a library this browser has never synced (the other tests' records stay in IndexedDB)
    const fresh = 'https://fresh.example';
    server.libraries.set(fresh, { lastUpdate: 10, albums: [A] });
    server.addCredential({ name: 'Fresh', url: fresh });
    server.albums.set(A, albumA);
    const { system } = renderApp(`/album/${A}`, server);
    const row = (await screen.findByText('Night Ferry')).closest('li')!;
    // from here on, the page never falls back to its skeleton
    let skeletonAgain = false;
    const observer = new MutationObserver(() => {
      if (screen.queryByLabelText(text.loading)) skeletonAgain = true;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await waitFor(() =>
      expect((within(row).getByRole('button', { name: text.player.play }) as HTMLButtonElement).disabled).toBe(false),
    );
    // the sync wrote the album list (and cleared the album cache): the page reads the album again, in place
    await waitFor(() => expect(system.librarySync.current()?.getSnapshot().context.generation).toBeGreaterThan(0));
    await waitFor(() => expect(server.requests.filter((r) => r.path === '/api/meta/album')).toHaveLength(2));
    await waitFor(() => expect(system.librarySync.current()?.getSnapshot().hasTag('busy')).toBe(false));
    expect(screen.getByText('Night Ferry')).toBeTruthy();
    observer.disconnect();
    expect(skeletonAgain).toBe(false);
  });

  it('without an id says 请指定专辑 ID; an unknown id says 未找到该专辑', async () => {
    await signedIn('/album');
    expect(await screen.findByText(text.album.idMissing)).toBeTruthy();
    window.history.pushState(null, '', '/album/cccccccc-0000-4000-8000-000000000003');
    expect(await screen.findByText(text.album.notFound)).toBeTruthy();
  });
});

describe('tags', () => {
  it('the tag list shows only root tags', async () => {
    await signedIn('/tags');
    expect(await screen.findByRole('link', { name: 'Org' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'G' })).toBeNull();
  });

  it('a tag page shows its children and refetches with sub-tag albums when switched on', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/tag/organization%3AOrg');
    expect(await screen.findByRole('heading', { name: 'Org' })).toBeTruthy();
    expect(await screen.findByText('Harbor Lights')).toBeTruthy();
    expect(screen.queryByText('Sea Harp')).toBeNull();
    expect(screen.getByRole('link', { name: 'G' })).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: text.tags.showSubTagAlbums }));
    expect(await screen.findByText('Sea Harp')).toBeTruthy();
    const byTag = server.requests
      .filter((r) => r.path === '/api/meta/albums/by-tag')
      .map((r) => new URLSearchParams(r.query));
    // a sync finishing may read the tag's albums again: without sub-tags before the switch, with them after
    expect(byTag.map((q) => q.has('recursive')).join()).toMatch(/^(false,)+true(,true)*$/);
  });

  it('a tag with % in it opens and shows its parent link', async () => {
    await signedIn('/tag/group%3AG');
    expect(await screen.findByRole('link', { name: 'Org' })).toBeTruthy();
    window.history.pushState(null, '', `/tag/${encodeURIComponent('category:100% Acoustic')}`);
    expect(await screen.findByRole('heading', { name: '100% Acoustic' })).toBeTruthy();
    expect(await screen.findByText('Sea Harp')).toBeTruthy();
  });

  it('leaving a tag page for an album asks for no albums of an empty tag', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/tag/organization%3AOrg');
    await user.click(await screen.findByRole('link', { name: /Harbor Lights/ }));
    expect(await screen.findByRole('heading', { name: /Harbor Lights/ })).toBeTruthy();
    const tags = server.requests
      .filter((r) => r.path === '/api/meta/albums/by-tag')
      .map((r) => new URLSearchParams(r.query).get('tag'));
    // a sync finishing may read the tag's albums again; never those of an empty tag
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((tag) => tag === 'organization:Org')).toBe(true);
  });

  it('an unknown tag gives the server message, not a crash', async () => {
    await signedIn('/tag/nope');
    expect((await screen.findAllByText('tag not found')).length).toBeGreaterThan(0);
  });
});

describe('search', () => {
  it('writes the keyword by replace, lists tracks by default, albums in the second tab, and says when nothing is found', async () => {
    const user = userEvent.setup();
    await signedIn('/search');
    const box = await screen.findByPlaceholderText(text.search.placeholder);
    const before = window.history.length;
    await user.type(box, 'Waves{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/search?keyword=Waves'));
    expect(window.history.length).toBe(before);
    expect(screen.getByRole('tab', { name: text.search.tracks }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Waves')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: text.search.albums }));
    expect(await screen.findByText('Sea Harp')).toBeTruthy();

    await user.clear(box);
    await user.type(box, 'nothing-like-this{Enter}');
    expect(await screen.findByText(text.search.empty)).toBeTruthy();
  });
});
