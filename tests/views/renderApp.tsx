// Renders the whole app at a path with the real machines over a fake Anniv server.
import { render } from '@testing-library/react';
import { App } from '@/app/App';
import { createAppSystem } from '@/app/system';
import { createApiClient } from '@/services/api/client';
import { createFakeAnniv } from './fakeAnniv';

export function renderApp(path: string, server = createFakeAnniv()) {
  window.history.replaceState(null, '', path);
  const reloads: string[] = [];
  const system = createAppSystem({
    api: createApiClient({ fetch: server.fetch, getCookie: () => undefined }),
    fetch: server.fetch,
    reload: (to) => reloads.push(to),
  });
  const view = render(<App system={system} />);
  return { ...view, system, server, reloads };
}

export const currentPath = () => window.location.pathname + window.location.search;

/**
 * Loads every lazy page once, so a test's first visit does not wait for vitest to transform a
 * page chunk (seconds when cold) inside Testing Library's one-second wait.
 */
export async function warmUpPages(): Promise<void> {
  const pages = import.meta.glob('/src/views/pages/**/*Page.tsx');
  await Promise.all(Object.values(pages).map((load) => load()));
}
