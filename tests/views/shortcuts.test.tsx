// The keyboard shortcuts in the whole app: each reaches the player (or the search box), the help
// dialog lists them all with their keys, and nothing fires while typing or inside a dialog.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { readLocal, writeLocal } from '@/storage/local';
import { SHORTCUTS } from '@/features/shortcuts';
import { createFakeAnniv } from './fakeAnniv';
import { currentPath, renderApp, warmUpPages } from './renderApp';
import { savedTrack as track } from './savedQueue';

beforeAll(warmUpPages, 60_000);

async function app(path = '/') {
  writeLocal('playlist', { tracks: [track(1, 'Opening'), track(2, 'Night Ferry'), track(3, 'Closing')], index: 1 });
  writeLocal('player.volume', 50);
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  const rendered = renderApp(path, server);
  await screen.findByRole('link', { name: 'Mio' });
  // the shortcuts load after the first page: there once their button shows
  await screen.findByRole('button', { name: text.shortcuts.open });
  return { ...rendered, user: userEvent.setup() };
}

const bar = () => screen.getByRole('contentinfo', { name: text.player.nowPlaying });

describe('keyboard shortcuts', () => {
  it('↑/↓ change the volume by 5, M mutes and unmutes, L cycles the loop mode; Shift+→/← move through the queue', async () => {
    const { user, system } = await app();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(readLocal('player.volume')).toBe(60);
    await user.keyboard('{ArrowDown}');
    expect(readLocal('player.volume')).toBe(55);
    await user.keyboard('m');
    expect(within(bar()).getByRole('button', { name: text.player.unmute })).toBeTruthy();
    await user.keyboard('m');
    expect(within(bar()).getByRole('button', { name: text.player.mute })).toBeTruthy();
    await user.keyboard('l');
    expect(within(bar()).getByRole('button', { name: text.player.loopModes.trackLoop })).toBeTruthy();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await waitFor(() => expect(system.player.getSnapshot().context.index).toBe(2));
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    await waitFor(() => expect(system.player.getSnapshot().context.index).toBe(1));
  });

  it('Space plays the restored queue', async () => {
    const { user, system } = await app();
    await user.keyboard(' ');
    // no library holds the album here: the play is tried and ends in 资源不可用, where it would not without the key
    await waitFor(() => expect(system.player.getSnapshot().context.error).toBe(text.album.unavailable));
    expect((await screen.findAllByText(text.album.unavailable)).length).toBeGreaterThan(0);
  });

  it('/ opens the search page with its box ready to type in; on that page it focuses the box', async () => {
    const { user } = await app();
    await user.keyboard('/');
    await waitFor(() => expect(currentPath()).toBe('/search'));
    const box = await screen.findByRole('textbox', { name: text.search.submit });
    await waitFor(() => expect(document.activeElement).toBe(box));
    // typed there, / is a slash and keys are the box's
    await user.keyboard('a/b m');
    expect((box as HTMLInputElement).value).toBe('a/b m');
    expect(readLocal('player.muted')).toBe(false);
    box.blur();
    await user.keyboard('/');
    expect(document.activeElement).toBe(box);
  });

  it('? and the header button open the help: every shortcut, grouped, keys drawn as keys; no shortcut fires inside it', async () => {
    const { user } = await app();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: text.shortcuts.title });
    for (const group of Object.values(text.shortcuts.groups))
      expect(within(dialog).getByRole('heading', { name: group })).toBeTruthy();
    for (const shortcut of SHORTCUTS) {
      const label = within(dialog).getByText(shortcut.label);
      const keys = [...label.parentElement!.querySelectorAll('kbd')].map((k) => k.textContent);
      expect(keys).toEqual(shortcut.keys);
    }
    await user.keyboard('{ArrowUp}m');
    expect(readLocal('player.volume')).toBe(50);
    expect(readLocal('player.muted')).toBe(false);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: text.shortcuts.title })).toBeNull());

    await user.click(screen.getByRole('button', { name: text.shortcuts.open }));
    expect(await screen.findByRole('dialog', { name: text.shortcuts.title })).toBeTruthy();
  });
});
