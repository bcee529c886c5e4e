import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { createFakeAnniv } from './fakeAnniv';
import { currentPath, renderApp, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

describe('login page', () => {
  it('requires email and password, in that message', async () => {
    const user = userEvent.setup();
    renderApp('/user/login');
    await user.click(await screen.findByRole('button', { name: text.auth.login }));
    expect((await screen.findByRole('alert')).textContent).toBe(text.auth.emailPasswordRequired);

    await user.type(screen.getByLabelText(text.auth.email), 'mio@example.com');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    expect(screen.getByRole('alert').textContent).toBe(text.auth.emailPasswordRequired);
  });

  it('shows the server message on a wrong password and stays on the page', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'right');
    renderApp('/user/login', server);
    await user.type(await screen.findByLabelText(text.auth.email), 'mio@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'wrong');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    expect(await screen.findByText('email and password does not match')).toBeTruthy();
    expect(currentPath()).toBe('/user/login');
  });

  it('sends the SHA-256 hex of the password and a lower-cased email', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'abc');
    renderApp('/user/login', server);
    await user.type(await screen.findByLabelText(text.auth.email), 'Mio@Example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'abc');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    const login = server.requests.find((r) => r.path === '/api/user/login');
    expect(login?.body).toEqual({
      email: 'mio@example.com',
      password: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
  });

  it('two-step sign-in: the code is asked after the password, a wrong one says so, the right one signs in and goes back', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.requireCode('mio@example.com', '123456');
    renderApp('/user/index', server);
    await waitFor(() => expect(currentPath()).toBe('/user/login?return=%2Fuser%2Findex'));
    await user.type(await screen.findByLabelText(text.auth.email), 'Mio@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'pw');
    await user.click(screen.getByRole('button', { name: text.auth.login }));

    expect(await screen.findByRole('heading', { name: text.auth.twoFactorTitle })).toBeTruthy();
    expect(screen.getByText(text.auth.twoFactorPrompt('mio@example.com'))).toBeTruthy();
    const code = screen.getByLabelText(text.auth.twoFactorCode);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(code);

    await user.click(screen.getByRole('button', { name: text.auth.twoFactorVerify }));
    expect((await screen.findByRole('alert')).textContent).toBe(text.auth.twoFactorCodeInvalid);
    await user.type(code, '654321{Enter}');
    expect(await screen.findByText(text.auth.twoFactorCodeWrong)).toBeTruthy();
    // pasted with a space in the middle, as some authenticators copy it
    await user.clear(code);
    await user.click(code);
    await user.paste('123 456');
    await user.click(screen.getByRole('button', { name: text.auth.twoFactorVerify }));
    await waitFor(() => expect(currentPath()).toBe('/user/index'));
    expect(await screen.findByRole('link', { name: 'Mio' })).toBeTruthy();
    const logins = server.requests
      .filter((r) => r.path === '/api/user/login')
      .map((r) => (r.body as Record<string, unknown>)['2fa_code']);
    expect(logins).toEqual([undefined, '654321', '123456']);
  });

  it('two-step sign-in: 返回 goes back to the password form', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.requireCode('mio@example.com', '123456');
    renderApp('/user/login', server);
    await user.type(await screen.findByLabelText(text.auth.email), 'mio@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'pw');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    await user.click(await screen.findByRole('button', { name: text.auth.twoFactorBack }));
    expect(await screen.findByRole('heading', { name: text.auth.login })).toBeTruthy();
    expect(screen.getByLabelText(text.auth.password)).toBeTruthy();
  });

  it('a guarded page sends a logged-out visitor to login with a return path, and back after login', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    renderApp('/user/index', server);
    await waitFor(() => expect(currentPath()).toBe('/user/login?return=%2Fuser%2Findex'));
    await user.type(await screen.findByLabelText(text.auth.email), 'mio@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'pw');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    await waitFor(() => expect(currentPath()).toBe('/user/index'));
    expect(await screen.findByRole('tab', { name: text.user.tabs.profile })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mio' })).toBeTruthy();
    expect(screen.getByRole('button', { name: text.header.logout })).toBeTruthy();
  });

  it('a return path to another site is not followed', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw');
    renderApp('/user/login?return=%2F%2Fevil.example', server);
    await user.type(await screen.findByLabelText(text.auth.email), 'mio@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'pw');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('already logged in: goes to /', async () => {
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw');
    server.signIn('mio@example.com');
    renderApp('/user/login?return=%2Fuser%2Findex', server);
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await screen.findByText(text.home.body)).toBeTruthy();
  });

  it('the register link shows only when registration is open', async () => {
    renderApp('/user/login', createFakeAnniv({ features: ['close'] }));
    await screen.findByRole('button', { name: text.auth.login });
    await screen.findByRole('link', { name: text.header.login });
    expect(screen.queryByRole('link', { name: text.auth.register })).toBeNull();
  });
});

describe('register page', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
    for (const [label, value] of Object.entries(values)) {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
  }

  it('checks in the order (docs/behaviour.md#form-checks), with the invite code when required', async () => {
    const user = userEvent.setup();
    renderApp('/user/register', createFakeAnniv({ features: ['invite'], inviteCode: 'OPEN' }));
    const submit = await screen.findByRole('button', { name: text.auth.register });
    const alertText = () => screen.getByRole('alert').textContent;

    await user.click(submit);
    expect(alertText()).toBe(text.auth.passwordRequired);

    await fill(user, { [text.auth.password]: 'pw1' });
    await user.click(submit);
    expect(alertText()).toBe(text.auth.passwordRequired);

    await fill(user, { [text.auth.repeatPassword]: 'pw2' });
    await user.click(submit);
    expect(alertText()).toBe(text.auth.nicknameRequired);

    await fill(user, { [text.auth.nickname]: 'Mio' });
    await user.click(submit);
    expect(alertText()).toBe(text.auth.emailRequired);

    await fill(user, { [text.auth.email]: 'mio@example.com' });
    await user.click(submit);
    expect(alertText()).toBe(text.auth.passwordsDiffer);

    await fill(user, { [text.auth.repeatPassword]: 'pw1' });
    await user.click(submit);
    expect(alertText()).toBe(text.auth.inviteCodeRequired);

    await fill(user, { [text.auth.inviteCode]: 'WRONG' });
    await user.click(submit);
    expect(await screen.findByText('invalid invite code')).toBeTruthy();

    await fill(user, { [text.auth.inviteCode]: 'OPEN' });
    await user.click(submit);
    await waitFor(() => expect(currentPath()).toBe('/user/login'));
    expect(await screen.findByText(text.auth.registerSucceeded)).toBeTruthy();
  });

  it('a second registration in the same visit checks its form as the first did (no jump to 登录)', async () => {
    const user = userEvent.setup();
    renderApp('/user/register');
    await screen.findByRole('button', { name: text.auth.register });
    await fill(user, {
      [text.auth.email]: 'mio@example.com',
      [text.auth.password]: 'pw1',
      [text.auth.repeatPassword]: 'pw1',
      [text.auth.nickname]: 'Mio',
    });
    await user.click(screen.getByRole('button', { name: text.auth.register }));
    await waitFor(() => expect(currentPath()).toBe('/user/login'));
    await user.click((await screen.findAllByRole('link', { name: text.auth.register }))[0]!);
    const submit = await screen.findByRole('button', { name: text.auth.register });
    await user.click(submit);
    expect(await screen.findByText(text.auth.passwordRequired)).toBeTruthy();
    expect(currentPath()).toBe('/user/register');
  });

  it('has no invite code field when the site does not ask for one', async () => {
    renderApp('/user/register');
    await screen.findByRole('button', { name: text.auth.register });
    expect(screen.queryByLabelText(text.auth.inviteCode)).toBeNull();
  });

  it('says registration is closed when the site is closed', async () => {
    renderApp('/user/register', createFakeAnniv({ features: ['close'] }));
    expect(await screen.findByText(text.auth.registrationClosed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.auth.register })).toBeNull();
  });
});

describe('shell', () => {
  it('sets the page title from the site info', async () => {
    renderApp('/', createFakeAnniv({ siteName: 'My Music', description: '自建音乐库' }));
    await waitFor(() => expect(document.title).toBe('My Music - 自建音乐库'));
  });

  it('shows 404 for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: text.notFound })).toBeTruthy();
  });

  it('the drawer has every item and the menu button has a name', async () => {
    renderApp('/');
    const nav = await screen.findByRole('navigation');
    for (const label of [
      text.drawer.home,
      text.drawer.library,
      text.drawer.search,
      text.drawer.favouriteTracks,
      text.drawer.favouriteAlbums,
      text.drawer.playlists,
      text.drawer.tags,
    ]) {
      expect(within(nav).getByText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: text.header.toggleDrawer })).toBeTruthy();
  });

  it('a server that is down gives a catalogued error toast, not a crash', async () => {
    renderApp('/', createFakeAnniv({ httpStatus: 502 }));
    expect(await screen.findAllByText('网络错误: 502 Bad Gateway')).not.toHaveLength(0);
    expect(screen.getByText(text.home.body)).toBeTruthy();
  });
});
