import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { readLocal, writeLocal } from '@/storage/local';
import { createFakeAnniv } from './fakeAnniv';
import { currentPath, renderApp, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

async function signedIn(path: string) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'old-pw', 'Mio');
  server.signIn('mio@example.com');
  const app = renderApp(path, server);
  await screen.findByRole('link', { name: 'Mio' });
  if (path === '/user/index') await screen.findByRole('tab', { name: text.user.tabs.profile });
  return app;
}

describe('user page', () => {
  it('has the three tabs, and 两步验证 only where the site offers it', async () => {
    await signedIn('/user/index');
    const { twoFactor, ...always } = text.user.tabs;
    for (const name of Object.values(always)) expect(screen.getByRole('tab', { name })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: twoFactor })).toBeNull();
  });

  it('profile: both fields required; a change updates the header after a user info refresh', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/user/index');
    const nickname = screen.getByLabelText(text.user.nickname);
    await user.clear(nickname);
    await user.click(screen.getByRole('button', { name: text.user.confirmChanges }));
    expect(screen.getByRole('alert').textContent).toBe(text.user.nicknameRequired);

    await user.type(nickname, 'Mio2');
    await user.click(screen.getByRole('button', { name: text.user.confirmChanges }));
    expect(screen.getByRole('alert').textContent).toBe(text.user.avatarRequired);

    await user.type(screen.getByLabelText(text.user.avatar), 'https://example.com/a.png');
    await user.click(screen.getByRole('button', { name: text.user.confirmChanges }));
    expect(await screen.findByRole('link', { name: 'Mio2' })).toBeTruthy();
    expect(await screen.findByText(text.user.profileSaved)).toBeTruthy();
    const calls = server.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls.indexOf('GET /api/user/info', calls.indexOf('PATCH /api/user/intro'))).toBeGreaterThan(-1);
    expect(readLocal('userInfo')?.nickname).toBe('Mio2');
  });

  it('password: mismatch is refused; success ends the session: the device is cleared as at logout and the login page loads', async () => {
    const user = userEvent.setup();
    const { reloads } = await signedIn('/user/index');
    writeLocal('playlist', { tracks: [], index: 0 });
    await user.click(screen.getByRole('tab', { name: text.user.tabs.password }));
    await user.type(screen.getByLabelText(text.user.oldPassword), 'old-pw');
    await user.type(screen.getByLabelText(text.user.newPassword), 'new-pw');
    await user.type(screen.getByLabelText(text.user.confirmNewPassword), 'other');
    await user.click(screen.getByRole('button', { name: text.user.confirmChanges }));
    expect(screen.getByRole('alert').textContent).toBe(text.user.passwordsDiffer);

    await user.clear(screen.getByLabelText(text.user.confirmNewPassword));
    await user.type(screen.getByLabelText(text.user.confirmNewPassword), 'new-pw');
    await user.click(screen.getByRole('button', { name: text.user.confirmChanges }));
    await waitFor(() => expect(reloads).toEqual(['/user/login']));
    expect(readLocal('userInfo')).toBeNull();
    expect(localStorage.getItem('playlist')).toBeNull();
  });

  it('settings: quality and page-close behaviour are stored as player.*', async () => {
    const user = userEvent.setup();
    await signedIn('/user/index');
    await user.click(screen.getByRole('tab', { name: text.user.tabs.settings }));
    const quality = screen.getByLabelText(text.user.quality) as HTMLSelectElement;
    expect(quality.value).toBe('lossless');
    expect([...quality.options].map((o) => o.text)).toEqual(['高', '很高', '极高', 'Hi-Res']);
    await user.selectOptions(quality, 'high');
    await user.selectOptions(screen.getByLabelText(text.user.pageClose), 'confirmWhenPlaying');
    expect(readLocal('player.quality')).toBe('high');
    expect(readLocal('player.pageOnCloseAction')).toBe('confirmWhenPlaying');
  });
});

describe('logout', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the banner and 登出成功, then after 2 s clears userInfo and the queue and reloads home', async () => {
    const { reloads } = await signedIn('/');
    writeLocal('playlist', { tracks: [], index: 0 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: text.header.logout }));
    expect(await screen.findByText(text.logout.banner)).toBeTruthy();
    expect(currentPath()).toBe('/user/logout');
    expect(screen.getByText(text.logout.body)).toBeTruthy();
    expect(await screen.findByText(text.logout.succeeded)).toBeTruthy();
    expect(reloads).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(reloads).toEqual(['/']));
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('playlist')).toBeNull();
  });

  it('visiting /user/logout logged out goes home', async () => {
    renderApp('/user/logout');
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('/user/logout opened by its address only asks: 取消 keeps the session; 注销 signs out and clears the device', async () => {
    const user = userEvent.setup();
    const { server, reloads } = await signedIn('/user/logout');
    writeLocal('playlist', { tracks: [], index: 0 });
    expect(await screen.findByText(text.logout.confirmTitle)).toBeTruthy();
    expect(screen.queryByText(text.logout.banner)).toBeNull();
    await user.click(screen.getByRole('button', { name: text.logout.cancel }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(screen.getByRole('link', { name: 'Mio' })).toBeTruthy();
    expect(server.requests.filter((r) => r.path.endsWith('/api/user/logout'))).toEqual([]);

    act(() => window.history.pushState(null, '', '/user/logout'));
    await user.click(await screen.findByRole('button', { name: text.logout.confirm }));
    expect(await screen.findByText(text.logout.banner)).toBeTruthy();
    expect(await screen.findByText(text.logout.succeeded)).toBeTruthy();
    await waitFor(() => expect(reloads).toEqual(['/']), { timeout: 5000 });
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('playlist')).toBeNull();
  });
});

describe('a session that ends elsewhere', () => {
  it('seen at start (a stored user, the server says 902002): the device is cleared as at logout, the page reloads', async () => {
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'old-pw', 'Mio');
    writeLocal('userInfo', {
      userId: '1',
      email: 'mio@example.com',
      nickname: 'Mio',
      avatar: '',
      twoFactorEnabled: false,
    });
    writeLocal('playlist', { tracks: [], index: 0 });
    const { reloads } = renderApp('/playlist', server);
    await waitFor(() => expect(reloads).toEqual(['/playlist']), { timeout: 5000 });
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('playlist')).toBeNull();
  });

  it('seen mid-use (a call answers 902002): the same clean-up, reloaded where the user was', async () => {
    const user = userEvent.setup();
    const { server, reloads } = await signedIn('/user/index');
    writeLocal('playlist', { tracks: [], index: 0 });
    server.endSession();
    await user.type(screen.getByLabelText(text.user.nickname), '2');
    await user.type(screen.getByLabelText(text.user.avatar), 'https://example.com/a.png');
    await user.click(screen.getByRole('button', { name: text.user.confirmChanges }));
    await waitFor(() => expect(reloads).toEqual(['/user/index']), { timeout: 5000 });
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('playlist')).toBeNull();
  });

  it('a visitor who never signed in keeps the queue (of a shared list) at start', async () => {
    writeLocal('playlist', { tracks: [], index: 3 });
    const { reloads } = renderApp('/queue');
    await waitFor(() => expect(currentPath()).toBe('/queue'));
    await screen.findByRole('link', { name: text.header.login });
    expect(reloads).toEqual([]);
    expect(localStorage.getItem('playlist')).not.toBeNull();
  });
});

describe('stored user', () => {
  it('a corrupt userInfo in localStorage does not break the start', async () => {
    localStorage.setItem('userInfo', '{not json');
    renderApp('/');
    expect(await screen.findByText(text.home.body)).toBeTruthy();
    expect(await screen.findByRole('link', { name: text.header.login })).toBeTruthy();
  });

  it('a session ended by the server elsewhere signs the user out locally at the next call', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/');
    server.signIn('nobody');
    // the tags page's first call is answered 902002
    await user.click(screen.getByRole('link', { name: text.drawer.tags }));
    expect(await screen.findByRole('link', { name: text.header.login })).toBeTruthy();
  });
});
