// Renders the whole app at a path with the real machines over a fake Anniv server.
import { render } from '@testing-library/react';
import { App } from '@/app/App';
import { createAppSystem, type SystemOptions } from '@/app/system';
import { createFakeAnniv } from './fakeAnniv';
import { appStarted } from './runningApps';

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
  appStarted(system);
  const view = render(<App system={system} env="test" />);
  return { ...view, system, server, reloads };
}

export const currentPath = () => window.location.pathname + window.location.search;

/**
 * Loads every lazy page and lazily started feature once, so a test's first visit does not wait
 * for vitest to transform a chunk (seconds when cold) inside Testing Library's one-second wait.
 */
export async function warmUpPages(): Promise<void> {
  // the pages, and the features started after the first page (a page that starts one, as the
  // album page starts the plays' feature for its counts, would otherwise wait for its transform)
  const pages = import.meta.glob(['/src/**/pages/*Page.tsx', '/src/features/*/start.ts']);
  await Promise.all(Object.values(pages).map((load) => load()));
}
