// Two-step sign-in and the account's own controls on the user page, over a fake Anniv that checks
// codes as TOTPs of the secret the page made: turning it on (QR code, the secret as text, the
// password, a first code) and off, the code a password change asks for, a site that enforces it,
// deleting the account; recovery codes where the site has them (2fa_recovery), none where it has not.
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

/** on 两步验证: starts the setup, types the account's password, and gives the secret shown */
async function turnOn(user: ReturnType<typeof userEvent.setup>, password = 'pw') {
  await user.click(await screen.findByRole('tab', { name: text.user.tabs.twoFactor }));
  await user.click(await screen.findByRole('button', { name: text.user.twoFactorStart }));
  expect(screen.getByRole('img', { name: text.user.twoFactorQr })).toBeTruthy();
  const secret = screen.getByLabelText(text.user.twoFactorSecret).textContent ?? '';
  expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  if (password) await user.type(screen.getByLabelText(text.user.twoFactorPassword), password);
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

  it('the password is asked before anything is sent', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/user/index');
    const secret = await turnOn(user, '');
    await user.type(screen.getByLabelText(text.user.twoFactorCode), `${codeFor(secret)}{Enter}`);
    expect((await screen.findByRole('alert')).textContent).toBe(text.auth.passwordRequired);
    expect(server.requests.some((r) => r.path === '/api/features/2fa')).toBe(false);
  });

  it('against anniv-go (null, no 2fa_recovery): turned on as before, the password sent all the same; no recovery codes, no count, no 改用恢复码', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/user/index');
    const secret = await turnOn(user);
    await user.type(screen.getByLabelText(text.user.twoFactorCode), `${codeFor(secret)}{Enter}`);
    expect(await screen.findByText(text.user.twoFactorOn)).toBeTruthy();
    const enable = server.requests.find((r) => r.path === '/api/features/2fa' && r.method === 'POST')!;
    expect((enable.body as Record<string, string>).password).toMatch(/^[0-9a-f]{64}$/);
    expect(screen.queryByRole('region', { name: text.user.recoveryCodesShownTitle })).toBeNull();
    expect(screen.queryByText(text.user.recoveryCodesShowOnce)).toBeNull();
    expect(screen.queryByRole('button', { name: text.user.recoveryCodesRenew })).toBeNull();
    expect(screen.queryByText(/恢复码/)).toBeNull();
    expect(screen.queryByRole('button', { name: text.user.useRecoveryCode })).toBeNull();
    expect(readLocal('userInfo')?.recoveryCodesLeft).toBeUndefined();
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
    await user.type(screen.getByLabelText(text.user.twoFactorPassword), 'pw');
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
    // the code as typed: a new 30-s window may begin before the request is read back
    const code = codeFor(secret);
    await user.type(screen.getByLabelText(text.user.twoFactorCode), code);
    await user.click(screen.getByRole('button', { name: text.auth.register }));
    await waitFor(() => expect(currentPath()).toBe('/user/login'));
    const sent = server.requests.find((r) => r.path === '/api/user/register')!.body as Record<string, string>;
    expect(sent['2fa_secret']).toBe(secret.replace(/\s+/g, ''));
    expect(sent['2fa_code']).toBe(code);
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
    const sent = server.requests
      .filter((r) => r.path === '/api/user/revoke')
      .map((r) => (r.body as Record<string, unknown>)['2fa_code']);
    expect(sent).toEqual(['135790', '246810']);
  });
});

describe('recovery codes, where the site has them (2fa_recovery)', () => {
  const FEATURES = ['2fa', '2fa_recovery'];
  const shownCodes = () =>
    within(screen.getByRole('list', { name: text.user.recoveryCodesList }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('turning it on shows ten codes once, with 复制 and a .txt download; 我已保存 or leaving the tab hides them for good; the count shows', async () => {
    const user = userEvent.setup();
    await signedIn('/user/index', FEATURES);
    const secret = await turnOn(user);
    await user.type(screen.getByLabelText(text.user.twoFactorCode), `${codeFor(secret)}{Enter}`);
    expect(await screen.findByRole('region', { name: text.user.recoveryCodesShownTitle })).toBeTruthy();
    const codes = shownCodes();
    expect(codes).toHaveLength(10);
    expect(screen.getByText(text.user.recoveryCodesShowOnce)).toBeTruthy();
    expect(screen.getByText(text.user.recoveryCodesLeft(10))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: text.user.recoveryCodesCopy }));
    expect(await screen.findByRole('button', { name: text.user.recoveryCodesCopied })).toBeTruthy();
    const copied = await navigator.clipboard.readText();
    for (const code of codes) expect(copied).toContain(code);

    const download = screen.getByRole('link', { name: text.user.recoveryCodesDownload });
    expect(download.getAttribute('download')).toBe('anniv-recovery-codes.txt');
    const href = download.getAttribute('href') ?? '';
    expect(href.startsWith('data:text/plain;charset=utf-8,')).toBe(true);
    const file = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    expect(file).toContain('mio@example.com');
    for (const code of codes) expect(file).toContain(`\n${code}`);
    // never kept on the device
    expect(JSON.stringify(readLocal('userInfo'))).not.toContain(codes[0]);

    await user.click(screen.getByRole('button', { name: text.user.recoveryCodesDone }));
    expect(screen.queryByRole('region', { name: text.user.recoveryCodesShownTitle })).toBeNull();
    expect(screen.getByText(text.user.recoveryCodesLeft(10))).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: text.user.tabs.profile }));
    await user.click(screen.getByRole('tab', { name: text.user.tabs.twoFactor }));
    expect(await screen.findByText(text.user.recoveryCodesLeft(10))).toBeTruthy();
    expect(screen.queryByText(codes[0]!)).toBeNull();
  });

  it('new codes: the password and a code are asked; the new ones are shown, the old ones no longer work', async () => {
    const user = userEvent.setup();
    const { server } = await signedIn('/user/index', FEATURES);
    const secret = await turnOn(user);
    await user.type(screen.getByLabelText(text.user.twoFactorCode), `${codeFor(secret)}{Enter}`);
    await screen.findByRole('region', { name: text.user.recoveryCodesShownTitle });
    const old = shownCodes();
    await user.click(screen.getByRole('button', { name: text.user.recoveryCodesDone }));

    await user.click(screen.getByRole('button', { name: text.user.recoveryCodesRenew }));
    await user.click(screen.getByRole('button', { name: text.user.recoveryCodesRenewConfirm }));
    expect((await screen.findByRole('alert')).textContent).toBe(text.auth.passwordRequired);
    const form = screen.getByRole('button', { name: text.user.recoveryCodesRenewConfirm }).closest('form')!;
    await user.type(within(form).getByLabelText(text.user.twoFactorPassword), 'wrong');
    // the code of the moment it is typed (a slow run can cross into the next 30 s before the check)
    const typed = codeFor(secret);
    await user.type(within(form).getByLabelText(text.user.twoFactorCode), typed);
    await user.click(within(form).getByRole('button', { name: text.user.recoveryCodesRenewConfirm }));
    expect(await within(form).findByText('email and password does not match')).toBeTruthy();
    await user.clear(within(form).getByLabelText(text.user.twoFactorPassword));
    await user.type(within(form).getByLabelText(text.user.twoFactorPassword), 'pw');
    // a recovery code stands in for the code here too
    await user.click(within(form).getByRole('button', { name: text.user.useRecoveryCode }));
    await user.type(within(form).getByLabelText(text.user.recoveryCode), old[0]!);
    await user.click(within(form).getByRole('button', { name: text.user.recoveryCodesRenewConfirm }));
    expect(await screen.findByText(text.user.recoveryCodesRenewed)).toBeTruthy();
    const fresh = shownCodes();
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    expect(screen.queryByRole('button', { name: text.user.recoveryCodesRenewConfirm })).toBeNull();
    const sent = server.requests
      .filter((r) => r.path === '/api/features/2fa/recovery')
      .map((r) => (r.body as Record<string, string>)['2fa_code']);
    expect(sent).toEqual([typed, old[0]]);
  });

  it('signing in: 改用恢复码 takes a recovery code in a text field; the count left comes with the user', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv({ features: FEATURES });
    await server.addUser('mio@example.com', 'pw', 'Mio');
    server.signIn('mio@example.com');
    const first = renderApp('/user/index', server);
    await screen.findByRole('link', { name: 'Mio' });
    const secret = await turnOn(user);
    await user.type(screen.getByLabelText(text.user.twoFactorCode), `${codeFor(secret)}{Enter}`);
    await screen.findByRole('region', { name: text.user.recoveryCodesShownTitle });
    const codes = shownCodes();
    // another browser: nobody signed in there
    first.unmount();
    first.system.stop();
    localStorage.clear();
    server.endSession();
    renderApp('/user/login', server);
    await user.type(await screen.findByLabelText(text.auth.email), 'mio@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'pw');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    expect(await screen.findByLabelText(text.user.twoFactorCode)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: text.user.useRecoveryCode }));
    const field = screen.getByLabelText(text.user.recoveryCode);
    expect(field.getAttribute('inputmode')).toBeNull();
    await user.type(field, `${codes[2]!.toUpperCase()}{Enter}`);
    await screen.findByRole('link', { name: 'Mio' });
    expect(readLocal('userInfo')?.recoveryCodesLeft).toBe(9);
  });
});

describe('recovery codes on a site that enforces two-step sign-in', () => {
  it('turning it on opens the other tabs, but the codes stay in view on 两步验证 until 我已保存', async () => {
    const user = userEvent.setup();
    const server = createFakeAnniv({ features: ['2fa_enforced', '2fa_recovery'] });
    await server.addUser('mio@example.com', 'pw', 'Mio');
    renderApp('/user/login', server);
    await user.type(await screen.findByLabelText(text.auth.email), 'mio@example.com');
    await user.type(screen.getByLabelText(text.auth.password), 'pw');
    await user.click(screen.getByRole('button', { name: text.auth.login }));
    await screen.findByText(text.user.twoFactorEnforced);
    // the user page opened by its plain address (a bookmark): no tab named
    window.history.pushState(null, '', '/user/index');
    await user.click(await screen.findByRole('button', { name: text.user.twoFactorStart }));
    const secret = screen.getByLabelText(text.user.twoFactorSecret).textContent ?? '';
    await user.type(screen.getByLabelText(text.user.twoFactorPassword), 'pw');
    await user.type(screen.getByLabelText(text.user.twoFactorCode), `${codeFor(secret)}{Enter}`);
    expect(await screen.findByRole('tab', { name: text.user.tabs.profile })).toBeTruthy();
    expect(screen.getByRole('region', { name: text.user.recoveryCodesShownTitle })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: text.user.recoveryCodesDone }));
    expect(screen.queryByRole('region', { name: text.user.recoveryCodesShownTitle })).toBeNull();
    expect(currentPath()).toBe('/user/index?tab=twoFactor');
    expect(screen.getByText(text.user.recoveryCodesLeft(10))).toBeTruthy();
  });
});
