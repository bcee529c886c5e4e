import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { readLocal, writeLocal } from '@/storage/local';
import { createFakeAnniv } from './fakeAnniv';
import { currentPath, renderApp, warmUpPages } from './renderApp';
import { QUEUE_ALBUM, savedTrack } from './savedQueue';

beforeAll(warmUpPages, 60_000);

const A = QUEUE_ALBUM;
const track = (trackId: number, title: string) => savedTrack(trackId, title, 'Mio、、Aya');
const saved = { tracks: [track(1, 'Opening'), track(2, 'Night Ferry'), track(3, 'Closing')], index: 1 };

async function withSavedQueue(path: string) {
  writeLocal('playlist', saved);
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  const app = renderApp(path, server);
  await screen.findByRole('link', { name: 'Mio' });
  return app;
}

const bar = () => screen.getByRole('contentinfo', { name: text.player.nowPlaying });

describe('player bar', () => {
  it('restores the saved queue without playing: the saved current track shows, the button offers to play', async () => {
    await withSavedQueue('/');
    expect(within(bar()).getByText('Night Ferry')).toBeTruthy();
    expect(within(bar()).getByText('Mio、Aya')).toBeTruthy();
    expect(within(bar()).getByRole('link', { name: 'Harbor Lights' }).getAttribute('href')).toBe(`/album/${A}`);
    expect(within(bar()).getByRole('button', { name: text.player.play })).toBeTruthy();
    expect(within(bar()).getByText('00:00 / --:--')).toBeTruthy();
    expect(document.title).not.toContain('Night Ferry');
  });

  it('every icon button has a name; the loop button cycles its three tooltips', async () => {
    const user = userEvent.setup();
    await withSavedQueue('/');
    for (const name of [text.player.previous, text.player.play, text.player.next, text.player.mute]) {
      expect(within(bar()).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(bar()).getByRole('link', { name: text.player.queue }).getAttribute('href')).toBe('/queue');
    const cycle = [
      text.player.loopModes.listLoop,
      text.player.loopModes.trackLoop,
      text.player.loopModes.shuffle,
      text.player.loopModes.listLoop,
    ];
    for (let i = 0; i < cycle.length - 1; i++) {
      await user.click(within(bar()).getByRole('button', { name: cycle[i] }));
      expect(within(bar()).getByRole('button', { name: cycle[i + 1] })).toBeTruthy();
    }
  });

  it('mute toggles and is stored; moving the volume while muted unmutes', async () => {
    const user = userEvent.setup();
    await withSavedQueue('/');
    await user.click(within(bar()).getByRole('button', { name: text.player.mute }));
    expect(within(bar()).getByRole('button', { name: text.player.unmute })).toBeTruthy();
    expect(readLocal('player.muted')).toBe(true);
    fireEvent.change(within(bar()).getByRole('slider', { name: text.player.volume }), { target: { value: '40' } });
    expect(within(bar()).getByRole('button', { name: text.player.mute })).toBeTruthy();
    expect(readLocal('player.muted')).toBe(false);
    expect(readLocal('player.volume')).toBe(40);
  });

  it('the cover opens /now, which shows the title and artist', async () => {
    const user = userEvent.setup();
    await withSavedQueue('/');
    await user.click(within(bar()).getByRole('link', { name: text.player.nowPlaying }));
    await waitFor(() => expect(currentPath()).toBe('/now'));
    const stage = await screen.findByRole('region', { name: text.player.nowPlaying });
    expect(within(stage).getByRole('heading', { name: 'Night Ferry' })).toBeTruthy();
  });
});

describe('the cover of a restored queue (not playing)', () => {
  async function restoredWith(libraryHoldsAlbum: boolean) {
    writeLocal('playlist', saved);
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.signIn('mio@example.com');
    server.libraries.set('https://home.example', { lastUpdate: 1, albums: libraryHoldsAlbum ? [A] : [] });
    server.addCredential({ name: 'Home', url: 'https://home.example' });
    renderApp('/now', server);
    await screen.findByRole('link', { name: 'Mio' });
    return server;
  }
  const stage = () => screen.findByRole('region', { name: text.player.nowPlaying });

  it('comes from the library that holds the album, in the player bar and on /now', async () => {
    const server = await restoredWith(true);
    const coverPath = `https://home.example/${A}/1/cover`;
    await waitFor(() => expect(server.requests.some((r) => r.path === coverPath)).toBe(true));
    expect(within(await stage()).getByRole('img', { name: 'Night Ferry' })).toBeTruthy();
    expect(within(bar()).getByRole('img', { name: 'Night Ferry' })).toBeTruthy();
    expect(screen.queryByText(text.album.unavailable)).toBeNull();
  });

  it('says 资源不可用 请尝试同步音频仓库 on /now when no library has the album', async () => {
    await restoredWith(false);
    expect(await within(await stage()).findByText(text.album.unavailable)).toBeTruthy();
    expect(within(bar()).queryByRole('img')).toBeNull();
  });
});

describe('queue page', () => {
  it('lists the queue with the current item marked; remove and clear', async () => {
    const user = userEvent.setup();
    await withSavedQueue('/queue');
    const list = await screen.findByRole('list', { name: text.queue.title });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/Opening|Night Ferry|Closing/).textContent)).toEqual([
      'Opening',
      'Night Ferry',
      'Closing',
    ]);
    expect(rows[1]!.querySelector('[aria-current="true"]')).not.toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: text.queue.remove }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(readLocal('playlist').tracks.map((t) => t.title)).toEqual(['Night Ferry', 'Closing']);

    await user.click(screen.getByRole('button', { name: text.queue.clear }));
    expect(await screen.findByText(text.queue.empty)).toBeTruthy();
    expect(readLocal('playlist').tracks).toEqual([]);
  });

  it('a corrupt saved queue starts empty, without breaking the app', async () => {
    localStorage.setItem('playlist', '{not json');
    renderApp('/queue');
    expect(await screen.findByText(text.queue.empty)).toBeTruthy();
    expect(screen.getByRole('contentinfo', { name: text.player.nowPlaying })).toBeTruthy();
  });
});

describe('track row actions on the album page', () => {
  const albumA = {
    album_id: A,
    title: 'Harbor Lights',
    catalog: 'DEMO-1',
    artist: 'Mio',
    date: '2023-04-12',
    type: 'normal',
    tags: [],
    discs: [
      {
        catalog: 'DEMO-1',
        tracks: [{ title: 'Opening' }, { title: 'Night Ferry' }, { title: 'Closing' }, { title: 'Encore' }],
      },
    ],
  };

  async function albumPage() {
    writeLocal('playlist', saved);
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.signIn('mio@example.com');
    server.libraries.set('https://home.example', { lastUpdate: 1, albums: [A] });
    server.addCredential({ name: 'Home', url: 'https://home.example' });
    server.albums.set(A, albumA);
    renderApp(`/album/${A}`, server);
    // the page loads again once the library has synced; wait for its playable rows
    await waitFor(() =>
      expect(
        (within(row('Encore')).getByRole('button', { name: text.track.addToQueue }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  }

  const row = (title: string) =>
    within(screen.getByRole('region', { name: 'Disc 1' }))
      .getByText(title)
      .closest('li') as HTMLElement;

  it('add to queue drops a track already queued (播放队列中已存在该歌曲) and appends a new one', async () => {
    const user = userEvent.setup();
    await albumPage();
    await user.click(within(row('Opening')).getByRole('button', { name: text.track.addToQueue }));
    expect(await screen.findByText(text.queue.duplicate)).toBeTruthy();
    await user.click(within(row('Encore')).getByRole('button', { name: text.track.addToQueue }));
    await waitFor(() =>
      expect(readLocal('playlist').tracks.map((t) => t.title)).toEqual(['Opening', 'Night Ferry', 'Closing', 'Encore']),
    );
  });

  it('稍后播放 puts the track right after the current one; 从播放队列移除 takes a queued one out', async () => {
    const user = userEvent.setup();
    await albumPage();
    await user.click(within(row('Encore')).getByRole('button', { name: text.track.more }));
    await user.click(await screen.findByRole('menuitem', { name: text.track.playLater }));
    await waitFor(() =>
      expect(readLocal('playlist').tracks.map((t) => t.title)).toEqual(['Opening', 'Night Ferry', 'Encore', 'Closing']),
    );
    await user.click(within(row('Opening')).getByRole('button', { name: text.track.more }));
    await user.click(await screen.findByRole('menuitem', { name: text.queue.remove }));
    await waitFor(() =>
      expect(readLocal('playlist').tracks.map((t) => t.title)).toEqual(['Night Ferry', 'Encore', 'Closing']),
    );
  });
});
