// ListenBrainz on the 设置 tab: a token checked before it is kept, what is said when it cannot be,
// the connected state with its switch and 移除令牌, and a setting kept on this device read back at
// the next visit (what reaches ListenBrainz as tracks play: tests/e2e/listenbrainz.test.ts).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { LISTENBRAINZ_DEFAULT_URL } from '@/shared/constants';
import { clearListens, readScrobbleSetting, writeScrobbleSetting } from '@/storage/listens';
import { createFakeAnniv } from './fakeAnniv';
import { renderApp, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);
beforeEach(clearListens);

const SERVICE = 'https://listens.example';
const TOKEN = '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';

/** the fake Anniv, with a ListenBrainz at SERVICE that knows TOKEN (user `harbor`) */
async function open() {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  const asked: { path: string; auth: string | null }[] = [];
  const listenBrainz: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    if (url.origin !== SERVICE) return server.fetch(input, init);
    const auth = request.headers.get('Authorization');
    asked.push({ path: url.pathname, auth });
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/1/validate-token')
      return json(
        auth === `Token ${TOKEN}`
          ? { code: 200, message: 'Token valid.', valid: true, user_name: 'harbor' }
          : { code: 200, message: 'Token invalid.', valid: false },
      );
    if (url.pathname === '/1/submit-listens') return json({ status: 'ok' });
    return json({ code: 404, error: 'not found' }, 404);
  };
  const app = renderApp('/user/index?tab=settings', { ...server, fetch: listenBrainz });
  await screen.findByRole('link', { name: 'Mio' });
  const userId = server.users[0]!.userId;
  return { app, asked, userId };
}

const user = () => userEvent.setup();
const tokenField = () => screen.findByLabelText(text.scrobbling.token);
const urlField = () => screen.getByRole('textbox', { name: text.scrobbling.url });

async function connect(token: string, url: string) {
  await user().clear(await tokenField());
  await user().type(await tokenField(), token);
  await user().clear(urlField());
  await user().type(urlField(), url);
  await user().click(screen.getByRole('button', { name: text.scrobbling.connect }));
}

describe('ListenBrainz on the 设置 tab', () => {
  it('checks the token first: what cannot be one, a bad address and an unknown token are said, and nothing is kept', async () => {
    const { asked, userId } = await open();
    await tokenField();
    expect((urlField() as HTMLInputElement).value).toBe(LISTENBRAINZ_DEFAULT_URL);

    await connect('two words', SERVICE);
    expect(await screen.findByText(text.scrobbling.problems.badToken!)).toBeTruthy();
    await connect(TOKEN, 'ftp://listens.example');
    expect(await screen.findByText(text.scrobbling.problems.badUrl!)).toBeTruthy();
    expect(asked).toEqual([]);

    await connect('not-the-token', SERVICE);
    expect(await screen.findByText(text.scrobbling.problems.invalid!)).toBeTruthy();
    expect(asked).toEqual([{ path: '/1/validate-token', auth: 'Token not-the-token' }]);
    expect((await readScrobbleSetting(userId)).token).toBeNull();
  });

  it('a known token connects: its user is named, scrobbling is on and kept on this device; off, on, removed', async () => {
    const { userId } = await open();
    await connect(`  ${TOKEN}  `, `${SERVICE}/`);
    expect(await screen.findByText(text.scrobbling.connectedAs('harbor'))).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: text.scrobbling.switch }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await waitFor(async () =>
      expect(await readScrobbleSetting(userId)).toEqual({ url: SERVICE, token: TOKEN, userName: 'harbor', on: true }),
    );
    // the form is gone once connected
    expect(screen.queryByLabelText(text.scrobbling.token)).toBeNull();

    await user().click(toggle);
    expect(await screen.findByText(text.scrobbling.paused)).toBeTruthy();
    await waitFor(async () => expect((await readScrobbleSetting(userId)).on).toBe(false));
    await user().click(toggle);
    await waitFor(() => expect(screen.queryByText(text.scrobbling.paused)).toBeNull());
    await waitFor(async () => expect((await readScrobbleSetting(userId)).on).toBe(true));

    await user().click(screen.getByRole('button', { name: text.scrobbling.remove }));
    expect(await tokenField()).toBeTruthy();
    await waitFor(async () => expect((await readScrobbleSetting(userId)).token).toBeNull());
  });

  it('a setting kept on this device shows at the next visit without asking ListenBrainz again', async () => {
    const server = createFakeAnniv();
    await server.addUser('mio@example.com', 'pw', 'Mio');
    await writeScrobbleSetting(server.users[0]!.userId, { url: SERVICE, token: TOKEN, userName: 'harbor', on: false });
    server.signIn('mio@example.com');
    renderApp('/user/index?tab=settings', server);
    expect(await screen.findByText(text.scrobbling.connectedAs('harbor'))).toBeTruthy();
    expect((screen.getByRole('switch', { name: text.scrobbling.switch }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(`${text.scrobbling.url}: ${SERVICE}`)).toBeTruthy();
  });
});
