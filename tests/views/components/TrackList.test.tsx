import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { TrackList } from '@/ui/TrackList';
import type { Track } from '@/shared/types';
import { currentSearch, renderAt } from './render';

const track = (trackId: number, title: string, extra: Partial<Track> = {}): Track => ({
  albumId: 'a1',
  discId: 1,
  trackId,
  title,
  artist: 'Mio Aoki',
  artists: {},
  type: 'normal',
  albumTitle: 'Harbor Lights',
  tags: [],
  ...extra,
});

const TRACKS = [
  track(1, 'Harbor Lights', { artists: { composer: 'Ren Kishi' } }),
  track(2, 'Tide (Instrumental)', { type: 'instrumental' }),
  track(3, 'Minato Radio', { type: 'radio' }),
];

afterEach(() => {
  vi.restoreAllMocks();
});

const rows = () => screen.getAllByRole('listitem');

describe('TrackList', () => {
  test('rows: number zero-padded, title, type tag (none for normal), artist credits and album', () => {
    renderAt('/album/a1', <TrackList tracks={TRACKS} listIndex={0} showNumber ariaLabel="Disc 1" />);
    expect(screen.getByRole('list', { name: 'Disc 1' })).toBeTruthy();
    expect(rows()).toHaveLength(3);
    const first = within(rows()[0]!);
    expect(first.getByText('01')).toBeTruthy();
    expect(first.getByText('Harbor Lights', { selector: '[class*=title]' })).toBeTruthy();
    expect(first.getByTitle('Mio Aoki / 作曲: Ren Kishi')).toBeTruthy();
    expect(rows()[0]!.textContent).not.toMatch(/伴奏|广播节目/);
    expect(within(rows()[1]!).getByText('伴奏')).toBeTruthy();
    expect(within(rows()[2]!).getByText('广播节目')).toBeTruthy();
    expect(within(rows()[2]!).getByText('03')).toBeTruthy();
  });

  test('slots: play on the left, actions on the right, with the list index', () => {
    renderAt(
      '/',
      <TrackList
        tracks={TRACKS}
        listIndex={0}
        startIndex={30}
        playSlot={(t, i) => <button type="button">{`play ${t.title} ${i}`}</button>}
        actions={(t) => <button type="button">{`fav ${t.trackId}`}</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'play Tide (Instrumental) 31' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'fav 3' })).toBeTruthy();
    expect(screen.queryByText('31')).toBeNull();
  });

  test('double-click sets highlight=listIndex-itemIndex in place, keeping other parameters', () => {
    renderAt('/search?keyword=tide', <TrackList tracks={TRACKS} listIndex={1} />);
    const before = window.history.length;
    fireEvent.doubleClick(within(rows()[1]!).getByText('Mio Aoki'));
    expect(currentSearch().get('highlight')).toBe('1-1');
    expect(currentSearch().get('keyword')).toBe('tide');
    expect(window.history.length).toBe(before);
    expect(rows()[1]!.getAttribute('aria-current')).toBe('true');
    expect(rows()[0]!.getAttribute('aria-current')).toBeNull();
  });

  test('on load the highlighted row is scrolled into view and marked', () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    renderAt(
      '/album/a1?highlight=1-2',
      <>
        <TrackList tracks={TRACKS} listIndex={0} ariaLabel="Disc 1" />
        <TrackList tracks={TRACKS.map((t) => ({ ...t, discId: 2 }))} listIndex={1} ariaLabel="Disc 2" />
      </>,
    );
    const disc2 = within(screen.getByRole('list', { name: 'Disc 2' })).getAllByRole('listitem');
    expect(disc2[2]!.getAttribute('aria-current')).toBe('true');
    expect(disc2[2]!.hasAttribute('data-highlighted')).toBe(true);
    expect(scrolled).toEqual([disc2[2]]);
    const disc1 = within(screen.getByRole('list', { name: 'Disc 1' })).getAllByRole('listitem');
    expect(disc1.some((row) => row.hasAttribute('aria-current'))).toBe(false);
  });

  test('the same track twice renders twice', () => {
    renderAt('/', <TrackList tracks={[TRACKS[0]!, TRACKS[0]!]} listIndex={0} />);
    expect(rows()).toHaveLength(2);
  });
});
