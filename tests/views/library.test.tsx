import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { getAlbumLibraries } from '@/storage/albumDb';
import { getLibraryRecord } from '@/storage/libraryDb';
import { createFakeAnniv, FAKE_TOKEN } from './fakeAnniv';
import { renderApp, warmUpPages } from './renderApp';
import { stopRunningApps } from './runningApps';

beforeAll(warmUpPages, 60_000);

async function signedInWith(setup: (server: ReturnType<typeof createFakeAnniv>) => void) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  setup(server);
  const app = renderApp('/library', server);
  await screen.findByRole('heading', { name: text.library.title });
  return app;
}

describe('library page', () => {
  it('syncs every library after login, one failing without stopping the others', async () => {
    const { server } = await signedInWith((s) => {
      s.libraries.set('https://down.example', { lastUpdate: 1, albums: [], httpStatus: 502 });
      s.libraries.set('https://home.example', { lastUpdate: 100, albums: ['a1', 'a2'] });
      s.addCredential({ name: 'Down', url: 'https://down.example' });
      s.addCredential({ name: 'Home', url: 'https://home.example' });
    });
    // shown as a toast and under the library
    await waitFor(() => expect(screen.getAllByText('同步音频仓库失败: 网络错误: 502 Bad Gateway')).toHaveLength(2), {
      timeout: 5000,
    });
    // a fresh device: both of Home's albums are new to it, and the toast counts them
    expect(await screen.findByText(text.library.syncSucceeded(2))).toBeTruthy();
    const home = await screen.findByRole('article', { name: 'Home' });
    await waitFor(() => expect(within(home).getByText(new RegExp(text.library.albumCount(2)))).toBeTruthy());
    expect(await getAlbumLibraries('a1')).toEqual(['https://home.example']);
    expect((await getLibraryRecord('https://home.example'))?.serverLastUpdate).toBe(100);
    const down = screen.getByRole('article', { name: 'Down' });
    expect(within(down).getByText(text.library.neverSynced)).toBeTruthy();
    expect(within(down).getByText(text.library.hasUpdate)).toBeTruthy();
    expect(server.requests.some((r) => r.path === 'https://home.example/albums')).toBe(true);
  });

  it('the success toast speaks only with news: not on a reload that finds nothing new, on 同步 pressed, and for albums added since', async () => {
    const user = userEvent.setup();
    const url = 'https://home.example';
    const first = await signedInWith((s) => {
      s.libraries.set(url, { lastUpdate: 100, albums: ['a1', 'a2'] });
      s.addCredential({ name: 'Home', url });
    });
    expect(await screen.findByText(text.library.syncSucceeded(2))).toBeTruthy();
    const successToasts = () => screen.queryAllByText((content) => content.startsWith(text.library.syncSucceeded(0)));
    let app = first;
    /** the page loaded again on this device: the app starts afresh over the same browser data */
    const reload = async () => {
      first.unmount();
      await stopRunningApps();
      app = renderApp('/library', first.server);
      const home = await screen.findByRole('article', { name: 'Home' });
      return within(home).getByRole('button', { name: text.library.sync });
    };
    const rested = async (button: HTMLElement) =>
      // 同步 is enabled again once the library's sync rests (同步中 while it waits and runs)
      waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 });

    // a reload: the library has not changed, its sync finds nothing new and says nothing
    let sync = await reload();
    await rested(sync);
    expect(first.server.requests.filter((r) => r.path === `${url}/info`)).toHaveLength(2);
    expect(successToasts()).toEqual([]);
    // nor is one on its way to the screen: the toasts' own list has none
    expect(app.system.messages.getSnapshot().context.messages.filter((m) => m.type === 'success')).toEqual([]);
    expect(within(screen.getByRole('article', { name: 'Home' })).queryByText(text.library.syncing)).toBeNull();

    // the listener presses 同步: nothing new either, but they asked, so it says it synced
    await user.click(sync);
    expect(await screen.findByText(text.library.syncSucceeded(0))).toBeTruthy();
    expect(first.server.requests.filter((r) => r.path === `${url}/info`)).toHaveLength(3);

    // two albums added to the library since: the next reload's sync brings them and counts them
    first.server.libraries.set(url, { lastUpdate: 200, albums: ['a1', 'a2', 'a3', 'a4'] });
    sync = await reload();
    expect(await screen.findByText(text.library.syncSucceeded(2))).toBeTruthy();
    await rested(sync);
    expect(await getAlbumLibraries('a4')).toEqual([url]);
  });

  it('a library refusing the token (expired, or ended by a password change) syncs again with the credentials read afresh', async () => {
    const url = 'https://renewed.example';
    const { server } = await signedInWith((s) => {
      s.libraries.set(url, { lastUpdate: 7, albums: ['r1'], token: 'fresh' });
      const credential = s.addCredential({ name: 'Renewed', url, token: 'stale' });
      // the Anniv server renews the token: reads after the library refused the old one hand out the new one
      Object.defineProperty(credential, 'token', {
        enumerable: true,
        get: () => (s.requests.some((r) => r.path === `${url}/albums`) ? 'fresh' : 'stale'),
      });
    });
    expect(await screen.findByText(text.library.syncSucceeded(1))).toBeTruthy();
    const renewed = await screen.findByRole('article', { name: 'Renewed' });
    await waitFor(() => expect(within(renewed).getByText(new RegExp(text.library.albumCount(1)))).toBeTruthy());
    expect(screen.queryByText(text.library.syncFailed(text.errors.network(401, 'Unauthorized')))).toBeNull();
    expect(server.requests.filter((r) => r.path === `${url}/albums`)).toHaveLength(2);
    expect(server.requests.filter((r) => r.path === '/api/credential' && r.method === 'GET')).toHaveLength(2);
  });

  it('a library refusing the renewed token too fails as any other', async () => {
    const url = 'https://ended.example';
    await signedInWith((s) => {
      s.libraries.set(url, { lastUpdate: 7, albums: ['e1'], token: 'never-handed-out' });
      s.addCredential({ name: 'Ended', url, token: 'stale' });
    });
    expect(await screen.findAllByText(text.library.syncFailed(text.errors.network(401, 'Unauthorized')))).toHaveLength(
      2,
    );
  });

  it('a library answering HTML gets the catalogued message', async () => {
    await signedInWith((s) => {
      s.libraries.set('https://odd.example', { lastUpdate: 1, albums: [], garbage: true });
      s.addCredential({ name: 'Odd', url: 'https://odd.example' });
    });
    // the toast and the library's row (its sync's code may load after the toast shows)
    await waitFor(() => expect(screen.getAllByText(text.library.syncFailed(text.errors.badResponse))).toHaveLength(2));
  });

  it('the add dialog checks in the spec order, stores the URL origin and syncs the new library', async () => {
    const user = userEvent.setup();
    const { server } = await signedInWith((s) =>
      s.libraries.set('https://new.example', { lastUpdate: 5, albums: ['n1'] }),
    );
    await user.click(screen.getByRole('button', { name: text.library.add }));
    const dialog = await screen.findByRole('dialog', { name: text.library.add });
    const submit = within(dialog).getByRole('button', { name: text.library.confirm });
    const alert = () => within(dialog).getByRole('alert').textContent;
    // pasted, not typed key by key: a re-render per key of a 60-character token took seconds on a loaded machine
    const enter = async (label: string, value: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(value);
    };

    await user.click(submit);
    expect(alert()).toBe(text.library.nameRequired);
    await enter(text.library.name, 'New');
    await user.click(submit);
    expect(alert()).toBe(text.library.urlRequired);
    await enter(text.library.url, 'not a url');
    await user.click(submit);
    expect(alert()).toBe(text.library.tokenRequired);
    await enter(text.library.token, 'plain-token');
    await user.clear(within(dialog).getByLabelText(text.library.priority));
    await user.click(submit);
    expect(alert()).toBe(text.library.priorityRequired);
    await enter(text.library.priority, '3');
    await user.click(submit);
    expect(alert()).toBe(text.library.urlInvalid);
    await user.clear(within(dialog).getByLabelText(text.library.url));
    await enter(text.library.url, 'https://new.example/some/path/');
    await user.click(submit);
    expect(alert()).toBe(text.library.tokenInvalid);
    await user.clear(within(dialog).getByLabelText(text.library.token));
    await enter(text.library.token, FAKE_TOKEN);
    await user.click(submit);

    expect(await screen.findByRole('article', { name: 'New' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.credentials.at(-1)).toMatchObject({ name: 'New', url: 'https://new.example', priority: 3 });
    await waitFor(async () => expect(await getAlbumLibraries('n1')).toEqual(['https://new.example']));
  });

  it('delete asks first, then removes the library and its local data; controlled ones cannot be deleted', async () => {
    const user = userEvent.setup();
    await signedInWith((s) => {
      s.libraries.set('https://home.example', { lastUpdate: 100, albums: ['a1'] });
      s.libraries.set('https://demo.example', { lastUpdate: 100, albums: ['d1'] });
      s.addCredential({ name: 'Demo', url: 'https://demo.example', controlled: true });
      s.addCredential({ name: 'Home', url: 'https://home.example' });
    });
    await waitFor(async () => expect(await getAlbumLibraries('a1')).toEqual(['https://home.example']));
    const demo = await screen.findByRole('article', { name: 'Demo' });
    expect((within(demo).getByRole('button', { name: text.library.controlled }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    const home = screen.getByRole('article', { name: 'Home' });
    await user.click(within(home).getByRole('button', { name: text.library.delete }));
    const dialog = await screen.findByRole('dialog', { name: text.library.confirmDelete });
    await user.click(within(dialog).getByRole('button', { name: text.library.confirm }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Home' })).toBeNull());
    await waitFor(async () => expect(await getLibraryRecord('https://home.example')).toBeUndefined());
    expect(await getAlbumLibraries('a1')).toEqual([]);
    expect(await getAlbumLibraries('d1')).toEqual(['https://demo.example']);
  });
});
