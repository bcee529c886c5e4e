import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAddressMode } from '@/services/addresses';
import { text } from '@/shared/text';
import { createFakeAnniv, type WireAlbum } from './fakeAnniv';
import { renderApp, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);
afterEach(() => {
  vi.unstubAllGlobals();
  setAddressMode('path');
});

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const HOME = 'https://home.example';
const albumA: WireAlbum = {
  album_id: A,
  title: 'Harbor Lights',
  catalog: 'DEMO-1',
  artist: 'Mio',
  date: '2023-04-12',
  type: 'normal',
  tags: [],
  discs: [
    { catalog: 'DEMO-1', tracks: [{ title: 'Opening' }, { title: 'Night Ferry' }] },
    { title: 'Live', catalog: 'DEMO-2', tracks: [{ title: 'Encore' }] },
  ],
};
const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

async function albumPage(token: string, address = `/album/${A}`) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  server.libraries.set(HOME, { lastUpdate: 10, albums: [A] });
  const credential = server.addCredential({ name: 'Home', url: HOME, token });
  server.albums.set(A, albumA);
  const app = renderApp(address, server);
  // a fresh device: album A is new to it
  await screen.findByText(text.library.syncSucceeded(1));
  return { ...app, credential };
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: text.share.title }));
  const form = await screen.findByRole('dialog', { name: text.share.title });
  return { user, form };
}

const sharing = jwt({ type: 'user', share: { key_id: 'k', secret: 's' } });

describe('the share form', () => {
  it('checks in the spec order, starts with every track chosen and sends the chosen ones by disc', async () => {
    const { server, credential } = await albumPage(sharing);
    const { user, form } = await openForm();
    expect(
      within(form)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, true, true]);
    expect((within(form).getByLabelText(text.share.name) as HTMLInputElement).value).toBe('Harbor Lights');
    const submit = within(form).getByRole('button', { name: text.share.title });
    await user.click(submit);
    expect(within(form).getByRole('alert').textContent).toBe(text.share.incomplete);
    await user.type(within(form).getByLabelText(text.share.description), 'for you');
    await user.click(within(form).getByRole('button', { name: text.share.clearAll }));
    await user.click(submit);
    expect(within(form).getByRole('alert').textContent).toBe(text.share.noSongs);
    await user.click(within(form).getByRole('checkbox', { name: /Opening/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Encore/ }));
    await user.click(submit);

    const done = await screen.findByRole('dialog', { name: text.share.succeeded });
    expect((within(done).getByLabelText(text.share.link) as HTMLInputElement).value).toBe(
      `${window.location.origin}/s/s1`,
    );
    expect(server.shares.get('s1')).toEqual({
      info: {
        name: 'Harbor Lights',
        description: 'for you',
        cover: { album_id: A, disc_id: 1 },
        songs: [
          { album_id: A, disc_id: 1, tracks: [1] },
          { album_id: A, disc_id: 2, tracks: [1] },
        ],
      },
      albums: { [A]: credential.id },
    });
  });

  it('with hash addresses (a server that serves files only) the link is {origin}/#/s/{id}', async () => {
    setAddressMode('hash');
    await albumPage(sharing, `/#/album/${A}`);
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText(text.share.description), 'for you');
    await user.click(within(form).getByRole('button', { name: text.share.title }));
    const done = await screen.findByRole('dialog', { name: text.share.succeeded });
    expect((within(done).getByLabelText(text.share.link) as HTMLInputElement).value).toBe(
      `${window.location.origin}/#/s/s1`,
    );
  });

  it('no credential may share the album: 无可用于分享的Token, the form kept', async () => {
    const { server } = await albumPage(jwt({ type: 'user' }));
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText(text.share.description), 'for you');
    await user.click(within(form).getByRole('button', { name: text.share.title }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(text.share.noToken));
    expect((within(form).getByLabelText(text.share.description) as HTMLTextAreaElement).value).toBe('for you');
    expect(server.shares.size).toBe(0);
  });

  it('the success dialog: copy and native share say when the browser cannot', async () => {
    await albumPage(sharing);
    const { user, form } = await openForm();
    // after user-event's setup, which puts a clipboard of its own on navigator
    vi.stubGlobal('navigator', { userAgent: 'test', language: 'zh-CN' });
    await user.type(within(form).getByLabelText(text.share.description), 'for you');
    await user.click(within(form).getByRole('button', { name: text.share.title }));
    const done = await screen.findByRole('dialog', { name: text.share.succeeded });
    await user.click(within(done).getByRole('button', { name: text.share.copy }));
    expect(await screen.findByText(text.share.noClipboard)).toBeTruthy();
    await user.click(within(done).getByRole('button', { name: text.share.title }));
    expect(await screen.findByText(text.share.noNativeShare)).toBeTruthy();
    await user.click(within(done).getByRole('button', { name: text.playlist.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('copies the link when the browser can', async () => {
    const writeText = vi.fn(async () => {});
    await albumPage(sharing);
    const { user, form } = await openForm();
    vi.stubGlobal('navigator', { userAgent: 'test', language: 'zh-CN', clipboard: { writeText } });
    await user.type(within(form).getByLabelText(text.share.description), 'for you');
    await user.click(within(form).getByRole('button', { name: text.share.title }));
    const done = await screen.findByRole('dialog', { name: text.share.succeeded });
    await user.click(within(done).getByRole('button', { name: text.share.copy }));
    expect(await screen.findByText(text.share.copySucceeded)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/s1`);
  });
});

describe('我的分享', () => {
  it("lists the user's shares; 复制 copies a link through the page's actor, which the share feature owns while the page is shown", async () => {
    const writeText = vi.fn(async () => {});
    const { system, server } = await albumPage(sharing, '/');
    server.shares.set('s1', { info: { name: '周末' }, albums: {} });
    const user = userEvent.setup();
    vi.stubGlobal('navigator', { userAgent: 'test', language: 'zh-CN', clipboard: { writeText } });
    expect(system.share.sharing()).toBeNull();
    window.history.pushState(null, '', '/shares');
    const card = await screen.findByRole('article', { name: '周末' });
    const owned = system.share.sharing()!.getSnapshot().context.myShares;
    expect(owned).not.toBeNull();
    expect(system.share.sharing()!.getSnapshot().children.myShares).toBe(owned);

    await user.click(within(card).getByRole('button', { name: text.share.copy }));
    expect(await screen.findByText(text.share.copySucceeded)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/s1`);

    // leaving the page stops its actor
    window.history.pushState(null, '', '/');
    await waitFor(() => expect(system.share.sharing()!.getSnapshot().context.myShares).toBeNull());
    expect(owned!.getSnapshot().status).toBe('stopped');
  });

  it('复制 in a browser without a clipboard says so', async () => {
    const { server } = await albumPage(sharing, '/');
    server.shares.set('s1', { info: { name: '周末' }, albums: {} });
    const user = userEvent.setup();
    vi.stubGlobal('navigator', { userAgent: 'test', language: 'zh-CN' });
    window.history.pushState(null, '', '/shares');
    const card = await screen.findByRole('article', { name: '周末' });
    await user.click(within(card).getByRole('button', { name: text.share.copy }));
    expect(await screen.findByText(text.share.noClipboard)).toBeTruthy();
  });
});
