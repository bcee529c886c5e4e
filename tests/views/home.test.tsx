// 主页 as a signed-in listener sees it (docs/behaviour.md#home): 继续播放 with the saved queue's track
// and where it stopped; the shelves, each a list named after it, that a shelf with nothing to show
// is left out of; a shelf that fails says so with 重试 while the others stay; a cover's play button
// plays its album; ← and → move between covers; 换一批 draws again; with no library yet, the
// placeholder and the way to 音频仓库.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trackKey } from '@/shared/track';
import { text } from '@/shared/text';
import { createFakeAnniv } from './fakeAnniv';
import { A, B, openSignedIn, play } from './listening';
import { currentPath, renderApp, warmUpPages } from './renderApp';
import { stopRunningApps } from './runningApps';
import { savedTrack } from './savedQueue';

beforeAll(warmUpPages, 60_000);
afterEach(() => localStorage.clear());

const t = text.home;
const shelf = (name: string) => screen.findByRole('list', { name }, { timeout: 5000 });
const titlesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);
/** the demo albums' titles on a shelf, in its order */
const albumTitles = (list: HTMLElement) =>
  within(list)
    .getAllByText(/^(Harbor Lights|Sea Harp)$/)
    .map((title) => title.textContent);

describe('主页', () => {
  it('the shelves with something to show, each a named list of covers; the others are left out', async () => {
    const now = Math.floor(Date.now() / 1000);
    await openSignedIn('/', (s) => {
      s.plays.push(play(B, 1, now - 300), play(A, 2, now - 200), play(A, 1, now - 100));
      s.favouriteAlbums.push(B);
    });
    // 最近播放: the albums last played first
    const played = await shelf(t.shelves.recentlyPlayed);
    await waitFor(() => expect(albumTitles(played)).toEqual(['Harbor Lights', 'Sea Harp']));
    // 本月最常播放: Harbor Lights twice, Sea Harp once
    const top = await shelf(t.shelves.monthTop);
    expect(within(top).getAllByRole('listitem')).toHaveLength(2);
    expect(within(within(top).getAllByRole('listitem')[0]!).getByText('Harbor Lights')).toBeTruthy();
    expect(within(await shelf(t.shelves.recentlyAdded)).getAllByRole('listitem')).toHaveLength(2);
    expect(within(await shelf(t.shelves.random)).getAllByRole('listitem')).toHaveLength(2);
    const liked = await shelf(t.shelves.liked);
    expect(within(liked).getByText('Sea Harp')).toBeTruthy();
    // nothing kept, no saved queue: neither 已保存到本机 nor 继续播放
    expect(screen.queryByRole('list', { name: t.shelves.kept })).toBeNull();
    expect(screen.queryByRole('heading', { name: t.shelves.continue })).toBeNull();
    // each shelf links to its full list
    expect(screen.getByRole('link', { name: t.allOf(t.shelves.recentlyPlayed) }).getAttribute('href')).toBe('/history');
    expect(screen.getByRole('link', { name: t.allOf(t.shelves.liked) }).getAttribute('href')).toBe('/fav/albums');
    // every album: the one library's list
    expect(screen.getByRole('link', { name: t.allOf(t.shelves.random) }).getAttribute('href')).toBe(
      `/album/list?url=${encodeURIComponent('https://home.example')}`,
    );
  });

  it('a play the server got while the page shows: 最近播放 and 本月最常播放 read again', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { system } = await openSignedIn('/', (s) => s.plays.push(play(A, 1, now - 500)));
    expect(albumTitles(await shelf(t.shelves.recentlyPlayed))).toEqual(['Harbor Lights']);
    const listening = await system.listening.ready();
    await listening.record({ track: { albumId: B, discId: 1, trackId: 1 }, at: [now - 20] });
    await waitFor(() =>
      expect(albumTitles(screen.getByRole('list', { name: t.shelves.recentlyPlayed }))).toEqual([
        'Sea Harp',
        'Harbor Lights',
      ]),
    );
    expect(within(screen.getByRole('list', { name: t.shelves.monthTop })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a like taken back elsewhere: 喜欢的专辑 follows without a reload', async () => {
    const { system } = await openSignedIn('/', (s) => s.favouriteAlbums.push(B, A));
    await waitFor(async () => expect(albumTitles(await shelf(t.shelves.liked))).toEqual(['Sea Harp', 'Harbor Lights']));
    const { favourites } = await system.favourites.ready();
    // the heart of Sea Harp, which showed liked, pressed (on its album page, say)
    favourites.send({ type: 'TOGGLE_FAVOURITE', target: { kind: 'album', albumId: B }, liked: true });
    await waitFor(() =>
      expect(albumTitles(screen.getByRole('list', { name: t.shelves.liked }))).toEqual(['Harbor Lights']),
    );
  });

  it('a shelf that fails says why with 重试, the others stay; 重试 brings it', async () => {
    const user = userEvent.setup();
    const { server } = await openSignedIn('/', (s) => {
      s.plays.push(play(A, 1, Math.floor(Date.now() / 1000) - 60));
      s.state.unavailable = new Set(['GET /api/stat/self/history']);
    });
    const failure = t.failed(t.shelves.recentlyPlayed, '');
    expect(await screen.findByText((content) => content.startsWith(failure), {}, { timeout: 5000 })).toBeTruthy();
    // the others load on their own
    expect(within(await shelf(t.shelves.recentlyAdded)).getAllByRole('listitem')).toHaveLength(2);
    expect(within(await shelf(t.shelves.monthTop)).getAllByRole('listitem')).toHaveLength(1);
    server.state.unavailable = undefined;
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(within(await shelf(t.shelves.recentlyPlayed)).getByText('Harbor Lights')).toBeTruthy();
    expect(screen.queryByText((content) => content.startsWith(failure))).toBeNull();
  });

  it("a cover's play button plays its album from the first track", async () => {
    const user = userEvent.setup();
    await openSignedIn('/', () => {});
    const added = await shelf(t.shelves.recentlyAdded);
    await user.click(within(added).getByRole('button', { name: t.playAlbum('Harbor Lights') }));
    const bar = screen.getByRole('contentinfo', { name: text.player.nowPlaying });
    await waitFor(() => expect(within(bar).getByText('Opening')).toBeTruthy());
  });

  it('← and → move between the covers of a shelf; Enter opens the album', async () => {
    const user = userEvent.setup();
    await openSignedIn('/', () => {});
    const added = await shelf(t.shelves.recentlyAdded);
    const links = within(added).getAllByRole('link');
    links[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(links[1]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(links[1]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('{End}{ArrowLeft}');
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toMatch(/^\/album\//));
  });

  it('换一批 draws 随便听听 again: 20 of the library’s 30 albums, another 20', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 28 }, (_, i) => `dddddddd-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await openSignedIn(
      '/',
      (s) => {
        for (const [i, id] of many.entries())
          s.albums.set(id, { ...s.albums.get(A)!, album_id: id, title: `Album ${i}`, tags: [] });
      },
      [A, B, ...many],
    );
    const random = await shelf(t.shelves.random);
    await waitFor(() => expect(within(random).getAllByRole('listitem')).toHaveLength(20));
    const first = titlesIn(random).join();
    await user.click(screen.getByRole('button', { name: t.reshuffle }));
    await waitFor(() => expect(titlesIn(screen.getByRole('list', { name: t.shelves.random })).join()).not.toBe(first));
    expect(within(screen.getByRole('list', { name: t.shelves.random })).getAllByRole('listitem')).toHaveLength(20);
  });

  it('继续播放: the saved queue’s track and where it stopped; one click plays it', async () => {
    const user = userEvent.setup();
    const ferry = savedTrack(2, 'Night Ferry');
    localStorage.setItem('playlist', JSON.stringify({ tracks: [savedTrack(1, 'Opening'), ferry], index: 1 }));
    localStorage.setItem('player.position', JSON.stringify({ key: trackKey(ferry), seconds: 83 }));
    await openSignedIn('/', () => {});
    const heading = await screen.findByRole('heading', { name: t.shelves.continue });
    const card = heading.closest('section')!;
    expect(within(card).getByText('Night Ferry')).toBeTruthy();
    expect(within(card).getByText(t.stoppedAt('01:23'))).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: t.resume }));
    // playing: the card says so and leads to 正在播放
    expect(await within(card).findByRole('link', { name: t.nowPlaying })).toBeTruthy();
  });

  it('offline: 最近播放 as last read, its albums marked as unable to play (nothing kept)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const first = await openSignedIn('/', (s) => s.plays.push(play(B, 1, now - 120), play(A, 1, now - 60)));
    await waitFor(async () =>
      expect(albumTitles(await shelf(t.shelves.recentlyPlayed))).toEqual(['Harbor Lights', 'Sea Harp']),
    );
    // the page loaded again with no network: the history cannot be read
    first.unmount();
    await stopRunningApps();
    first.server.state.unreachable = true;
    renderApp('/', first.server);
    expect(await screen.findByText(text.appStatus.offline, {}, { timeout: 5000 })).toBeTruthy();
    const played = await shelf(t.shelves.recentlyPlayed);
    await waitFor(() => expect(albumTitles(played)).toEqual(['Harbor Lights', 'Sea Harp']));
    // neither can play here and now: no play button on their covers
    expect(within(played).queryByRole('button', { name: t.playAlbum('Harbor Lights') })).toBeNull();
    expect(within(played).queryByRole('button', { name: t.playAlbum('Sea Harp') })).toBeNull();
  });

  it('a listener with no library: 空无一物的主页 and the way to 音频仓库', async () => {
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.signIn('mio@example.com');
    renderApp('/', server);
    expect(await screen.findByText(t.noLibrary, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(t.body)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.toLibrary }).getAttribute('href')).toBe('/library');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('signed out: the placeholder', async () => {
    renderApp('/', createFakeAnniv());
    expect(await screen.findByText(t.body)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: t.shelves.recentlyAdded })).toBeNull();
  });
});
