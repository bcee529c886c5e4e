// The app status in the whole app: the 离线中 banner follows the browser's
// online/offline events, and a new version of the app waits behind a prompt: 稍后 hides it, 刷新
// tells the service worker to take over (the registration is a fake here; the real one is in the
// offline e2e).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback } from 'xstate';
import type { ServiceWorkerCommand, AppStatusEvent } from '@/features/appStatus/appStatusMachine';
import { loginStateOf } from '@/features/session';
import { text } from '@/shared/text';
import { createFakeAnniv } from './fakeAnniv';
import { renderApp, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

/** a registration the test drives: `ready()` says a new version waits; commands are recorded */
function fakeServiceWorker() {
  const commands: ServiceWorkerCommand[] = [];
  let sendBack: ((event: AppStatusEvent) => void) | null = null;
  const logic = fromCallback<ServiceWorkerCommand, void, AppStatusEvent>(({ sendBack: back, receive }) => {
    sendBack = back;
    receive((command) => commands.push(command));
  });
  return { logic, commands, ready: () => act(() => sendBack?.({ type: 'UPDATE_READY' })) };
}

async function app(serviceWorker = fakeServiceWorker()) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  const rendered = renderApp('/', server, { serviceWorker: serviceWorker.logic });
  await screen.findByRole('link', { name: 'Mio' });
  return { ...rendered, serviceWorker, user: userEvent.setup() };
}

// the browser's own onLine again after each test: the next file shares this window (vitest.config.ts)
afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

const setOnline = (online: boolean) =>
  act(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });

describe('the app status', () => {
  it('离线中 shows while the browser is offline and leaves when it is back', async () => {
    await app();
    expect(screen.queryByText(text.appStatus.offline)).toBeNull();
    setOnline(false);
    const banner = (await screen.findByText(text.appStatus.offline)).closest('[role="status"]') as HTMLElement;
    expect(within(banner).getByText(text.appStatus.offlineDetail)).toBeTruthy();
    setOnline(true);
    await waitFor(() => expect(screen.queryByText(text.appStatus.offline)).toBeNull());
  });

  it('an answer to a request sent before the browser went offline leaves 离线中 on', async () => {
    const { server } = await app();
    server.state.delayMs = 300;
    // 标签 reads the tags: the request is out when the browser goes offline, its answer lands after
    act(() => window.history.pushState(null, '', '/tags'));
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/meta/tags')).toBe(true));
    setOnline(false);
    expect(await screen.findByText(text.appStatus.offline)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByText(text.appStatus.offline)).toBeTruthy();
    setOnline(true);
    await waitFor(() => expect(screen.queryByText(text.appStatus.offline)).toBeNull());
  });

  it('a browser that thinks itself online but gets no answer from the server shows 离线中', async () => {
    const server = createFakeAnniv();
    server.state.unreachable = true;
    const { system } = renderApp('/', server);
    expect(await screen.findByText(text.appStatus.offline)).toBeTruthy();
    // the banner says it once: the session's failed check (and any other call) is not toasted
    await waitFor(() => expect(loginStateOf(system.session.getSnapshot())).toBe('loggedOut'));
    expect(system.messages.getSnapshot().context.messages.map((m) => m.message)).not.toContain(
      text.errors.unknownNetwork,
    );
  });

  it('offline, a page load that gets no answer says so on the page and toasts nothing', async () => {
    const { server, system } = await app();
    setOnline(false);
    await screen.findByText(text.appStatus.offline);
    server.state.unreachable = true;
    act(() => window.history.pushState(null, '', '/tags'));
    await screen.findByRole('heading', { name: text.tags.listTitle });
    // the page's own notice, once; no toast beside it
    expect(await screen.findAllByText(text.errors.unknownNetwork)).toHaveLength(1);
    expect(system.messages.getSnapshot().context.messages.map((m) => m.message)).not.toContain(
      text.errors.unknownNetwork,
    );
  });

  it('a new version: 稍后 hides the prompt until the next one; 刷新 tells the worker to take over', async () => {
    const { serviceWorker, user } = await app();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    serviceWorker.ready();
    const prompt = await screen.findByRole('alertdialog', { name: text.appStatus.updateReady });
    await user.click(within(prompt).getByRole('button', { name: text.appStatus.later }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(serviceWorker.commands).toEqual([]);
    serviceWorker.ready();
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: text.appStatus.refresh }),
    );
    expect(serviceWorker.commands).toEqual([{ type: 'sw.activateUpdate' }]);
  });
});
