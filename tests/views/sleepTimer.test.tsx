// 定时关闭 in the player bar and on /now: the menu's lengths, the ends, 自定义时长… with its check,
// what is left shown beside the button, and cancelling; what the player is asked shows in the player.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { writeLocal } from '@/storage/local';
import { createFakeAnniv } from './fakeAnniv';
import { renderApp, warmUpPages } from './renderApp';
import { savedTrack as track } from './savedQueue';

beforeAll(warmUpPages, 60_000);

async function open(path: string, signedIn = true) {
  writeLocal('playlist', { tracks: [track(1, 'Opening'), track(2, 'Night Ferry')], index: 0 });
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  if (signedIn) server.signIn('mio@example.com');
  const app = renderApp(path, server);
  if (signedIn) await screen.findByRole('link', { name: 'Mio' });
  return app;
}

const bar = () => screen.getByRole('contentinfo', { name: text.player.nowPlaying });
const user = () => userEvent.setup();

async function choose(place: HTMLElement, item: string) {
  await user().click(await within(place).findByRole('button', { name: text.sleepTimer.title }));
  await user().click(await screen.findByRole('menuitem', { name: item }));
}

describe('定时关闭', () => {
  it('a length from the menu: the time left shows beside the button; 取消定时关闭 ends it', async () => {
    const { system } = await open('/');
    await choose(bar(), text.sleepTimer.minutes(30));
    const left = await within(bar()).findByRole('timer', { name: text.sleepTimer.title });
    expect(left.textContent).toMatch(/^(30:00|29:5\d) 后暂停$/);
    expect(await screen.findByText(text.sleepTimer.started(30))).toBeTruthy();
    await choose(bar(), text.sleepTimer.cancel);
    await waitFor(() => expect(within(bar()).queryByRole('timer')).toBeNull());
    expect(await screen.findByText(text.sleepTimer.cancelled)).toBeTruthy();
    expect(system.player.getSnapshot().context.stopAfter).toBeNull();
  });

  it('播放完当前歌曲 and 播放完整个队列 say which end they wait for, and the player is told', async () => {
    const { system } = await open('/');
    await choose(bar(), text.sleepTimer.afterTrack);
    expect((await within(bar()).findByRole('timer')).textContent).toBe(text.sleepTimer.armedTrack);
    await waitFor(() => expect(system.player.getSnapshot().context.stopAfter).toBe('track'));
    await choose(bar(), text.sleepTimer.afterQueue);
    await waitFor(() => expect(within(bar()).getByRole('timer').textContent).toBe(text.sleepTimer.armedQueue));
    expect(system.player.getSnapshot().context.stopAfter).toBe('queue');
    // a length instead: the player no longer stops at an end
    await choose(bar(), text.sleepTimer.minutes(15));
    await waitFor(() => expect(system.player.getSnapshot().context.stopAfter).toBeNull());
  });

  it('自定义时长…: anything but a whole number of minutes from 1 to 720 is refused in the dialog', async () => {
    await open('/');
    await choose(bar(), text.sleepTimer.custom);
    const dialog = await screen.findByRole('dialog', { name: text.sleepTimer.customTitle });
    const minutes = within(dialog).getByLabelText(text.sleepTimer.customLabel);
    for (const wrong of ['abc', '0', '721', '1.5']) {
      await user().clear(minutes);
      await user().type(minutes, wrong);
      await user().click(within(dialog).getByRole('button', { name: text.sleepTimer.start }));
      expect(await within(dialog).findByText(text.sleepTimer.invalidMinutes)).toBeTruthy();
    }
    await user().clear(minutes);
    await user().type(minutes, '20');
    await user().click(within(dialog).getByRole('button', { name: text.sleepTimer.start }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await within(bar()).findByRole('timer')).textContent).toMatch(/^(20:00|19:5\d) 后暂停$/);
  });

  it('on /now too, one timer with the player bar', async () => {
    await open('/now');
    const stage = await screen.findByRole('region', { name: text.player.nowPlaying });
    await choose(stage, text.sleepTimer.minutes(45));
    expect((await within(stage).findByRole('timer')).textContent).toMatch(/^(45:00|44:5\d) 后暂停$/);
    expect(within(bar()).getByRole('timer').textContent).toMatch(/^(45:00|44:5\d) 后暂停$/);
  });

  it('for a listener who is not signed in as well', async () => {
    await open('/queue', false);
    await screen.findByRole('heading', { name: text.queue.title });
    await choose(bar(), text.sleepTimer.afterQueue);
    expect((await within(bar()).findByRole('timer')).textContent).toBe(text.sleepTimer.armedQueue);
  });
});
