// Two-step sign-in and the account's own controls on the user page, over a fake Anniv that checks
// codes as TOTPs of the secret the page made: turning it on (QR code, the secret as text, a first
// code) and off, the code a password change asks for, a site that enforces it, deleting the account.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Secret, TOTP } from 'otpauth';
import { text } from '@/shared/text';
import { readLocal } from '@/storage/local';
import { createFakeAnniv } from './fakeAnniv';
import { currentPath, renderApp, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

/** what an authenticator app shows for the secret, now */
const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();
/** a 6-digit code that is not the current one (nor the one either side of it) */
const wrongCodeFor = (secret: string) => {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) });
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (totp.validate({ token: code, window: 1 }) === null) return code;
  }
};

async function signedIn(path: string, features = ['2fa']) {
  const server = createFakeAnniv({ features });
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  const app = renderApp(path, server);
  await screen.findByRole('link', { name: 'Mio' });
  return app;
}

async function turnOn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: text.user.tabs.twoFactor }));
  await user.click(await screen.findByRole('button', { name: text.user.twoFactorStart }));
  expect(screen.getByRole('img', { name: text.user.twoFactorQr })).toBeTruthy();
  const secret = screen.getByLabelText(text.user.twoFactorSecret).textContent ?? '';
  expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  return secret;
}

describe('two-step sign-in on the user page', () => {
  it('turned on with the QR code’s secret and a first code; a wrong code says so; then turned off with a code', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/user/index');
    const secret = await turnOn(user);
    const code = screen.getByLabelText(text.user.twoFactorCode);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await user.type(code, `${wrongCodeFor(secret)}{Enter}`);
    expect(await screen.findByText(text.auth.twoFactorCodeWrong)).toBeTruthy();
    await user.clear(code);
    await user.type(code, `${codeFor(secret)}{Enter}`);
    expect(await screen.findByText(text.user.twoFactorEnabled)).toBeTruthy();
    expect(await screen.findByText(text.user.twoFactorOn)).toBeTruthy();
    expect(readLocal('userInfo')?.twoFactorEnabled).toBe(true);
    const enable = server.requests.filter((r) => r.path === '/api/features/2fa' && r.method === 'POST').at(-1)!;
    expect((enable.body as Record<string, string>)['2fa_secret']).toBe(secret.replace(/\s+/g, ''));

    await user.type(screen.getByLabelText(text.user.twoFactorCode), codeFor(secret));
    await user.click(screen.getByRole('button', { name: text.user.twoFactorDisable }));
    expect(await screen.findByText(text.user.twoFactorDisabled)).toBeTruthy();
    expect(await screen.findByRole('button', { name: text.user.twoFactorStart })).toBeTruthy();
  });

  it('a code that is not 6 digits is refused before anything is sent', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/user/index');
    await turnOn(user);
    await user.type(screen.getByLabelText(text.user.twoFactorCode), '12{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(text.auth.twoFactorCodeInvalid);
    expect(server.requests.some((r) => r.path === '/api/features/2fa')).toBe(false);
  });

  it('once on, a password change asks for the code too', async () => {
    const user = userEvent.setup();
    const { reloads } = await signedIn('/user/index');
    const secret = await turnOn(user);
    await user.type(screen.getByLabelText(text.user.twoFactorCode), `${codeFor(secret)}{Enter}`);
    await screen.findByText(text.user.twoFactorOn);
    await user.click(screen.getByRole('tab', { name: text.user.tabs.password }));
    await user.type(await screen.findByLabelText(text.user.oldPassword), 'pw');
    await user.type(screen.getByLabelText(text.user.newPassword), 'new-pw');
    await user.type(screen.getByLabelText(text.user.confirmNewPassword), 'new-pw');
    await user.click(screen.getByRole('button', { name: text.user.confirmChanges }));
    expect((await screen.findByRole('alert')).textContent).toBe(text.auth.twoFactorCodeInvalid);
    await user.type(screen.getByLabelText(text.user.twoFactorCode), codeFor(secret));
    await user.click(screen.getByRole('button', { name: text.user.confirmChanges }));
    await waitFor(() => expect(reloads).toEqual(['/user/login']));
  });

  it('a site without the feature shows no 两步验证 tab', async () => {
    await signedIn('/user/index', []);
    await screen.findByRole('tab', { name: text.user.tabs.profile });
    expect(screen.queryByRole('tab', { name: text.user.tabs.twoFactor })).toBeNull();
  });
});

describe('a site that enforces two-step sign-in', () => {
  it('a user without it is led to turn it on, with the reason, and nothing else loads until it is on', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv({ features: ['2fa_enforced'] });
    await server.addUser('mio@example.com', 'pw', 'Mio');
    renderApp('/library', server);
    await user.type(await screen.findByLabelText(text.auth.email), 'mio@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'pw');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    await waitFor(() => expect(currentPath()).toBe('/user/index?tab=twoFactor'));
    expect(await screen.findByText(text.user.twoFactorEnforced)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: text.user.tabs.profile })).toBeNull();
    expect(server.requests.some((r) => r.path === '/api/credential')).toBe(false);
    // another page is not opened meanwhile
    window.history.pushState(null, '', '/playlist');
    await waitFor(() => expect(currentPath()).toBe('/user/index?tab=twoFactor'));
    await user.click(await screen.findByRole('button', { name: text.user.twoFactorStart }));
    const secret = screen.getByLabelText(text.user.twoFactorSecret).textContent ?? '';
    await user.type(screen.getByLabelText(text.user.twoFactorCode), `${codeFor(secret)}{Enter}`);
    expect(await screen.findByText(text.user.twoFactorEnabled)).toBeTruthy();
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/credential')).toBe(true));
    expect(await screen.findByRole('tab', { name: text.user.tabs.profile })).toBeTruthy();
    window.history.pushState(null, '', '/library');
    expect(await screen.findByRole('heading', { name: text.library.title })).toBeTruthy();
  });
});

describe('registering on a site that enforces it', () => {
  it('the form shows a secret (QR code and text) and asks for a first code; the account is made with it on', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv({ features: ['2fa_enforced'] });
    renderApp('/user/register', server);
    await user.type(await screen.findByLabelText(text.auth.email), 'new@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'pw');
    await user.type(screen.getByLabelText(text.auth.repeatPassword), 'pw');
    await user.type(screen.getByLabelText(text.auth.nickname), 'New');
    expect(screen.getByText(text.auth.twoFactorRegister)).toBeTruthy();
    expect(screen.getByRole('img', { name: text.user.twoFactorQr })).toBeTruthy();
    const secret = screen.getByLabelText(text.user.twoFactorSecret).textContent ?? '';
    await user.click(screen.getByRole('button', { name: text.auth.register }));
    expect((await screen.findByRole('alert')).textContent).toBe(text.auth.twoFactorCodeInvalid);
    await user.type(screen.getByLabelText(text.user.twoFactorCode), codeFor(secret));
    await user.click(screen.getByRole('button', { name: text.auth.register }));
    await waitFor(() => expect(currentPath()).toBe('/user/login'));
    const sent = server.requests.find((r) => r.path === '/api/user/register')!.body as Record<string, string>;
    expect(sent['2fa_secret']).toBe(secret.replace(/\s+/g, ''));
    expect(sent['2fa_code']).toBe(codeFor(secret));
  });

  it('a site that does not enforce it asks for no code', async () => {
    renderApp('/user/register', createFakeAnniv({ features: ['2fa'] }));
    await screen.findByLabelText(text.auth.nickname);
    expect(screen.queryByLabelText(text.user.twoFactorCode)).toBeNull();
  });
});

describe('deleting the account', () => {
  it('asks for the password and says it cannot be undone; then the device is cleared and the app goes home', async () => {
    const user = userEvent.setup();
    const { server, reloads } = await signedIn('/user/index');
    await user.click(await screen.findByRole('button', { name: text.user.deleteAccount }));
    const dialog = await screen.findByRole('dialog', { name: text.user.deleteAccount });
    expect(within(dialog).getByText(text.user.deleteAccountWarning)).toBeTruthy();
    expect(within(dialog).queryByLabelText(text.user.twoFactorCode)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: text.user.deleteAccountConfirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe(text.auth.passwordRequired);
    await user.type(within(dialog).getByLabelText(text.auth.password), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: text.user.deleteAccountConfirm }));
    expect(await within(dialog).findByText('email and password does not match')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(text.auth.password));
    await user.type(within(dialog).getByLabelText(text.auth.password), 'pw');
    await user.click(within(dialog).getByRole('button', { name: text.user.deleteAccountConfirm }));
    expect(await screen.findByText(text.user.accountDeleted)).toBeTruthy();
    await waitFor(() => expect(reloads).toEqual(['/']), { timeout: 5000 });
    expect(readLocal('userInfo')).toBeNull();
    expect(server.requests.filter((r) => r.path === '/api/user/revoke')).toHaveLength(2);
  });

  it('with two-step sign-in on, the code is asked too, and a wrong one says so', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv({ features: ['2fa'] });
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.requireCode('mio@example.com', '246810');
    server.signIn('mio@example.com');
    const { reloads } = renderApp('/user/index', server);
    await user.click(await screen.findByRole('button', { name: text.user.deleteAccount }));
    const dialog = await screen.findByRole('dialog', { name: text.user.deleteAccount });
    await user.type(within(dialog).getByLabelText(text.auth.password), 'pw');
    await user.click(within(dialog).getByRole('button', { name: text.user.deleteAccountConfirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe(text.auth.twoFactorCodeInvalid);
    await user.type(within(dialog).getByLabelText(text.user.twoFactorCode), '135790');
    await user.click(within(dialog).getByRole('button', { name: text.user.deleteAccountConfirm }));
    expect(await within(dialog).findByText(text.auth.twoFactorCodeWrong)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(text.user.twoFactorCode));
    await user.type(within(dialog).getByLabelText(text.user.twoFactorCode), '246810');
    await user.click(within(dialog).getByRole('button', { name: text.user.deleteAccountConfirm }));
    await waitFor(() => expect(reloads).toEqual(['/']), { timeout: 5000 });
    const sent = server.requests.filter((r) => r.path === '/api/user/revoke').map((r) => (r.body as Record<string, unknown>)['2fa_code']);
    expect(sent).toEqual(['135790', '246810']);
  });
});
