// Renders the whole app at a path with the real machines over a fake Anniv server.
import { render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { waitFor } from 'xstate';
import { App } from '@/app/App';
import { createAppSystem, type SystemOptions } from '@/app/system';
import { createFakeAnniv } from './fakeAnniv';

// A test's app must settle and stop with the test: a sync step still running would otherwise write
// into the next test's fresh IndexedDB (tests/support/setup-dom.ts resets it after this hook).
const running = new Set<ReturnType<typeof createAppSystem>>();
afterEach(async () => {
  for (const system of running) {
    // the sync exists once credentials loaded (its code loads after the first page)
    const sync = system.librarySync.current();
    if (sync)
      await waitFor(sync, (s) => s.matches('idle') && s.context.queue.length === 0, {
        timeout: 5000,
      }).catch(() => {});
    system.stop();
  }
  running.clear();
});

export function renderApp(
  path: string,
  server = createFakeAnniv(),
  options: Pick<SystemOptions, 'serviceWorker' | 'inspect'> = {},
) {
  window.history.replaceState(null, '', path);
  const reloads: string[] = [];
  const system = createAppSystem({
    api: { fetch: server.fetch, getCookie: () => undefined },
    fetch: server.fetch,
    // null reloads in place: recorded as the route the page is on
    reload: (to) => reloads.push(to ?? currentPath()),
    ...options,
  });
  running.add(system);
  const view = render(<App system={system} env="test" />);
  return { ...view, system, server, reloads };
}

export const currentPath = () => window.location.pathname + window.location.search;

/**
 * Loads every lazy page once, so a test's first visit does not wait for vitest to transform a
 * page chunk (seconds when cold) inside Testing Library's one-second wait.
 */
export async function warmUpPages(): Promise<void> {
  const pages = import.meta.glob('/src/**/pages/*Page.tsx');
  await Promise.all(Object.values(pages).map((load) => load()));
}
