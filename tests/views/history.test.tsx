// 最近播放 as a listener sees it: the drawer's link, the plays newest first under 今天 and 昨天 with
// their times, a row that plays, queues and opens its album, a track no library has greyed and
// saying so, one whose album nobody knows as 未知歌曲, never an error; a failed read says why and
// 重试 reads it again; scrolling reads the next page.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timeOfDay } from '@/rules/history';
import { text } from '@/shared/text';
import { A, B, type FakeAnniv, openSignedIn, play } from './listening';
import { currentPath, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

const C = 'cccccccc-0000-4000-8000-000000000003';

const startOfToday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000;
};

// the library has album A only: B's metadata is known, no library of the listener has it
const openHistory = (setup: (server: FakeAnniv) => void) => openSignedIn('/history', setup, [A]);

/** the row of the play at `at` of `title` (its time and title, as the listener reads it) */
const rowOf = (at: number, title: string) =>
  screen
    .getAllByText(title)
    .map((element) => element.closest('li')!)
    .find((li) => within(li).queryByText(timeOfDay(at)) !== null)!;

describe('最近播放', () => {
  it('newest first under 今天 and 昨天, each with its time; a track no library has and one nobody knows show as such', async () => {
    const today = Math.max(startOfToday() + 60, Math.floor(Date.now() / 1000) - 120);
    const yesterday = startOfToday() - 3600;
    await openHistory((s) => {
      s.plays.push(play(B, 1, yesterday - 10), play(C, 1, yesterday), play(A, 1, today - 30), play(A, 2, today));
    });
    const list = await screen.findByRole('list', { name: text.listening.history });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['今天', '昨天']),
    );
    // newest first, each with the time it began
    const titles = ['Night Ferry', 'Opening', text.listening.unknownTrack, 'Waves'];
    expect(
      within(list)
        .getAllByText(new RegExp(`^(${titles.join('|')})$`))
        .map((e) => e.textContent),
    ).toEqual(titles);
    for (const [at, title] of [
      [today, 'Night Ferry'],
      [today - 30, 'Opening'],
      [yesterday, text.listening.unknownTrack],
      [yesterday - 10, 'Waves'],
    ] as const)
      expect(rowOf(at, title)).toBeTruthy();
    const waves = rowOf(yesterday - 10, 'Waves');
    expect(within(waves).getByText(text.listening.unavailable)).toBeTruthy();
    expect((within(waves).getByRole('button', { name: text.player.play }) as HTMLButtonElement).disabled).toBe(true);
    const unknown = rowOf(yesterday, text.listening.unknownTrack);
    expect(within(unknown).queryByRole('link')).toBeNull();
    // nothing failed: no error shows
    expect(screen.queryByText(/错误/)).toBeNull();
  });

  it('a row plays from there, queues, and opens its album', async () => {
    const user = userEvent.setup();
    const now = Math.floor(Date.now() / 1000);
    await openHistory((s) => {
      s.plays.push(play(A, 1, now - 200), play(A, 2, now - 100), play(A, 1, now - 50));
    });
    await screen.findAllByText('Night Ferry');
    const ferry = rowOf(now - 100, 'Night Ferry');
    const bar = screen.getByRole('contentinfo', { name: text.player.nowPlaying });
    await user.click(within(ferry).getByRole('button', { name: text.track.addToQueue }));
    await waitFor(() => expect(within(bar).getByText('Night Ferry')).toBeTruthy());
    await user.click(within(rowOf(now - 50, 'Opening')).getByRole('button', { name: text.player.play }));
    await waitFor(() => expect(within(bar).getByText('Opening')).toBeTruthy());
    await user.click(within(ferry).getByRole('link', { name: `${text.listening.openAlbum} Harbor Lights` }));
    await waitFor(() => expect(currentPath()).toBe(`/album/${A}`));
  });

  it('a play made while the page shows comes on top once the server has it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { system } = await openHistory((s) => {
      s.plays.push(play(A, 1, now - 500));
    });
    await screen.findByText('Opening');
    const listening = await system.listening.ready();
    await listening.record({ track: { albumId: A, discId: 1, trackId: 2 }, at: [now - 20] });
    await screen.findByText('Night Ferry');
    const list = screen.getByRole('list', { name: text.listening.history });
    expect(
      within(list)
        .getAllByText(/^(Opening|Night Ferry)$/)
        .map((e) => e.textContent),
    ).toEqual(['Night Ferry', 'Opening']);
  });

  it('the drawer opens it; with no plays it says so', async () => {
    await openHistory(() => {});
    expect(await screen.findByText(text.listening.noHistory)).toBeTruthy();
    expect(screen.getByRole('link', { name: text.drawer.history }).getAttribute('aria-current')).toBe('page');
  });

  it('a read that fails says why and 重试 reads it again', async () => {
    const user = userEvent.setup();
    const now = Math.floor(Date.now() / 1000);
    const { server } = await openHistory((s) => {
      s.state.unavailable = new Set(['GET /api/stat/self/history']);
      s.plays.push(play(A, 2, now - 100));
    });
    const retry = await screen.findByRole('button', { name: text.retry });
    expect(screen.getByText(/503/)).toBeTruthy();
    server.state.unavailable = new Set();
    await user.click(retry);
    await screen.findAllByText('Night Ferry');
    expect(rowOf(now - 100, 'Night Ferry')).toBeTruthy();
  });

  it('a long history is read a page at a time as the listener scrolls', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { server } = await openHistory((s) => {
      for (let i = 0; i < 250; i++) s.plays.push(play(A, 1 + (i % 2), now - 250 + i));
    });
    const list = await screen.findByRole('list', { name: text.listening.history });
    const reads = () => server.requests.filter((r) => r.path === '/api/stat/self/history').map((r) => r.query);
    await waitFor(() => expect(reads()).toEqual(['?limit=100&offset=0']));
    const scroller = list.parentElement!;
    scroller.scrollTop = 100 * 56;
    scroller.dispatchEvent(new Event('scroll', { bubbles: true }));
    await waitFor(() => expect(reads()).toEqual(['?limit=100&offset=0', '?limit=100&offset=100']));
    await waitFor(() => expect(Number(list.querySelector('li')!.getAttribute('aria-setsize'))).toBeGreaterThan(200));
  });
});
