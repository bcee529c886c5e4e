// 我的统计 and the album page's play counts as a listener sees them, against a fake Anniv that
// answers as anniv-go does (every track's count, whatever album is asked for).
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { A, B, openSignedIn, play } from './listening';
import { currentPath, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

const open = openSignedIn;
const now = () => Math.floor(Date.now() / 1000);

describe('我的统计', () => {
  it('30 天 by default: plays, the time listened, a bar per day with its table, and the top lists', async () => {
    const t = now();
    await open('/stats', (s) => {
      s.plays.push(play(A, 2, t - 300), play(A, 2, t - 200), play(A, 1, t - 100), play(B, 1, t - 90 * 86_400));
    });
    expect(await screen.findByText(text.listening.plays(3))).toBeTruthy();
    // no length was ever heard here: 4 minutes a play
    expect(screen.getByText(text.listening.timeListened('12 分'))).toBeTruthy();
    expect(screen.getByText(text.listening.estimated(3))).toBeTruthy();
    const table = screen.getByRole('table', { name: text.listening.barsTitle.month });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(30);
    expect(within(rows.at(-1)!).getByRole('cell').textContent).toBe('3');
    const tracks = screen.getByRole('region', { name: text.listening.topTracks });
    expect(
      within(tracks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Night Ferry'), expect.stringContaining('Opening')]);
    const artists = screen.getByRole('region', { name: text.listening.topArtists });
    expect(
      within(artists)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Mio', 'Aya']);
    const tags = screen.getByRole('region', { name: text.listening.topTags });
    expect(within(tags).getByRole('link').getAttribute('href')).toBe('/tag/genre%3Ajazz');
  });

  it('全部 counts the older play too, with a bar per year; an album opens from its row', async () => {
    const user = userEvent.setup();
    const t = now();
    await open('/stats', (s) => {
      s.plays.push(play(B, 1, t - 400 * 86_400), play(A, 1, t - 100));
    });
    await screen.findByText(text.listening.plays(1));
    await user.click(screen.getByRole('radio', { name: text.listening.periods.all }));
    expect(await screen.findByText(text.listening.plays(2))).toBeTruthy();
    const table = screen.getByRole('table', { name: text.listening.barsTitle.all });
    const years = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(years.at(-1)).toBe(String(new Date().getFullYear()));
    expect(years.length).toBeGreaterThanOrEqual(2);
    const albums = screen.getByRole('region', { name: text.listening.topAlbums });
    await user.click(within(albums).getByRole('link', { name: 'Sea Harp' }));
    await waitFor(() => expect(currentPath()).toBe(`/album/${B}`));
  });

  it('a read that fails says why; 重试 reads it again', async () => {
    const user = userEvent.setup();
    const { server } = await open('/stats', (s) => {
      s.state.unavailable = new Set(['GET /api/stat/self']);
    });
    const retry = await screen.findByRole('button', { name: text.retry });
    server.state.unavailable = new Set();
    await user.click(retry);
    expect(await screen.findByText(text.listening.noPlays)).toBeTruthy();
  });
});

describe("the album page's play counts", () => {
  it("each track says how often the listener played it, from one request, the album's tracks only", async () => {
    const t = now();
    const { server } = await open(`/album/${A}`, (s) => {
      s.plays.push(play(A, 2, t - 300), play(A, 2, t - 200), play(B, 1, t - 100));
    });
    const ferry = (await screen.findByText('Night Ferry')).closest('li')!;
    await waitFor(() => expect(within(ferry).getByText(text.listening.albumPlays(2))).toBeTruthy());
    const opening = screen.getByText('Opening').closest('li')!;
    expect(within(opening).queryByText(/播放 \d+ 次/)).toBeNull();
    // one request for the page, none per track
    const asked = server.requests.filter((r) => r.path.startsWith('/api/stat'));
    expect(asked.map((r) => `${r.path}${r.query}`)).toEqual([`/api/stat/self?from=0&album_id=${A}`]);
  });
});
